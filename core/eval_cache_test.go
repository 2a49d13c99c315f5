package core

import "testing"

// The cache answers what the evaluation computes, for every preset: each
// position scored twice, in two orders, so slots are hit, missed and
// overwritten; a position sharing another's slot (its key's low bits) is
// told apart; an unkeyed position is computed, never looked up.
func TestEvalCache(t *testing.T) {
	ps := seed000TestPositions(t, 40, 40)
	for _, name := range PresetNames() {
		w := mustWeights(t, name)
		e, fresh := NewEvaluator(w), NewEvaluator(w)
		for round := range 2 {
			for i := range ps {
				p := ps[i]
				if round == 1 {
					p = ps[len(ps)-1-i]
				}
				if got, want := e.Evaluate(p), fresh.evaluate(p); got != want {
					t.Fatalf("%s, round %d, %s: %d, computed %d", name, round, p.FEN(), got, want)
				}
			}
		}
		a, b := ps[0], *ps[1]
		b.key = a.key ^ evalCacheSize // the same slot, another key
		e.Evaluate(a)
		if got, want := e.Evaluate(&b), fresh.evaluate(&b); got != want {
			t.Fatalf("%s: a slot's other key scored %d, computed %d", name, got, want)
		}
		b.key = 0
		e.Evaluate(&b)
		if got, want := e.Evaluate(a), fresh.evaluate(a); got != want {
			t.Fatalf("%s: after an unkeyed position %d, computed %d", name, got, want)
		}
	}
	if e := NewEvaluator(mustWeights(t, "full")); e.Evaluate(&Position{}) != e.evaluate(&Position{}) || e.evalCache != nil {
		t.Fatal("an unkeyed position made the cache or was scored otherwise")
	}
}
