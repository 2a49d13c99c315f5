package core

import (
	"slices"
	"strconv"
	"testing"
)

// The seed004 layout and named players against docs/chromosomes.md 5.3.
func TestSeed004Genes(t *testing.T) {
	s := mustPreset(t, "seed004")
	if len(s.Genes) != 23 || len(s.Live()) != 22 {
		t.Fatalf("seed004 has %d genes (%d live), want 22 weights + the fixed pawn", len(s.Genes), len(s.Live()))
	}
	mid := Seed004Mid()
	for _, row := range docTable(t, "### 5.3 The 22 weights") {
		name := docName(row[1])
		i, err := strconv.Atoi(row[0])
		if err != nil { // "—": the pawn, fixed, after the 22 weights
			i = seed004PawnGene
		}
		g := &s.Genes[i]
		group, tags := docGroup(row[3])
		lo, hi, def := docNumber(t, row[4]), docNumber(t, row[5]), docNumber(t, row[6])
		if g.Name != name || g.Group != group || !slices.Equal(g.Tags, tags) || g.Unit != "cp" || g.Phase != PhaseBoth {
			t.Errorf("gene %d: %s %s %v %q, doc %v", i, g.Name, g.Group, g.Tags, g.Unit, row)
		}
		if g.Lo != lo || g.Hi != hi || g.Default != def || g.Fixed != (lo == hi) {
			t.Errorf("%s: [%g, %g] default %g fixed %v, doc %v", name, g.Lo, g.Hi, g.Default, g.Fixed, row)
		}
		if mid.Values[i] != (lo+hi)/2 {
			t.Errorf("seed004_mid %s = %g, want the midpoint %g", name, mid.Values[i], (lo+hi)/2)
		}
	}
	// Genes 4–21 are the factors, in the evaluator's order.
	if s.GeneIndex("king_defenders") != 4+f4KingDefenders || s.GeneIndex("pawn_passed") != 4+f4PawnPassed {
		t.Error("factor genes out of step with the evaluator's factor order")
	}
}
