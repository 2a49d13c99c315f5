package core

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"sync"
)

// A schema's search switches (Schema.switches): what its chromosomes play
// with unless an option says otherwise, carried with the values from a
// set of defaults to a saved run, a chromosome file and a cluster job.

// setSwitches sets the schema's switches in p.
func (s *Schema) setSwitches(p *SearchParams) {
	for name, on := range s.switches {
		if sw := findSearchSwitch(name); sw != nil {
			*sw.field(p) = on
		}
	}
}

// SearchDefaults are the search parameters a chromosome of s plays where
// its genes and options do not set them: the program's defaults with the
// schema's switches (full's EvalTerms2).
func (s *Schema) SearchDefaults() SearchParams {
	p := DefaultSearchParams()
	s.setSwitches(&p)
	return p
}

// Switches are the search switches the schema sets, as option name/value
// pairs in name order (nil for none).
func (s *Schema) Switches() [][2]string {
	var out [][2]string
	for _, name := range slices.Sorted(maps.Keys(s.switches)) {
		out = append(out, [2]string{name, strconv.FormatBool(s.switches[name])})
	}
	return out
}

// SwitchOptions are the options that make a chromosome rebuilt on c's
// preset by name (Preset: today's switches) play c's own switches, those
// of an older set of full's defaults, say: nil when they are the same,
// or the schema is no preset.
func (c *Chromosome) SwitchOptions() [][2]string {
	today, ok := presetSearchDefaults()[c.Schema.Name]
	if !ok {
		return nil
	}
	mine := c.Schema.SearchDefaults()
	var out [][2]string
	for _, sw := range searchSwitchTable {
		if on := *sw.field(&mine); on != *sw.field(&today) {
			out = append(out, [2]string{sw.uci, strconv.FormatBool(on)})
		}
	}
	return out
}

// presetSearchDefaults are each preset's SearchDefaults, made once (a
// preset costs a millisecond or so to build, and a cluster job asks per
// player).
var presetSearchDefaults = sync.OnceValue(func() map[string]SearchParams {
	out := map[string]SearchParams{}
	for name, f := range presets {
		out[name] = f().SearchDefaults()
	}
	return out
})

// withSwitches is a copy of s setting the switches sw (nil: none).
func (s *Schema) withSwitches(sw map[string]bool) *Schema {
	out := *s // shares the name index and compile functions, read-only
	out.switches = sw
	return &out
}

// WithSetSwitches is a copy of s whose switches are its own with p's
// set switches (setSwitches) over them: a run made with an older set of
// search defaults makes its chromosomes play that set's switches, and
// records them.
func (s *Schema) WithSetSwitches(p SearchParams) *Schema {
	sw := maps.Clone(s.switches)
	if sw == nil {
		sw = map[string]bool{}
	}
	for _, name := range setSwitches {
		sw[name] = *findSearchSwitch(name).field(&p)
	}
	return s.withSwitches(sw)
}

// WithDefaultsOf is a copy of s whose defaults are c's values and whose
// switches are c's schema's: full as a saved run made with an older set
// of its defaults knew it. c must be of s's layout.
func (s *Schema) WithDefaultsOf(c *Chromosome) (*Schema, error) {
	if len(c.Values) != len(s.Genes) {
		return nil, fmt.Errorf("defaults of %d genes for a schema of %d", len(c.Values), len(s.Genes))
	}
	out := *s
	out.Genes = slices.Clone(s.Genes)
	for i := range out.Genes {
		out.Genes[i].Default = c.Values[i]
	}
	out.switches = c.Schema.switches
	return &out, nil
}
