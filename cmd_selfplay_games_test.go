package main

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestSelfplayFromGames(t *testing.T) {
	games := filepath.Join("arena", "testdata", "games")
	src := func(name string) string { return filepath.Join(games, name) }
	tests := []struct {
		name      string
		args      []string
		code      int
		out, err  []string // what stdout and stderr say
		positions bool     // a dataset g is saved
	}{
		// The sources: the flag's values, then the arguments.
		{"three PGN files", []string{"--from-games", src("evochess.pgn"), src("odd.pgn"), "--from-games", src("fastchess.pgn"), "--skip-plies", "2"}, 0,
			[]string{"evochess.pgn: 6 games, 1 unreadable\n" + games + "/fastchess.pgn: 5 games, 0 unreadable\n" + games + "/odd.pgn: 4 games, 3 unreadable",
				"4 games could not be read, the first:", "evochess.pgn: game 6: the referee says checkmate",
				"odd.pgn: game 3: the result 1/2-1/2 contradicts", "odd.pgn: game 4, line 28: move \"Ke3\"", "odd.pgn: game 7, line 43: comment",
				"7 games discarded, their ending not trusted: adjudication: draw 1, engine crashed 1, max moves 1, not known 2, time forfeit 1, unfinished 1\n",
				"dataset g: 15 games, "}, nil, true},
		{"a flag that plays", []string{"--from-games", src("odd.pgn"), "--tc", "nodes=100"}, 2, nil, []string{"--tc do not apply"}, false},
		{"no name", []string{"--from-games", src("odd.pgn"), "--name", ""}, 2, nil, []string{"--name is required"}, false},
		{"a file not there", []string{"--from-games", src("nothing.pgn")}, 1, nil, []string{"nothing.pgn: no such file, directory or tournament"}, false},
		{"negative", []string{"--from-games", src("odd.pgn"), "--per-game", "-1"}, 2, nil, []string{"must not be negative"}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data := t.TempDir()
			code, stdout, stderr := runCLI(append([]string{"selfplay", "--name", "g", "--data", data}, tc.args...)...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d\nstdout %s\nstderr %s", code, tc.code, stdout, stderr)
			}
			for _, w := range tc.out {
				if !strings.Contains(stdout, w) {
					t.Errorf("stdout lacks %q:\n%s", w, stdout)
				}
			}
			for _, w := range tc.err {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr lacks %q:\n%s", w, stderr)
				}
			}
			if tc.positions {
				if set, info := loadDataset(t, data, "g"); len(set.Samples) == 0 || !info.Complete {
					t.Errorf("dataset g: %+v", info)
				}
			}
		})
	}
}
