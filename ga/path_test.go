package ga

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/evochess/evochess/arena"
)

// Each generation records where the run stands, gene by gene in the
// engine's units: SPSA's θ and CMA-ES's mean after the update, the best
// for a GA: what RUN#best or RUN#center keeps. A schema of more than
// PathGenes genes records none.
func TestPathIsWhereTheRunStands(t *testing.T) {
	tu := &arena.EngineTuning{Spec: "uci=/e", Genes: []arena.EngineGene{
		{Name: "A", Type: arena.GeneInt, Start: 20, Min: 0, Max: 200, CEnd: 4, REnd: 0.05},
		{Name: "B", Type: arena.GeneFloat, Start: 0.9, Min: 0, Max: 1, CEnd: 0.05, REnd: 0.5},
	}}
	for _, c := range []struct{ method, sel string }{{SPSA, "best"}, {CMAES, "center"}, {Classic, "best"}, {Dynamic, "best"}} {
		t.Run(c.method, func(t *testing.T) {
			s := engineSettings(c.method, tu)
			s.Generations = 4
			r, err := NewRun(s, nil)
			if err != nil {
				t.Fatal(err)
			}
			r.evaluateHook = func(_ context.Context, pop []*Genome) error {
				for _, g := range pop {
					v := g.Chromosome.Values
					g.Fitness, g.Evaluated = -math.Abs(v[0]-70)/200-math.Abs(v[1]-0.3), true
				}
				return nil
			}
			r.AfterGeneration = func(r *Run) error {
				last := r.History[len(r.History)-1]
				g, err := r.Pick(c.sel)
				if err != nil {
					return err
				}
				if !slices.Equal(last.Path, g.Chromosome.Values) {
					t.Errorf("generation %d: path %v, RUN#%s %v", last.Generation, last.Path, c.sel, g.Chromosome.Values)
				}
				return nil
			}
			if err := r.Execute(context.Background()); err != nil {
				t.Fatal(err)
			}
			if len(r.History) != 4 {
				t.Fatalf("%d generations", len(r.History))
			}
			if c.method == SPSA && slices.Equal(r.History[0].Path, r.History[3].Path) {
				t.Errorf("θ did not move in 4 generations: %v", r.History[3].Path)
			}
		})
	}
	t.Run("full", func(t *testing.T) {
		r, _ := tunerRun(t, SPSA, 1)
		if err := r.Execute(context.Background()); err != nil {
			t.Fatal(err)
		}
		if p := r.History[0].Path; p != nil {
			t.Errorf("full's %d genes recorded a path of %d", len(r.schema.Genes), len(p))
		}
	})
}
