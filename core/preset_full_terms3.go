package core

import "strconv"

// terms3Genes declares the genes of eval_terms3.go, after every search
// gene so that every file and run of the layout before them stays a
// prefix. Opt-in, in groups of their own (a run that names an older
// group, such as "bishop", evolves what it did before), and neutral at
// 0, their default: a scale gene is 64ths added to the whole, so that a
// digest of a chromosome's non-zero genes (a labeller's fingerprint)
// stays what it was for every chromosome of the layout before them.
func (b *schemaBuilder) terms3Genes() {
	first := len(b.s.Genes)
	for pt := Knight; pt <= Queen; pt++ {
		for n := 0; n <= mobilityMax[pt]; n++ {
			b.tapered("mobility_table_"+pieceTypeNames[pt]+"_"+strconv.Itoa(n), "mobility_table", -100, 100, 0, 0,
				func(w *Weights) *Score { return &w.Terms3.MobilityTable[pt][n] })
			for i := len(b.s.Genes) - 2; i < len(b.s.Genes); i++ { // its _mg and _eg
				b.s.Genes[i].reach = geneReach{kind: reachMobility, piece: pt, count: n}
			}
		}
	}
	scale := func(name string, lo, hi float64, target func(w *Weights) *int) {
		i := b.gene(name, "endgame_scale", lo, hi, 0, PhaseEnd)
		b.s.Genes[i].Unit = "1/64"
		b.then(func(w *Weights, v []float64) { *target(w) = cp(v[i]) })
	}
	scale("scale_ocb", -64, 64, func(w *Weights) *int { return &w.Terms3.ScaleOCB })
	scale("scale_ocb_passed", -16, 32, func(w *Weights) *int { return &w.Terms3.ScaleOCBPassed })
	scale("scale_ocb_pieces", -64, 64, func(w *Weights) *int { return &w.Terms3.ScaleOCBPieces })
	scale("scale_pawnless", -64, 64, func(w *Weights) *int { return &w.Terms3.ScalePawnless })
	b.tapered("king_pawn_distance", "king_pawns", -40, 40, 0, 0, func(w *Weights) *Score { return &w.Terms3.KingPawnDistance })
	b.tapered("bishop_pawns", "bishop_pawns", -40, 40, 0, 0, func(w *Weights) *Score { return &w.Terms3.BishopPawns })
	initiative := func(name string, lo, hi float64, target func(w *Weights) *int) {
		i := b.gene(name, "initiative", lo, hi, 0, PhaseEnd)
		b.then(func(w *Weights, v []float64) { *target(w) = cp(v[i]) })
	}
	t := func(w *Weights) *Terms3Weights { return &w.Terms3 }
	initiative("initiative_passed", -20, 40, func(w *Weights) *int { return &t(w).InitiativePassed })
	initiative("initiative_pawns", -20, 40, func(w *Weights) *int { return &t(w).InitiativePawns })
	initiative("initiative_outflank", -20, 40, func(w *Weights) *int { return &t(w).InitiativeOutflank })
	initiative("initiative_both_flanks", -50, 100, func(w *Weights) *int { return &t(w).InitiativeBothFlanks })
	initiative("initiative_pawn_ending", -50, 150, func(w *Weights) *int { return &t(w).InitiativePawnEnding })
	initiative("initiative_base", -300, 100, func(w *Weights) *int { return &t(w).InitiativeBase })
	for i := first; i < len(b.s.Genes); i++ {
		g := &b.s.Genes[i]
		g.OptIn = true
		g.Tags = append(g.Tags, Terms3Family)
	}
}
