package evolution

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/tui/common"
)

// What the user makes of each of an engine's options: nothing (the
// engine's default), a gene (a spin's range may be narrowed within the
// engine's, and its start moved; a check's or combo's start chosen), or a
// fixed option, told the engine once and never evolved.

type optionUse int

const (
	useNone optionUse = iota
	useGene
	useFixed
)

// optionPick is the use of one option.
type optionPick struct {
	use       optionUse
	lo, hi    int64  // a spin gene's bounds, within the engine's
	start     int64  // a spin gene's start; a check's or combo's: the index of its choice
	value     string // a fixed option's value
	narrowed  bool   // lo, hi or start differ from the engine's
	initiated bool   // lo, hi and start are set (the first time it became a gene)
}

// choices are a check's or combo's values, in the engine's order.
func choices(o arena.UCIOption) []string {
	if o.Type == "check" {
		return []string{"false", "true"}
	}
	return o.Vars
}

// counts are how many options are genes and how many fixed.
func (c *engineChoice) counts() (genes, fixed int) {
	for _, p := range c.picks {
		switch p.use {
		case useGene:
			genes++
		case useFixed:
			fixed++
		}
	}
	return genes, fixed
}

// toggleGene makes option i a gene, or no longer one.
func (c *engineChoice) toggleGene(env *common.Env, i int) error {
	o, p := c.info.Options[i], &c.picks[i]
	if p.use == useGene {
		p.use = useNone
		return nil
	}
	if use := env.OptionUse(o); !use.Gene {
		return fmt.Errorf("%s cannot be a gene: %s", o.Name, use.Why)
	}
	if !p.initiated {
		switch o.Type {
		case "spin":
			d, err := strconv.ParseInt(strings.TrimSpace(o.Default), 10, 64)
			if err != nil || d < o.Min || d > o.Max {
				return fmt.Errorf("%s: its default %q is not an integer within [%d, %d]", o.Name, o.Default, o.Min, o.Max)
			}
			p.lo, p.hi, p.start = o.Min, o.Max, d
		default:
			p.start = int64(max(indexFold(choices(o), o.Default), 0))
		}
		p.initiated = true
	}
	p.use = useGene
	return nil
}

// toggleFixed fixes option i at its default (or a tuning's usual value:
// one thread, no own book, a small hash), or no longer.
func (c *engineChoice) toggleFixed(env *common.Env, i int) error {
	o, p := c.info.Options[i], &c.picks[i]
	if p.use == useFixed {
		if !env.EnginePaths && (strings.EqualFold(o.Name, "Threads") || strings.EqualFold(o.Name, "Hash")) {
			return fmt.Errorf("%s stays fixed on a server (a worker pays for one thread and a small hash): e changes its value", o.Name)
		}
		p.use = useNone
		return nil
	}
	if use := env.OptionUse(o); !use.Fixed {
		return fmt.Errorf("%s cannot be fixed: %s", o.Name, use.Why)
	}
	v := o.Default
	for _, f := range common.DefaultFixed([]arena.UCIOption{o}) {
		v = f[1]
	}
	if p.value != "" {
		v = p.value // as the user left it
	}
	if err := checkFixedValue(env, o, v); err != nil {
		return fmt.Errorf("%v: e sets its value", err)
	}
	p.use, p.value = useFixed, v
	return nil
}

// checkFixedValue is CheckFixed and what a SPEC can carry: a value, with
// no comma.
func checkFixedValue(env *common.Env, o arena.UCIOption, v string) error {
	if strings.TrimSpace(v) == "" || strings.Contains(v, ",") {
		return fmt.Errorf("%s: a fixed value is not empty and holds no comma", o.Name)
	}
	return env.CheckFixed(o, v)
}

// editText is what the edit prompt starts with for option i.
func (c *engineChoice) editText(i int) string {
	o, p := c.info.Options[i], c.picks[i]
	switch {
	case p.use == useFixed:
		return p.value
	case o.Type == "spin":
		return fmt.Sprintf("%d %d %d", p.lo, p.hi, p.start)
	}
	return choices(o)[p.start]
}

// editHint says what the edit prompt takes for option i.
func (c *engineChoice) editHint(i int) string {
	o, p := c.info.Options[i], c.picks[i]
	switch {
	case p.use == useFixed && o.Type == "spin":
		return fmt.Sprintf("%s = an integer from %d to %d", o.Name, o.Min, o.Max)
	case p.use == useFixed && o.Type == "string":
		return o.Name + " = "
	case p.use == useFixed:
		return o.Name + " = one of " + strings.Join(choices(o), ", ")
	case o.Type == "spin":
		return fmt.Sprintf("%s: min max [start], within %d…%d (default %s)", o.Name, o.Min, o.Max, o.Default)
	}
	return o.Name + " starts at one of " + strings.Join(choices(o), ", ")
}

// edit applies what the user typed for option i: a gene's range and
// start, or a fixed option's value.
func (c *engineChoice) edit(env *common.Env, i int, text string) error {
	o, p := c.info.Options[i], &c.picks[i]
	text = strings.TrimSpace(text)
	switch {
	case p.use == useFixed:
		if err := checkFixedValue(env, o, text); err != nil {
			return err
		}
		p.value = text
		return nil
	case p.use != useGene:
		return errors.New("space makes it a gene, f fixes it: then e sets its range or value")
	case o.Type != "spin":
		j := indexFold(choices(o), text)
		if j < 0 {
			return fmt.Errorf("%s starts at one of %s, not %q", o.Name, strings.Join(choices(o), ", "), text)
		}
		p.start, p.narrowed = int64(j), true
		return nil
	}
	f := strings.Fields(strings.NewReplacer(",", " ", "…", " ").Replace(text))
	if len(f) != 2 && len(f) != 3 {
		return fmt.Errorf("%s: give min max, or min max start", o.Name)
	}
	var v [3]int64
	for k, s := range f {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return fmt.Errorf("%s: %q is not an integer", o.Name, s)
		}
		v[k] = n
	}
	lo, hi, start := v[0], v[1], min(max(p.start, v[0]), v[1])
	if len(f) == 3 {
		start = v[2]
	}
	switch {
	case lo < o.Min || hi > o.Max:
		return fmt.Errorf("%s: [%d, %d] goes outside the engine's own [%d, %d]", o.Name, lo, hi, o.Min, o.Max)
	case lo >= hi:
		return fmt.Errorf("%s: min %d is not below max %d", o.Name, lo, hi)
	case start < lo || start > hi:
		return fmt.Errorf("%s: start %d is outside [%d, %d]", o.Name, start, lo, hi)
	}
	d, _ := strconv.ParseInt(strings.TrimSpace(o.Default), 10, 64)
	p.lo, p.hi, p.start = lo, hi, start
	p.narrowed = lo != o.Min || hi != o.Max || start != d
	return nil
}

// setShown makes every option of shown that may be a gene one (on), or
// none of them (off); fixed options stay fixed.
func (c *engineChoice) setShown(env *common.Env, shown []int, on bool) {
	for _, i := range shown {
		p := &c.picks[i]
		switch {
		case on && p.use == useNone && env.OptionUse(c.info.Options[i]).Gene:
			c.toggleGene(env, i) // an option it refuses stays as it is
		case !on && p.use == useGene:
			p.use = useNone
		}
	}
}

// useText is how the picker shows option i's use.
func (c *engineChoice) useText(i int) string {
	o, p := c.info.Options[i], c.picks[i]
	switch {
	case p.use == useFixed:
		return "= " + p.value
	case p.use != useGene:
		return ""
	case o.Type == "spin" && p.narrowed:
		return fmt.Sprintf("%d…%d from %d", p.lo, p.hi, p.start)
	case o.Type == "spin":
		return fmt.Sprintf("from %d", p.start)
	}
	return "from " + choices(o)[p.start]
}

// rangeText is an option's type-specific range or choices, for the list.
func rangeText(o arena.UCIOption) string {
	switch o.Type {
	case "spin":
		return fmt.Sprintf("%d…%d", o.Min, o.Max)
	case "combo":
		return strings.Join(o.Vars, "|")
	}
	return ""
}

// tuning is the picked genes and fixed options as an engine tuning (its
// engine not asked yet: Verify, before the run starts, asks it).
func (c *engineChoice) tuning() (*arena.EngineTuning, error) {
	if c.state != probeReady {
		return nil, errors.New("the engine has not said its options yet")
	}
	spec, err := engineSpec(c.path, c.args)
	if err != nil {
		return nil, err
	}
	var genes []arena.EngineGene
	var names []string
	for i, o := range c.info.Options {
		p := c.picks[i]
		switch p.use {
		case useFixed:
			if strings.ContainsAny(o.Name, ",=") {
				return nil, fmt.Errorf("option %q cannot be given in a SPEC (a comma or =)", o.Name)
			}
			spec += ",option." + o.Name + "=" + p.value
		case useGene:
			g := o
			if o.Type == "spin" {
				g.Min, g.Max, g.Default = p.lo, p.hi, strconv.FormatInt(p.start, 10)
			} else {
				g.Default = choices(o)[p.start]
			}
			gene, err := arena.GeneOfOption(g)
			if err != nil {
				return nil, err
			}
			genes = append(genes, gene)
			names = append(names, o.Name)
		}
	}
	if len(genes) == 0 {
		return nil, errors.New("no genes: enter on the genes row picks the options to tune")
	}
	t := &arena.EngineTuning{Spec: spec, Source: "picked in the Evolution tab: " + strings.Join(names, ", "), Genes: genes, ID: c.info.ID}
	return t, t.Check()
}

// engineSpec is the engine as a UCI player SPEC.
func engineSpec(path string, args []string) (string, error) {
	if strings.Contains(path, ",") || strings.Contains(strings.Join(args, " "), ",") {
		return "", fmt.Errorf("%s: a path or argument with a comma cannot be given in a SPEC", path)
	}
	spec := "uci=" + path
	if len(args) > 0 {
		spec += ",args=" + strings.Join(args, " ")
	}
	return spec, nil
}

// indexFold is the index of s in list, case aside, or -1.
func indexFold(list []string, s string) int {
	for i, v := range list {
		if strings.EqualFold(v, s) {
			return i
		}
	}
	return -1
}
