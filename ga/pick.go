package ga

import (
	"fmt"
	"strconv"
	"strings"
)

// Pick returns an individual of the run by selector: "best" (the best of
// the last evaluated generation), "N" (the N-th of the population, from
// 0), "id=N" (the genome with that ID, in the population or hall of fame)
// or "gen0" (generation 0's best).
func (r *Run) Pick(sel string) (*Genome, error) {
	switch {
	case sel == "" || sel == "best":
		if b := r.Best(); b != nil {
			return b, nil
		}
		return nil, fmt.Errorf("the run has no evaluated generation yet")
	case sel == "gen0":
		if r.Gen0Best == nil {
			return nil, fmt.Errorf("the run has no evaluated generation yet")
		}
		return r.Gen0Best, nil
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
