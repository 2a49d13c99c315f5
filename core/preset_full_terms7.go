package core

// terms7Genes declares the genes of eval_terms7.go, after eval_terms6's
// (the last block) so that every file and run of the layout before them
// stays a prefix. Opt-in, in groups of their own, neutral at 0, their
// default, as eval_terms6's. Stockfish 11 scores a candidate as half a
// passed pawn of its rank, PassedFile S(−11, −8).
func (b *schemaBuilder) terms7Genes() {
	first := len(b.s.Genes)
	t := func(w *Weights) *Terms7Weights { return &w.Terms7 }
	for r := 1; r <= 5; r++ {
		b.tapered("candidate_passed_rank"+string(rune('1'+r)), "candidate_passed", -50, 200, 0, 0,
			func(w *Weights) *Score { return &t(w).CandidatePassed[r] })
	}
	b.tapered("passed_file", "candidate_passed", -50, 50, 0, 0, func(w *Weights) *Score { return &t(w).PassedFile })
	for i := first; i < len(b.s.Genes); i++ {
		g := &b.s.Genes[i]
		g.OptIn = true
		g.Tags = append(g.Tags, Terms7Family)
	}
}
