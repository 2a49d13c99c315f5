package core

import "sync"

// Gene metadata beyond bounds and default: families, units, fixed genes and
// how a GA initialises and mutates them (docs/chromosomes.md 1.1).

// InitRange returns the interval a GA draws the gene from for a fresh
// population: the default for fixed genes and InitAtDefault, the explicit
// init range when one is set, else the bounds.
func (g *Gene) InitRange() (lo, hi float64) {
	switch {
	case g.Fixed || g.InitAtDefault:
		return g.Default, g.Default
	case g.InitLo != 0 || g.InitHi != 0:
		return g.InitLo, g.InitHi
	}
	return g.Lo, g.Hi
}

// InFamily reports whether the gene's group or one of its tags is f.
func (g *Gene) InFamily(f string) bool {
	if g.Group == f {
		return true
	}
	for _, t := range g.Tags {
		if t == f {
			return true
		}
	}
	return false
}

// Live returns the indices of the genes that may mutate (not fixed).
func (s *Schema) Live() []int {
	out := make([]int, 0, len(s.Genes))
	for i := range s.Genes {
		if !s.Genes[i].Fixed {
			out = append(out, i)
		}
	}
	return out
}

// tag adds families to gene i.
func (b *schemaBuilder) tag(i int, tags ...string) {
	g := &b.s.Genes[i]
	g.Tags = append(g.Tags, tags...)
}

// fix pins gene i to v: it stays in the layout but cannot change.
func (b *schemaBuilder) fix(i int, v float64) {
	g := &b.s.Genes[i]
	g.Fixed, g.Lo, g.Hi, g.Default = true, v, v, v
}

// initRange sets the GA init interval of gene i.
func (b *schemaBuilder) initRange(i int, lo, hi float64) {
	b.s.Genes[i].InitLo, b.s.Genes[i].InitHi = lo, hi
}

// unit marks genes first … last (inclusive) as measured in unit.
func (b *schemaBuilder) unit(first, last int, unit string) {
	for i := first; i <= last; i++ {
		b.s.Genes[i].Unit = unit
	}
}

// PresetHasFamily reports whether the preset name has a gene of the
// family (full and eval_terms2, say), from a table made once.
func PresetHasFamily(name, family string) bool {
	return presetFamilies()[name][family]
}

var presetFamilies = sync.OnceValue(func() map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for name, f := range presets {
		fams := map[string]bool{}
		for _, g := range f().Genes {
			fams[g.Group] = true
			for _, t := range g.Tags {
				fams[t] = true
			}
		}
		out[name] = fams
	}
	return out
})
