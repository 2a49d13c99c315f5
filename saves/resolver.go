package saves

import (
	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
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

// Population is the chromosome of a run's individual (see Individual).
func (d *Dir) Population(ref string) (*core.Chromosome, error) {
	g, err := d.Individual(ref)
	if err != nil {
		return nil, err
	}
	return g.Chromosome, nil
}
