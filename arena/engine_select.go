package arena

import (
	"fmt"
	"strconv"
	"strings"
)

// SelectGenes makes genes of the engine's own options by a selector: items
// separated by commas, each an option name or a pattern with * (any run of
// characters), case aside, optionally after a type, spin:, check: or
// combo:. "spin:Mobility*,Space" takes every spin option whose name starts
// with Mobility and the option Space, with the engine's default as the
// start and its min and max as the bounds. Genes come in the selector's
// order, and within an item in the engine's. An item that matches nothing
// and an option matched twice are errors. A pattern leaves out what is no
// evaluation or search setting (Hash, Threads, MultiPV, Ponder, OwnBook,
// UCI_* and Syzygy* options, and spins whose min is their max): name one
// to have it.
func SelectGenes(sel string, offered []UCIOption) ([]EngineGene, error) {
	var genes []EngineGene
	by := map[string]string{} // lower-case option name → the item that took it
	for _, item := range strings.Split(sel, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		typ, pattern := "", item
		if t, p, ok := strings.Cut(item, ":"); ok && (t == "spin" || t == "check" || t == "combo") {
			typ, pattern = t, strings.TrimSpace(p)
		}
		if pattern == "" {
			return nil, fmt.Errorf("selector %q: a name or pattern is missing", item)
		}
		wild := strings.Contains(pattern, "*")
		matched := 0
		for _, o := range offered {
			if typ != "" && o.Type != typ || typ == "" && o.Type != "spin" && o.Type != "check" && o.Type != "combo" {
				continue
			}
			if !globMatch(strings.ToLower(pattern), strings.ToLower(o.Name)) || wild && notAGene(o) {
				continue
			}
			key := strings.ToLower(o.Name)
			if first, dup := by[key]; dup {
				return nil, fmt.Errorf("selector: option %s is selected twice (by %q and %q)", o.Name, first, item)
			}
			by[key] = item
			g, err := GeneOfOption(o)
			if err != nil {
				return nil, fmt.Errorf("selector %q: %w", item, err)
			}
			genes = append(genes, g)
			matched++
		}
		if matched == 0 {
			return nil, fmt.Errorf("selector %q matches no %soption of the engine (it has %s)", item, typeWord(typ), optionNames(offered, typ))
		}
	}
	if len(genes) == 0 {
		return nil, fmt.Errorf("selector %q: no genes", sel)
	}
	return genes, nil
}

func typeWord(typ string) string {
	if typ == "" {
		return "spin, check or combo "
	}
	return typ + " "
}

// PlayingOption reports whether an option is a playing setting a selector's
// pattern takes as a gene: a spin, check or combo that is not one of the
// options notAGene leaves out.
func PlayingOption(o UCIOption) bool {
	return (o.Type == "spin" || o.Type == "check" || o.Type == "combo") && !notAGene(o)
}

// notAGene: options a pattern does not take (a name does).
func notAGene(o UCIOption) bool {
	n := strings.ToLower(o.Name)
	switch n {
	case "hash", "threads", "multipv", "ponder", "ownbook", "clear hash":
		return true
	}
	return strings.HasPrefix(n, "uci_") || strings.HasPrefix(n, "syzygy") || o.Type == "spin" && o.Min == o.Max
}

// optionNames lists the engine's options of a type, for an error.
func optionNames(offered []UCIOption, typ string) string {
	var names []string
	for _, o := range offered {
		if typ == "" && (o.Type == "spin" || o.Type == "check" || o.Type == "combo") || o.Type == typ {
			names = append(names, o.Name)
		}
	}
	if len(names) == 0 {
		return "none"
	}
	if len(names) > 12 {
		names = append(names[:12], fmt.Sprintf("… %d more", len(names)-12))
	}
	return strings.Join(names, ", ")
}

// GeneOfOption is an option as a gene, from its default and bounds (a
// spin an int gene with OpenBench's usual rates for its range, a check or
// combo a choice gene); a string or button option is an error.
func GeneOfOption(o UCIOption) (EngineGene, error) {
	g := EngineGene{Name: o.Name}
	switch o.Type {
	case "spin":
		d, err := strconv.ParseInt(o.Default, 10, 64)
		if err != nil {
			return g, fmt.Errorf("%s: default %q is not an integer", o.Name, o.Default)
		}
		g.Type, g.Start, g.Min, g.Max = GeneInt, float64(d), float64(o.Min), float64(o.Max)
		g.defaultRates()
	case "check":
		g.Type, g.Choices = GeneCheck, []string{"false", "true"}
		g.Start = float64(max(indexFold(g.Choices, o.Default), 0))
	case "combo":
		g.Type, g.Choices = GeneCombo, append([]string(nil), o.Vars...)
		i := indexFold(o.Vars, o.Default)
		if i < 0 {
			return g, fmt.Errorf("%s: default %q is not one of its vars %q", o.Name, o.Default, o.Vars)
		}
		g.Start = float64(i)
	default:
		return g, fmt.Errorf("%s is a %s option, not spin, check or combo", o.Name, o.Type)
	}
	return g, g.check()
}

// globMatch matches name against pattern, where * is any run of
// characters and everything else stands for itself.
func globMatch(pattern, name string) bool {
	star := strings.IndexByte(pattern, '*')
	if star < 0 {
		return pattern == name
	}
	if !strings.HasPrefix(name, pattern[:star]) {
		return false
	}
	rest := pattern[star+1:]
	for i := star; i <= len(name); i++ {
		if globMatch(rest, name[i:]) {
			return true
		}
	}
	return false
}

// matchGenes checks genes against the engine's options and takes the
// engine's spelling of each name: every gene must be an option of a type
// that can hold it (an int a spin within the engine's own bounds, or a
// string; a float a string; a check a check; a combo a combo, whose
// choices must be the engine's, all of them when the gene gives none).
func matchGenes(genes []EngineGene, offered []UCIOption) error {
	by := uciOptions{}
	for _, o := range offered {
		by[strings.ToLower(o.Name)] = o
	}
	for i := range genes {
		g := &genes[i]
		o, ok := by.find(g.Name)
		if !ok {
			return fmt.Errorf("gene %s: the engine offers no option of that name (it has %s)", g.Name, optionNames(offered, ""))
		}
		g.Name = o.Name
		mismatch := func() error {
			return fmt.Errorf("gene %s is %s, but the engine's option is a %s", g.Name, g.Type, o.Type)
		}
		switch g.Type {
		case GeneInt:
			if o.Type == "spin" && (g.Min < float64(o.Min) || g.Max > float64(o.Max)) {
				return fmt.Errorf("gene %s: bounds [%g, %g] go outside the engine's own [%d, %d]", g.Name, g.Min, g.Max, o.Min, o.Max)
			}
			if o.Type != "spin" && o.Type != "string" {
				return mismatch()
			}
		case GeneFloat:
			if o.Type == "spin" {
				return fmt.Errorf("gene %s is float, but the engine's option is a spin (integers): declare it int", g.Name)
			}
			if o.Type != "string" {
				return mismatch()
			}
		case GeneCheck:
			if o.Type != "check" {
				return mismatch()
			}
		case GeneCombo:
			if o.Type != "combo" {
				return mismatch()
			}
			if err := g.setChoices(o.Vars); err != nil {
				return err
			}
		}
	}
	return nil
}

// setChoices makes a combo gene's choices the engine's spelling of them
// (all its vars when the gene named only its start).
func (g *EngineGene) setChoices(vars []string) error {
	start := g.Choices[int(g.Start)]
	if len(g.Choices) == 1 {
		g.Choices = append([]string(nil), vars...)
	}
	for i, c := range g.Choices {
		j := indexFold(vars, c)
		if j < 0 {
			return fmt.Errorf("gene %s: choice %q is not one of the engine's %q", g.Name, c, vars)
		}
		g.Choices[i] = vars[j]
	}
	g.Start = float64(indexFold(g.Choices, start))
	return g.check()
}
