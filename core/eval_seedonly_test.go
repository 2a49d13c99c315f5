package core

import "testing"

// Skipping the shared terms when all their weights are zero changes no
// score: for each preset (default and random chromosomes) Evaluate equals
// the same evaluator made to compute every term.
func TestSeedOnlySkipsNothing(t *testing.T) {
	ps := seed000TestPositions(t, 20, 30)
	for _, name := range PresetNames() {
		schema := mustPreset(t, name)
		if !schema.HasWeights() {
			continue
		}
		for seed := range uint64(3) {
			w := seededWeights(t, schema, seed)
			fast, slow := NewEvaluator(w), NewEvaluator(w)
			slow.seedOnly = false
			if want := w.Seed000 != nil || w.Seed003 != nil || w.Seed004 != nil; fast.seedOnly && !want {
				t.Errorf("%s: seedOnly without a seed block", name)
			}
			for _, p := range ps {
				if a, b := fast.Evaluate(p), slow.Evaluate(p); a != b {
					t.Fatalf("%s chromosome %d, %s: %d skipping the shared terms, %d with them", name, seed, p.FEN(), a, b)
				}
			}
		}
	}
	for _, name := range []string{"seed000", "seed003", "seed004"} {
		if !NewEvaluator(mustWeights(t, name)).seedOnly {
			t.Errorf("%s: the shared terms are not skipped", name)
		}
	}
}
