package ga

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// A run records its set of full's defaults: new runs the newest, a
// run.json without the field set 1, whose players naming the preset play
// set 1's values (and search as before); an unknown set is refused.
func TestSettingsFullDefaults(t *testing.T) {
	var old Settings
	if err := json.Unmarshal([]byte(`{"method":"classic"}`), &old); err != nil {
		t.Fatal(err)
	}
	if fresh := DefaultSettings(Classic); fresh.FullDefaults != core.FullDefaultSets {
		t.Errorf("a new run's set is %d, not the newest", fresh.FullDefaults)
	}
	one, err := core.FullDefaultSet(1)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		set   int
		want1 bool
	}{
		{"newest", core.FullDefaultSets, false},
		{"saved before", old.FullDefaults, true},
		{"set 1", 1, true},
	} {
		s := DefaultSettings(Classic)
		s.FullDefaults, s.SearchParams = tc.set, 1
		if err := s.Check(); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		ps, err := s.playerSearch()
		if err != nil {
			t.Fatal(err)
		}
		ref, err := arena.ParsePlayerSpec(s.Reference, nil)
		if err != nil {
			t.Fatal(err)
		}
		got := ps.player(ref)
		switch {
		case tc.want1 && (got.Genes == nil || got.Chromosome != "" || !slices.Equal(got.Genes.Values, one.Values)):
			t.Errorf("%s: the reference plays %q / %v, want set 1's values", tc.name, got.Chromosome, got.Genes != nil)
		case !tc.want1 && (got.Genes != nil || got.Chromosome != "full"):
			t.Errorf("%s: the reference was changed to %q / %v", tc.name, got.Chromosome, got.Genes != nil)
		case len(got.Options) == 0:
			t.Errorf("%s: the reference lost search set 1's options", tc.name)
		}
		if _, err := got.Weights(); err != nil {
			t.Errorf("%s: the reference's weights: %v", tc.name, err)
		}
	}
	// The run's schema starts its new individuals (a larger population,
	// --reference start) at its set's values.
	today, err := core.Preset("full")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		set  int
		want []float64
	}{{0, one.Values}, {1, one.Values}, {core.FullDefaultSets, today.Default().Values}} {
		s := DefaultSettings(CMAES)
		s.FullDefaults = tc.set
		schema, err := runSchema(&s)
		if err != nil {
			t.Fatal(err)
		}
		got := schema.Default().Values
		for i, g := range schema.Genes {
			if !g.Fixed && got[i] != tc.want[i] {
				t.Errorf("set %d: %s starts at %v, want %v", tc.set, g.Name, got[i], tc.want[i])
				break
			}
		}
	}
	for _, n := range []int{-1, core.FullDefaultSets + 1} {
		s := DefaultSettings(Classic)
		s.FullDefaults = n
		if err := s.Check(); err == nil || !strings.Contains(err.Error(), "full_defaults") {
			t.Errorf("set %d: %v, want an error naming full_defaults", n, err)
		}
	}
}
