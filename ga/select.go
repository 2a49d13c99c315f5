package ga

import (
	"math/rand/v2"
	"sort"
)

// TournamentSelect is seed 000's selection: k distinct individuals drawn
// at random, the fittest of them wins (k at least 1).
func TournamentSelect(rng *rand.Rand, pop []*Genome, k int) *Genome {
	k = min(max(k, 1), len(pop))
	idx := rng.Perm(len(pop))[:k]
	best := pop[idx[0]]
	for _, i := range idx[1:] {
		if pop[i].Fitness > best.Fitness {
			best = pop[i]
		}
	}
	return best
}

// ByFitness sorts the population best first (stable: ties keep their order).
func ByFitness(pop []*Genome) {
	sort.SliceStable(pop, func(a, b int) bool { return pop[a].Fitness > pop[b].Fitness })
}

// TopHalf is seed 004's survival: the fittest half (rounded up), best first.
func TopHalf(pop []*Genome) []*Genome {
	sorted := append([]*Genome(nil), pop...)
	ByFitness(sorted)
	return sorted[:(len(sorted)+1)/2]
}

// CrowdingSelect is seed 001's mating selection: individual i mates with
// the most similar (by the given distance) of a group of cs individuals
// "picked at random (with replacement) from the population" (001 §III.B).
// The group is drawn from the others: i mating with itself would make a
// mere copy. A lone individual mates with itself.
func CrowdingSelect(rng *rand.Rand, pop []*Genome, i, cs int, dist func(a, b *Genome) float64) *Genome {
	if len(pop) < 2 {
		return pop[i]
	}
	var best *Genome
	bestD := 0.0
	for k := 0; k < max(cs, 1); k++ {
		j := rng.IntN(len(pop) - 1)
		if j >= i {
			j++ // skip i
		}
		if d := dist(pop[i], pop[j]); best == nil || d < bestD {
			best, bestD = pop[j], d
		}
	}
	return best
}

// WorstAmongMostSimilar is seed 001's replacement: cf groups "created by
// randomly picking s individuals (with replacement) per group" (001
// §III.B); in each, the one most similar to the child is a candidate; the
// least fit candidate is the one to replace (its index is returned).
func WorstAmongMostSimilar(rng *rand.Rand, pop []*Genome, child *Genome, cf, s int, dist func(a, b *Genome) float64) int {
	worst := -1
	for g := 0; g < max(cf, 1); g++ {
		cand, candD := -1, 0.0
		for k := 0; k < max(s, 1); k++ {
			j := rng.IntN(len(pop))
			if d := dist(child, pop[j]); cand < 0 || d < candD {
				cand, candD = j, d
			}
		}
		if worst < 0 || pop[cand].Fitness < pop[worst].Fitness {
			worst = cand
		}
	}
	return worst
}

// Elite returns the n fittest individuals, best first.
func Elite(pop []*Genome, n int) []*Genome {
	sorted := append([]*Genome(nil), pop...)
	ByFitness(sorted)
	return sorted[:min(n, len(sorted))]
}
