package ga

import (
	"math"

	"github.com/evochess/evochess/core"
)

// GenotypicDistance is the mean over mutable genes of |a − b| divided by
// the gene's initial range: 0 for identical chromosomes, about 1/3 for two
// random ones.
func GenotypicDistance(a, b *Genome) float64 {
	return normalisedDistance(a.Chromosome.Schema.Genes, a.Chromosome.Values, b.Chromosome.Values)
}

// normalisedDistance is GenotypicDistance over raw value vectors. Each
// gene counts relative to its initial range (its bounds when it has none):
// seed 003's pieces may range up to 1000 pawns, but start within 1-3.
func normalisedDistance(genes []core.Gene, a, b []float64) float64 {
	sum, n := 0.0, 0
	for i := range genes {
		g := &genes[i]
		lo, hi := g.InitRange()
		if hi <= lo {
			lo, hi = g.Lo, g.Hi
		}
		if g.Fixed || hi <= lo {
			continue
		}
		sum += math.Abs(a[i]-b[i]) / (hi - lo)
		n++
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

// Phenotype evaluates chromosomes on a fixed set of positions, so that
// two chromosomes are as far apart as their judgements of those positions
// (seed 001's phenotypic distance): identical play, distance 0, however
// different the genes.
type Phenotype struct {
	positions []*core.Position
}

// NewPhenotype uses the given positions (e.g. a slice of an opening book).
func NewPhenotype(fens []string) (*Phenotype, error) {
	ph := &Phenotype{}
	for _, f := range fens {
		p, err := core.ParseFEN(f)
		if err != nil {
			return nil, err
		}
		ph.positions = append(ph.positions, p)
	}
	return ph, nil
}

// Evaluations returns the chromosome's score of every position.
func (ph *Phenotype) Evaluations(c *core.Chromosome) ([]float64, error) {
	w, err := c.Compile()
	if err != nil {
		return nil, err
	}
	e := core.NewEvaluator(w)
	out := make([]float64, len(ph.positions))
	for i, p := range ph.positions {
		out[i] = float64(e.Evaluate(p))
	}
	return out, nil
}

// Distance is the mean absolute difference of two evaluation vectors.
func (ph *Phenotype) Distance(a, b []float64) float64 {
	if len(a) == 0 {
		return 0
	}
	sum := 0.0
	for i := range a {
		sum += math.Abs(a[i] - b[i])
	}
	return sum / float64(len(a))
}
