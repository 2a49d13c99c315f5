package core

import "testing"

// checkInfo gives GivesCheck's answer, which is whether the side to move
// is in check once the move is made, for every legal move of the perft
// suite, the paper and bench positions and the positions of random walks
// from them (discovered checks, pins, castling, en passant, promotions),
// one checkInfo serving all of a position's moves.
func TestCheckInfoMatchesGivesCheck(t *testing.T) {
	checks, discovered := 0, 0
	for _, p := range seed000TestPositions(t, 200, 60) {
		var ci checkInfo
		for _, m := range p.LegalMoves() {
			p.MakeMove(m)
			want := p.InCheck()
			p.UnmakeMove()
			if got := p.GivesCheck(m); got != want {
				t.Fatalf("%s %s: GivesCheck %v, in check after it %v", p.FEN(), m, got, want)
			}
			if got := ci.givesCheck(p, m); got != want {
				t.Fatalf("%s %s: checkInfo %v, in check after it %v", p.FEN(), m, got, want)
			}
			if want {
				checks++
				if !m.IsCastle() && !m.IsEnPassant() && !m.IsPromotion() && !ci.direct[p.board[m.From()].Type()].Has(m.To()) {
					discovered++
				}
			}
		}
	}
	if checks < 1000 || discovered < 50 {
		t.Fatalf("only %d checking moves met, %d of them discovered: the positions test too little", checks, discovered)
	}
	t.Logf("%d checking moves, %d of them discovered checks", checks, discovered)
}
