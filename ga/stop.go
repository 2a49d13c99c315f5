package ga

// DefaultConverged is seed 003's "until all individuals in the population
// converge to the same solution" as a diversity (mean pairwise genotypic
// distance): below 0.001 the genes of two individuals differ on average by
// under 0.1% of their initial range, 0.002 pawns for a seed003 piece, a
// fifth of the centipawn the evaluation rounds its score to, so the
// individuals are one player. The method's forced mutation of every clone
// keeps diversity above it in practice (the paper's Table III still has
// stds of 0.7 after 520 generations): the generation limit ends the run.
const DefaultConverged = 0.001

// checkConverged ends the run when the generation just recorded (st) has
// converged: Settings.Converged > 0 and its diversity below it. Any method;
// called by record after the generation limit, so a run that reaches both
// at once reports convergence, the more specific reason.
func (r *Run) checkConverged(st *GenStats) {
	if c := r.Settings.Converged; c > 0 && st.Diversity < c {
		r.Finished = "converged"
	}
}
