package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"time"

	"github.com/evochess/evochess/saves"
	"github.com/spf13/pflag"
)

// fromGamesFlags are the selfplay flags that count for --from-games.
var fromGamesFlags = map[string]bool{"name": true, "from-games": true, "seed": true, "skip-plies": true, "per-game": true, "data": true}

// selfplayFromGames is selfplay --from-games: the sources are the flag's
// values and the arguments after them.
func selfplayFromGames(fs *pflag.FlagSet, f *selfplayFlags, data *dataFlag, stdout, stderr io.Writer) int {
	var other []string
	fs.Visit(func(fl *pflag.Flag) {
		if !fromGamesFlags[fl.Name] {
			other = append(other, "--"+fl.Name)
		}
	})
	if other != nil {
		return usageError(stderr, "selfplay", "--from-games plays no games: %s do not apply (score the dataset with evochess relabel)", strings.Join(other, ", "))
	}
	if f.name == "" {
		return usageError(stderr, "selfplay", "--name is required")
	}
	d, err := data.open()
	if err != nil {
		return usageError(stderr, "selfplay", "%v", err)
	}
	s := saves.GamesSettings{Sources: append(f.fromGames, fs.Args()...), Seed: f.seed, SkipPlies: f.skip, PerGame: f.perGame}
	if s.SkipPlies < 0 || s.PerGame < 0 {
		return usageError(stderr, "selfplay", "--skip-plies and --per-game must not be negative")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	line := newProgressLine(stderr)
	start := time.Now()
	rep, err := d.ImportGames(ctx, f.name, s, func(p saves.GamesProgress) {
		line.show(0, 0, fmt.Sprintf("%d games  %d positions  %d unreadable  %s  %s", p.Games, p.Positions, p.Bad,
			p.Elapsed.Round(time.Second), p.File))
	})
	line.finish()
	if rep != nil {
		printGamesReport(stdout, f.name, rep, time.Since(start))
	}
	switch {
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(stderr, "stopped: nothing saved")
		return exitFail
	case err != nil:
		fmt.Fprintf(stderr, "selfplay: %v\n", err)
		return exitFail
	}
	return exitOK
}

// printGamesReport tells what the games came to.
func printGamesReport(w io.Writer, name string, rep *saves.GamesReport, took time.Duration) {
	m := &rep.Meta
	for _, f := range m.Files {
		fmt.Fprintf(w, "%s: %d games, %d unreadable\n", f.Path, f.Games, f.Unreadable)
	}
	if m.Unreadable > 0 {
		fmt.Fprintf(w, "%d games could not be read, the first:\n", m.Unreadable)
		for _, b := range rep.FirstBad {
			fmt.Fprintf(w, "  %s\n", b)
		}
	}
	if m.Discarded > 0 {
		var why []string
		for r, n := range m.Endings {
			why = append(why, fmt.Sprintf("%s %d", r, n))
		}
		sort.Strings(why)
		fmt.Fprintf(w, "%d games discarded, their ending not trusted: %s\n", m.Discarded, strings.Join(why, ", "))
	}
	if rep.Positions > 0 {
		n := rep.Results
		fmt.Fprintf(w, "dataset %s: %d games, %d positions (white won %d, drawn %d, black won %d), %d duplicates dropped in %s\n",
			name, m.Games, rep.Positions, n[2], n[1], n[0], m.Duplicates, took.Round(100*time.Millisecond))
	}
}
