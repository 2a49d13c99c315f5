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
	s := fullSchema()
	if err := setDefaults(s, fullDefaults1); err != nil {
		return nil, err
	}
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
