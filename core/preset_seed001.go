package core

// The seed001 preset (Phoenix, docs/chromosomes.md section 3): ten
// positional value tables, 640 genes in centipawns. An entry is the whole
// value of a piece on that square, material included (3.2), so the preset
// is nothing but the shared piece-square tables; rook and queen have one
// table used in both phases. Defaults: material 100/320/330/500/900 plus
// the Appendix B shapes.

func init() { registerPreset("seed001", seed001Schema) }

// seed001Table is one row of the layout in 3.4 (Table I order).
type seed001Table struct {
	pt       PieceType
	phase    GenePhase
	label    string // middle-game tables also serve rook and queen end games
	lo, hi   float64
	material int
	tags     []string
}

var seed001Tables = [10]seed001Table{
	{Pawn, PhaseMiddle, "pawn_mg", 0, 300, 100, []string{"pawn", "material"}},
	{Pawn, PhaseEnd, "pawn_eg", 0, 300, 100, []string{"pawn", "material"}},
	{Rook, PhaseBoth, "rook_mg", 300, 800, 500, []string{"rook", "material"}},
	{Knight, PhaseMiddle, "knight_mg", 150, 500, 320, []string{"knight", "material"}},
	{Knight, PhaseEnd, "knight_eg", 150, 500, 320, []string{"knight", "material"}},
	{Bishop, PhaseMiddle, "bishop_mg", 150, 500, 330, []string{"bishop", "material"}},
	{Bishop, PhaseEnd, "bishop_eg", 150, 500, 330, []string{"bishop", "material"}},
	{Queen, PhaseBoth, "queen_mg", 600, 1300, 900, []string{"queen", "material"}},
	{King, PhaseMiddle, "king_mg", -200, 200, 0, []string{"king_safety"}},
	{King, PhaseEnd, "king_eg", -200, 200, 0, []string{"king_activity"}},
}

func seed001Schema() *Schema {
	b := newSchema("seed001", "Phoenix: 10 positional value tables (piece value per square), centipawns")
	for _, t := range seed001Tables {
		shape := baseShapeCP(t.pt, t.phase != PhaseEnd)
		var def [64]float64
		for sq := range def {
			def[sq] = float64(t.material + shape[sq])
		}
		first := len(b.s.Genes)
		b.table("pvt_"+t.label, "piece_square", t.lo, t.hi, &def, t.phase, 1, t.pt)
		for sq := Square(0); sq < 64; sq++ {
			i := first + int(sq)
			b.tag(i, t.tags...)
			if t.pt == Pawn && (sq.Rank() == 0 || sq.Rank() == 7) {
				b.fix(i, 0) // never read: no pawn stands on its first or last rank
			}
		}
	}
	b.unit(0, len(b.s.Genes)-1, "cp")
	return b.build()
}
