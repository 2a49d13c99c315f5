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

// withBase gives a built-in player whose chromosome has no search genes
// the run's set of search parameters, before its own options (which
// win); a player with search genes plays them, as it always did.
func withBase(ps arena.PlayerSpec, base *core.SearchParams) arena.PlayerSpec {
	if base == nil || ps.External() {
		return ps
	}
	own := ps
	own.Options = nil
	if w, err := own.Weights(); err != nil || w.Search != nil {
		return ps // an error is the game's to report, as before
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
