package saves

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/evochess/evochess/arena"
)

// A kept tournament reads back with its settings, its players (from the
// report) and its games, under the name asked for or, fresh, the next free.
func TestKeepTournament(t *testing.T) {
	d, _ := Open(t.TempDir())
	rep := &arena.Report{Format: arena.Gauntlet, Players: []string{"a", "b", "c"}, Games: 4, Reason: "complete"}
	tests := []struct {
		keep     FinishedTournament
		wantName string
	}{
		{FinishedTournament{Name: "cli", Settings: []string{"--format", "gauntlet"}, Report: rep, PGN: []byte("[Event \"1\"]\n\n1-0\n")}, "cli"},
		{FinishedTournament{Name: "cli", Settings: []string{"--rounds", "2"}, Report: rep, PGN: []byte("[Event \"2\"]\n\n0-1\n")}, "cli"}, // replaced
		{FinishedTournament{Name: "tui-x", Fresh: true, Settings: []string{"--seed", "3"}, Report: rep, PGN: []byte("[Event \"3\"]\n\n*\n")}, "tui-x"},
		{FinishedTournament{Name: "tui-x", Fresh: true, Settings: []string{"--seed", "4"}, Report: rep, PGN: []byte("[Event \"4\"]\n\n*\n")}, "tui-x-2"},
	}
	for i, tc := range tests {
		name, err := d.KeepTournament(tc.keep)
		if err != nil || name != tc.wantName {
			t.Fatalf("%d: kept as %q (%v), want %q", i, name, err, tc.wantName)
		}
		rec, err := d.LoadTournament(name)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Name != name || !slices.Equal(rec.Settings, tc.keep.Settings) || !slices.Equal(rec.Players, rep.Players) || rec.Report.Games != rep.Games {
			t.Errorf("%d: record %+v", i, rec)
		}
		if pgn, err := os.ReadFile(filepath.Join(d.Root, Tournaments, name, "games.pgn")); err != nil || string(pgn) != string(tc.keep.PGN) {
			t.Errorf("%d: games %q (%v), want %q", i, pgn, err, tc.keep.PGN)
		}
	}
}
