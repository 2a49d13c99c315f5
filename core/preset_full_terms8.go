package core

// terms8Genes declares the genes of eval_terms8.go, after eval_terms7's
// (the last block) so that every file and run of the layout before them
// stays a prefix. Opt-in, in a group of their own, neutral at 0, their
// default, as eval_terms7's. Stockfish 11's values, per unit of w, are
// S(0, 4.75) for the enemy king's distance, S(0, 2) and S(0, 1) for the
// own king's, and 35, 20, 9 and 5 in both phases for the path (internal
// units: a pawn is 128 in the middlegame, 213 in the endgame).
func (b *schemaBuilder) terms8Genes() {
	first := len(b.s.Genes)
	t := func(w *Weights) *Terms8Weights { return &w.Terms8 }
	genes := []struct {
		name   string
		lo, hi float64
		target func(*Weights) *Score
	}{
		{"passed_king_proximity", -10, 20, func(w *Weights) *Score { return &t(w).KingProximity }},
		{"passed_own_king_proximity", -10, 20, func(w *Weights) *Score { return &t(w).OwnKingProximity }},
		{"passed_own_king_second", -10, 20, func(w *Weights) *Score { return &t(w).OwnKingSecond }},
		{"passed_free_span", -20, 60, func(w *Weights) *Score { return &t(w).FreeSpan }},
		{"passed_free_path8", -20, 60, func(w *Weights) *Score { return &t(w).FreePath }},
		{"passed_safe_stop8", -20, 60, func(w *Weights) *Score { return &t(w).SafeStop }},
		{"passed_defended_stop", -20, 60, func(w *Weights) *Score { return &t(w).DefendedStop }},
	}
	for _, g := range genes {
		b.tapered(g.name, "passer_proximity", g.lo, g.hi, 0, 0, g.target)
	}
	for i := first; i < len(b.s.Genes); i++ {
		g := &b.s.Genes[i]
		g.OptIn = true
		g.Tags = append(g.Tags, Terms8Family)
	}
}
