package ga

import (
	"context"
	"fmt"
	"slices"

	"github.com/evochess/evochess/core"
)

// AdaptiveState is where seed 004's Algorithm 1 stands: the problem in
// hand, the generation within it, who has found its solution, and the
// genes that may mutate for it. Each genome's solutions[i] for the
// problem in hand is its Solved field (reset when a problem starts).
type AdaptiveState struct {
	Problem  int   `json:"problem"`  // index into the run's problems
	Gen      int   `json:"gen"`      // generations spent on it
	Found    []int `json:"found"`    // foundSolution: IDs of the genomes that have found its solution
	Involved []int `json:"involved"` // gene indices that mutate for it
	Ready    bool  `json:"ready"`    // Involved computed and counts reset for Problem

	// Gen0Solved and FinalSolved are the re-tests on the whole training
	// set: generation 0's best and the final best (problems solved).
	Gen0Solved  int     `json:"gen0_solved"`
	FinalSolved int     `json:"final_solved"`
	Gen0Mean    float64 `json:"gen0_mean"` // the population's mean on the training set
	FinalMean   float64 `json:"final_mean"`
	// Gen0Counts are the training problems each player of generation 0
	// solves, in population order.
	Gen0Counts []int `json:"gen0_counts,omitempty"`
	// Initial is generation 0's population (gene values), kept so that the
	// evolved player can meet all of it ("gen0=K" picks one).
	Initial [][]float64 `json:"initial,omitempty"`

	// searched caches, for the problem in hand, whether a genome's own
	// search finds the solution. Searches start from empty tables, so the
	// answer depends only on the weights: a survivor need not search its
	// unchanged weights again. Not saved: a resumed run searches again and
	// gets the same answers.
	searched map[int]bool
}

func (a *AdaptiveState) clone() *AdaptiveState {
	c := *a
	c.Found = slices.Clone(a.Found)
	c.Involved = slices.Clone(a.Involved)
	c.Initial = slices.Clone(a.Initial) // never changed after generation 0: rows shared
	c.Gen0Counts = slices.Clone(a.Gen0Counts)
	c.searched = nil
	return &c
}

// stepAdaptive is one pass of the while loop of seed 004's Algorithm 1
// (lines 11-23), with lines 2-10 when a problem starts:
//
//   - A problem starts with foundSolution and solutions at zero for every
//     player (lines 3-5) and its mutable genes chosen (line 7).
//   - Every player searches the problem with its own weights; one whose
//     move is the solution sets foundSolution and adds one to its
//     solutions (lines 12-18): credit is earned by the current weights,
//     every generation, and a child starts at zero.
//   - The problem ends when every player has found it at least once
//     (foundSolution stays set), or after Gmax generations (lines 19-21).
//   - Otherwise the N/2 players with most solutions survive (ties: the
//     earlier slot) and each makes one child by Gaussian mutation of the
//     genes chosen for the problem, σ = (1 − solutions/numP) · range/6
//     (eq. 12 on a range scale, docs/chromosomes.md 5.4).
//
// Before the first problem, and after the last, the population is
// re-tested on the whole training set: generation 0's best and the final
// best are the players that solve the most of it (the paper compares "the
// best virtual player" of generation 0 and of the end, Table II).
//
// With a fitness other than problems there is no problem to pass: each
// generation evaluates the population, and the fitness (scaled to 0…1
// across the population) plays the part of the solved fraction, all genes
// mutating.
func (r *Run) stepAdaptive(ctx context.Context) error {
	s := &r.Settings
	st := r.Adaptive
	if s.Fitness != FitnessProblems {
		return r.stepAdaptiveFitness(ctx)
	}
	if st.Problem >= len(r.probs) {
		r.Finished = "problems"
		return nil
	}
	if r.Gen0Best == nil {
		best, counts, err := r.retest(ctx)
		if err != nil {
			return err
		}
		n := slices.Max(counts)
		r.Gen0Best, st.Gen0Solved, st.Gen0Mean, st.Gen0Counts = best.Clone(), n, meanOf(counts), counts
		st.Initial = nil
		for _, g := range r.Population {
			st.Initial = append(st.Initial, slices.Clone(g.Chromosome.Values))
		}
		r.Gen0Best.Fitness, r.Gen0Best.Solved = float64(n), n
	}
	p := r.probs[st.Problem]
	if !st.Ready {
		st.Involved = r.involvedGenes(p)
		st.Found, st.Ready, st.searched = nil, true, nil
		for _, g := range r.Population {
			g.Solved = 0
		}
	}
	if st.searched == nil {
		st.searched = map[int]bool{}
	}
	var todo []*Genome
	for _, g := range r.Population {
		if _, ok := st.searched[g.ID]; !ok {
			todo = append(todo, g)
		}
	}
	solved, err := r.solve(ctx, todo, r.probs[st.Problem:st.Problem+1])
	if err != nil {
		return err
	}
	for i, g := range todo {
		st.searched[g.ID] = solved[i][0]
	}
	finders, found := 0, 0
	for _, g := range r.Population {
		if st.searched[g.ID] {
			finders++
			g.Solved++
			if !slices.Contains(st.Found, g.ID) {
				st.Found = append(st.Found, g.ID)
			}
		}
		if slices.Contains(st.Found, g.ID) {
			found++
		}
		g.Fitness, g.Evaluated = float64(g.Solved), true
	}
	st.Gen++
	r.record(r.Population, fmt.Sprintf("problem %d/%d %s: %d of %d find it, %d have found it; %d genes mutate", st.Problem+1, len(r.probs), p.ID,
		finders, len(r.Population), found, len(st.Involved)))
	if found == len(r.Population) || st.Gen >= s.Generations {
		st.Problem++
		st.Gen, st.Ready, st.Found, st.Involved, st.searched = 0, false, nil, nil, nil
		if st.Problem >= len(r.probs) {
			return r.finishAdaptive(ctx)
		}
		return nil
	}
	numP := float64(len(r.probs))
	r.adaptiveBreed(st.Involved, func(g *Genome) float64 { return min(float64(g.Solved)/numP, 1) })
	return nil
}

// involvedGenes is line 7 of Algorithm 1: the genes that mutate for p.
func (r *Run) involvedGenes(p *core.EPDRecord) []int {
	if r.Settings.Involved == InvolvedAuto {
		pop := make([]*core.Chromosome, len(r.Population))
		for i, g := range r.Population {
			pop[i] = g.Chromosome
		}
		return InvolvedGenes(r.schema, pop, p, r.ev.tc.Limits(), r.ev.mode, r.Settings.PlainQuiescence, r.ev.search.compile)
	}
	return r.schema.Live()
}

// retest searches every training problem with every player and returns
// the one that solves the most (ties: the earlier slot) and every
// player's count.
func (r *Run) retest(ctx context.Context) (*Genome, []int, error) {
	solved, err := r.solve(ctx, r.Population, r.probs)
	if err != nil {
		return nil, nil, err
	}
	best, most := r.Population[0], -1
	counts := make([]int, len(r.Population))
	for i, g := range r.Population {
		for _, ok := range solved[i] {
			if ok {
				counts[i]++
			}
		}
		if counts[i] > most {
			best, most = g, counts[i]
		}
	}
	return best, counts, nil
}

// meanOf is the mean of counts.
func meanOf(counts []int) float64 {
	sum := 0
	for _, n := range counts {
		sum += n
	}
	return float64(sum) / float64(max(len(counts), 1))
}

// finishAdaptive re-tests the final population on the training set and
// records it as a last generation whose fitness is problems solved, so the
// run's best (#best) is the final player that solves the most.
func (r *Run) finishAdaptive(ctx context.Context) error {
	_, counts, err := r.retest(ctx)
	if err != nil {
		return err
	}
	for i, g := range r.Population {
		g.Solved, g.Fitness, g.Evaluated = counts[i], float64(counts[i]), true
	}
	st := r.Adaptive
	st.FinalSolved = int(r.bestOf(r.Population).Fitness)
	st.FinalMean = meanOf(counts)
	r.record(r.Population, fmt.Sprintf("final re-test: best solves %d of %d training problems, the population %.1f on average (generation 0: %d and %.1f)",
		st.FinalSolved, len(r.probs), st.FinalMean, st.Gen0Solved, st.Gen0Mean))
	// The hall of fame keeps a best that stays the best as it was first
	// recorded; the run's best is the re-tested one.
	r.HallOfFame[len(r.HallOfFame)-1] = r.bestOf(r.Population).Clone()
	r.Finished = "problems"
	return nil
}

// stepAdaptiveFitness is the adaptive method over a fitness other than
// problems.
func (r *Run) stepAdaptiveFitness(ctx context.Context) error {
	s := &r.Settings
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

// adaptiveBreed keeps the fitter half (ties: the earlier slot) and gives
// each survivor one child by Gaussian mutation of the involved genes (all
// genes when involved is empty). A child has solved nothing yet.
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
		c.Solved, c.Fitness, c.Evaluated = 0, 0, false
		next = append(next, c)
	}
	r.Population = next
}

// solve searches probs with every genome of pop: solved[i][p].
func (r *Run) solve(ctx context.Context, pop []*Genome, probs []*core.EPDRecord) ([][]bool, error) {
	if r.solveHook != nil {
		return r.solveHook(ctx, pop, probs)
	}
	return r.ev.solve(ctx, pop, probs)
}
