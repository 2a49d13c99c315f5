package ga

import (
	"encoding/json"
	"strings"
	"testing"
)

// A run that evolves some groups of a preset stores the others pinned at
// that day's default. When the preset's default moves later, the run
// still loads, with the values it was made with (which its genomes hold);
// a change to a gene it evolves, or to the layout, is refused naming the
// gene.
func TestStoredFixedGenesSurviveANewDefault(t *testing.T) {
	s := tiny(Classic)
	s.Preset, s.Evolve = "full", "psqt_pawn"
	r, err := NewRun(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	stored, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	fixed, live := -1, -1
	for i := range r.schema.Genes {
		if r.schema.Genes[i].Fixed && r.schema.Genes[i].Default > 10 && fixed < 0 {
			fixed = i
		}
		if !r.schema.Genes[i].Fixed && live < 0 {
			live = i
		}
	}
	if fixed < 0 || live < 0 {
		t.Fatal("no fixed gene above 10 and no live gene in the test's schema")
	}
	// edit rewrites the stored run: f changes its schema and genomes.
	edit := func(f func(m map[string]any)) []byte {
		var m map[string]any
		json.Unmarshal(stored, &m)
		f(m)
		b, _ := json.Marshal(m)
		return b
	}
	gene := func(m map[string]any, i int) map[string]any { return m["schema"].([]any)[i].(map[string]any) }
	old := r.schema.Genes[fixed].Default - 7 // the default of the run's day
	olderDefault := edit(func(m map[string]any) {
		g := gene(m, fixed)
		g["lo"], g["hi"] = old, old
		for _, ind := range m["population"].([]any) {
			ind.(map[string]any)["values"].([]any)[fixed] = old
		}
	})
	var back Run
	if err := json.Unmarshal(olderDefault, &back); err != nil {
		t.Fatalf("a run made under an older default: %v", err)
	}
	if g := back.schema.Genes[fixed]; g.Lo != old || g.Hi != old || g.Default != old || !g.Fixed {
		t.Errorf("the pinned gene %s is [%g, %g] default %g, want %g", g.Name, g.Lo, g.Hi, g.Default, old)
	}
	if v := back.Population[0].Chromosome.Values[fixed]; v != old {
		t.Errorf("the genome holds %g, want the run's %g", v, old)
	}
	if r.schema.Genes[fixed].Default == old {
		t.Error("loading the old run changed the current preset's schema")
	}

	for _, bad := range []struct {
		name string
		edit func(m map[string]any)
		want string
	}{
		{"a live gene's bounds", func(m map[string]any) { gene(m, live)["hi"] = 12345.0 }, "gene " + r.schema.Genes[live].Name + ": bounds"},
		{"a renamed gene", func(m map[string]any) { gene(m, fixed)["name"] = "nonesuch" }, "is nonesuch"},
		{"a gene less", func(m map[string]any) { m["schema"] = m["schema"].([]any)[1:] }, "genes stored"},
	} {
		var back Run
		err := json.Unmarshal(edit(bad.edit), &back)
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%s: %v, want an error with %q", bad.name, err, bad.want)
		}
	}
}

// A run stored before full had its search genes (opt-in, last in the
// layout) loads with them fixed at their defaults, and saves them from
// then on; a run cut short anywhere else is still refused.
func TestRunBeforeSearchGenesLoads(t *testing.T) {
	s := tiny(Classic)
	s.Preset = "full"
	s.FullDefaults = 1 // as such a run was made: EvalTerms2 off, its genes fixed with the others
	r, err := NewRun(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := len(r.schema.Genes)
	for n > 0 && r.schema.Genes[n-1].OptIn {
		n--
	}
	if n == len(r.schema.Genes) {
		t.Fatal("full has no opt-in genes at its end")
	}
	stored, _ := json.Marshal(r)
	cut := func(keep int) []byte {
		var m map[string]any
		json.Unmarshal(stored, &m)
		m["schema"] = m["schema"].([]any)[:keep]
		for _, list := range []string{"population", "hall_of_fame"} {
			for _, ind := range m[list].([]any) {
				g := ind.(map[string]any)
				g["values"] = g["values"].([]any)[:keep]
			}
		}
		if g, ok := m["generation0_best"].(map[string]any); ok {
			g["values"] = g["values"].([]any)[:keep]
		}
		b, _ := json.Marshal(m)
		return b
	}
	var back Run
	if err := json.Unmarshal(cut(n), &back); err != nil {
		t.Fatalf("a run without the search genes: %v", err)
	}
	for i, g := range back.Population {
		for j := n; j < len(r.schema.Genes); j++ {
			if gene := back.schema.Genes[j]; !gene.Fixed || g.Chromosome.Values[j] != gene.Default {
				t.Fatalf("genome %d: %s = %g, fixed %v, want its default %g", i, gene.Name, g.Chromosome.Values[j], gene.Fixed, gene.Default)
			}
		}
		for j := range n {
			if g.Chromosome.Values[j] != r.Population[i].Chromosome.Values[j] {
				t.Fatalf("genome %d: gene %d changed", i, j)
			}
		}
	}
	again, _ := json.Marshal(&back)
	var m map[string]any
	json.Unmarshal(again, &m)
	if got := len(m["schema"].([]any)); got != len(r.schema.Genes) {
		t.Errorf("saved again with %d genes, want %d", got, len(r.schema.Genes))
	}
	if err := json.Unmarshal(cut(n-1), &back); err == nil || !strings.Contains(err.Error(), "genes") {
		t.Errorf("a run cut inside the evaluation's genes: %v", err)
	}
}
