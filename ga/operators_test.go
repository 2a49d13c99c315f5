package ga

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/evochess/evochess/core"
)

func schema(t *testing.T, name string) *core.Schema {
	t.Helper()
	s, err := core.Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func rng(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 1)) }

// TestPolynomialMutationDistribution checks Deb's formula with eta = 20
// away from the bounds: P(δ ≤ −t) = (1−t)^21 / 2, symmetric above.
func TestPolynomialMutationDistribution(t *testing.T) {
	r := rng(1)
	const n = 200000
	below, above, stayed := 0, 0, 0
	for i := 0; i < n; i++ {
		d := PolynomialMutate(r, 0.5, -100, 101, 20) - 0.5 // wide bounds: the unbounded shape
		d /= 201
		switch {
		case d <= -0.05:
			below++
		case d >= 0.05:
			above++
		}
		if math.Abs(d) < 0.001 {
			stayed++
		}
	}
	want := math.Pow(0.95, 21) / 2
	for name, got := range map[string]float64{"below": float64(below) / n, "above": float64(above) / n} {
		if math.Abs(got-want) > 0.006 {
			t.Errorf("P(%s) = %.4f, want %.4f", name, got, want)
		}
	}
	// Bounded version: values stay inside and near-bound values move inward more.
	for i := 0; i < 1000; i++ {
		if v := PolynomialMutate(r, 0.99, 0, 1, 20); v < 0 || v > 1 {
			t.Fatalf("out of bounds: %v", v)
		}
	}
}

func TestBlendCrossoverRange(t *testing.T) {
	s := schema(t, "seed003")
	a, b := s.Default(), s.Default()
	for i := range b.Values {
		if !s.Genes[i].Fixed {
			a.Values[i], b.Values[i] = s.Genes[i].Lo, min(s.Genes[i].Lo+1, s.Genes[i].Hi)
		}
	}
	r := rng(2)
	var sum float64
	const n = 20000
	q := s.GeneIndex("queen_value")
	for k := 0; k < n; k++ {
		c := BlendCrossover(r, a, b, 0.4, 0.6)
		for i, v := range c.Values {
			lo := 0.6*a.Values[i] + 0.4*b.Values[i]
			hi := 0.4*a.Values[i] + 0.6*b.Values[i]
			if v < min(lo, hi)-1e-12 || v > max(lo, hi)+1e-12 {
				t.Fatalf("gene %d: %v outside [%v, %v]", i, v, lo, hi)
			}
		}
		sum += c.Values[q]
	}
	if mean, want := sum/n, (a.Values[q]+b.Values[q])/2; math.Abs(mean-want) > 0.005 {
		t.Errorf("mean child %v, want %v", mean, want)
	}
}

func TestSBXPreservesMean(t *testing.T) {
	s := schema(t, "full")
	a, b := s.Default(), s.Default()
	for i := range b.Values {
		b.Values[i] = min(a.Values[i]+5, s.Genes[i].Hi)
	}
	c1, c2 := SBXCrossover(rng(3), a, b, 15)
	for i := range a.Values {
		if c1.Values[i] > s.Genes[i].Lo && c1.Values[i] < s.Genes[i].Hi && c2.Values[i] > s.Genes[i].Lo && c2.Values[i] < s.Genes[i].Hi &&
			math.Abs(c1.Values[i]+c2.Values[i]-a.Values[i]-b.Values[i]) > 1e-9 {
			t.Fatalf("gene %d: children %v %v do not average the parents %v %v", i, c1.Values[i], c2.Values[i], a.Values[i], b.Values[i])
		}
	}
}

func TestUniformAndGaussianMutationBounds(t *testing.T) {
	s := schema(t, "seed000")
	r := rng(4)
	for k := 0; k < 200; k++ {
		c := s.Default()
		orig := append([]float64(nil), c.Values...)
		UniformMutation(r, c, 1, 0.3)
		for i, v := range c.Values {
			g := &s.Genes[i]
			if g.Fixed && v != orig[i] {
				t.Fatalf("fixed gene %s mutated", g.Name)
			}
			if math.Abs(v-orig[i]) > 0.3*pawnScale(g)+1e-9 || v < g.Lo || v > g.Hi {
				t.Fatalf("gene %s: %v -> %v", g.Name, orig[i], v)
			}
		}
	}
	s4 := schema(t, "seed004")
	c := s4.Default()
	before := append([]float64(nil), c.Values...)
	GaussianMutation(r, c, []int{0, 1}, 0.5)
	for i := 2; i < len(c.Values); i++ {
		if c.Values[i] != before[i] {
			t.Errorf("gene %d not involved but changed", i)
		}
	}
	v0 := c.Values[0]
	GaussianMutation(r, c, []int{0}, 1) // all solved: σ = 0, nothing moves
	if c.Values[0] != v0 {
		t.Errorf("σ = 0 still moved gene 0: %v -> %v", v0, c.Values[0])
	}
}

func TestDynamicBoundsAndQueen(t *testing.T) {
	s := schema(t, "seed003")
	r := rng(5)
	probs := make([]float64, len(s.Genes))
	for i := range probs {
		probs[i] = 1
	}
	for k := 0; k < 500; k++ {
		c := s.Default()
		orig := append([]float64(nil), c.Values...)
		PolynomialMutation(r, c, 20, probs, true)
		for i, g := range s.Genes {
			if g.Radius > 0 && math.Abs(c.Values[i]-orig[i]) > g.Radius+1e-9 {
				t.Fatalf("gene %s moved %v, radius %v", g.Name, c.Values[i]-orig[i], g.Radius)
			}
		}
		c.Values[s.GeneIndex("rook_value")] = c.Values[s.GeneIndex("queen_value")] + 1
		RaiseQueen(c)
		if c.Values[s.GeneIndex("queen_value")] < c.Values[s.GeneIndex("rook_value")] {
			t.Fatal("queen below rook after RaiseQueen")
		}
	}
}

func TestSelectionOperators(t *testing.T) {
	s := schema(t, "seed003")
	var pop []*Genome
	for i := 0; i < 10; i++ {
		pop = append(pop, &Genome{ID: i, Chromosome: s.Default(), Fitness: float64(i)})
	}
	r := rng(6)
	if g := TournamentSelect(r, pop, 10); g.ID != 9 {
		t.Errorf("k = n picked %d, want the best", g.ID)
	}
	counts := make([]int, 10)
	for k := 0; k < 10000; k++ {
		counts[TournamentSelect(r, pop, 1).ID]++
	}
	for i, n := range counts {
		if n < 850 || n > 1150 {
			t.Errorf("k = 1 picked %d %d times of 10000", i, n)
		}
	}
	if top := TopHalf(pop); len(top) != 5 || top[0].ID != 9 || top[4].ID != 5 {
		t.Errorf("top half %v", ids(top))
	}
	// Distances: genome i differs from the child by |i − 3| in one gene.
	q := s.GeneIndex("queen_value")
	for i, g := range pop {
		g.Chromosome.Values[q] = 5 + float64(i)
	}
	child := &Genome{Chromosome: s.Default()}
	child.Chromosome.Values[q] = 8
	// One group of 200 draws with replacement holds genome 3, the most
	// similar, all but surely (0.9^200 ≈ 1e-9): it is the one replaced.
	if got := WorstAmongMostSimilar(r, pop, child, 1, 200, GenotypicDistance); got != 3 {
		t.Errorf("replaced %d, want 3", got)
	}
	if mate := CrowdingSelect(r, pop, 3, 200, GenotypicDistance); mate.ID != 2 && mate.ID != 4 {
		t.Errorf("mate %d, want a neighbour of 3", mate.ID)
	}
}

func ids(pop []*Genome) []int {
	out := make([]int, len(pop))
	for i, g := range pop {
		out[i] = g.ID
	}
	return out
}
