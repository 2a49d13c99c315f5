package core

import (
	"strings"
	"testing"
)

// squaresOf is the bitboard of space-separated square names.
func squaresOf(t *testing.T, names string) Bitboard {
	t.Helper()
	var b Bitboard
	for _, n := range strings.Fields(names) {
		s, ok := ParseSquare(n)
		if !ok {
			t.Fatalf("no square %q", n)
		}
		b |= SquareBB(s)
	}
	return b
}

// The threatened squares are those the side not to move attacks: by its
// pawns, knights, sliders (up to and including the first piece of either
// colour) and king, its own defended pieces included. Checked by hand on
// small positions, then against attackedBy square by square on the perft
// suite and one ply on.
func TestThreatened(t *testing.T) {
	for _, tc := range []struct {
		name, fen, want string
	}{
		{"a king", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "d8 f8 d7 e7 f7"},
		{"pawn, knight and king", "4k3/8/8/8/3N4/8/4P3/4K3 b - - 0 1",
			"d3 f3 b3 b5 c2 c6 e2 e6 f5 d1 d2 f2 f1"},
		{"a rook stopped by the side to move's knight", "4k3/8/8/8/R2n4/8/8/4K3 b - - 0 1",
			"a1 a2 a3 a5 a6 a7 a8 b4 c4 d4 d1 d2 e2 f2 f1"},
		{"a queen defending its king", "6k1/8/8/8/8/8/8/Q3K3 b - - 0 1",
			"a2 a3 a4 a5 a6 a7 a8 b1 c1 d1 e1 b2 c3 d4 e5 f6 g7 h8 d2 e2 f2 f1"},
		{"Black's bishop, pawn and king", "4k3/8/2b5/8/8/5p2/8/4K3 w - - 0 1",
			"a8 b7 d7 e8 b5 a4 d5 e4 f3 d8 f8 e7 f7 e2 g2"},
	} {
		p := mustFEN(t, tc.fen)
		if got, want := p.threatened(), squaresOf(t, tc.want); got != want {
			t.Errorf("%s: threatened %v, want %v (extra %v, missing %v)", tc.name, squareNames(got), squareNames(want),
				squareNames(got&^want), squareNames(want&^got))
		}
	}
	check := func(p *Position) {
		got := p.threatened()
		var want Bitboard
		for s := Square(0); s < 64; s++ {
			if p.attackedBy(s, p.side^1, p.Occupied()) {
				want |= SquareBB(s)
			}
		}
		if got != want {
			t.Fatalf("%s: threatened %v, attackedBy %v", p.FEN(), squareNames(got), squareNames(want))
		}
	}
	perftSuiteAndChildren(t, check)
}

func squareNames(b Bitboard) string {
	var out []string
	for b != 0 {
		out = append(out, b.PopLSB().String())
	}
	return strings.Join(out, " ")
}

// A quiet cut-off updates the history quarter the scorer reads: with
// ThreatHistory, by whether the move's squares are threatened; without,
// the unthreatened quarter for every move, as before the switch. Aging
// halves the quarters in use, and switching clears what the other
// indexing learnt.
func TestThreatHistoryIndexing(t *testing.T) {
	// White's knight on c3 is attacked by the pawn on b4, which attacks a3
	// too; d5 and f3 are safe.
	const fen = "rnbqkbnr/p1pppppp/8/8/1p6/2N5/PPPPPPPP/R1BQKBNR w KQkq - 0 3"
	type quarter struct{ from, to int }
	for _, on := range []bool{false, true} {
		s := newTestSearcher(t)
		sp := s.SearchParams()
		sp.ThreatHistory = on
		s.SetSearchParams(sp)
		p := mustFEN(t, fen)
		out, into, safe := mustMove(t, p, "c3d5"), mustMove(t, p, "a2a3"), mustMove(t, p, "g1f3")
		want := map[Move]quarter{out: {1, 0}, into: {0, 1}, safe: {0, 0}}
		if !on {
			want = map[Move]quarter{out: {0, 0}, into: {0, 0}, safe: {0, 0}}
		}
		s.updateHistory(p, 0, 4, out, []Move{into, safe, out})
		const bonus = 16 * 32 // depth² × 32
		value := map[Move]int32{out: bonus, into: -bonus, safe: -bonus}
		h := &s.history[White]
		var total int32
		for ft := range h {
			for tt := range h[ft] {
				for f := range h[ft][tt] {
					for to := range h[ft][tt][f] {
						total += abs32(h[ft][tt][f][to])
					}
				}
			}
		}
		qs, threats := s.quietScorer(p, 0), s.historyThreats(p, 0)
		for m, q := range want {
			if got := h[q.from][q.to][m.From()][m.To()]; got != value[m] {
				t.Errorf("ThreatHistory %v: %s's history [%d][%d] %d, want %d", on, m, q.from, q.to, got, value[m])
			}
			if got := qs.scoreThreats(m, threats); got != value[m] {
				t.Errorf("ThreatHistory %v: %s scored %d, its history %d", on, m, got, value[m])
			}
		}
		if total != 3*bonus {
			t.Errorf("ThreatHistory %v: the history holds %d in all, want %d", on, total, 3*bonus)
		}
		// The node's move ordering reads them too (the cut-off move is
		// now the first killer).
		ml := &s.lists[0]
		p.GenerateLegal(ml)
		s.scoreMoves(p, 0, NullMove)
		wantOrder := map[Move]int32{out: orderKiller1, into: -bonus, safe: -bonus}
		for i, m := range ml.Slice() {
			if v, ok := wantOrder[m]; ok && s.scores[0][i] != v {
				t.Errorf("ThreatHistory %v: %s ordered %d, want %d", on, m, s.scores[0][i], v)
			}
		}

		// Aging: every quarter halved with the switch on, the unthreatened
		// one alone without (the others hold nothing there).
		h[1][1][E1][E1+8] = 100
		s.ageHistory()
		wantAged := int32(100)
		if on {
			wantAged = 50
		}
		if got := h[0][0][safe.From()][safe.To()]; got != -bonus/2 {
			t.Errorf("ThreatHistory %v: g1f3 aged to %d, want %d", on, got, -bonus/2)
		}
		if got := h[1][1][E1][E1+8]; got != wantAged {
			t.Errorf("ThreatHistory %v: a threatened quarter aged to %d, want %d", on, got, wantAged)
		}
		sp.ThreatHistory = !on
		s.SetSearchParams(sp)
		if s.history != [2]quietHistory{} {
			t.Errorf("switching ThreatHistory from %v kept the history", on)
		}
	}
}
