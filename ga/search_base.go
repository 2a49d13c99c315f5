package ga

import (
	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// searchBase is the set of search parameters the run's players search
// with where their chromosome has no search genes: nil for the program's
// defaults (the newest set), else the older set the run was made with.
func (s *Settings) searchBase() (*core.SearchParams, error) {
	n := s.SearchParams
	if n == 0 {
		n = 1 // saved before the field: the defaults of then
	}
	if n == core.SearchParamSets {
		return nil, nil
	}
	p, err := core.SearchParamSet(n)
	if err != nil {
		return nil, err
	}
	return &p, nil
}

// withBase gives a built-in player the run's set of search parameters
// where the program's defaults would stand in for it: an individual
// whose chromosome has no search genes (a seed preset's: a run of full
// has them, at the set's values, runSchema), or a preset named by the
// player (chromosome=full, whose search genes are the program's
// defaults). The set goes before the player's own options, which win. A
// chromosome file plays its own search genes, or today's defaults when it
// has none (docs/chromosomes.md 6.3).
func withBase(ps arena.PlayerSpec, base *core.SearchParams) arena.PlayerSpec {
	if base == nil || ps.External() {
		return ps
	}
	if ps.Genes != nil {
		if w, err := ps.Genes.Compile(); err != nil || w.Search != nil {
			return ps // an error is the game's to report, as before
		}
	} else if _, err := core.Preset(ps.Chromosome); err != nil {
		return ps
	}
	ps.Options = append(base.Options(), ps.Options...)
	return ps
}

// baseWeights gives compiled weights without search genes the run's set.
func baseWeights(w *core.Weights, base *core.SearchParams) {
	if base != nil && w.Search == nil {
		p := *base
		w.Search = &p
	}
}
