package ga

import (
	"context"
	"fmt"
	"slices"
)

// AdaptiveState is where seed 004's Algorithm 1 stands: the problem in
// hand, the generation within it, who has found its solution, and the
// genes that may mutate for it.
type AdaptiveState struct {
	Problem  int   `json:"problem"`  // index into the run's problems
	Gen      int   `json:"gen"`      // generations spent on it
	Found    []int `json:"found"`    // IDs of the genomes that found its solution
	Involved []int `json:"involved"` // gene indices that mutate for it
	Ready    bool  `json:"ready"`    // Involved computed for Problem
}

func (a *AdaptiveState) clone() *AdaptiveState {
	c := *a
	c.Found = slices.Clone(a.Found)
	c.Involved = slices.Clone(a.Involved)
	return &c
}

// stepAdaptive is one pass of the while loop of seed 004's Algorithm 1.
// Every player searches the current problem; a player finding the
// solution for the first time adds one to its solved count (its fitness,
// kept across problems). When all have found it, or after Generations
// (Gmax) passes, the next problem starts. Otherwise the N/2 players with
// the most problems solved survive and each makes one child by Gaussian
// mutation of the genes involved in the problem, with σ shrinking as the
// parent solves more (docs/chromosomes.md 5.4, 5.5).
//
// With a fitness other than problems there is no problem to pass: each
// generation evaluates the population, and the fitness (scaled to 0…1
// across the population) plays the part of the solved fraction, all genes
// mutating.
func (r *Run) stepAdaptive(ctx context.Context) error {
	s := &r.Settings
	st := r.Adaptive
	if s.Fitness != FitnessProblems {
		if err := r.evaluate(ctx, r.Population); err != nil {
			return err
		}
		r.record(r.Population, "")
		if r.Generation >= s.Generations {
			r.Finished = "generations"
			return nil
		}
		lo, hi := r.Population[0].Fitness, r.Population[0].Fitness
		for _, g := range r.Population {
			lo, hi = min(lo, g.Fitness), max(hi, g.Fitness)
		}
		r.adaptiveBreed(nil, func(g *Genome) float64 {
			if hi <= lo {
				return 0
			}
			return 0.9 * (g.Fitness - lo) / (hi - lo) // the best's child still moves
		})
		return nil
	}
	if st.Problem >= len(r.probs) {
		r.Finished = "problems"
		return nil
	}
	p := r.probs[st.Problem]
	if !st.Ready {
		st.Involved = InvolvedGenes(r.schema, r.bestOf(r.Population).Chromosome, p, r.Settings.Suite)
		st.Found, st.Ready = nil, true
	}
	solved, err := r.ev.solve(ctx, r.Population, r.probs[st.Problem:st.Problem+1])
	if err != nil {
		return err
	}
	all := true
	for i, g := range r.Population {
		if solved[i][0] && !slices.Contains(st.Found, g.ID) {
			st.Found = append(st.Found, g.ID)
			g.Solved++
		}
		if !solved[i][0] {
			all = false
		}
		g.Fitness, g.Evaluated = float64(g.Solved), true
	}
	st.Gen++
	r.record(r.Population, fmt.Sprintf("problem %d/%d %s: %d of %d found it", st.Problem+1, len(r.probs), p.ID, countSolved(solved), len(r.Population)))
	if all || st.Gen >= s.Generations {
		st.Problem++
		st.Gen, st.Ready, st.Found, st.Involved = 0, false, nil, nil
		if st.Problem >= len(r.probs) {
			r.Finished = "problems"
		}
		return nil
	}
	numP := float64(len(r.probs))
	r.adaptiveBreed(st.Involved, func(g *Genome) float64 { return min(float64(g.Solved)/numP, 1) })
	// A child inherits its parent's solved count, this problem included:
	// it must not count the problem again.
	for _, g := range r.Population {
		if g.Note == "gaussian" && g.Generation == r.Generation && len(g.Parents) == 1 &&
			slices.Contains(st.Found, g.Parents[0]) && !slices.Contains(st.Found, g.ID) {
			st.Found = append(st.Found, g.ID)
		}
	}
	return nil
}

// adaptiveBreed keeps the fitter half (ties: the earlier slot) and gives
// each survivor one child by Gaussian mutation of the involved genes (all
// genes when involved is empty).
func (r *Run) adaptiveBreed(involved []int, solvedFraction func(*Genome) float64) {
	if len(involved) == 0 {
		involved = r.schema.Live()
	}
	survivors := TopHalf(r.Population)[:len(r.Population)/2]
	next := make([]*Genome, 0, len(r.Population))
	next = append(next, survivors...)
	for _, p := range survivors {
		c := r.child(p, "gaussian")
		GaussianMutation(r.rng, c.Chromosome, involved, solvedFraction(p))
		next = append(next, c)
	}
	r.Population = next
}

func countSolved(solved [][]bool) int {
	n := 0
	for _, s := range solved {
		if s[0] {
			n++
		}
	}
	return n
}
