package core

import (
	"fmt"
	"strconv"
	"strings"
)

// SearchParams are the search's tunable numbers. Each Searcher holds its
// own copy (SetSearchParams), so searchers running in parallel share
// nothing; a chromosome's search genes and the UCI options set them.
type SearchParams struct {
	// Singular extensions: at depth ≥ SingularDepth, a hash move whose
	// entry is a lower bound searched nearly as deep is extended by a ply
	// when every other move fails low against its score less
	// SingularMargin·depth at half the depth. Off until an SPRT on main
	// says otherwise (docs/RESULTS.md).
	Singular       bool
	SingularDepth  int
	SingularMargin int // centipawns per ply of depth
}

// DefaultSearchParams are the shipped ones: the search as the bench
// signature knows it.
func DefaultSearchParams() SearchParams {
	return SearchParams{SingularDepth: 8, SingularMargin: 2}
}

// searchParam is one tunable integer: its UCI option and its bounds.
type searchParam struct {
	uci      string // the UCI option's name
	min, max int
	field    func(*SearchParams) *int
}

// searchParamTable lists the integer parameters; the UCI options and the
// built-in players' option.NAME=VALUE come from it.
var searchParamTable = []searchParam{
	{"SingularDepth", 4, 20, func(p *SearchParams) *int { return &p.SingularDepth }},
	{"SingularMargin", 0, 20, func(p *SearchParams) *int { return &p.SingularMargin }},
}

// singularOption is the check option switching singular extensions on.
const singularOption = "SingularExtensions"

func findSearchParam(name string) *searchParam {
	for i := range searchParamTable {
		if strings.EqualFold(searchParamTable[i].uci, name) {
			return &searchParamTable[i]
		}
	}
	return nil
}

// parseCheck reads a UCI check option's value.
func parseCheck(val string) (bool, error) {
	switch strings.ToLower(val) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, fmt.Errorf("%q is not true or false", val)
}

// Set changes the parameter the UCI option name names (any case) to the
// value text, as "setoption" and a built-in player's option.NAME=VALUE
// do. Errors name the option; p is unchanged on error.
func (p *SearchParams) Set(name, value string) error {
	canonical, err := p.set(name, value)
	if err != nil && canonical != "" {
		return fmt.Errorf("option %s: %v", canonical, err)
	}
	return err
}

// set is Set with the option's own name returned, and errors that do not
// repeat it (UCI's "setoption" says it already).
func (p *SearchParams) set(name, value string) (canonical string, err error) {
	if strings.EqualFold(name, singularOption) {
		b, err := parseCheck(value)
		if err == nil {
			p.Singular = b
		}
		return singularOption, err
	}
	sp := findSearchParam(name)
	if sp == nil {
		return "", fmt.Errorf("option %q is not a search option (have %s)", name, strings.Join(SearchOptionNames(), ", "))
	}
	n, err := strconv.Atoi(value)
	if err != nil || n < sp.min || n > sp.max {
		return sp.uci, fmt.Errorf("%q is not a number from %d to %d", value, sp.min, sp.max)
	}
	*sp.field(p) = n
	return sp.uci, nil
}

// SetAll applies option name/value pairs in order (see Set).
func (p *SearchParams) SetAll(opts [][2]string) error {
	q := *p
	for _, o := range opts {
		if err := q.Set(o[0], o[1]); err != nil {
			return err
		}
	}
	*p = q
	return nil
}

// SearchOptionNames lists the search's UCI options.
func SearchOptionNames() []string {
	out := []string{singularOption}
	for _, sp := range searchParamTable {
		out = append(out, sp.uci)
	}
	return out
}

// SearchParams returns w's search parameters: the defaults when its
// chromosome has no search genes.
func (w *Weights) SearchParams() SearchParams {
	if w.Search != nil {
		return *w.Search
	}
	return DefaultSearchParams()
}

// SetSearchParams changes the searcher's parameters.
func (s *Searcher) SetSearchParams(p SearchParams) { s.params = p }

// SearchParams returns the searcher's parameters.
func (s *Searcher) SearchParams() SearchParams { return s.params }
