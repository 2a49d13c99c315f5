package core

// Terms2Family tags every gene of the terms EvalTerms2 switches on
// (eval_terms2.go): "--evolve eval_terms2" names them all.
const Terms2Family = "eval_terms2"

// terms2Genes declares the genes of eval_terms2.go, after the search
// genes so that every file and run of the layout before them stays a
// prefix. They are opt-in, as the search genes: a run evolves them only
// when it names their group or family, a file may leave them out. The
// defaults are Stockfish 4's values (evaluate.cpp, 2013) scaled to
// centipawns: docs/chromosomes.md 6.4 says how for each.
func (b *schemaBuilder) terms2Genes() {
	first := len(b.s.Genes)
	// King danger: whole numbers, centipawns for the table's shape,
	// attack units (a count, as GA mutations read it) for the rest.
	integer := func(name, unit string, def, hi float64, target func(w *Weights) *int) {
		i := b.gene(name, "king_danger", 0, hi, def, PhaseBoth) // the table has both phases
		b.s.Genes[i].Unit = unit
		b.then(func(w *Weights, v []float64) { *target(w) = cp(v[i]) })
	}
	integer("king_danger_slope", "", 17, 200, func(w *Weights) *int { return &w.Terms2.KingDangerSlope })
	integer("king_danger_peak", "", 730, 2000, func(w *Weights) *int { return &w.Terms2.KingDangerPeak })
	unit := func(name string, def float64, target func(w *Weights) *int) { integer(name, "count", def, 20, target) }
	unit("king_weak_square", 3, func(w *Weights) *int { return &w.Terms2.KingWeakSquare })
	checks := [7]float64{Knight: 1, Bishop: 1, Rook: 2, Queen: 3}
	for pt := Knight; pt <= Queen; pt++ {
		unit("king_safe_check_"+pieceTypeNames[pt], checks[pt], func(w *Weights) *int { return &w.Terms2.KingSafeCheck[pt] })
	}
	contact := [7]float64{Rook: 4, Queen: 6}
	for _, pt := range []PieceType{Rook, Queen} {
		unit("king_contact_check_"+pieceTypeNames[pt], contact[pt], func(w *Weights) *int { return &w.Terms2.KingContactCheck[pt] })
	}
	terms := []struct {
		name, group string
		lo, hi      float64
		mg, eg      int
		target      func(*Weights) *Score
	}{
		{"threat_minor_on_rook", "piece_threats", -200, 50, -21, -39, func(w *Weights) *Score { return &w.Terms2.ThreatMinorOnRook }},
		{"threat_minor_on_queen", "piece_threats", -200, 50, -21, -39, func(w *Weights) *Score { return &w.Terms2.ThreatMinorOnQueen }},
		{"threat_rook_on_queen", "piece_threats", -200, 50, -12, -19, func(w *Weights) *Score { return &w.Terms2.ThreatRookOnQueen }},
		{"hanging_pawn", "piece_threats", -100, 50, -4, -15, func(w *Weights) *Score { return &w.Terms2.HangingPawn }},
		{"space", "space", -20, 40, 6, 0, func(w *Weights) *Score { return &w.Terms2.Space }},
		{"passed_own_king_distance", "passer_details", -20, 40, 0, 4, func(w *Weights) *Score { return &w.Terms2.PassedOwnKingDistance }},
		{"passed_free_path", "passer_details", -20, 60, 7, 6, func(w *Weights) *Score { return &w.Terms2.PassedFreePath }},
		{"passed_safe_stop", "passer_details", -20, 60, 4, 4, func(w *Weights) *Score { return &w.Terms2.PassedSafeStop }},
		{"passed_defended_path", "passer_details", -20, 60, 3, 2, func(w *Weights) *Score { return &w.Terms2.PassedDefendedPath }},
		{"passed_phalanx", "passer_details", -50, 100, 0, 8, func(w *Weights) *Score { return &w.Terms2.PassedPhalanx }},
		{"passed_supported", "passer_details", -50, 100, 0, 5, func(w *Weights) *Score { return &w.Terms2.PassedSupported }},
	}
	for _, t := range terms {
		b.tapered(t.name, t.group, t.lo, t.hi, t.mg, t.eg, t.target)
	}
	for i := first; i < len(b.s.Genes); i++ {
		g := &b.s.Genes[i]
		g.OptIn = true
		g.Tags = append(g.Tags, Terms2Family)
	}
}
