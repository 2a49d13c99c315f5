package saves

import (
	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// A self-play or relabelled dataset records the set of full's default
// values it was made with (core.FullDefaultSets), as a run does: going on
// after a retune changed the defaults, its players and labeller that name
// the preset, and the evaluation that resolves quiet leaves, keep the
// values it started with, so it ends as an uninterrupted run would.

// fullDefaultsOf is set n of full's defaults, nil for the newest (today's
// preset); 0, saved before the field, is set 1.
func fullDefaultsOf(n int) (*core.Chromosome, error) {
	if n == 0 {
		n = 1
	}
	if n == core.FullDefaultSets {
		return nil, nil
	}
	return core.FullDefaultSet(n)
}

// pinFull makes a built-in player that names the preset play full (an
// older set of its defaults) instead.
func pinFull(ps *arena.PlayerSpec, full *core.Chromosome) {
	if full != nil && !ps.External() && ps.Genes == nil && ps.Chromosome == "full" {
		ps.Genes, ps.Chromosome = full.Clone(), ""
	}
}
