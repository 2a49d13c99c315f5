package main

import (
	"github.com/evochess/evochess/saves"
)

// settings are the dataset's settings as the flags give them.
func (f *selfplayFlags) settings() saves.SelfplaySettings {
	players := f.players
	if len(players) == 0 {
		players = []string{saves.DefaultSelfplayPlayer}
	}
	return saves.SelfplaySettings{Players: players, TC: f.tc, Book: f.book, Seed: f.seed, SkipPlies: f.skip,
		PerGame: f.perGame, MaxMoves: f.maxMoves, Label: f.label}
}

// openSelfplay starts the dataset f.name, or reopens it to go on: with
// --resume its saved settings stand and only the flags given must agree;
// without, every setting must be as saved.
func openSelfplay(d *saves.Dir, f *selfplayFlags, changed func(string) bool) (*saves.SelfplayJob, error) {
	return d.OpenSelfplay(f.name, f.settings(), f.games, f.resume, changed)
}
