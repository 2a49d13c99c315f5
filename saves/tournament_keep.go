package saves

import "github.com/evochess/evochess/arena"

// FinishedTournament is a tournament to keep: how it was set up, what it
// came to and its games.
type FinishedTournament struct {
	Name     string   // saved under it; with Fresh, under the first free of Name, Name-2, …
	Fresh    bool     // without, Name is replaced if it is taken
	Settings []string // how it was set up: the command line, or the app's choices as its flags
	Report   *arena.Report
	PGN      []byte // its games
}

// KeepTournament stores a finished tournament, its record and its games,
// the same from the command line and the terminal arena, and returns the
// name it got.
func (d *Dir) KeepTournament(t FinishedTournament) (string, error) {
	rec := &TournamentRecord{Name: t.Name, Settings: t.Settings, Players: t.Report.Players, Report: t.Report}
	if t.Fresh {
		return d.SaveFreshTournament(t.Name, rec, t.PGN)
	}
	return t.Name, d.SaveTournament(rec, t.PGN)
}
