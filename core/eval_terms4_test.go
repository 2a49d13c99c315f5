package core

import (
	"math/rand/v2"
	"testing"
)

// Each term alone, in a position made for it: the change it makes, and
// the opposite in the colour-flipped position.
func TestTerms4Terms(t *testing.T) {
	// eval_terms5's king danger neutral too: it reads the shelter and
	// storm (kd_shelter) and grows quadratically, so full's values move
	// an exact case by a rounding (set 8: −31 for −30).
	checkTermCases(t, "testdata/eval_terms4.txt", func(e *Evaluator) bool { return e.terms4 }, Terms4Family, Terms3Family, Terms5Family)
}

// With every gene of the family drawn in its bounds, the evaluation stays
// symmetric, EvalTerms2 on or off.
func TestTerms4Symmetric(t *testing.T) {
	checkFamilySymmetric(t, Terms4Family, "testdata/eval_terms4.txt", func(e *Evaluator) bool { return e.terms4 }, 2, false)
}

// The genes are opt-in, in the family, neutral by default, and
// docs/chromosomes.md 6.6 lists them.
func TestTerms4Genes(t *testing.T) {
	checkFamilyGenes(t, Terms4Family, "### 6.6", 120, func(w *Weights) bool { return w.Terms4 == Terms4Weights{} })
}

// The shelter counts the best of the king's square and the squares it
// may still castle to, and none it may not.
func TestTerms4ShelterCastling(t *testing.T) {
	w := mustWeights(t, "full")
	w.Terms4 = Terms4Weights{}
	w.Terms4.Shelter[1][1] = 50 // the g-file's pawn on the 2nd rank
	for _, tc := range []struct {
		fen  string
		want int
	}{
		{"r3k2r/8/8/8/8/8/5PPP/R3K2R w K - 0 1", 50},
		{"r3k2r/8/8/8/8/8/5PPP/R3K2R w Q - 0 1", 0},
		{"r3k2r/8/8/8/8/8/5PPP/R3K2R w - - 0 1", 0},
		{"r3k2r/8/8/8/8/8/5PPP/R3K2R w k - 0 1", 0}, // black's right is not white's
	} {
		p := mustFEN(t, tc.fen)
		e := NewEvaluator(w)
		var sides [2]evalSide
		pe := e.pawnStructure(p)
		sides[White].start(p, White, pe, false)
		sides[Black].start(p, Black, pe, false)
		e.refreshKings(p, pe)
		if got := e.terms4King(p, White, &sides[Black], pe).MG(); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.fen, got, tc.want)
		}
	}
}

// The pawn entry's shelter (kept per pawn structure, king square and
// castling rights) gives what a fresh evaluator computes, over random
// walks from the cases' positions where kings move and rights go.
func TestTerms4ShelterCacheAgrees(t *testing.T) {
	s := mustPreset(t, "full")
	r := randomChromosome(s, 7)
	genes := map[string]float64{}
	for i, g := range s.Genes {
		if g.InFamily(Terms4Family) {
			genes[g.Name] = r.Values[i]
		}
	}
	shared := terms2Evaluator(t, genes, true)
	w := shared.Weights()
	rng := rand.New(rand.NewPCG(19, 4))
	n := 0
	var starts []string
	for _, tc := range loadTermCases(t, "testdata/eval_terms4.txt") {
		starts = append(starts, tc.fen)
	}
	for range 20 { // rooks free to move: rights go while the kings stay
		starts = append(starts, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1")
	}
	for _, fen := range starts {
		p := mustFEN(t, fen)
		for range 40 {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			p.MakeMove(moves[rng.IntN(len(moves))])
			if got, want := shared.Evaluate(p), NewEvaluator(w).Evaluate(p); got != want {
				t.Fatalf("%s: %d with the shared evaluator's caches, %d fresh", p.FEN(), got, want)
			}
			n++
		}
	}
	if n < 500 {
		t.Errorf("only %d positions", n)
	}
}
