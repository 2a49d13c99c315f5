package core

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The seed003 layout, named players and initial population against
// docs/chromosomes.md 4.3–4.5.
func TestSeed003Genes(t *testing.T) {
	s := mustPreset(t, "seed003")
	if len(s.Genes) != 6 {
		t.Fatalf("seed003 has %d genes, want 6", len(s.Genes))
	}
	evolved := Seed003Evolved()
	for _, row := range docTable(t, "### 4.3 Genes") {
		name := docName(row[1])
		i, err := strconv.Atoi(row[0])
		if err != nil { // king and pawn: fixed outside the chromosome
			if s.GeneIndex(name) >= 0 {
				t.Errorf("%s should not be a gene", name)
			}
			continue
		}
		g := &s.Genes[i]
		group, tags := docGroup(row[2])
		if g.Name != name || g.Group != group || !slices.Equal(g.Tags, tags) || g.Unit != "pawn" || g.Phase != PhaseBoth {
			t.Errorf("gene %d: %s %s %v %q, doc %v", i, g.Name, g.Group, g.Tags, g.Unit, row)
		}
		if g.Default != docNumber(t, row[4]) || evolved.Values[i] != docNumber(t, row[5]) {
			t.Errorf("%s: default %g evolved %g, doc %s %s", name, g.Default, evolved.Values[i], row[4], row[5])
		}
		if rate := docNumber(t, strings.TrimSuffix(row[6], "%")) / 100; Seed003MutationRates[i] != rate {
			t.Errorf("%s: mutation rate %g, doc %s", name, Seed003MutationRates[i], row[6])
		}
		// "moving, `[v − 2, v + 2]`" gives a radius, "fixed `[lo, hi]`" bounds.
		switch kind, rest, _ := strings.Cut(row[7], " "); kind {
		case "moving,":
			f := strings.Fields(strings.Trim(rest, "`[]"))
			if radius := docNumber(t, f[len(f)-1]); g.Radius != radius {
				t.Errorf("%s: radius %g, doc %s", name, g.Radius, row[7])
			}
		case "fixed":
			if lo, hi := docInterval(t, strings.Trim(rest, "`")); g.Lo != lo || g.Hi != hi || g.Radius != 0 {
				t.Errorf("%s: bounds [%g, %g] radius %g, doc %s", name, g.Lo, g.Hi, g.Radius, row[7])
			}
		default:
			t.Errorf("%s: unknown interval %q", name, row[7])
		}
	}
	// Floors of 4.5: pieces ≥ 0.1, the doubled-pawn weight ≥ 0.
	for i, floor := range [...]float64{0.1, 0.1, 0.1, 0.1, 0} {
		if s.Genes[i].Lo != floor {
			t.Errorf("%s: floor %g, want %g", s.Genes[i].Name, s.Genes[i].Lo, floor)
		}
	}
	table := Seed003TableI()
	rows := docTable(t, "### 4.4 Initial population")
	if len(table) != len(rows) {
		t.Fatalf("%d initial individuals, doc %d", len(table), len(rows))
	}
	for i, row := range rows {
		c := table[i]
		if err := c.Validate(); err != nil {
			t.Error(err)
		}
		for k := range c.Values {
			if c.Values[k] != docNumber(t, row[k+1]) {
				t.Errorf("individual %s gene %s: %g, doc %s", row[0], s.Genes[k].Name, c.Values[k], row[k+1])
			}
		}
		if lo, hi := s.Genes[s3Queen].InitRange(); c.Values[s3Queen] < lo || c.Values[s3Queen] > hi {
			t.Errorf("individual %s: queen %g outside the init range [%g, %g]", row[0], c.Values[s3Queen], lo, hi)
		}
	}
}
