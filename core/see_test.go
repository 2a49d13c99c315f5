package core

import "testing"

// refSEE is SEE in two passes: first the pieces in the order they land
// on the square, each side taking with its least valuable attacker (found
// afresh from the board each time, x-rays and all; the king not onto a
// square the other side attacks), then the swap list over them with SEE's
// cut-off (which keeps the sign, not always the value).
func refSEE(p *Position, m Move) int {
	if m.IsCastle() {
		return 0
	}
	to := m.To()
	occ := p.Occupied()
	first := seeValues[p.board[to].Type()]
	landing := []int{seeValues[p.board[m.From()].Type()]}
	if m.IsEnPassant() {
		first = seeValues[Pawn]
		occ &^= SquareBB(to ^ 8)
	}
	if pt := m.Promotion(); pt != NoPieceType {
		first += seeValues[pt] - seeValues[Pawn]
		landing[0] = seeValues[pt]
	}
	occ &^= SquareBB(m.From())
	for side := p.side ^ 1; ; side ^= 1 {
		all := p.AttackersTo(to, occ) & occ
		pt := Pawn
		for pt <= King && all&p.colors[side]&p.pieces[pt] == 0 {
			pt++
		}
		if pt > King || pt == King && all&p.colors[side^1] != 0 {
			break
		}
		b := all & p.colors[side] & p.pieces[pt]
		occ &^= b & -b
		landing = append(landing, seeValues[pt])
	}
	kept := []int{first}
	for d := 1; d < 31 && d < len(landing); d++ {
		g := landing[d-1] - kept[d-1]
		if -kept[d-1] < 0 && g < 0 {
			break
		}
		kept = append(kept, g)
	}
	for d := len(kept) - 1; d > 0; d-- {
		kept[d-1] = min(kept[d-1], -kept[d])
	}
	return kept[0]
}

// SEE gives refSEE's value for every legal move (captures, quiet moves,
// promotions, en passant) of the perft suite, the paper and bench
// positions and the positions of random walks from them, and the walks
// meet exchanges with x-rays on both kinds of line.
func TestSEEMatchesReference(t *testing.T) {
	exchanges := 0
	for _, p := range seed000TestPositions(t, 200, 60) {
		for _, m := range p.LegalMoves() {
			got, want := p.SEE(m), refSEE(p, m)
			if got != want {
				t.Fatalf("%s %s: SEE %d, reference %d", p.FEN(), m, got, want)
			}
			if m.IsCapture() && !m.IsEnPassant() && !m.IsPromotion() && got != seeValues[p.board[m.To()].Type()] {
				exchanges++ // the first capture was answered
			}
		}
	}
	if exchanges < 1000 {
		t.Fatalf("only %d exchanges of more than one capture met", exchanges)
	}
}

// Known exchanges, x-rays behind the first attacker included.
func TestSEEValues(t *testing.T) {
	tests := []struct {
		fen, move string
		want      int
	}{
		{"4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", 100},         // a pawn, undefended
		{"4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", 100 - 500}, // defended: the rook lost
		{"3rk3/8/8/3P4/8/8/8/3RK3 b - - 0 1", "d8d5", 100 - 500},  // black alike
		{"3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100},      // rook behind rook (else -400)
		{"4k1b1/8/8/3p4/8/1B6/Q7/4K3 w - - 0 1", "b3d5", 100},     // queen behind bishop (else -230)
		{"4k3/1b6/8/3p4/4P3/5Q2/8/4K3 w - - 0 1", "e4d5", 100},    // queen behind the capturing pawn (else 0)
		{"4k3/8/8/3p4/8/5B2/8/1Q2K3 w - - 0 1", "f3d5", 100},      // nothing recaptures
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen)
		m, err := p.ParseUCIMove(tt.move)
		if err != nil {
			t.Fatalf("%s %s: %v", tt.fen, tt.move, err)
		}
		if got, ref := p.SEE(m), refSEE(p, m); got != tt.want || ref != tt.want {
			t.Errorf("%s %s: SEE %d, reference %d, want %d", tt.fen, tt.move, got, ref, tt.want)
		}
	}
}
