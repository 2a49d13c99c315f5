package ga

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/evochess/evochess/core"
)

// GradState is the gradient method's state (Texel tuning by gradient
// descent): where it stands, the point its linear model was made at and
// Adam's moments, in the range-scaled coordinates of CMA-ES (a gene's
// value divided by geneRange), evolving genes only. The linear model
// itself is not stored: it is rebuilt at X0 when a run resumes between
// linearisations, the same model, so the run goes on exactly.
type GradState struct {
	X     []float64 `json:"x"`  // current values
	X0    []float64 `json:"x0"` // where the linear model was made
	M     []float64 `json:"m"`  // Adam's first moment
	V     []float64 `json:"v"`  // Adam's second moment
	Steps int       `json:"steps"`
	// Start is where the run started, which Settings.L2 pulls toward
	// (absent in runs saved before it: they have no L2).
	Start []float64 `json:"start,omitempty"`
	// Linearised is the genome evaluated (and linearised) last: what the
	// run reports as its best until the next linearisation.
	Linearised int `json:"linearised"`
}

func (st *GradState) clone() *GradState {
	c := *st
	c.X, c.X0, c.M, c.V = slices.Clone(st.X), slices.Clone(st.X0), slices.Clone(st.M), slices.Clone(st.V)
	c.Start = slices.Clone(st.Start)
	return &c
}

// Adam's constants (Kingma and Ba 2015).
const (
	adamBeta1 = 0.9
	adamBeta2 = 0.999
	adamEps   = 1e-12
)

// DefaultMemoryMB bounds the gradient's linear model unless
// Settings.MemoryMB says otherwise.
const DefaultMemoryMB = 8192

func (r *Run) newGradState() *GradState {
	live := r.live()
	st := &GradState{X: make([]float64, len(live)), M: make([]float64, len(live)), V: make([]float64, len(live))}
	for k, i := range live {
		st.X[k] = r.Population[0].Chromosome.Values[i] / geneRange(&r.schema.Genes[i])
	}
	st.X0 = slices.Clone(st.X)
	if r.Settings.L2 > 0 {
		st.Start = slices.Clone(st.X)
	}
	st.Linearised = r.Population[0].ID
	return st
}

// gradChromosome is x as a chromosome, clipped into the bounds.
func (r *Run) gradChromosome(x []float64) *core.Chromosome {
	c := r.Population[0].Chromosome.Clone()
	c.Name = ""
	for k, i := range r.live() {
		g := &r.schema.Genes[i]
		c.Values[i] = clip(g, x[k]*geneRange(g))
	}
	return c
}

// stepGradient is one full-batch Adam step on the linear model. Every
// Relinearise steps (the first included) the current chromosome is
// evaluated on the dataset — its true error is the generation's fitness —
// and the evaluation linearised there again; between, the generation
// reports the last true error and notes the model's.
func (r *Run) stepGradient(ctx context.Context) error {
	if r.pos == nil {
		return fmt.Errorf("fitness positions: dataset %s is not loaded", r.Settings.Dataset)
	}
	if r.Grad == nil {
		r.Grad = r.newGradState()
	}
	st := r.Grad
	if r.Settings.L2 > 0 && len(st.Start) != len(st.X) {
		return fmt.Errorf("gradient: the run has an l2 of %g but no start point to pull toward", r.Settings.L2)
	}
	search, err := r.Settings.playerSearch()
	if err != nil {
		return err
	}
	live := r.live()
	limit := int64(r.Settings.memoryMB()) << 20
	if st.Steps%r.Settings.Relinearise == 0 {
		g := r.newGenome(r.gradChromosome(st.X), []int{st.Linearised}, "linearised")
		if err := r.evaluate(ctx, []*Genome{g}); err != nil {
			return err
		}
		r.lin = nil // the old model goes before the new one is built: one model at a time
		m, err := r.pos.linearise(ctx, g.Chromosome, live, search.compile, r.Settings.Workers, limit)
		if err != nil {
			return err
		}
		r.lin, st.Linearised = m, g.ID
		st.X0 = slices.Clone(st.X)
		r.Population = []*Genome{g}
	} else if r.lin == nil {
		// Resumed between linearisations: the same model again.
		m, err := r.pos.linearise(ctx, r.gradChromosome(st.X0), live, search.compile, r.Settings.Workers, limit)
		if err != nil {
			return err
		}
		r.lin = m
	}
	grad := make([]float64, len(live))
	modelErr := r.pos.modelGradient(r.lin, live, r.gradChromosome(st.X).Values, r.Settings.Workers, grad)
	st.Steps++
	t := float64(st.Steps)
	rate := r.Settings.Rate
	for k, i := range live {
		g := &r.schema.Genes[i]
		gk := grad[k]*geneRange(g) + ridgeSlope(r.Settings.L2, st, k) // d error / d x_k
		st.M[k] = adamBeta1*st.M[k] + (1-adamBeta1)*gk
		st.V[k] = adamBeta2*st.V[k] + (1-adamBeta2)*gk*gk
		mh := st.M[k] / (1 - math.Pow(adamBeta1, t))
		vh := st.V[k] / (1 - math.Pow(adamBeta2, t))
		st.X[k] -= rate * mh / (math.Sqrt(vh) + adamEps)
		st.X[k] = clip(g, st.X[k]*geneRange(g)) / geneRange(g)
	}
	r.record(r.Population, fmt.Sprintf("model %.6f, %d coefficients", modelErr, r.lin.nnz))
	return nil
}

// ridgeSlope is the derivative by x_k of the ridge l2 × Σ (x − start)²
// (0 without one).
func ridgeSlope(l2 float64, st *GradState, k int) float64 {
	if l2 == 0 {
		return 0
	}
	return 2 * l2 * (st.X[k] - st.Start[k])
}
