package ga

import (
	"math"
	"math/rand/v2"

	"github.com/evochess/evochess/core"
)

// BlendCrossover is seed 000's crossover: each child gene is
// α·a + (1−α)·b with α drawn uniformly from [alphaLo, alphaHi] per gene.
func BlendCrossover(rng *rand.Rand, a, b *core.Chromosome, alphaLo, alphaHi float64) *core.Chromosome {
	child := a.Clone()
	for i := range child.Values {
		g := &a.Schema.Genes[i]
		if g.Fixed {
			continue
		}
		alpha := alphaLo + rng.Float64()*(alphaHi-alphaLo)
		child.Values[i] = clip(g, alpha*a.Values[i]+(1-alpha)*b.Values[i])
	}
	return child
}

// SBXCrossover is simulated binary crossover with distribution index eta:
// two children spread around their parents as one-point crossover of
// binary strings would.
func SBXCrossover(rng *rand.Rand, a, b *core.Chromosome, eta float64) (*core.Chromosome, *core.Chromosome) {
	c1, c2 := a.Clone(), b.Clone()
	for i := range a.Values {
		g := &a.Schema.Genes[i]
		if g.Fixed {
			continue
		}
		u := rng.Float64()
		var beta float64
		if u <= 0.5 {
			beta = math.Pow(2*u, 1/(eta+1))
		} else {
			beta = math.Pow(1/(2*(1-u)), 1/(eta+1))
		}
		x, y := a.Values[i], b.Values[i]
		c1.Values[i] = clip(g, 0.5*((1+beta)*x+(1-beta)*y))
		c2.Values[i] = clip(g, 0.5*((1-beta)*x+(1+beta)*y))
	}
	return c1, c2
}

// UniformCrossover takes each gene from a or b with equal chance.
func UniformCrossover(rng *rand.Rand, a, b *core.Chromosome) *core.Chromosome {
	child := a.Clone()
	for i := range child.Values {
		if rng.IntN(2) == 1 {
			child.Values[i] = b.Values[i]
		}
	}
	return child
}
