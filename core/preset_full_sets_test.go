package core

import (
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
	one, err := FullDefaultSet(1)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("presets/full-1.chromosome.json")
	if err != nil {
		t.Fatal(err)
	}
	s := fullHandSetSchema()
	if err := setDefaults(s, data); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(one.Values, s.Default().Values) {
		t.Error("set 1 is not presets/full-1.chromosome.json's values")
	}
	if slices.Equal(one.Values, newest.Values) {
		t.Error("set 1 and the newest are the same: the test proves nothing")
	}
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
func set1Weights(t testing.TB) *Weights {
	t.Helper()
	c, err := FullDefaultSet(1)
	if err != nil {
		t.Fatal(err)
	}
	w, err := c.Compile()
	if err != nil {
		t.Fatal(err)
	}
	return w
}
