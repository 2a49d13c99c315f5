package ga

import (
	"context"
	"math"
	"slices"
)

// ESState is the CMA-ES state, in coordinates where each evolving gene is
// divided by its range (geneRange), so one step size serves genes
// measured in centipawns and in fractions alike. The separable variant
// (Ros and Hansen 2008) adapts a diagonal covariance: a full one over 841
// genes would be 700 000 numbers learnt from 25 samples a generation.
type ESState struct {
	Mean  []float64 `json:"mean"` // evolving genes only, in Live order
	Sigma float64   `json:"sigma"`
	Diag  []float64 `json:"diag"` // the covariance's diagonal
	Ps    []float64 `json:"ps"`   // conjugate evolution path (step size)
	Pc    []float64 `json:"pc"`   // evolution path (covariance)
	Gen   int       `json:"gen"`  // updates made
}

func (st *ESState) clone() *ESState {
	c := *st
	c.Mean, c.Diag, c.Ps, c.Pc = slices.Clone(st.Mean), slices.Clone(st.Diag), slices.Clone(st.Ps), slices.Clone(st.Pc)
	return &c
}

// live returns the indices of the genes that evolve.
func (r *Run) live() []int {
	var idx []int
	for i := range r.schema.Genes {
		if !r.schema.Genes[i].Fixed {
			idx = append(idx, i)
		}
	}
	return idx
}

// newESState starts the search at the mean of generation 0 (the preset's
// values with --start default) with step size Settings.Sigma.
func (r *Run) newESState() *ESState {
	live := r.live()
	st := &ESState{Sigma: r.Settings.Sigma, Mean: make([]float64, len(live)), Diag: make([]float64, len(live)),
		Ps: make([]float64, len(live)), Pc: make([]float64, len(live))}
	for k, i := range live {
		st.Mean[k] = r.Population[0].Chromosome.Values[i] / geneRange(&r.schema.Genes[i])
		st.Diag[k] = 1
	}
	return st
}

// esParams are the strategy's constants for n genes and λ samples
// (Hansen's tutorial defaults, c1 and cμ scaled by (n+2)/3 for the
// separable variant).
type esParams struct {
	lambda, mu                int
	weights                   []float64
	mueff, cs, ds, cc, c1, cm float64
	chiN                      float64
}

func newESParams(n, lambda int) esParams {
	p := esParams{lambda: lambda, mu: lambda / 2}
	sum := 0.0
	for i := 0; i < p.mu; i++ {
		w := math.Log(float64(p.mu)+0.5) - math.Log(float64(i+1))
		p.weights = append(p.weights, w)
		sum += w
	}
	sq := 0.0
	for i := range p.weights {
		p.weights[i] /= sum
		sq += p.weights[i] * p.weights[i]
	}
	p.mueff = 1 / sq
	fn := float64(n)
	p.cs = (p.mueff + 2) / (fn + p.mueff + 5)
	p.ds = 1 + 2*math.Max(0, math.Sqrt((p.mueff-1)/(fn+1))-1) + p.cs
	p.cc = (4 + p.mueff/fn) / (fn + 4 + 2*p.mueff/fn)
	c1 := 2 / ((fn+1.3)*(fn+1.3) + p.mueff)
	cm := math.Min(1-c1, 2*(p.mueff-2+1/p.mueff)/((fn+2)*(fn+2)+p.mueff))
	scale := (fn + 2) / 3
	p.c1, p.cm = c1*scale, cm*scale
	if p.c1+p.cm > 1 {
		f := 1 / (p.c1 + p.cm)
		p.c1, p.cm = p.c1*f, p.cm*f
	}
	p.chiN = math.Sqrt(fn) * (1 - 1/(4*fn) + 1/(21*fn*fn))
	return p
}

// stepCMAES is one generation: the mean (slot 0, what the run exports)
// and λ = population − 1 samples m + σ·√D·z are evaluated; the best half
// of the samples, weighted, move the mean and adapt σ and D. A sample
// outside a gene's bounds is clipped and enters the update as clipped,
// so the mean stays inside the bounds.
func (r *Run) stepCMAES(ctx context.Context) error {
	if r.ES == nil {
		r.ES = r.newESState()
	}
	st := r.ES
	live := r.live()
	n, lambda := len(live), r.Settings.Population-1
	par := newESParams(n, lambda)
	center := r.Population[0]
	pop := []*Genome{center}
	ys := make([][]float64, lambda) // (x − m)/σ of each sample, as clipped
	for k := 0; k < lambda; k++ {
		c := center.Chromosome.Clone()
		c.Name = ""
		y := make([]float64, n)
		for j, i := range live {
			g := &r.schema.Genes[i]
			rg := geneRange(g)
			x := st.Mean[j] + st.Sigma*math.Sqrt(st.Diag[j])*r.rng.NormFloat64()
			c.Values[i] = clip(g, x*rg)
			y[j] = (c.Values[i]/rg - st.Mean[j]) / st.Sigma
		}
		ys[k] = y
		pop = append(pop, r.newGenome(c, []int{center.ID}, "sample"))
	}
	if err := r.evaluate(ctx, pop); err != nil {
		return err
	}
	r.Population = pop
	r.record(pop, "")
	// Rank the samples (not the mean), best first; ties by slot.
	order := make([]int, lambda)
	for k := range order {
		order[k] = k
	}
	slices.SortStableFunc(order, func(a, b int) int {
		fa, fb := pop[1+a].Fitness, pop[1+b].Fitness
		switch {
		case fa > fb:
			return -1
		case fa < fb:
			return 1
		}
		return 0
	})
	yw := make([]float64, n)
	for i := 0; i < par.mu; i++ {
		for j, v := range ys[order[i]] {
			yw[j] += par.weights[i] * v
		}
	}
	psNorm := 0.0
	for j := range yw {
		st.Mean[j] += st.Sigma * yw[j]
		st.Ps[j] = (1-par.cs)*st.Ps[j] + math.Sqrt(par.cs*(2-par.cs)*par.mueff)*yw[j]/math.Sqrt(st.Diag[j])
		psNorm += st.Ps[j] * st.Ps[j]
	}
	psNorm = math.Sqrt(psNorm)
	st.Gen++
	hs := 0.0
	if psNorm/math.Sqrt(1-math.Pow(1-par.cs, 2*float64(st.Gen))) < (1.4+2/float64(n+1))*par.chiN {
		hs = 1
	}
	for j := range yw {
		st.Pc[j] = (1-par.cc)*st.Pc[j] + hs*math.Sqrt(par.cc*(2-par.cc)*par.mueff)*yw[j]
		rank := 0.0
		for i := 0; i < par.mu; i++ {
			y := ys[order[i]][j]
			rank += par.weights[i] * y * y
		}
		st.Diag[j] = (1-par.c1-par.cm)*st.Diag[j] + par.c1*(st.Pc[j]*st.Pc[j]+(1-hs)*par.cc*(2-par.cc)*st.Diag[j]) + par.cm*rank
	}
	st.Sigma *= math.Exp(math.Min(1, (par.cs/par.ds)*(psNorm/par.chiN-1)))
	// The next generation's mean, clipped into the bounds.
	next := center.Chromosome.Clone()
	for j, i := range live {
		g := &r.schema.Genes[i]
		next.Values[i] = clip(g, st.Mean[j]*geneRange(g))
		st.Mean[j] = next.Values[i] / geneRange(g)
	}
	r.Population = append([]*Genome{r.newGenome(next, []int{center.ID}, "mean")}, pop[1:]...)
	return nil
}
