package ga

import (
	"math"
	"math/rand/v2"
	"testing"
)

// Seed 001 draws crowding groups with replacement, so a group may miss
// the most similar individual even when it is as large as the population:
// with two candidates and groups of two, P(the similar one is missed) =
// 1/4. Drawing without replacement would never miss it.
func TestCrowdingGroupsWithReplacement(t *testing.T) {
	// Genome i sits at i on a line; the child at 0.
	pop := make([]*Genome, 3)
	for i := range pop {
		pop[i] = &Genome{ID: i, Fitness: float64(10 - i)}
	}
	line := func(a, b *Genome) float64 { return math.Abs(float64(a.ID - b.ID)) }
	child := &Genome{ID: 0}
	cases := []struct {
		name string
		pick func(r *rand.Rand) int // the chosen genome's ID
		want [3]float64             // probability of each ID
	}{
		// WorstAmongMostSimilar over genomes 1 and 2, one group of two:
		// genome 2 only when both draws are 2.
		{"replacement cf 1 s 2", func(r *rand.Rand) int {
			return pop[1+WorstAmongMostSimilar(r, pop[1:], child, 1, 2, line)].ID
		}, [3]float64{0, 0.75, 0.25}},
		// Two groups of one: the less fit (2) unless both draws are 1.
		{"replacement cf 2 s 1", func(r *rand.Rand) int {
			return pop[1+WorstAmongMostSimilar(r, pop[1:], child, 2, 1, line)].ID
		}, [3]float64{0, 0.25, 0.75}},
		// Genome 0 mates with the nearer of Cs = 2 draws among the others
		// (never itself): 2 only when both draws are 2.
		{"selection cs 2", func(r *rand.Rand) int { return CrowdingSelect(r, pop, 0, 2, line).ID }, [3]float64{0, 0.75, 0.25}},
		// Cs = 1: uniform among the others.
		{"selection cs 1", func(r *rand.Rand) int { return CrowdingSelect(r, pop, 0, 1, line).ID }, [3]float64{0, 0.5, 0.5}},
	}
	const trials = 20000
	for _, c := range cases {
		r := rng(42)
		var n [3]float64
		for k := 0; k < trials; k++ {
			n[c.pick(r)]++
		}
		for id, want := range c.want {
			// 5 standard errors of a proportion over 20000 trials: < 0.016.
			if got := n[id] / trials; math.Abs(got-want) > 5*math.Sqrt(want*(1-want)/trials)+1e-12 {
				t.Errorf("%s: genome %d chosen %.4f of the time, want %.2f", c.name, id, got, want)
			}
		}
	}
	if g := CrowdingSelect(rng(1), pop[:1], 0, 3, line); g != pop[0] {
		t.Errorf("a lone individual mated with %d", g.ID)
	}
}
