package ga

import (
	"fmt"
	"slices"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// searchBase is the set of search parameters the run's players search
// with where their chromosome has no search genes: nil for the program's
// defaults (the newest set), else the older set the run was made with.
func (s *Settings) searchBase() (*core.SearchParams, error) {
	// A run records search_params since set 2 came: 0 is set 1, whatever
	// its full_defaults.
	return core.SearchParamsFor(s.SearchParams, false)
}

// fullBase is the set of full's default values a player naming the
// preset plays with: nil for the program's (the newest set), else the
// older set the run was made with.
func (s *Settings) fullBase() (*core.Chromosome, error) {
	return core.FullDefaultsFor(s.FullDefaults) // 0, saved before the field: set 1
}

// fullSetSchema is base, full's schema, with the defaults of the run's
// set of full's values (fullBase) when they are not today's: a run made
// before the defaults changed starts new individuals (a larger
// population, --reference start) and pins its fixed genes at the values
// it was made with. Other schemas are returned as they are.
func (s *Settings) fullSetSchema(base *core.Schema) (*core.Schema, error) {
	full, err := s.fullBase()
	if err != nil || full == nil || s.Engine != nil || base.Name != "full" {
		return base, err
	}
	out, err := base.WithDefaultsOf(full) // and the set's switches: EvalTerms2 off before set 3
	if err != nil {
		return nil, fmt.Errorf("full_defaults: %v", err)
	}
	return out, nil
}

// playerSearch is what a run gives its built-in players beyond their
// chromosome: base, the set of search parameters that stands in where
// the program's defaults would (searchBase), and options, the run's own
// search options (Settings.Options), set over every player's search
// genes and base.
type playerSearch struct {
	base    *core.SearchParams
	full    *core.Chromosome // full's older defaults the run was made with (nil: today's)
	options [][2]string
}

func (s *Settings) playerSearch() (playerSearch, error) {
	base, err := s.searchBase()
	if err != nil {
		return playerSearch{}, err
	}
	full, err := s.fullBase()
	if err != nil {
		return playerSearch{}, err
	}
	return playerSearch{base: base, full: full, options: s.Options}, nil
}

// player gives a built-in player the run's set of search parameters
// where the program's defaults would stand in for it: an individual
// whose chromosome has no search genes (a seed preset's: a run of full
// has them, at the set's values, runSchema), or a preset named by the
// player (chromosome=full, whose search genes are the program's
// defaults); and the run's options, whatever its chromosome. The set
// goes first, then the run's options, then the player's own, which win.
// A chromosome file plays its own search genes, or today's defaults when
// it has none (docs/chromosomes.md 6.3). An external engine is left as
// it is.
func (ps playerSearch) player(spec arena.PlayerSpec) arena.PlayerSpec {
	if spec.External() {
		return spec
	}
	if len(ps.options) > 0 {
		spec.Options = append(slices.Clone(ps.options), spec.Options...)
	}
	arena.PinSearch(&spec, ps.base)
	// The preset as the run knew it; its search, decided above, and its
	// options as the preset's would be.
	arena.PinFull(&spec, ps.full)
	return spec
}

// compile is a chromosome's weights as the run's players evaluate and
// search with them (the run's set where it has no search genes, then the
// run's options): what the problems and the positions fitness score.
func (ps playerSearch) compile(c *core.Chromosome) (*core.Weights, error) {
	w, err := c.Compile()
	if err != nil {
		return nil, err
	}
	if ps.base != nil {
		// The set's numbers and its switches over the program's other
		// switches, as player gives them (arena.PinSearch): the switches
		// alone where the chromosome has search genes.
		p := w.SearchParams()
		if err := p.SetAll(ps.base.PinOptions(w.Search != nil)); err != nil {
			return nil, err
		}
		w.Search = &p
	}
	if len(ps.options) > 0 {
		p := w.SearchParams()
		if err := p.SetAll(ps.options); err != nil {
			return nil, fmt.Errorf("setting options: %v", err)
		}
		w.Search = &p
	}
	return w, nil
}

// OptionEvalTerms2 is the check option that switches on the evaluation
// terms whose genes are the family core.Terms2Family.
const OptionEvalTerms2 = "EvalTerms2"

// optionParams are the search defaults of the run's chromosome (its
// schema's switches: full's EvalTerms2 is on from its set 3) with the
// run's options set: where the options are checked, and what they switch
// on is read.
func (s *Settings) optionParams() (core.SearchParams, error) {
	p := core.DefaultSearchParams()
	if s.Engine == nil {
		if schema, err := baseSchema(s); err == nil {
			if schema, err = s.fullSetSchema(schema); err == nil {
				p = schema.SearchDefaults()
			}
		}
	}
	err := p.SetAll(s.Options)
	return p, err
}

// evalTerms2 reports whether the run's options switch the evaluation's
// EvalTerms2 terms on.
func (s *Settings) evalTerms2() bool {
	p, err := s.optionParams()
	return err == nil && p.EvalTerms2
}

// checkOptions is Check's part for Options: options our engine has, for
// a run of our engine, none setting a search gene that evolves (the
// option would stand over every individual's value of it).
func (s *Settings) checkOptions(fams []string) error {
	if len(s.Options) == 0 {
		return nil
	}
	if s.Engine != nil {
		return fmt.Errorf("setting options: they are our engine's search options; an engine's own fixed options go with it (--engine uci=PATH,option.NAME=VALUE)")
	}
	params, err := s.optionParams()
	if err != nil {
		return fmt.Errorf("setting options: %v", err)
	}
	if len(fams) == 0 {
		return nil // search genes evolve only when named
	}
	schema, err := baseSchema(s)
	if err != nil {
		return fmt.Errorf("setting chromosome: %v", err)
	}
	for _, o := range s.Options {
		gene := core.SearchOptionGene(o[0])
		if i := slices.IndexFunc(schema.Genes, func(g core.Gene) bool { return g.Name == gene }); gene != "" && i >= 0 && evolves(&schema.Genes[i], fams, params.EvalTerms2) {
			return fmt.Errorf("setting options: %s sets gene %s, which evolves (--evolve %s): the option would stand over every individual's value", o[0], gene, s.Evolve)
		}
	}
	return nil
}
