package ga

import (
	"context"
	"math/rand/v2"
)

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
	games := s.Fitness == FitnessMatch
	if games {
		for _, g := range line {
			g.Fitness, g.Evaluated = 0, true
		}
	} else if err := r.evaluate(ctx, line); err != nil {
		return err
	}
	compare := func(a, b *Genome) (float64, float64, error) {
		if !games {
			return a.Fitness, b.Fitness, nil
		}
		wa, wb, err := r.ev.twoGameMatch(ctx, r.rng, a, b)
		a.Fitness += float64(wa)
		b.Fitness += float64(wb)
		return float64(wa), float64(wb), err
	}
	evaluated, err := twoRoundSelection(r.rng, line, compare, r.mutatedClone)
	if err != nil {
		return err
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
	// The clone must differ from the winner (docs/chromosomes.md 4.4): the
	// per-gene draws are repeated until one gene mutates.
	for try := 0; try < 1000 && PolynomialMutation(r.rng, c.Chromosome, s.Eta, probs, true) == 0; try++ {
	}
	RaiseQueen(c.Chromosome)
	if !matchFitness(s) {
		c.Fitness, c.Evaluated = w.Fitness, false
	}
	return c
}

func matchFitness(s *Settings) bool { return s.Fitness == FitnessMatch }

// twoRoundSelection walks seed 003's line: individual i meets a random
// later one j; compare scores the pair; the winner's clone overwrites the
// loser's slot and a tie overwrites nobody. It returns the individuals that
// played, in order of first appearance. With scores that are fitness
// values (distinct, clones inheriting them), the fittest ends in the last
// slot.
func twoRoundSelection(rng *rand.Rand, line []*Genome, compare func(a, b *Genome) (float64, float64, error), clone func(*Genome) *Genome) ([]*Genome, error) {
	played := map[*Genome]bool{}
	var evaluated []*Genome
	n := len(line)
	for i := 0; i+1 < n; i++ {
		j := i + 1 + rng.IntN(n-1-i)
		a, b := line[i], line[j]
		sa, sb, err := compare(a, b)
		if err != nil {
			return nil, err
		}
		for _, g := range []*Genome{a, b} {
			if !played[g] {
				played[g] = true
				evaluated = append(evaluated, g)
			}
		}
		switch {
		case sa > sb:
			line[j] = clone(a)
		case sb > sa:
			line[i] = clone(b)
		}
	}
	return evaluated, nil
}
