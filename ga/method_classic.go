package ga

import "context"

// stepClassic is seed 000's generation: evaluate, keep the Elitism best,
// and fill the rest with children of two tournament-selected parents by
// blend crossover (alpha per gene in [AlphaLo, AlphaHi]) and uniform
// mutation of strength MutationStrength·(1 − gen/generations): the paper's
// ±strength pawns on every gene (Algorithm 6) or, with Mutation "scaled",
// strength × each gene's initial range with the matrices preserved.
func (r *Run) stepClassic(ctx context.Context) error {
	s := &r.Settings
	if err := r.evaluate(ctx, r.Population); err != nil {
		return err
	}
	r.record(r.Population, "")
	if r.Finished != "" {
		return nil
	}
	next := make([]*Genome, 0, s.Population)
	for _, e := range Elite(r.Population, min(s.Elitism, s.Population-1)) {
		g := e.Clone() // the same individual, fitness and all
		g.Evaluated = e.Evaluated && r.absoluteFitness()
		next = append(next, g)
	}
	// record has counted this generation: the children are generation
	// r.Generation−1's, made with its strength (0.3 at generation 0).
	strength := s.MutationStrength * (1 - float64(r.Generation-1)/float64(s.Generations))
	mutate := UniformMutation
	if s.Mutation == MutationScaled {
		mutate = ScaledMutation
	}
	for len(next) < s.Population {
		a := TournamentSelect(r.rng, r.Population, s.tournamentK())
		b := TournamentSelect(r.rng, r.Population, s.tournamentK())
		c := BlendCrossover(r.rng, a.Chromosome, b.Chromosome, s.AlphaLo, s.AlphaHi)
		mutate(r.rng, c, s.MutationRate, strength)
		next = append(next, r.newGenome(c, []int{a.ID, b.ID}, "blend"))
	}
	r.Population = next
	return nil
}
