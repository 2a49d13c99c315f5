package core

import "testing"

// TestIsLegalAllCodes checks IsLegal against the generator for every one
// of the 65536 move codes, on positions rich in special moves.
func TestIsLegalAllCodes(t *testing.T) {
	fens := []string{StartFEN, KiwipeteFEN, "r3k2r/1P6/8/2pP4/8/8/6p1/R3K2R w KQkq c6 0 2",
		"8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1", "4k2b/8/8/4Pp2/8/8/8/K7 w - f6 0 1", "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
		"r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", "4k3/8/8/8/8/5n2/8/R3K2r w Q - 0 1"}
	for _, fen := range fens {
		p := mustFEN(t, fen)
		legal := map[Move]bool{}
		for _, m := range p.LegalMoves() {
			legal[m] = true
		}
		before := p.FEN()
		for code := 0; code < 1<<16; code++ {
			m := Move(code)
			if got := p.IsLegal(m); got != legal[m] {
				t.Fatalf("%s: IsLegal(%s flag %d) = %v, want %v", fen, m, m.Flags(), got, legal[m])
			}
		}
		if p.FEN() != before {
			t.Fatalf("IsLegal changed the position %s", fen)
		}
	}
}

// TestIsLegalSuite: the same on every position of the perft suite (where
// pins, checks and promotions abound), for the search's hash moves and
// killers.
func TestIsLegalSuite(t *testing.T) {
	var legal [1 << 16]bool
	for _, c := range loadPerftSuite(t) {
		p := mustFEN(t, c.fen)
		moves := p.LegalMoves()
		for _, m := range moves {
			legal[m] = true
		}
		for code := 0; code < 1<<16; code++ {
			if got := p.IsLegal(Move(code)); got != legal[code] {
				t.Fatalf("%s: IsLegal(%s flag %d) = %v, want %v", c.fen, Move(code), Move(code).Flags(), got, legal[code])
			}
		}
		for _, m := range moves {
			legal[m] = false
		}
	}
}
