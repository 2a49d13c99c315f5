package core

// terms6Genes declares the genes of eval_terms6.go, after eval_terms5's
// (the last block) so that every file and run of the layout before them
// stays a prefix. Opt-in, in groups of their own, neutral at 0, their
// default, as eval_terms5's.
func (b *schemaBuilder) terms6Genes() {
	first := len(b.s.Genes)
	t := func(w *Weights) *Terms6Weights { return &w.Terms6 }
	names := [imbalanceKinds]string{"pair", "pawn", "knight", "bishop", "rook", "queen"}
	imbalance := func(table string, a, c int, target func(w *Weights) *int) {
		i := b.gene("imbalance_"+table+"_"+names[a]+"_"+names[c], "imbalance", -1000, 1000, 0, PhaseBoth)
		b.s.Genes[i].Unit = "1/32"
		b.then(func(w *Weights, v []float64) { *target(w) = cp(v[i]) })
	}
	for a := 0; a < imbalanceKinds; a++ {
		for c := 0; c <= a; c++ {
			if a > 0 { // the pair with the pair is the bishop pair gene
				imbalance("ours", a, c, func(w *Weights) *int { return &t(w).Ours[a][c] })
			}
		}
	}
	for a := 0; a < imbalanceKinds; a++ {
		for c := 0; c < a; c++ { // a kind with itself cancels between the sides
			imbalance("theirs", a, c, func(w *Weights) *int { return &t(w).Theirs[a][c] })
		}
	}
	b.tapered("threat_safe_pawn", "queen_threats", -100, 300, 0, 0, func(w *Weights) *Score { return &t(w).SafePawnThreat })
	b.tapered("knight_on_queen", "queen_threats", -100, 100, 0, 0, func(w *Weights) *Score { return &t(w).KnightOnQueen })
	b.tapered("slider_on_queen", "queen_threats", -100, 150, 0, 0, func(w *Weights) *Score { return &t(w).SliderOnQueen })
	b.tapered("weak_queen", "queen_threats", -100, 150, 0, 0, func(w *Weights) *Score { return &t(w).WeakQueen })
	for i := first; i < len(b.s.Genes); i++ {
		g := &b.s.Genes[i]
		g.OptIn = true
		g.Tags = append(g.Tags, Terms6Family)
	}
}
