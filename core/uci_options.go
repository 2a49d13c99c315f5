package core

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// uciOption is one UCI option, declared once: what "uci" announces, what
// "setoption" accepts (spins range-checked from the same Min and Max) and
// what it does. UCIOptions.Check checks starting values against it too.
type uciOption struct {
	name     string // as announced
	kind     string // spin, check, button, string or combo
	min, max int    // spin
	vars     []string
	def      func(UCIOptions, SearchParams) string // default, as announced: the engine's options and its chromosome's search
	apply    func(e *uciEngine, val string, n int) error
}

var uciOptionTable = append([]uciOption{
	{name: "Hash", kind: "spin", min: 1, max: 65536,
		def:   func(o UCIOptions, _ SearchParams) string { return strconv.Itoa(o.HashMB) },
		apply: func(e *uciEngine, _ string, n int) error { e.s.ResizeHash(e.hashMB(n)); return nil }},
	{name: "Clear Hash", kind: "button",
		apply: func(e *uciEngine, _ string, _ int) error { e.s.NewGame(); return nil }},
	{name: "Chromosome", kind: "string",
		def: func(o UCIOptions, _ SearchParams) string { return o.Chromosome },
		apply: func(e *uciEngine, val string, _ int) error {
			w, err := LoadWeights(val)
			if err != nil {
				return err
			}
			e.opts.Chromosome, e.weights = val, w
			e.s.SetWeights(w)
			return nil
		}},
	{name: "Search", kind: "combo", vars: SearchModeNames(),
		def: func(o UCIOptions, _ SearchParams) string { return o.Mode.String() },
		apply: func(e *uciEngine, val string, _ int) error {
			m, err := ParseSearchMode(val)
			if err == nil {
				e.opts.Mode = m
			}
			return err
		}},
	{name: "Plain Quiescence", kind: "spin", min: 0, max: 16,
		def:   func(o UCIOptions, _ SearchParams) string { return strconv.Itoa(o.PlainQuiescence) },
		apply: func(e *uciEngine, _ string, n int) error { e.opts.PlainQuiescence = n; return nil }},
	{name: "Move Overhead", kind: "spin", min: 0, max: 5000,
		def: func(o UCIOptions, _ SearchParams) string { return strconv.FormatInt(o.MoveOverhead.Milliseconds(), 10) },
		apply: func(e *uciEngine, _ string, n int) error {
			e.opts.MoveOverhead = time.Duration(n) * time.Millisecond
			return nil
		}},
}, searchUCIOptions()...)

// searchUCIOptions are the search parameters' options (search_params.go).
// What they set wins over the chromosome's search genes, whatever the
// order of the setoptions.
func searchUCIOptions() []uciOption {
	var out []uciOption
	for _, sw := range searchSwitchTable {
		out = append(out, uciOption{name: sw.uci, kind: "check",
			def:   func(_ UCIOptions, d SearchParams) string { return strconv.FormatBool(*sw.field(&d)) },
			apply: func(e *uciEngine, val string, _ int) error { return e.setSearchOption(sw.uci, val) }})
	}
	for _, sp := range searchParamTable {
		out = append(out, uciOption{name: sp.uci, kind: "spin", min: sp.min, max: sp.max,
			def:   func(_ UCIOptions, d SearchParams) string { return strconv.Itoa(*sp.field(&d)) },
			apply: func(e *uciEngine, val string, _ int) error { return e.setSearchOption(sp.uci, val) }})
	}
	return out
}

// setSearchOption records a search option set by "setoption" (one entry
// a name, the last value); applySearchOptions puts it in force.
func (e *uciEngine) setSearchOption(name, val string) error {
	p := e.weights.SearchParams()
	if _, err := p.set(name, val); err != nil {
		return err
	}
	for i := range e.searchOpts {
		if e.searchOpts[i][0] == name {
			e.searchOpts[i][1] = val
			return nil
		}
	}
	e.searchOpts = append(e.searchOpts, [2]string{name, val})
	return nil
}

// announce is the option's line of the "uci" reply, defaults from d and,
// for the search's options, from p: the chromosome's (full's EvalTerms2
// is on, a seed preset's off), so that a tuner reading the defaults
// starts where the engine does.
func (o *uciOption) announce(d UCIOptions, p SearchParams) string {
	s := "option name " + o.name + " type " + o.kind
	if o.def != nil {
		s += " default " + o.def(d, p)
	}
	if o.kind == "spin" {
		s += fmt.Sprintf(" min %d max %d", o.min, o.max)
	}
	for _, v := range o.vars {
		s += " var " + v
	}
	return s
}

// spin reads a spin's value, in range.
func (o *uciOption) spin(val string) (int, error) {
	n, err := strconv.Atoi(val)
	if err != nil || n < o.min || n > o.max {
		return 0, fmt.Errorf("%q is not a number from %d to %d", val, o.min, o.max)
	}
	return n, nil
}

// findUCIOption looks an option up by name, in any case.
func findUCIOption(name string) *uciOption {
	for i := range uciOptionTable {
		if strings.EqualFold(uciOptionTable[i].name, name) {
			return &uciOptionTable[i]
		}
	}
	return nil
}

// Check reports a starting value outside its option's range (what
// "setoption" would refuse), naming the option.
func (o UCIOptions) Check() error {
	for _, c := range []struct {
		name string
		n    int
	}{{"Hash", o.HashMB}, {"Plain Quiescence", o.PlainQuiescence}, {"Move Overhead", int(o.MoveOverhead.Milliseconds())}} {
		if _, err := findUCIOption(c.name).spin(strconv.Itoa(c.n)); err != nil {
			return fmt.Errorf("option %s: %v", c.name, err)
		}
	}
	return nil
}
