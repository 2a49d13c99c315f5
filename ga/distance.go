package ga

import (
	"fmt"
	"math"
	"sync"

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
		w := geneRange(g)
		if g.Fixed || w <= 0 {
			continue
		}
		sum += math.Abs(a[i]-b[i]) / w
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
	// compile makes a chromosome's weights (nil: Chromosome.Compile); a
	// run's, as its players evaluate (playerSearch.compile).
	compile func(*core.Chromosome) (*core.Weights, error)
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
	compile := ph.compile
	if compile == nil {
		compile = (*core.Chromosome).Compile
	}
	w, err := compile(c)
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

// phenotypeSample is how many positions the phenotypic distance judges.
const phenotypeSample = 100

// phenotypeFENs are the positions of seed 001's phenotypic distance:
// every 15th of the built-in STS suite (1500 positions, file order), 100
// positions. STS is positional (openings to endgames, fifteen themes), so
// the positions differ in exactly what piece-square and positional terms
// judge; taking them in file order, not drawn, keeps them the same for
// every run and every seed without touching the run's random source.
var phenotypeFENs = sync.OnceValues(func() ([]string, error) {
	recs, err := LoadSuite("sts")
	if err != nil {
		return nil, err
	}
	step := max(1, len(recs)/phenotypeSample)
	var out []string
	for i := 0; i < len(recs) && len(out) < phenotypeSample; i += step {
		out = append(out, recs[i].Position.FEN())
	}
	return out, nil
})

// crowdingDistance is the distance of MNC's crowding selection and
// replacement for one generation. Phenotypic (seed 001: "not a genotypic
// metric ... but a suitably defined phenotypic distance"): genomes are as
// far apart as their evaluations of the fixed positions. Each genome's
// evaluation vector is computed once, in prepare, then only looked up:
// a generation compares each child with a dozen or so members.
type crowdingDistance struct {
	ph   *Phenotype            // nil: genotypic
	vecs map[*Genome][]float64 // evaluation vectors by genome
}

func newCrowdingDistance(kind string, search playerSearch) (*crowdingDistance, error) {
	if kind == DistanceGenotypic {
		return &crowdingDistance{}, nil
	}
	fens, err := phenotypeFENs()
	if err != nil {
		return nil, err
	}
	ph, err := NewPhenotype(fens)
	if err != nil {
		return nil, err
	}
	ph.compile = search.compile
	return &crowdingDistance{ph: ph, vecs: map[*Genome][]float64{}}, nil
}

// prepare computes the evaluation vectors of genomes not seen yet. A
// genome's chromosome does not change once made, so its vector stays valid.
func (c *crowdingDistance) prepare(gs ...*Genome) error {
	if c.ph == nil {
		return nil
	}
	for _, g := range gs {
		if _, ok := c.vecs[g]; ok {
			continue
		}
		v, err := c.ph.Evaluations(g.Chromosome)
		if err != nil {
			return fmt.Errorf("genome %d: %w", g.ID, err)
		}
		c.vecs[g] = v
	}
	return nil
}

// distance compares two prepared genomes.
func (c *crowdingDistance) distance(a, b *Genome) float64 {
	if c.ph == nil {
		return GenotypicDistance(a, b)
	}
	va, oka := c.vecs[a]
	vb, okb := c.vecs[b]
	if !oka || !okb {
		panic("ga: phenotypic distance of a genome not prepared")
	}
	return c.ph.Distance(va, vb)
}
