package ga

import (
	"context"
	"math"
	"slices"

	"github.com/evochess/evochess/core"
)

// SPSAState is the simultaneous-perturbation tuner's state (Spall 1998,
// as fishtest and OpenBench run it), in the same range-scaled coordinates
// as CMA-ES.
type SPSAState struct {
	Theta []float64 `json:"theta"` // evolving genes only
	Iter  int       `json:"iter"`  // iterations (generations) made
	// Scale is the running mean of |f(θ+cδ) − f(θ−cδ)| over every pair so
	// far: signals are divided by it, so the same gains serve a fitness in
	// game points and one in mean squared error.
	Scale float64 `json:"scale"`
	Pairs int     `json:"pairs"` // pairs the running mean covers
	// A is the gain schedule's stability constant, a tenth of the
	// generations planned at the start: extending a run does not change
	// the steps already scheduled.
	A float64 `json:"a"`

	// OpenBench is set when every evolving gene gives its own end rates
	// (core.Gene CEnd, REnd: an engine's options): θ is then in the genes'
	// own units and moves as OpenBench and fishtest move it (spsa_openbench.go).
	OpenBench bool `json:"openbench,omitempty"`
	// N is the iterations planned at the start, from which OpenBench
	// derives c and a so that c_N = C_END and a_N = R_END·C_END².
	N int `json:"n,omitempty"`
	// Pentanomial counts the colour-swapped game pairs by θ+'s score in
	// them: 0, ½, 1, 1½ and 2 points (LL, LD, DD or WL, WD, WW).
	Pentanomial []int `json:"pentanomial,omitempty"`
}

func (st *SPSAState) clone() *SPSAState {
	c := *st
	c.Theta = slices.Clone(st.Theta)
	c.Pentanomial = slices.Clone(st.Pentanomial)
	return &c
}

// SPSA gain schedule exponents and stability constant (Spall's
// recommendations; A is a tenth of the planned iterations).
const (
	spsaAlpha = 0.602
	spsaGamma = 0.101
)

func (r *Run) newSPSAState(from *core.Chromosome) *SPSAState {
	live := r.live()
	st := &SPSAState{Theta: make([]float64, len(live)), A: 0.1 * float64(r.Settings.Generations)}
	st.OpenBench = len(live) > 0
	for _, i := range live {
		st.OpenBench = st.OpenBench && r.schema.Genes[i].CEnd > 0
	}
	for k, i := range live {
		st.Theta[k] = from.Values[i] / geneRange(&r.schema.Genes[i])
		if st.OpenBench {
			st.Theta[k] = from.Values[i]
		}
	}
	if st.OpenBench {
		st.N, st.Pentanomial = r.Settings.Generations, make([]int, 5)
	}
	return st
}

// spsaChromosome is θ + s·c·δ as a chromosome, clipped into the bounds.
func (r *Run) spsaChromosome(theta, delta []float64, s float64) *core.Chromosome {
	c := r.schema.Default()
	for k, i := range r.live() {
		g := &r.schema.Genes[i]
		v := theta[k]
		if delta != nil {
			v += s * delta[k]
		}
		c.Values[i] = clip(g, v*geneRange(g))
	}
	return c
}

// stepSPSA is one iteration: population/2 perturbation pairs θ ± c_k·δ
// (δ of ±1 per gene) are evaluated — by games between the two of each
// pair for the game fitnesses, otherwise by the fitness itself — and θ
// moves by a_k · mean over pairs of (f+ − f−)/(2·scale) / (c_k·δ).
// Gains: c_k = Sigma/k^γ, a_k = a/(A+k)^α with a set so that a unit
// signal moves a gene by Rate × c_1 on the first iteration.
func (r *Run) stepSPSA(ctx context.Context) error {
	s := &r.Settings
	if r.SPSA == nil {
		r.SPSA = r.newSPSAState(r.Population[0].Chromosome)
	}
	st := r.SPSA
	if st.OpenBench {
		return r.stepSPSAOpenBench(ctx)
	}
	n := len(st.Theta)
	k := float64(st.Iter + 1)
	bigA := st.A
	ck := s.Sigma / math.Pow(k, spsaGamma)
	a := s.Rate * s.Sigma * s.Sigma * math.Pow(bigA+1, spsaAlpha)
	ak := a / math.Pow(bigA+k, spsaAlpha)
	pairs := s.Population / 2
	deltas := make([][]float64, pairs)
	var pop []*Genome
	for p := range deltas {
		d := make([]float64, n)
		for j := range d {
			d[j] = 1
			if r.rng.IntN(2) == 0 {
				d[j] = -1
			}
		}
		deltas[p] = d
		pop = append(pop, r.newGenome(r.spsaChromosome(st.Theta, d, ck), nil, "θ+cδ"),
			r.newGenome(r.spsaChromosome(st.Theta, d, -ck), nil, "θ−cδ"))
	}
	if err := r.spsaEvaluate(ctx, pop); err != nil {
		return err
	}
	r.Population = pop
	r.record(pop, "")
	diffs := make([]float64, pairs)
	for p := range diffs {
		diffs[p] = pop[2*p].Fitness - pop[2*p+1].Fitness
		st.Scale = (st.Scale*float64(st.Pairs) + math.Abs(diffs[p])) / float64(st.Pairs+1)
		st.Pairs++
	}
	st.Iter++
	if st.Scale == 0 {
		return nil // no pair has told the two sides apart yet
	}
	for j := range st.Theta {
		grad := 0.0
		for p, d := range deltas {
			grad += diffs[p] / (2 * st.Scale) / (ck * d[j])
		}
		st.Theta[j] += ak * grad / float64(pairs)
	}
	// θ stays inside the bounds.
	c := r.spsaChromosome(st.Theta, nil, 0)
	for k, i := range r.live() {
		st.Theta[k] = c.Values[i] / geneRange(&r.schema.Genes[i])
	}
	return nil
}

// spsaEvaluate scores the pairs: by games within each pair for the game
// fitnesses (the tuners' signal: a colour-swapped game pair from one
// opening), by the run's fitness otherwise.
func (r *Run) spsaEvaluate(ctx context.Context, pop []*Genome) error {
	switch r.Settings.Fitness {
	case FitnessRoundRobin, FitnessMatch:
		if r.evaluateHook != nil {
			return r.evaluateHook(ctx, pop)
		}
		var pairs [][2]int
		for p := 0; p+1 < len(pop); p += 2 {
			pairs = append(pairs, [2]int{p, p + 1})
		}
		wdl, err := r.ev.pairings(ctx, r.rng, pop, pairs)
		if err != nil {
			return err
		}
		for p, pr := range pairs {
			a := float64(wdl[p][0]) + 0.5*float64(wdl[p][1])
			pop[pr[0]].Fitness, pop[pr[0]].Evaluated = a, true
			pop[pr[1]].Fitness, pop[pr[1]].Evaluated = float64(r.Settings.GamesPerPairing)-a, true
		}
		return nil
	}
	return r.evaluate(ctx, pop)
}

// Center is what CMA-ES, SPSA and gradient tune: the mean, θ or the
// current chromosome, as a genome (nil
// for the other methods, or before the first generation). Its fitness is
// unknown (Evaluated false) unless it was evaluated as CMA-ES's slot 0.
func (r *Run) Center() *Genome {
	switch {
	case r.SPSA != nil && r.SPSA.OpenBench:
		return &Genome{ID: -1, Chromosome: r.spsaTheta(r.SPSA.Theta), Generation: r.Generation, Note: "θ"}
	case r.SPSA != nil:
		return &Genome{ID: -1, Chromosome: r.spsaChromosome(r.SPSA.Theta, nil, 0), Generation: r.Generation, Note: "θ"}
	case r.ES != nil:
		return r.Population[0]
	case r.Grad != nil:
		return &Genome{ID: -1, Chromosome: r.gradChromosome(r.Grad.X), Generation: r.Generation, Note: "current"}
	}
	return nil
}
