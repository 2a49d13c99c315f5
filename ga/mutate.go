package ga

import (
	"math"
	"math/rand/v2"

	"github.com/evochess/evochess/core"
)

// UniformMutation is seed 000's mutation: with probability rate, each gene
// moves by a uniform amount in [−strength, +strength] pawns (converted to
// the gene's unit); the caller anneals strength, e.g. 0.3·(1 − gen/gens).
func UniformMutation(rng *rand.Rand, c *core.Chromosome, rate, strength float64) {
	for i := range c.Values {
		g := &c.Schema.Genes[i]
		if g.Fixed || rng.Float64() >= rate {
			continue
		}
		s := strength * pawnScale(g)
		c.Values[i] = clip(g, c.Values[i]+(2*rng.Float64()-1)*s)
	}
}

// ScaledMutation is the remedy seed 000 proposes for its own operator
// (000:199, 000:215: the matrices "quickly lose their structure", and "a
// future step would be to enforce that preservation in the mutate
// function"): with probability rate, each gene moves by a uniform amount
// in [−strength, +strength] × the width of its initial range, so a gene
// drawn from a narrow range (mobility, [0.05, 0.15]) moves in proportion
// instead of by the same ±0.3 pawn as material. A gene that starts at its
// preset value rather than a random draw (InitAtDefault: seed 000's
// matrices) has no initial spread and keeps its value: the matrices are
// preserved, as the paper's third agent ("the original positional
// matrices") had them.
func ScaledMutation(rng *rand.Rand, c *core.Chromosome, rate, strength float64) {
	for i := range c.Values {
		g := &c.Schema.Genes[i]
		if g.Fixed || rng.Float64() >= rate {
			continue
		}
		lo, hi := g.InitRange()
		if hi <= lo {
			continue // no initial spread: preserved
		}
		c.Values[i] = clip(g, c.Values[i]+(2*rng.Float64()-1)*strength*(hi-lo))
	}
}

// PolynomialMutate applies Deb's bounded polynomial mutation with
// distribution index eta to gene i of c, within [lo, hi].
func PolynomialMutate(rng *rand.Rand, x, lo, hi, eta float64) float64 {
	if hi <= lo {
		return x
	}
	d1, d2 := (x-lo)/(hi-lo), (hi-x)/(hi-lo)
	u := rng.Float64()
	p := 1 / (eta + 1)
	var dq float64
	if u < 0.5 {
		dq = math.Pow(2*u+(1-2*u)*math.Pow(1-d1, eta+1), p) - 1
	} else {
		dq = 1 - math.Pow(2*(1-u)+2*(u-0.5)*math.Pow(1-d2, eta+1), p)
	}
	return min(max(x+dq*(hi-lo), lo), hi)
}

// PolynomialMutation mutates each gene with its probability probs[i]
// (seed 003: 25% for pieces, 10% for doubled pawn and mobility). With
// dynamic bounds (seed 003), a gene with a Radius mutates within
// [v−Radius, v+Radius] ∩ [Lo, Hi]: its interval moves with its value at
// constant width. It returns how many genes changed.
func PolynomialMutation(rng *rand.Rand, c *core.Chromosome, eta float64, probs []float64, dynamic bool) int {
	n := 0
	for i := range c.Values {
		g := &c.Schema.Genes[i]
		if g.Fixed || rng.Float64() >= probs[i] {
			continue
		}
		lo, hi := g.Lo, g.Hi
		if dynamic && g.Radius > 0 {
			lo, hi = max(lo, c.Values[i]-g.Radius), min(hi, c.Values[i]+g.Radius)
		}
		c.Values[i] = PolynomialMutate(rng, c.Values[i], lo, hi, eta)
		n++
	}
	return n
}

// GaussianMutation is seed 004's adaptive mutation of the genes involved
// in a problem: X' = X + N(0, σ) with σ = (1 − solved/total)·range/6, so
// the step shrinks as the population solves more (docs/chromosomes.md 5.4
// explains why the printed formula cannot be used as is). Values are
// clipped to the bounds.
func GaussianMutation(rng *rand.Rand, c *core.Chromosome, involved []int, solvedFraction float64) {
	for _, i := range involved {
		g := &c.Schema.Genes[i]
		if g.Fixed {
			continue
		}
		sigma := (1 - solvedFraction) * (g.Hi - g.Lo) / 6
		c.Values[i] = clip(g, c.Values[i]+rng.NormFloat64()*sigma)
	}
}

// RaiseQueen enforces seed 003's rule that the queen is worth at least
// the largest other piece.
func RaiseQueen(c *core.Chromosome) {
	s := c.Schema
	q := s.GeneIndex("queen_value")
	if q < 0 {
		return
	}
	for _, name := range []string{"rook_value", "bishop_value", "knight_value"} {
		if i := s.GeneIndex(name); i >= 0 && c.Values[i] > c.Values[q] {
			c.Values[q] = min(c.Values[i], s.Genes[q].Hi)
		}
	}
}
