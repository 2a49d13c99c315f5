package saves

import (
	"github.com/evochess/evochess/arena"
)

// A data directory resolves what player SPECs name in it: player=NAME, a
// saved player, and population=RUN#SELECTOR, an individual of a saved run
// or of a run file.
var _ arena.Resolver = (*Dir)(nil)

// Player is the saved player name as an arena player.
func (d *Dir) Player(name string) (arena.PlayerSpec, error) {
	p, err := d.LoadPlayer(name)
	if err != nil {
		return arena.PlayerSpec{}, err
	}
	return p.Spec()
}

// Population is a run's individual as a player (see Individual): its
// chromosome, or for a run that tuned an engine's options, the engine told
// them.
func (d *Dir) Population(ref string) (arena.PlayerSpec, error) {
	r, g, err := d.individual(ref)
	if err != nil {
		return arena.PlayerSpec{}, err
	}
	return r.PlayerOf(g)
}
