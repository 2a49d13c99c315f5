package ga

import (
	"fmt"
	"strconv"
	"strings"
)

// Pick returns an individual of the run by selector: "best" (the best of
// the last evaluated generation), "N" (the N-th of the population, from
// 0), "id=N" (the genome with that ID, in the population or hall of fame)
// "gen0" (generation 0's best) or "gen0=K" (the K-th of generation 0, from
// 0, where the run keeps generation 0: the adaptive method) or "center"
// (what cmaes, spsa and gradient tune: the mean, θ, the current chromosome).
func (r *Run) Pick(sel string) (*Genome, error) {
	switch {
	case sel == "" || sel == "best":
		if b := r.Best(); b != nil {
			return b, nil
		}
		return nil, fmt.Errorf("the run has no evaluated generation yet")
	case sel == "center":
		if c := r.Center(); c != nil {
			return c, nil
		}
		return nil, fmt.Errorf("selector center: only cmaes, spsa and gradient runs have one, after their first generation")
	case sel == "gen0":
		if r.Gen0Best == nil {
			return nil, fmt.Errorf("the run has no evaluated generation yet")
		}
		return r.Gen0Best, nil
	case strings.HasPrefix(sel, "gen0="):
		return r.pickInitial(sel)
	case strings.HasPrefix(sel, "id="):
		id, err := strconv.Atoi(sel[3:])
		if err != nil {
			return nil, fmt.Errorf("selector %q: %q is not a number", sel, sel[3:])
		}
		for _, list := range [][]*Genome{r.Population, r.HallOfFame} {
			for _, g := range list {
				if g.ID == id {
					return g, nil
				}
			}
		}
		return nil, fmt.Errorf("no genome with id %d", id)
	}
	n, err := strconv.Atoi(sel)
	if err != nil || n < 0 || n >= len(r.Population) {
		return nil, fmt.Errorf("selector %q: not best, gen0, id=N or an index from 0 to %d", sel, len(r.Population)-1)
	}
	return r.Population[n], nil
}

// pickInitial returns the K-th individual of generation 0 ("gen0=K").
func (r *Run) pickInitial(sel string) (*Genome, error) {
	k, err := strconv.Atoi(sel[len("gen0="):])
	if err != nil {
		return nil, fmt.Errorf("selector %q: %q is not a number", sel, sel[len("gen0="):])
	}
	if r.Adaptive == nil || len(r.Adaptive.Initial) == 0 {
		return nil, fmt.Errorf("selector %q: the run does not keep generation 0 (only adaptive runs do)", sel)
	}
	if k < 0 || k >= len(r.Adaptive.Initial) {
		return nil, fmt.Errorf("selector %q: generation 0 has individuals 0 to %d", sel, len(r.Adaptive.Initial)-1)
	}
	c := r.schema.Default()
	values := r.Adaptive.Initial[k]
	if len(values) != len(c.Values) {
		return nil, fmt.Errorf("selector %q: %d gene values stored, the %s schema has %d", sel, len(values), r.Settings.Preset, len(c.Values))
	}
	for i, v := range values {
		if g := &r.schema.Genes[i]; v < g.Lo || v > g.Hi {
			return nil, fmt.Errorf("selector %q: gene %s = %g is outside [%g, %g]", sel, g.Name, v, g.Lo, g.Hi)
		}
	}
	copy(c.Values, values)
	return &Genome{ID: -1 - k, Chromosome: c, Note: "generation 0"}, nil
}
