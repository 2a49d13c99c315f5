package core

import "strconv"

// terms4Genes declares the genes of eval_terms4.go, after eval_terms3's
// (the last block) so that every file and run of the layout before them
// stays a prefix. Opt-in, in groups of their own, neutral at 0, their
// default, as eval_terms3's (terms3Genes).
func (b *schemaBuilder) terms4Genes() {
	first := len(b.s.Genes)
	t := func(w *Weights) *Terms4Weights { return &w.Terms4 }
	for d := 0; d < 4; d++ {
		for r := 0; r < 7; r++ {
			i := b.gene("shelter_d"+strconv.Itoa(d)+"_r"+strconv.Itoa(r), "king_shelter", -150, 150, 0, PhaseMiddle)
			b.then(func(w *Weights, v []float64) { t(w).Shelter[d][r] = cp(v[i]) })
		}
	}
	for d := 0; d < 4; d++ {
		for r := 0; r < 7; r++ {
			i := b.gene("storm_d"+strconv.Itoa(d)+"_r"+strconv.Itoa(r), "king_shelter", -300, 300, 0, PhaseMiddle)
			b.then(func(w *Weights, v []float64) { t(w).Storm[d][r] = cp(v[i]) })
		}
	}
	// A blocked storming pawn stands on the 3rd rank at least.
	for r := 2; r < 7; r++ {
		b.tapered("blocked_storm_r"+strconv.Itoa(r), "king_shelter", -150, 150, 0, 0, func(w *Weights) *Score { return &t(w).BlockedStorm[r] })
	}
	b.tapered("pawnless_flank", "king_shelter", -150, 150, 0, 0, func(w *Weights) *Score { return &t(w).PawnlessFlank })
	b.tapered("flank_attacks", "king_shelter", -30, 30, 0, 0, func(w *Weights) *Score { return &t(w).FlankAttacks })
	for r := 1; r < 7; r++ {
		b.tapered("connected_pawn_r"+strconv.Itoa(r), "pawn_shape", -100, 200, 0, 0, func(w *Weights) *Score { return &t(w).Connected[r] })
	}
	b.tapered("connected_opposed", "pawn_shape", -100, 100, 0, 0, func(w *Weights) *Score { return &t(w).ConnectedOpposed })
	b.tapered("weak_unopposed_pawn", "pawn_shape", -100, 100, 0, 0, func(w *Weights) *Score { return &t(w).WeakUnopposed })
	b.tapered("weak_lever", "pawn_shape", -100, 100, 0, 0, func(w *Weights) *Score { return &t(w).WeakLever })
	for pt := Pawn; pt <= Bishop; pt++ {
		b.tapered("threat_by_minor_"+pieceTypeNames[pt], "threats_by", -100, 200, 0, 0, func(w *Weights) *Score { return &t(w).ThreatByMinor[pt] })
	}
	for pt := Pawn; pt <= Bishop; pt++ {
		b.tapered("threat_by_rook_"+pieceTypeNames[pt], "threats_by", -100, 200, 0, 0, func(w *Weights) *Score { return &t(w).ThreatByRook[pt] })
	}
	b.tapered("threat_by_king", "threats_by", -100, 200, 0, 0, func(w *Weights) *Score { return &t(w).ThreatByKing })
	b.tapered("restricted_piece", "threats_by", -30, 30, 0, 0, func(w *Weights) *Score { return &t(w).RestrictedPiece })
	b.tapered("threat_by_pawn_push", "threats_by", -100, 200, 0, 0, func(w *Weights) *Score { return &t(w).ThreatByPawnPush })
	b.tapered("minor_behind_pawn", "piece_places", -100, 100, 0, 0, func(w *Weights) *Score { return &t(w).MinorBehindPawn })
	b.tapered("long_diagonal_bishop", "piece_places", -100, 100, 0, 0, func(w *Weights) *Score { return &t(w).LongDiagonalBishop })
	b.tapered("rook_queen_file", "piece_places", -100, 100, 0, 0, func(w *Weights) *Score { return &t(w).RookQueenFile })
	b.tapered("trapped_rook", "piece_places", -150, 50, 0, 0, func(w *Weights) *Score { return &t(w).TrappedRook })
	for pt := Knight; pt <= Bishop; pt++ {
		b.tapered("king_protector_"+pieceTypeNames[pt], "piece_places", -40, 40, 0, 0, func(w *Weights) *Score { return &t(w).KingProtector[pt] })
	}
	b.tapered("reachable_outpost", "piece_places", -100, 100, 0, 0, func(w *Weights) *Score { return &t(w).ReachableOutpost })
	for i := first; i < len(b.s.Genes); i++ {
		g := &b.s.Genes[i]
		g.OptIn = true
		g.Tags = append(g.Tags, Terms4Family)
	}
}
