package core

// The seed004 preset (Vázquez-Fernández & Coello, docs/chromosomes.md
// section 5): four piece values and 18 positional weights with the
// expert's bounds of Table I, in centipawns, plus the pawn fixed at 100
// (kept in the layout as gene 22, after the 22 evolving weights, so that
// genes 0–21 keep the doc's numbering). The named player has Table I's
// values.

func init() {
	registerPreset("seed004", seed004Schema)
	registerPlayer("seed004_mid", Seed004Mid)
}

// seed004Gene is one row of the table in 5.3.
type seed004Gene struct {
	name, group string
	tags        []string
	lo, hi      float64
	def         float64 // Table I value: the best run's final population mean
}

var seed004Genes = [22]seed004Gene{
	{"knight_value", "material", []string{"knight"}, 200, 400, 297.29},
	{"bishop_value", "material", []string{"bishop"}, 200, 400, 312.16},
	{"rook_value", "material", []string{"rook"}, 400, 600, 493.57},
	{"queen_value", "material", []string{"queen"}, 800, 1000, 907.25},
	{"king_defenders", "king_safety", nil, -100, 100, 78.83},
	{"king_attackers", "king_safety", nil, -100, 100, -84.82},
	{"king_castled", "king_safety", nil, -100, 100, 61.23},
	{"king_pawn_shield", "king_safety", []string{"pawn_structure"}, -100, 100, 81.12},
	{"queen_mobility", "queen", []string{"mobility"}, -100, 100, 9.14},
	{"rook_mobility", "rook", []string{"mobility"}, -100, 100, 22.44},
	{"rook_open_file", "rook", nil, -100, 100, 49.22},
	{"rook_seventh_rank", "rook", nil, -100, 100, 16.23},
	{"rooks_doubled_seventh", "rook", nil, -100, 100, 72.22},
	{"bishop_mobility", "bishop", []string{"mobility"}, -100, 100, 12.03},
	{"knight_mobility", "knight", []string{"mobility"}, -100, 100, 74.25},
	{"knight_rim", "knight", nil, -100, 100, -51.67},
	{"knight_pawn_defended", "knight", nil, -100, 100, 19.34},
	{"knight_unevictable", "knight", []string{"pawn_structure"}, -100, 100, 84.56},
	{"pawn_doubled", "pawn_structure", nil, -200, 200, -133.92},
	{"pawn_isolated", "pawn_structure", nil, -200, 200, -78.56},
	{"pawn_central", "pawn_structure", nil, -200, 200, 131.19},
	{"pawn_passed", "pawn_structure", []string{"passed"}, -200, 200, 43.33},
}

// seed004PawnGene is the index of the fixed pawn value.
const seed004PawnGene = len(seed004Genes)

func seed004Schema() *Schema {
	b := newSchema("seed004", "Vázquez-Fernández & Coello: material and 18 positional factors with expert bounds, centipawns")
	for _, g := range seed004Genes {
		i := b.gene(g.name, g.group, g.lo, g.hi, g.def, PhaseBoth)
		b.tag(i, g.tags...)
	}
	// "the pawn's material value is always 100" (004:367-368).
	b.fix(b.gene("pawn_value", "material", 100, 100, 100, PhaseBoth), 100)
	b.unit(0, seed004PawnGene, "cp")
	b.then(func(w *Weights, v []float64) {
		material := [7]float64{Pawn: v[seed004PawnGene], Knight: v[0], Bishop: v[1], Rook: v[2], Queen: v[3]}
		w.Seed004 = newSeed004Weights(material, v[4:seed004PawnGene])
	})
	return b.build()
}

// Seed004Mid returns the named player seed004_mid: the midpoint of every
// range (pawn 100, knight 300, bishop 300, rook 500, queen 900, every
// positional weight 0), a deterministic stand-in for the paper's random
// non-evolved player (5.3).
func Seed004Mid() *Chromosome {
	s := seed004Schema()
	c := s.Default()
	for i, g := range s.Genes {
		c.Values[i] = (g.Lo + g.Hi) / 2
	}
	c.Name = "seed004_mid"
	return c
}
