package core

import "strconv"

// The seed003 preset (dynamic boundary strategy, docs/chromosomes.md
// section 4): six genes in pawn units — queen, rook, bishop and knight
// values, the doubled-pawn penalty and the weight of one legal move. The
// king (1000) and the pawn (1) are fixed outside the chromosome
// (003:127-128). The named player has Shannon's weights.

func init() {
	registerPreset("seed003", seed003Schema)
	registerPlayer("seed003_evolved", Seed003Evolved)
	for i := range seed003TableI {
		// seed003_table1_1 … _5: the start population, as opponents for
		// checking what a run evolved.
		registerPlayer("seed003_table1_"+strconv.Itoa(i+1), func() *Chromosome { return Seed003TableI()[i] })
	}
}

// Seed 003 gene indices, in the seed's column order (003:262, 003:351-352).
const (
	s3Queen = iota
	s3Rook
	s3Bishop
	s3Knight
	s3DoubledPawn
	s3Mobility
	numSeed003Genes
)

// Bounds. The seed's bounds move with the gene (Radius, 4.5); these static
// ones are the floors of 4.5 and caps of our own: the doc gives none, and
// no piece should outweigh the king's fixed 1000.
const (
	seed003PieceFloor = 0.1
	seed003Cap        = 1000.0
)

// Seed003MutationRates are the per-gene mutation probabilities, in gene
// order (003:231-235).
var Seed003MutationRates = [numSeed003Genes]float64{0.25, 0.25, 0.25, 0.25, 0.10, 0.10}

// seed003Shannon are Shannon's weights, the named player (003:390-396).
var seed003Shannon = [numSeed003Genes]float64{9, 5, 3, 3, 0.5, 0.1}

// seed003TableI is the manually chosen, deliberately poor initial
// population (Table I, 003:349-358).
var seed003TableI = [5][numSeed003Genes]float64{
	{3, 3, 3, 3, 0.5, 0.1},
	{2.5, 2.5, 2.5, 2.5, 0.5, 0.1},
	{2, 2, 2, 2, 0.5, 0.1},
	{1.5, 1.5, 1.5, 1.5, 0.5, 0.1},
	{1, 1, 1, 1, 0.5, 0.1},
}

func seed003Schema() *Schema {
	b := newSchema("seed003", "dynamic boundary strategy: simplified Shannon function with 6 genes, pawn units")
	for i, name := range [...]string{"queen_value", "rook_value", "bishop_value", "knight_value"} {
		g := b.gene(name, "material", seed003PieceFloor, seed003Cap, seed003Shannon[i], PhaseBoth)
		b.s.Genes[g].Radius = 2
		// A GA seeds its population with Seed003TableI; per-gene draws,
		// should it make any, stay within the same poor individuals.
		b.initRange(g, 1, 3)
	}
	g := b.gene("doubled_pawn", "pawn_structure", 0, seed003Cap, seed003Shannon[s3DoubledPawn], PhaseBoth)
	b.s.Genes[g].Radius = 0.2
	b.initRange(g, 0.5, 0.5)
	g = b.gene("mobility", "mobility", 0.01, 0.5, seed003Shannon[s3Mobility], PhaseBoth)
	b.initRange(g, 0.1, 0.1)
	b.unit(0, numSeed003Genes-1, "pawn")
	b.then(func(w *Weights, v []float64) {
		w.Seed003 = newSeed003Weights(v[s3Queen], v[s3Rook], v[s3Bishop], v[s3Knight], v[s3DoubledPawn], v[s3Mobility])
	})
	return b.build()
}

// seed003Chromosome builds a named seed003 chromosome from gene values.
func seed003Chromosome(s *Schema, name string, v [numSeed003Genes]float64) *Chromosome {
	return &Chromosome{Schema: s, Values: v[:], Name: name}
}

// Seed003TableI returns the five individuals of seed 003's initial
// population, in Table I's order, sharing one schema.
func Seed003TableI() []*Chromosome {
	s := seed003Schema()
	out := make([]*Chromosome, len(seed003TableI))
	for i, v := range seed003TableI {
		out[i] = seed003Chromosome(s, "seed003_table1_"+strconv.Itoa(i+1), v)
	}
	return out
}

// Seed003Evolved returns the fittest individual after 520 generations
// (003:398-404), the named player seed003_evolved.
func Seed003Evolved() *Chromosome {
	return seed003Chromosome(seed003Schema(), "seed003_evolved", [numSeed003Genes]float64{7.57, 4.66, 4.41, 3.16, 0.44, 0.11})
}
