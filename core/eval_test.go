package core

import "testing"

func mustWeights(t testing.TB, preset string) *Weights {
	t.Helper()
	w, err := PresetWeights(preset)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// TestEvalSymmetry checks eval(p) == -eval(mirror(p))... from the side to
// move's view both equal, on every book position and random continuations,
// for every preset and for full with the EvalTerms2 switch on.
func TestEvalSymmetry(t *testing.T) {
	fens := loadEPDFENs(t, "testdata/books/noob_2moves.epd")
	evaluators := map[string]*Evaluator{"full+EvalTerms2": terms2Evaluator(t, nil, true)}
	for _, name := range PresetNames() {
		evaluators[name] = NewEvaluator(mustWeights(t, name))
	}
	for name, e := range evaluators {
		n := 0
		seed := uint64(7)
		for i, fen := range fens {
			if i%5 != 0 {
				continue
			}
			p := mustFEN(t, fen)
			for ply := 0; ply < 40 && !p.Status().Over(); ply++ {
				if a, b := e.Evaluate(p), e.Evaluate(p.Mirror()); a != b {
					t.Fatalf("%s: eval %d but mirrored %d at %s", name, a, b, p.FEN())
				}
				n++
				moves := p.LegalMoves()
				seed = seed*6364136223846793005 + 1442695040888963407
				p.MakeMove(moves[(seed>>33)%uint64(len(moves))])
			}
		}
		if n < 1000 {
			t.Fatalf("%s: only %d positions checked", name, n)
		}
	}
}
