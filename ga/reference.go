package ga

import (
	"fmt"

	"github.com/evochess/evochess/arena"
)

// UsePlayers has the reference SPEC's player= and population= read with
// res (the data directory, which package ga does not read) and reads them
// now, so that a player that is not there is said before the run starts
// rather than when it first plays. Call it before Execute.
func (r *Run) UsePlayers(res arena.Resolver) error {
	r.players = res
	if r.Settings.Fitness != FitnessReference || r.Settings.Reference == ReferenceStart {
		return nil
	}
	if _, err := arena.ParsePlayerSpec(r.Settings.Reference, res); err != nil {
		return fmt.Errorf("setting reference: %w", err)
	}
	return nil
}
