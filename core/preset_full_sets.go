package core

import (
	"embed"
	"fmt"
	"sync"
)

// full's default values change when a retune passes its SPRT; a saved run
// or dataset that names the preset ("chromosome=full") goes on with the
// values it was made with, as it does with the search parameters
// (SearchParamSets). Set 1 is issue 12's CMA-ES tune (presets/full-1,
// the default until issue 26), set 2 its retune on Stockfish's labels
// (presets/full-2), both with the EvalTerms2 switch off; set 3 the
// retune with the EvalTerms2 terms on (presets/full-3); set 4 the retune
// on 1.25 M positions (presets/full-4); set 5 the first with the
// eval_terms3 genes (presets/full-5); set 6 the first with the
// eval_terms4 genes (presets/full-6); set 7 the first with the
// eval_terms5 genes (presets/full-7); set 8 the first with the
// eval_terms6 genes (presets/full-8); set 9 set 8's genes retuned on
// 1.5 M positions (presets/full-9); set FullDefaultSets today's
// (presets/full.chromosome.json), set 9's genes retuned with the
// MobilityArea and KingRing switches on, which it plays. Each file
// records the switches its set plays with (fullSchema, olderFullSet).

// FullDefaultSets is the newest numbered set of full's default values.
const FullDefaultSets = 10

// olderFullFiles holds the older sets' files, presets/full-N.chromosome.json
// for N from 1 to FullDefaultSets−1 (olderFullSetFile); a new set adds its
// predecessor's file there and nothing here.
//
//go:embed presets/full-*.chromosome.json
var olderFullFiles embed.FS

// olderFullSetFile names set n's file in olderFullFiles.
func olderFullSetFile(n int) string { return fmt.Sprintf("presets/full-%d.chromosome.json", n) }

// olderFullSet is an older set of full's defaults: the file's values and
// switches (sets 1 and 2 record none: the program's, EvalTerms2 off, as
// they played; sets 3 to 9 EvalTerms2 on) on the hand-set schema (not today's preset: its opt-in
// genes may take new defaults). The genes a file leaves out (search,
// eval_terms2, eval_terms3, eval_terms4, eval_terms5, eval_terms6) keep
// the schema's values, which they had then (eval_terms3's to
// eval_terms6's, 0, are neutral: sets 1–4 evaluate as they did without
// eval_terms3, sets 1–5 without eval_terms4, sets 1–6 without
// eval_terms5, sets 1–7 without eval_terms6).
func olderFullSet(n int) func() (*Chromosome, error) {
	return sync.OnceValues(func() (*Chromosome, error) {
		file, err := olderFullFiles.ReadFile(olderFullSetFile(n))
		if err != nil {
			return nil, err
		}
		s := fullHandSetSchema()
		if err := setDefaults(s, file); err != nil {
			return nil, err
		}
		return s.Default(), nil
	})
}

// olderFullSets[n] loads set n (1 ≤ n < FullDefaultSets) once.
var olderFullSets = func() (sets [FullDefaultSets]func() (*Chromosome, error)) {
	for n := 1; n < FullDefaultSets; n++ {
		sets[n] = olderFullSet(n)
	}
	return sets
}()

// FullDefaultSet returns full's default chromosome of set n (see
// FullDefaultSets): a fresh copy, the caller's to change.
func FullDefaultSet(n int) (*Chromosome, error) {
	switch {
	case n >= 1 && n < len(olderFullSets):
		c, err := olderFullSets[n]()
		if err != nil {
			return nil, err
		}
		return c.Clone(), nil
	case n == FullDefaultSets:
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
