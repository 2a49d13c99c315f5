// Package ga evolves chromosomes: genomes, the seeds' operators (as small
// functions over genomes and an injected random source), the four seed
// methods, fitness on the arena's workers, and live statistics.
package ga

import (
	"math/rand/v2"

	"github.com/evochess/evochess/core"
)

// Genome is one individual: a chromosome, its fitness and its lineage.
type Genome struct {
	ID         int              `json:"id"`
	Chromosome *core.Chromosome `json:"chromosome"`
	Fitness    float64          `json:"fitness"`
	Evaluated  bool             `json:"evaluated"`
	Generation int              `json:"generation"` // born in
	Parents    []int            `json:"parents,omitempty"`
	Note       string           `json:"note,omitempty"` // how it was made
	Games      int              `json:"games"`          // fitness games it has played
	Solved     int              `json:"solved"`         // problems it has solved (problems fitness)
}

// Clone copies the genome (the chromosome's values included).
func (g *Genome) Clone() *Genome {
	c := *g
	c.Chromosome = g.Chromosome.Clone()
	c.Parents = append([]int(nil), g.Parents...)
	return &c
}

// clip keeps v inside the gene's bounds.
func clip(g *core.Gene, v float64) float64 { return min(max(v, g.Lo), g.Hi) }

// RandomChromosome draws a fresh individual: each gene uniformly in its
// init range (fixed genes and InitAtDefault genes take their default).
func RandomChromosome(rng *rand.Rand, s *core.Schema) *core.Chromosome {
	c := s.Default()
	for i := range s.Genes {
		lo, hi := s.Genes[i].InitRange()
		if hi > lo {
			c.Values[i] = lo + rng.Float64()*(hi-lo)
		}
	}
	return c
}

// pawnScale converts a strength in pawns into the gene's unit. A gene
// that is no evaluation weight (a search depth or count) moves by a
// pawn's worth of a centipawn gene of width 400: a quarter of its range.
func pawnScale(g *core.Gene) float64 {
	switch g.Unit {
	case "pawn":
		return 1
	case "", "cp":
		return 100
	}
	return (g.Hi - g.Lo) / 4
}
