package core

import "testing"

// Each term alone, in a position made for it: the change it makes, and
// the opposite in the colour-flipped position (eval_terms3's end-game
// scale neutral: it would scale the pawn endings' exact counts).
func TestTerms7Terms(t *testing.T) {
	checkTermCases(t, "testdata/eval_terms7.txt", func(e *Evaluator) bool { return e.terms7 }, Terms7Family, Terms3Family)
}

// With every gene of the family drawn in its bounds, the evaluation stays
// symmetric, EvalTerms2 on or off, and some positions change.
func TestTerms7Symmetric(t *testing.T) {
	checkFamilySymmetric(t, Terms7Family, "testdata/eval_terms7.txt", func(e *Evaluator) bool { return e.terms7 }, 4, false)
}

// The genes are opt-in, in the family, neutral by default, and
// docs/chromosomes.md 6.9 lists them.
func TestTerms7Genes(t *testing.T) {
	checkFamilyGenes(t, Terms7Family, "### 6.9", 12, func(w *Weights) bool { return w.Terms7 == Terms7Weights{} })
}

// candidatePassers by Stockfish 11's three conditions, square by square.
func TestCandidatePassers(t *testing.T) {
	cases := []struct {
		fen          string
		white, black string // the candidates, as squares (space-separated)
	}{
		{"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4", "d5"},    // (a) levers only
		{"4k3/8/3p4/8/3PP3/8/8/4K3 w - - 0 1", "e4", ""},     // (b) d4 beside e4
		{"4k3/8/3p4/8/4P3/8/8/4K3 w - - 0 1", "", ""},        // (b) alone: no
		{"4k3/8/3p4/8/2PPP3/8/8/4K3 w - - 0 1", "c4 e4", ""}, // (b) each beside d4; d4 has d6 ahead
		{"4k3/8/4p3/4P3/3P4/8/8/4K3 w - - 0 1", "e5", ""},    // (c)
		{"4k3/8/2p1p3/4P3/3P4/8/8/4K3 w - - 0 1", "", ""},    // (c): d5 held twice
		{"4k3/8/8/4p3/4P3/3P4/8/4K3 w - - 0 1", "", ""},      // (c): not on the 4th rank
		{"4k3/8/4P3/3p4/4P3/8/8/4K3 w - - 0 1", "", "d5"},    // e4 behind its own e6
		{"4k3/pp6/8/1P6/8/8/8/4K3 w - - 0 1", "", "a7"},      // b5 has b7 ahead; (b) a7 beside b7
		{"4k3/1pp5/8/PP6/8/8/8/4K3 w - - 0 1", "a5", "c7"},   // (b) each beside the other; b5 and b7 not
		{"4k3/2p5/8/1P6/8/8/8/4K3 w - - 0 1", "", ""},        // (b) with no pawn beside: neither
	}
	parse := func(s string) Bitboard {
		var b Bitboard
		for i := 0; i+1 < len(s); i += 3 {
			sq, ok := ParseSquare(s[i : i+2])
			if !ok {
				t.Fatalf("bad square %q", s[i:i+2])
			}
			b |= SquareBB(sq)
		}
		return b
	}
	for _, tc := range cases {
		p := mustFEN(t, tc.fen)
		wp, bp := p.pieces[Pawn]&p.colors[White], p.pieces[Pawn]&p.colors[Black]
		var passed [2]Bitboard
		for c, own := range [2]Bitboard{wp, bp} {
			enemy := [2]Bitboard{bp, wp}[c]
			for b := own; b != 0; {
				sq := b.PopLSB()
				if passedMask[c][sq]&enemy == 0 && forwardMask[c][sq]&own == 0 {
					passed[c] |= SquareBB(sq)
				}
			}
		}
		if got, want := candidatePassers(White, wp, bp, passed[White]), parse(tc.white); got != want {
			t.Errorf("%s: white's candidates %x, want %x", tc.fen, uint64(got), uint64(want))
		}
		if got, want := candidatePassers(Black, bp, wp, passed[Black]), parse(tc.black); got != want {
			t.Errorf("%s: black's candidates %x, want %x", tc.fen, uint64(got), uint64(want))
		}
	}
}
