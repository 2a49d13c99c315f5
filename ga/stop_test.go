package ga

import (
	"context"
	"testing"

	"github.com/evochess/evochess/core"
)

// record ends the run on convergence only when a threshold is set and the
// recorded generation's diversity is strictly below it.
func TestRecordStopsWhenConverged(t *testing.T) {
	table := core.Seed003TableI() // diversity 1/3: mean |Δ| of a piece 1 pawn, range 2, 4 of 6 genes
	same := func() []*core.Chromosome {
		out := make([]*core.Chromosome, 5)
		for i := range out {
			out[i] = table[0].Clone()
		}
		return out
	}
	near := same() // one queen 0.001 pawns off: diversity (4 × 0.0005/6)/10
	near[4].Values[0] += 0.001
	cases := []struct {
		name        string
		pop         []*core.Chromosome
		converged   float64
		generations int
		want        string
	}{
		{"identical, no threshold", same(), 0, 10, ""},
		{"identical, default threshold", same(), DefaultConverged, 10, "converged"},
		{"nearly identical", near, DefaultConverged, 10, "converged"},
		{"table I, default threshold", table, DefaultConverged, 10, ""},
		{"table I, threshold above its diversity", table, 0.34, 10, "converged"},
		{"table I, threshold equal to its diversity", table, 1.0 / 3, 10, ""},
		{"generation limit, not converged", table, DefaultConverged, 1, "generations"},
		{"generation limit and converged", same(), DefaultConverged, 1, "converged"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := DefaultSettings(Dynamic)
			s.Converged, s.Generations = tc.converged, tc.generations
			r, err := NewRun(s, nil)
			if err != nil {
				t.Fatal(err)
			}
			r.Population = nil
			for _, c := range tc.pop {
				g := r.newGenome(c.Clone(), nil, "test")
				g.Evaluated = true
				r.Population = append(r.Population, g)
			}
			st := r.record(r.Population, "")
			if r.Finished != tc.want {
				t.Fatalf("diversity %g, threshold %g: finished %q, want %q", st.Diversity, tc.converged, r.Finished, tc.want)
			}
		})
	}
}

// A whole run stops at the first generation whose diversity is below the
// threshold: the classic method without mutation, blending parents chosen
// by fitness, narrows a noisy start until its individuals are one.
func TestRunStopsWhenConverged(t *testing.T) {
	for _, tc := range []struct {
		name      string
		converged float64
	}{
		{"default threshold", DefaultConverged},
		{"coarse threshold", 0.05},
		{"never", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := DefaultSettings(Classic)
			s.Preset, s.Population, s.Generations = "seed003", 8, 200
			s.Start, s.MutationRate, s.Converged = "noise=0.2", 0, tc.converged
			r := hookedRun(t, s)
			if err := r.Execute(context.Background()); err != nil {
				t.Fatal(err)
			}
			h := r.History
			t.Logf("%d generations, %s, last diversity %g", len(h), r.Finished, h[len(h)-1].Diversity)
			if tc.converged == 0 {
				if r.Finished != "generations" || len(h) != 200 {
					t.Fatalf("finished %q after %d generations, want the limit of 200", r.Finished, len(h))
				}
				return
			}
			if r.Finished != "converged" {
				t.Fatalf("finished %q after %d generations (last diversity %g), want converged", r.Finished, len(h), h[len(h)-1].Diversity)
			}
			if len(h) < 2 || len(h) >= 200 {
				t.Fatalf("converged after %d generations; want after the first and before the limit", len(h))
			}
			if last, prev := h[len(h)-1].Diversity, h[len(h)-2].Diversity; last >= tc.converged || prev < tc.converged {
				t.Fatalf("stopped with diversity %g after %g; want the first generation below %g", last, prev, tc.converged)
			}
		})
	}
}
