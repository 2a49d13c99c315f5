package core

// terms5Genes declares the genes of eval_terms5.go, after eval_terms4's
// (the last block) so that every file and run of the layout before them
// stays a prefix. Opt-in, in a group of their own, neutral at 0, their
// default, as eval_terms4's; whole numbers: attack units, or 64ths.
func (b *schemaBuilder) terms5Genes() {
	first := len(b.s.Genes)
	t := func(w *Weights) *Terms5Weights { return &w.Terms5 }
	integer := func(name, unit string, lo, hi float64, target func(w *Weights) *int) {
		i := b.gene(name, "king_pressure", lo, hi, 0, PhaseBoth)
		b.s.Genes[i].Unit = unit
		b.then(func(w *Weights, v []float64) { *target(w) = cp(v[i]) })
	}
	for pt := Knight; pt <= Queen; pt++ {
		integer("kd_attacker_"+pieceTypeNames[pt], "units", 0, 300, func(w *Weights) *int { return &t(w).Attacker[pt] })
	}
	for pt := Knight; pt <= Queen; pt++ {
		integer("kd_safe_check_"+pieceTypeNames[pt], "units", 0, 2000, func(w *Weights) *int { return &t(w).SafeCheck[pt] })
	}
	integer("kd_weak_ring", "units", 0, 500, func(w *Weights) *int { return &t(w).WeakRing })
	integer("kd_unsafe_check", "units", 0, 500, func(w *Weights) *int { return &t(w).UnsafeCheck })
	integer("kd_blocker", "units", 0, 400, func(w *Weights) *int { return &t(w).Blocker })
	integer("kd_king_hits", "units", 0, 300, func(w *Weights) *int { return &t(w).KingHits })
	integer("kd_flank", "units", 0, 20, func(w *Weights) *int { return &t(w).Flank })
	integer("kd_mobility", "1/64", 0, 256, func(w *Weights) *int { return &t(w).Mobility })
	integer("kd_shelter", "1/64", 0, 256, func(w *Weights) *int { return &t(w).Shelter })
	integer("kd_no_queen", "units", 0, 2000, func(w *Weights) *int { return &t(w).NoQueen })
	integer("kd_knight_defender", "units", 0, 500, func(w *Weights) *int { return &t(w).KnightDefender })
	integer("kd_bias", "units", -500, 500, func(w *Weights) *int { return &t(w).Bias })
	integer("kd_scale_mg", "1/64", 0, 256, func(w *Weights) *int { return &t(w).ScaleMG })
	integer("kd_scale_eg", "1/64", 0, 256, func(w *Weights) *int { return &t(w).ScaleEG })
	// Added after the scales (session 21), so that runs and files of the
	// 20 genes before stay a prefix of the layout.
	integer("kd_attackers_count", "1/64", 0, 128, func(w *Weights) *int { return &t(w).AttackersCount })
	integer("kd_flank_defense", "units", 0, 50, func(w *Weights) *int { return &t(w).FlankDefense })
	for i := first; i < len(b.s.Genes); i++ {
		g := &b.s.Genes[i]
		g.OptIn = true
		g.Tags = append(g.Tags, Terms5Family)
	}
}
