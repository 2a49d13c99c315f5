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
