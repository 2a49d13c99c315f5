package main

import (
	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/saves"
	"github.com/spf13/pflag"
)

// dataFlag is the --data flag: the data directory of a command's saves
// and of the saved players and runs its player SPECs name.
type dataFlag struct{ root string }

// addDataFlag defines --data on fs; what says what the command keeps or
// reads there ("" for the command's saves in general).
func addDataFlag(fs *pflag.FlagSet, what string) *dataFlag {
	d := &dataFlag{}
	if what != "" {
		what = " for " + what
	}
	fs.StringVar(&d.root, "data", "", "data `DIR`"+what+" (default $XDG_DATA_HOME/evochess or ~/.local/share/evochess)")
	return d
}

// open opens the data directory, creating it if needed.
func (d *dataFlag) open() (*saves.Dir, error) { return saves.Open(d.root) }

// The flag resolves player SPECs as its directory does, opening it only
// when a SPEC names a saved player or run: a command whose players are
// all built-in or external leaves the disk alone.
var _ arena.Resolver = (*dataFlag)(nil)

func (d *dataFlag) Player(name string) (arena.PlayerSpec, error) {
	dir, err := d.open()
	if err != nil {
		return arena.PlayerSpec{}, err
	}
	return dir.Player(name)
}

func (d *dataFlag) Population(ref string) (arena.PlayerSpec, error) {
	dir, err := d.open()
	if err != nil {
		return arena.PlayerSpec{}, err
	}
	return dir.Population(ref)
}
