package arena

import (
	"strings"

	"github.com/evochess/evochess/core"
)

// PinFull makes a built-in player that names full's preset play full (an
// older set of its defaults, core.FullDefaultsFor) instead: what a saved
// run, dataset or tournament made before the defaults changed goes on
// playing. A nil full leaves the player as it is.
func PinFull(ps *PlayerSpec, full *core.Chromosome) {
	if full != nil && !ps.External() && ps.Genes == nil && strings.EqualFold(ps.Chromosome, "full") {
		ps.Genes, ps.Chromosome = full.Clone(), ""
	}
}

// PinSearch gives a built-in player whose search would be the program's
// defaults, base (an older set, core.SearchParamSet) instead, as options
// before its own, which win: what a saved run or tournament made before
// the defaults changed goes on searching with. The defaults stand in for
// a player naming a preset (chromosome=full: its search genes are the
// program's defaults) and for an in-memory chromosome without search
// genes; a chromosome file plays its own search genes, or today's
// defaults when it has none (docs/chromosomes.md 6.3); it is given the
// set's switches alone (core.SearchParams.PinOptions: singular
// extensions off before set 4), which its genes do not carry. Call it
// before PinFull, which turns a preset into genes. A nil base, or an
// external engine, leaves the player as it is.
func PinSearch(ps *PlayerSpec, base *core.SearchParams) {
	if base == nil || ps.External() {
		return
	}
	ps.Options = append(base.PinOptions(!defaultSearch(*ps)), ps.Options...)
}

// defaultSearch reports whether the program's defaults would stand in
// for the built-in player's search (see PinSearch).
func defaultSearch(ps PlayerSpec) bool {
	if ps.Genes != nil {
		w, err := ps.Genes.Compile()
		return err == nil && w.Search == nil // an error is the game's to report
	}
	_, err := core.Preset(ps.Chromosome)
	return err == nil
}
