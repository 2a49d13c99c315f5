package core

import "testing"

// Each term alone, in a position made for it: the change it makes, and
// the opposite in the colour-flipped position (eval_terms3's end-game
// scale neutral: it would scale the pawn endings' exact counts).
func TestTerms8Terms(t *testing.T) {
	checkTermCases(t, "testdata/eval_terms8.txt", func(e *Evaluator) bool { return e.terms8 }, Terms8Family, Terms3Family)
}

// With every gene of the family drawn in its bounds, the evaluation stays
// symmetric, EvalTerms2 on or off, and some positions change.
func TestTerms8Symmetric(t *testing.T) {
	checkFamilySymmetric(t, Terms8Family, "testdata/eval_terms8.txt", func(e *Evaluator) bool { return e.terms8 }, 4, true)
}

// The genes are opt-in, in the family, neutral by default, and
// docs/chromosomes.md 6.10 lists them.
func TestTerms8Genes(t *testing.T) {
	checkFamilyGenes(t, Terms8Family, "### 6.10", 14, func(w *Weights) bool { return w.Terms8 == Terms8Weights{} })
}
