package core

import (
	"os"
	"strings"
	"testing"
)

// full's defaults are the shipped file's values, and the hand-set ones in
// testdata are the layout's own: both load, and they differ.
func TestFullDefaults(t *testing.T) {
	s, err := Preset("full")
	if err != nil {
		t.Fatal(err)
	}
	if err := setDefaults(fullHandSetSchema(), fullDefaults); err != nil {
		t.Fatalf("shipped defaults: %v", err)
	}
	hand, err := LoadChromosome("../testdata/chromosomes/full-handset.chromosome.json")
	if err != nil {
		t.Fatal(err)
	}
	differ := 0
	for i, g := range fullHandSetSchema().Genes {
		if hand.Values[i] != g.Default {
			t.Errorf("hand-set file, gene %s: %g, layout says %g", g.Name, hand.Values[i], g.Default)
		}
		if s.Genes[i].Default != g.Default {
			differ++
		}
	}
	if differ == 0 {
		t.Error("full's defaults are the hand-set ones")
	}
}

// A defaults file that is not the schema's is refused with a reason.
func TestSetDefaultsRefuses(t *testing.T) {
	good, err := os.ReadFile("presets/full.chromosome.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, file, want string
	}{
		{"not json", "{", "defaults of full"},
		{"other schema", strings.Replace(string(good), `"schema": "full"`, `"schema": "seed003"`, 1), "not a chromosome file of that schema"},
		{"out of bounds", strings.Replace(string(good), `"material_pawn_eg": `, `"material_pawn_eg": 1e9, "x": `, 1), "material_pawn_eg"},
	} {
		if err := setDefaults(fullHandSetSchema(), []byte(tc.file)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error naming %q", tc.name, err, tc.want)
		}
	}
}
