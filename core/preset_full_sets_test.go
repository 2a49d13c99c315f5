package core

import (
	"fmt"
	"os"
	"slices"
	"testing"
)

// Each set of full's defaults is its file's values (the genes a file
// leaves out at the schema's), the newest the preset's, and the sets
// differ: a saved run of set 1 plays what it was made with.
func TestFullDefaultSets(t *testing.T) {
	newest, err := FullDefaultSet(FullDefaultSets)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(newest.Values, mustPreset(t, "full").Default().Values) {
		t.Error("the newest set is not the preset's defaults")
	}
	want := [][2]string{{"EvalTerms2", "true"}, {"KingRing", "true"}, {"MobilityArea", "true"}}
	if got := newest.Schema.Switches(); !slices.Equal(got, want) {
		t.Errorf("the newest set's switches: %v, want %v", got, want)
	}
	if w, err := newest.Compile(); err != nil || !w.Terms3.active() || !w.Terms4.active() || !w.Terms5.active() || !w.Terms6.active() {
		t.Errorf("the newest set does not play the eval_terms3 to eval_terms6 terms (%v)", err)
	}
	// Sets 1 to 5 were made before the eval_terms4 genes, sets 1 to 6
	// before the eval_terms5 genes, sets 1 to 7 before the eval_terms6
	// genes: each plays without them (set 8 is the first with them).
	for n := 1; n < FullDefaultSets; n++ {
		c, err := FullDefaultSet(n)
		if err != nil {
			t.Fatal(err)
		}
		w, err := c.Compile()
		if err != nil {
			t.Fatal(err)
		}
		if w.Terms4.active() != (n >= 6) || w.Terms5.active() != (n >= 7) || w.Terms6.active() != (n >= 8) {
			t.Errorf("set %d: eval_terms4 terms %v, eval_terms5 terms %v, eval_terms6 terms %v", n, w.Terms4.active(), w.Terms5.active(), w.Terms6.active())
		}
	}
	for n := 1; n < FullDefaultSets; n++ {
		file := fmt.Sprintf("presets/full-%d.chromosome.json", n)
		c, err := FullDefaultSet(n)
		if err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		s := fullHandSetSchema()
		if err := setDefaults(s, data); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(c.Values, s.Default().Values) {
			t.Errorf("set %d is not %s's values", n, file)
		}
		if slices.Equal(c.Values, newest.Values) {
			t.Errorf("set %d and the newest are the same: the test proves nothing", n)
		}
		// Sets 1 and 2 were tuned without the EvalTerms2 terms, set 3
		// with them, and each is played so.
		terms2 := n >= 3
		w, err := c.Compile()
		if err != nil {
			t.Fatal(err)
		}
		if w.SearchParams().EvalTerms2 != terms2 || (c.Schema.Switches() != nil) != terms2 {
			t.Errorf("set %d plays EvalTerms2 %v, want %v; switches %v", n, w.SearchParams().EvalTerms2, terms2, c.Schema.Switches())
		}
		// Sets 1–4 were made before the eval_terms3 genes, played without
		// them, from the set and from its file read as any chromosome
		// file; sets 5 to 8 with them.
		if n >= 5 {
			if !w.Terms3.active() {
				t.Errorf("set %d plays no eval_terms3 terms", n)
			}
			continue
		}
		if w.Terms3 != (Terms3Weights{}) {
			t.Errorf("set %d plays eval_terms3 terms", n)
		}
		if fc, err := decodeChromosome(data); err != nil {
			t.Fatal(err)
		} else if fw, err := fc.Compile(); err != nil || fw.Terms3 != (Terms3Weights{}) {
			t.Errorf("%s read as a chromosome file plays eval_terms3 terms (%v)", file, err)
		}
	}
	// Rebuilt on the preset by name (a cluster's worker does), an older
	// set needs its switches said where they differ (sets before 10
	// played without MobilityArea and KingRing); today's and a seed's
	// need none.
	areasOff := [][2]string{{"MobilityArea", "false"}, {"KingRing", "false"}}
	for _, n := range []int{3, 4, 5, 6, 7, 8, 9} {
		if c, _ := FullDefaultSet(n); !slices.Equal(c.SwitchOptions(), areasOff) {
			t.Errorf("set %d's switch options %v, want %v", n, c.SwitchOptions(), areasOff)
		}
	}
	two, _ := FullDefaultSet(2)
	if got, want := two.SwitchOptions(), append([][2]string{{"EvalTerms2", "false"}}, areasOff...); !slices.Equal(got, want) {
		t.Errorf("set 2's switch options %v, want %v", got, want)
	}
	if got := newest.SwitchOptions(); got != nil {
		t.Errorf("the newest set's switch options %v", got)
	}
	if got := mustPreset(t, "seed003").Default().SwitchOptions(); got != nil {
		t.Errorf("seed003's switch options %v", got)
	}
	if !PresetHasFamily("full", Terms2Family) || PresetHasFamily("seed003", Terms2Family) || !PresetHasFamily("seed003", "material") || PresetHasFamily("nosuch", "material") {
		t.Error("PresetHasFamily: full has eval_terms2, seed003 not, seed003 has material, no preset nosuch")
	}
	one, _ := FullDefaultSet(1)
	one.Values[0]++
	if again, _ := FullDefaultSet(1); again.Values[0] == one.Values[0] {
		t.Error("FullDefaultSet hands out its own copy")
	}
	for _, n := range []int{0, FullDefaultSets + 1} {
		if _, err := FullDefaultSet(n); err == nil {
			t.Errorf("set %d: no error", n)
		}
	}
}

// set1Weights is full with issue 12's defaults (set 1): the evaluation
// the search tests that pick their positions by what the tree does
// were written with; the evaluation changing moves those trees, not what
// the tests check.
func set1Weights(t testing.TB) *Weights { return fullSetWeights(t, 1) }

// fullSetWeights compiles full's set n of defaults.
func fullSetWeights(t testing.TB, n int) *Weights {
	t.Helper()
	c, err := FullDefaultSet(n)
	if err != nil {
		t.Fatal(err)
	}
	w, err := c.Compile()
	if err != nil {
		t.Fatal(err)
	}
	return w
}
