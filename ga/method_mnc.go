package ga

import "context"

// stepMNC is seed 001's multi-niche crowding generation: evaluate; then
// Offspring times, an individual taken in turn mates with the most similar
// of CrowdingSelection random others (crowding selection), their child
// (uniform crossover, polynomial mutation of each gene with GeneProb) takes
// the slot of the worst among the most similar of CrowdingGroups random
// groups of CrowdingGroupSize (children of this generation are not
// replaced). Similarity is phenotypic unless Distance is genotypic (see
// crowdingDistance). The run stops early when the best individual has
// stayed the best for StallGenerations, or its chromosome moved less than
// SlowChange (genotypic distance) for SlowGenerations.
func (r *Run) stepMNC(ctx context.Context) error {
	s := &r.Settings
	if err := r.evaluate(ctx, r.Population); err != nil {
		return err
	}
	r.record(r.Population, "")
	r.mncStopRules()
	if r.Finished != "" {
		return nil
	}
	n := len(r.Population)
	search, err := s.playerSearch()
	if err != nil {
		return err
	}
	cd, err := newCrowdingDistance(s.Distance, search)
	if err != nil {
		return err
	}
	if err := cd.prepare(r.Population...); err != nil {
		return err
	}
	dist := cd.distance
	old := append([]*Genome(nil), r.Population...)
	eligible := make([]int, n) // slots still holding last generation's members
	for i := range eligible {
		eligible[i] = i
	}
	first := (r.Generation * s.offspring()) % n
	probs := make([]float64, len(r.schema.Genes))
	for i := range probs {
		probs[i] = s.GeneProb
	}
	for k := 0; k < s.offspring() && len(eligible) > 0; k++ {
		ia := (first + k) % n
		a := old[ia]
		m := CrowdingSelect(r.rng, old, ia, s.CrowdingSelection, dist)
		c := UniformCrossover(r.rng, a.Chromosome, m.Chromosome)
		PolynomialMutation(r.rng, c, s.Eta, probs, false)
		child := r.newGenome(c, []int{a.ID, m.ID}, "crowding")
		if err := cd.prepare(child); err != nil {
			return err
		}
		view := make([]*Genome, len(eligible))
		for i, slot := range eligible {
			view[i] = r.Population[slot]
		}
		v := WorstAmongMostSimilar(r.rng, view, child, s.CrowdingGroups, s.CrowdingGroupSize, dist)
		r.Population[eligible[v]] = child
		eligible = append(eligible[:v], eligible[v+1:]...)
	}
	if !r.absoluteFitness() {
		for _, g := range r.Population {
			g.Evaluated = false
		}
	}
	return nil
}

// mncStopRules applies seed 001's two early stopping rules.
func (r *Run) mncStopRules() {
	s := &r.Settings
	st := r.History[len(r.History)-1]
	if st.BestID == r.Stall.BestID && r.Generation > 1 {
		r.Stall.Unchanged++
	} else {
		r.Stall.Unchanged = 0
	}
	if r.Stall.Last != nil && normalisedDistance(r.schema.Genes, r.Stall.Last, st.BestGenes) < s.SlowChange {
		r.Stall.Slow++
	} else {
		r.Stall.Slow = 0
	}
	r.Stall.BestID, r.Stall.Last = st.BestID, st.BestGenes
	switch {
	case s.StallGenerations > 0 && r.Stall.Unchanged >= s.StallGenerations:
		r.Finished = "best unchanged"
	case s.SlowGenerations > 0 && r.Stall.Slow >= s.SlowGenerations:
		r.Finished = "best changing < 1%"
	}
}
