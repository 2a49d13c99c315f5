package core

// The seed000 preset (docs/chromosomes.md section 2): 18 principle weights
// and six 64-entry matrices, 402 genes in pawn units. The named player takes
// the centre of every principle's init range and the Appendix A matrices.

func init() { registerPreset("seed000", seed000Schema) }

// seed000Principle is one row of the table in 2.4.
type seed000Principle struct {
	group          string
	tags           []string
	initLo, initHi float64 // the GA's uniform draw (authors' centre ± spread, signs corrected)
	def            float64 // centre of the init range (2.7)
}

var seed000Principles = [numPrinciples]seed000Principle{
	prMaterial:           {"material", nil, 0.5, 1.5, 1.0},
	prPieceMobility:      {"mobility", nil, 0.05, 0.15, 0.1},
	prCastling:           {"king_safety", []string{"development"}, 0.2, 0.8, 0.5},
	prDevelopmentSpeed:   {"development", nil, 0.1, 0.3, 0.2},
	prDoubledPawn:        {"pawn_structure", nil, -0.5, -0.1, -0.3},
	prIsolatedPawn:       {"pawn_structure", nil, -0.5, -0.1, -0.3},
	prConnectedPawn:      {"pawn_structure", nil, 0.1, 0.3, 0.2},
	prPassedPawn:         {"pawn_structure", []string{"passed"}, 0.2, 0.6, 0.4},
	prEnemyKingPressure:  {"king_safety", nil, 0.1, 0.7, 0.4},
	prPieceDefense:       {"piece_safety", nil, 0.1, 0.3, 0.2},
	prBishopPair:         {"bishop", nil, 0.1, 0.3, 0.2},
	prConnectedRooks:     {"rook", nil, 0.2, 0.4, 0.3},
	prKingCentralization: {"king_activity", nil, 0.05, 0.15, 0.1},
	prKnightOutpost:      {"knight", nil, 0.1, 0.5, 0.3},
	prBlockedPiece:       {"mobility", nil, -0.5, -0.1, -0.3},
	prSpaceControl:       {"space", nil, 0.1, 0.3, 0.2},
	prKingShield:         {"king_safety", nil, 0.2, 0.4, 0.3},
	prKingPressure:       {"king_safety", nil, 0.3, 0.7, 0.5},
}

// Bounds (our choice in 2.4): they only catch runaway values, several
// times the largest initial weight; signs may still flip.
const (
	seed000PrincipleBound = 5.0
	seed000MatrixBound    = 3.0
)

var seed000PieceNames = [7]string{Pawn: "pawn", Knight: "knight", Bishop: "bishop", Rook: "rook", Queen: "queen", King: "king"}

func seed000Schema() *Schema {
	b := newSchema("seed000", "Belanger & Tusinean: 18 principles and 6 positional matrices, pawn units")
	for k, pr := range seed000Principles {
		i := b.gene(PrincipleNames[k], pr.group, -seed000PrincipleBound, seed000PrincipleBound, pr.def, PhaseBoth)
		b.tag(i, pr.tags...)
		b.initRange(i, pr.initLo, pr.initHi)
	}
	first := len(b.s.Genes)
	for pt := Pawn; pt <= King; pt++ {
		m := seed000Matrix(pt)
		for sq := Square(0); sq < 64; sq++ {
			i := b.gene("pst_"+seed000PieceNames[pt]+"_"+sq.String(), "piece_square",
				-seed000MatrixBound, seed000MatrixBound, m[sq], PhaseBoth)
			b.tag(i, seed000PieceNames[pt])
			// The GA starts from the initial matrices (2.7): their
			// structure is what evolution is seen to lose (000:199).
			b.s.Genes[i].InitAtDefault = true
			if pt == Pawn && (sq.Rank() == 0 || sq.Rank() == 7) {
				b.fix(i, 0) // no pawn ever stands there
			}
		}
	}
	b.unit(0, len(b.s.Genes)-1, "pawn")
	b.then(func(w *Weights, v []float64) {
		var m [7][64]float64
		for pt := Pawn; pt <= King; pt++ {
			copy(m[pt][:], v[first+64*int(pt-Pawn):])
		}
		w.Seed000 = newSeed000Weights(v[:numPrinciples], &m)
	})
	return b.build()
}

// seed000Matrix returns the Appendix A matrix of pt (pawn units, white's
// view), from the formulas of 2.6 evaluated in hundredths so that every
// entry is exactly the printed decimal.
func seed000Matrix(pt PieceType) [64]float64 {
	kingSide := [8]int{80, 100, 80, 40, 40, 60, 100, 80}
	var t [64]float64
	for sq := Square(0); sq < 64; sq++ {
		f, rr, cd := sq.File(), sq.Rank(), ringDistance(sq)
		var v int
		switch pt {
		case Pawn:
			if rr > 0 && rr < 7 {
				v = 10 * (rr - 1)
				if (f == 3 || f == 4) && rr >= 2 && rr <= 4 {
					v += 10
				}
			}
		case Knight:
			v = 100 - 30*cd
		case Bishop:
			v = 80 - 20*cd
			if onLongDiagonal(sq) {
				v += 10
			}
		case Rook:
			v = 50
			if f >= 2 && f <= 5 {
				v += 10
			}
			if rr == 6 {
				v += 30
			}
		case Queen:
			v = 70 - 10*cd
		case King:
			v = max(0, kingSide[f]-40*rr)
		}
		t[sq] = float64(v) / 100
	}
	return t
}
