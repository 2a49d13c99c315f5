package ga

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/evochess/evochess/core"
)

// TestClassicMutationSteps checks both classic operators gene by gene:
// the paper's moves every mutable gene by up to ±strength pawns, matrices
// included; the scaled one by up to ±strength × the gene's initial range
// and never a gene that starts at its preset value (seed 000's matrices).
// Each bound must also be nearly reached, so a no-op cannot pass.
func TestClassicMutationSteps(t *testing.T) {
	const strength, trials = 0.3, 400
	tests := []struct {
		name   string
		preset string
		mutate func(*core.Gene) (step float64, moves bool) // largest step of a gene, and whether it moves
		op     string
	}{
		{"paper seed000", "seed000", func(g *core.Gene) (float64, bool) { return strength * pawnScale(g), true }, MutationPaper},
		{"scaled seed000", "seed000", func(g *core.Gene) (float64, bool) {
			lo, hi := g.InitRange()
			return strength * (hi - lo), hi > lo
		}, MutationScaled},
		{"scaled seed003", "seed003", func(g *core.Gene) (float64, bool) {
			lo, hi := g.InitRange()
			return strength * (hi - lo), hi > lo
		}, MutationScaled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := schema(t, tt.preset)
			r := rng(11)
			reached := make([]float64, len(s.Genes)) // largest |Δ| / step seen, unclipped moves only
			for k := 0; k < trials; k++ {
				c := s.Default()
				orig := slices.Clone(c.Values)
				if tt.op == MutationScaled {
					ScaledMutation(r, c, 1, strength)
				} else {
					UniformMutation(r, c, 1, strength)
				}
				for i, v := range c.Values {
					g := &s.Genes[i]
					step, moves := tt.mutate(g)
					d := math.Abs(v - orig[i])
					switch {
					case v < g.Lo || v > g.Hi:
						t.Fatalf("gene %s: %v out of [%v, %v]", g.Name, v, g.Lo, g.Hi)
					case (g.Fixed || !moves) && d != 0:
						t.Fatalf("gene %s must keep %v, got %v", g.Name, orig[i], v)
					case d > step+1e-9:
						t.Fatalf("gene %s moved %v, more than %v", g.Name, d, step)
					case v > g.Lo && v < g.Hi && step > 0:
						reached[i] = max(reached[i], d/step)
					}
				}
			}
			moved := 0
			for i := range s.Genes {
				g := &s.Genes[i]
				if _, moves := tt.mutate(g); g.Fixed || !moves {
					continue
				}
				moved++
				if reached[i] < 0.9 {
					t.Errorf("gene %s: largest step %.2f of its bound in %d trials", g.Name, reached[i], trials)
				}
			}
			if moved == 0 {
				t.Fatal("no gene can move")
			}
		})
	}
}

// TestScaledMutationRate: rate 0 changes nothing; rate 1/2 mutates about
// half the principles.
func TestScaledMutationRate(t *testing.T) {
	s := schema(t, "seed000")
	for _, tt := range []struct {
		rate     float64
		min, max int // of 18 principles × 200 trials
	}{{0, 0, 0}, {0.5, 1600, 2000}, {1, 3600, 3600}} {
		r := rng(3)
		changed := 0
		for k := 0; k < 200; k++ {
			c := s.Default()
			orig := slices.Clone(c.Values)
			ScaledMutation(r, c, tt.rate, 0.3)
			for i := range c.Values {
				if c.Values[i] != orig[i] {
					changed++
				}
			}
		}
		if changed < tt.min || changed > tt.max {
			t.Errorf("rate %v: %d genes changed, want %d..%d", tt.rate, changed, tt.min, tt.max)
		}
	}
}

// TestClassicMutationSetting runs the classic method with each operator:
// with "scaled" every individual of every generation keeps the initial
// matrices, with "paper" the children's matrices move.
func TestClassicMutationSetting(t *testing.T) {
	for _, tt := range []struct {
		mutation     string
		keepMatrices bool
	}{{"", false}, {MutationPaper, false}, {MutationScaled, true}} {
		t.Run("mutation="+tt.mutation, func(t *testing.T) {
			s := DefaultSettings(Classic)
			s.Population, s.Generations, s.Mutation = 10, 3, tt.mutation
			r := hookedRun(t, s)
			def := r.schema.Default()
			first := r.schema.GeneIndex("pst_pawn_a1")
			if first < 0 {
				t.Fatal("no matrix genes")
			}
			if err := r.Execute(context.Background()); err != nil {
				t.Fatal(err)
			}
			children, kept := 0, 0
			for _, g := range r.Population {
				if g.Note != "blend" {
					continue
				}
				children++
				// Blend crossover of equal values can differ from them in the
				// last bit (α·x + (1−α)·x), hence the tolerance.
				drift := 0.0
				for i := first; i < len(def.Values); i++ {
					drift = max(drift, math.Abs(g.Chromosome.Values[i]-def.Values[i]))
				}
				if drift < 1e-12 {
					kept++
				}
				if slices.Equal(g.Chromosome.Values[:first], def.Values[:first]) {
					t.Errorf("child %d has the default principles: nothing mutated", g.ID)
				}
			}
			if want := map[bool]int{true: children, false: 0}[tt.keepMatrices]; children == 0 || kept != want {
				t.Fatalf("%d of %d children kept the initial matrices, want %d", kept, children, want)
			}
		})
	}
}

// TestTournamentK: 5% of the population as the paper writes it, rounded
// up, and never 1 (a tournament of one is a random pick).
func TestTournamentK(t *testing.T) {
	for _, tt := range []struct{ pop, set, want int }{
		{10, 0, 2}, {20, 0, 2}, {39, 0, 2}, {40, 0, 2}, {41, 0, 3}, {60, 0, 3}, {100, 0, 5}, {300, 0, 15}, {40, 7, 7},
	} {
		s := Settings{Population: tt.pop, TournamentK: tt.set}
		if got := s.tournamentK(); got != tt.want {
			t.Errorf("population %d, TournamentK %d: k = %d, want %d", tt.pop, tt.set, got, tt.want)
		}
	}
}

// TestScaledRunReproducibleAndResumable: the scaled operator draws from the
// run's PCG only, so with 1 or 2 workers, and stopped, saved and resumed
// after a generation, the run is the same; and it differs from the paper's.
func TestScaledRunReproducibleAndResumable(t *testing.T) {
	s := tiny(Classic)
	s.Mutation, s.Workers = MutationScaled, 1
	want := fingerprint(t, runFor(t, s))
	s.Workers = 2
	if got := fingerprint(t, runFor(t, s)); string(got) != string(want) {
		t.Fatal("1 and 2 workers give different scaled runs")
	}
	r, err := NewRun(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.AfterGeneration = func(r *Run) error { r.Stop(); return nil }
	if err := r.Execute(context.Background()); err != nil {
		t.Fatal(err)
	}
	back := resumed(t, r)
	if err := back.Execute(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := fingerprint(t, back); string(got) != string(want) {
		t.Fatal("the resumed scaled run differs from the uninterrupted one")
	}
	s.Mutation = MutationPaper
	if got := fingerprint(t, runFor(t, s)); string(got) == string(want) {
		t.Fatal("the paper's operator gives the same run as the scaled one")
	}
}
