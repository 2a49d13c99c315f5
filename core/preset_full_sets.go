package core

import (
	_ "embed"
	"fmt"
	"sync"
)

// full's default values change when a retune passes its SPRT; a saved run
// or dataset that names the preset ("chromosome=full") goes on with the
// values it was made with, as it does with the search parameters
// (SearchParamSets). Set 1 is issue 12's CMA-ES tune (presets/full-1,
// the default until issue 26), set FullDefaultSets today's
// (presets/full.chromosome.json).

// FullDefaultSets is the newest numbered set of full's default values.
const FullDefaultSets = 2

//go:embed presets/full-1.chromosome.json
var fullDefaults1 []byte

var fullSet1 = sync.OnceValues(func() (*Chromosome, error) {
	s := fullHandSetSchema() // not today's preset: its opt-in genes may take new defaults
	if err := setDefaults(s, fullDefaults1); err != nil {
		return nil, err
	}
	// The genes set 1's file leaves out (search, eval_terms2) keep the
	// schema's values, which they had then.
	return s.Default(), nil
})

// FullDefaultSet returns full's default chromosome of set n (see
// FullDefaultSets): a fresh copy, the caller's to change.
func FullDefaultSet(n int) (*Chromosome, error) {
	switch n {
	case 1:
		c, err := fullSet1()
		if err != nil {
			return nil, err
		}
		return c.Clone(), nil
	case FullDefaultSets:
		s, err := Preset("full")
		if err != nil {
			return nil, err
		}
		return s.Default(), nil
	}
	return nil, fmt.Errorf("full's default set %d is not one of 1..%d", n, FullDefaultSets)
}

// FullDefaultsFor is the chromosome a saved thing recording set n of
// full's defaults plays where it names the preset: nil for the newest
// (the preset itself); 0, saved before sets were recorded, is set 1.
func FullDefaultsFor(n int) (*Chromosome, error) {
	if n == 0 {
		n = 1
	}
	if n == FullDefaultSets {
		return nil, nil
	}
	c, err := FullDefaultSet(n)
	if err != nil {
		return nil, fmt.Errorf("full_defaults: %w (saved by a newer evochess?)", err)
	}
	return c, nil
}
