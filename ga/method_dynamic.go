package ga

import "context"

// stepDynamic is seed 003's generation, a two-round selection along the
// line of individuals: individual i meets a random later one; with match
// fitness they play a two-game colour-swapped match (+1 a win), otherwise
// their fitness values are compared. The winner's clone, mutated
// (polynomial, per-gene probabilities, dynamic bounds of constant width,
// queen at least the largest other piece), overwrites the loser; a tie
// (equal wins or fitness) overwrites nobody. The fittest ends in the last
// slot. A genome's fitness for the statistics is the wins it scored in
// this generation's matches (or its fitness).
func (r *Run) stepDynamic(ctx context.Context) error {
	s := &r.Settings
	line := r.Population
	n := len(line)
	games := s.Fitness == FitnessMatch
	if games {
		for _, g := range line {
			g.Fitness, g.Evaluated = 0, true
		}
	} else if err := r.evaluate(ctx, line); err != nil {
		return err
	}
	played := map[*Genome]bool{}
	var evaluated []*Genome
	for i := 0; i+1 < n; i++ {
		j := i + 1 + r.rng.IntN(n-1-i)
		a, b := line[i], line[j]
		var aWins, bWins float64
		if games {
			wa, wb, err := r.ev.twoGameMatch(ctx, r.rng, a, b)
			if err != nil {
				return err
			}
			a.Fitness += float64(wa)
			b.Fitness += float64(wb)
			aWins, bWins = float64(wa), float64(wb)
		} else {
			aWins, bWins = a.Fitness, b.Fitness
		}
		for _, g := range []*Genome{a, b} {
			if !played[g] {
				played[g] = true
				evaluated = append(evaluated, g)
			}
		}
		switch {
		case aWins > bWins:
			line[j] = r.mutatedClone(a)
		case bWins > aWins:
			line[i] = r.mutatedClone(b)
		}
	}
	r.record(evaluated, "")
	// The statistics' best is the fittest of the generation; the line's
	// last slot holds the winner of the last pairing.
	r.Population = line
	return nil
}

// mutatedClone is seed 003's copy of a winner: cloned, then mutated.
func (r *Run) mutatedClone(w *Genome) *Genome {
	s := &r.Settings
	c := r.child(w, "clone")
	probs := make([]float64, len(r.schema.Genes))
	for i := range probs {
		probs[i] = s.OtherProb
		if r.schema.Genes[i].InFamily("material") {
			probs[i] = s.PieceProb
		}
	}
	PolynomialMutation(r.rng, c.Chromosome, s.Eta, probs, true)
	RaiseQueen(c.Chromosome)
	if !matchFitness(s) {
		c.Fitness, c.Evaluated = w.Fitness, false
	}
	return c
}

func matchFitness(s *Settings) bool { return s.Fitness == FitnessMatch }
