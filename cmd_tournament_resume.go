package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/saves"
	"github.com/spf13/pflag"
)

// resumeFlags are what --resume may come with: where the tournament is,
// and how its games are shared out and its report shown, nothing its
// games depend on.
var resumeFlags = map[string]bool{"resume": true, "data": true, "concurrency": true, "json": true}

// stopAfter, when set (tests), stops a tournament as an interrupt does
// once it has played this many games.
var stopAfter int

// resuming is an unfinished tournament open to go on with, and the flags
// given with --resume, which replace the saved ones.
type resuming struct {
	journal     *saves.Journal
	root        string
	concurrency int
	asJSON      bool
	changed     func(name string) bool
}

// resume goes on with the unfinished tournament f.resume: it reads its
// settings and journal and runs the command it was started with again,
// with those settings, playing the games not journaled.
func resume(fs *pflag.FlagSet, f tournamentFlags, stdout, stderr io.Writer) int {
	cmd := fs.Name()
	var others []string
	fs.Visit(func(fl *pflag.Flag) {
		if !resumeFlags[fl.Name] {
			others = append(others, "--"+fl.Name)
		}
	})
	if len(others) > 0 {
		return usageError(stderr, cmd, "--resume goes on as the tournament was started: %s cannot go with it (--data, --concurrency and --json can)", strings.Join(others, ", "))
	}
	if fs.NArg() > 0 {
		return usageError(stderr, cmd, "--resume goes on as the tournament was started: unexpected argument %q", fs.Arg(0))
	}
	lib, err := f.data.open()
	if err != nil {
		return usageError(stderr, cmd, "%v", err)
	}
	j, err := lib.ResumeTournament(f.resume)
	if err != nil {
		fmt.Fprintf(stderr, "evochess %s: %v\n", cmd, err)
		return exitFail
	}
	defer j.Close()
	note := ""
	if j.Dropped {
		note = " (a game torn by a crash was dropped: it is played again)"
	}
	fmt.Fprintf(stderr, "resuming %s %q: %d games played before%s\n", j.Settings.Command, j.Name, len(j.Games), note)
	from := &resuming{journal: j, root: f.data.root, concurrency: f.concurrency, asJSON: f.asJSON, changed: fs.Changed}
	if j.Settings.Command == "match" {
		return match(j.Settings.Args, from, stdout, stderr)
	}
	return tournament(j.Settings.Args, from, stdout, stderr)
}

// apply puts the resumed tournament and the flags given with --resume
// into f, parsed from the saved command line (nothing to do when not
// resuming).
func (r *resuming) apply(f *tournamentFlags) error {
	if r == nil {
		return nil
	}
	if f.resume != "" {
		return fmt.Errorf("tournament %q: its saved settings hold --resume", r.journal.Name)
	}
	f.journal, f.data.root = r.journal, r.root
	if r.changed("concurrency") {
		f.concurrency = r.concurrency
	}
	if r.changed("json") {
		f.asJSON = r.asJSON
	}
	return nil
}

// sprtModel is the model the resumed match's SPRT was started with:
// settings without one are a match saved before pairs were tested,
// whose SPRT was trinomial.
func (r *resuming) sprtModel() (string, error) {
	switch m := r.journal.Settings.SPRTModel; m {
	case "", arena.Trinomial:
		return arena.Trinomial, nil
	case arena.Pentanomial:
		return m, nil
	default:
		return "", fmt.Errorf("tournament %q: its saved SPRT model %.40q is not %s or %s", r.journal.Name, m, arena.Pentanomial, arena.Trinomial)
	}
}

// resumeInto gives t the journal's games, which it does not play again,
// and puts them in the saved PGN in the order they ended; it returns how
// many there are.
func resumeInto(t *arena.Tournament, j *saves.Journal, pgn *bytes.Buffer) int {
	t.Finished = j.Finished()
	for i := range j.Games {
		arena.WriteGamePGN(pgn, &j.Games[i].Game, t.Event, j.Games[i].Round)
	}
	return len(j.Games)
}

// commandOf is the command that plays t: match or tournament.
func commandOf(t *arena.Tournament) string {
	if t.Format == arena.Match {
		return "match"
	}
	return "tournament"
}

// closeJournal ends a saved tournament's run: finished, it is kept as a
// finished tournament (and reported by the caller); stopped, or when a game
// could not be journaled, the journal stays to resume from, and the report
// (if any) and how to resume are printed here (done).
func closeJournal(j *saves.Journal, rep *arena.Report, journalErr error, f tournamentFlags, lib *saves.Dir, pgn *bytes.Buffer, stdout, stderr io.Writer) (code int, done bool) {
	again := fmt.Sprintf("evochess %s --resume %s", j.Settings.Command, j.Name)
	if f.data.root != "" {
		again += " --data " + lib.Root
	}
	switch {
	case journalErr != nil:
		fmt.Fprintf(stderr, "evochess %s: %v: stopped; the games journaled before are kept: resume with: %s\n", rep.Format, journalErr, again)
		return exitFail, true
	case rep.Reason == "stopped":
		if f.asJSON {
			printJSON(stdout, rep)
		} else {
			printReport(stdout, rep)
		}
		fmt.Fprintf(stderr, "stopped after %d games, journaled: resume with: %s\n", rep.Games, again)
		return exitOK, true
	}
	if err := j.Keep(saves.FinishedTournament{Settings: f.args, Report: rep, PGN: pgn.Bytes()}); err != nil {
		fmt.Fprintf(stderr, "evochess %s: %v (the journal is kept: %s)\n", rep.Format, err, again)
		return exitFail, true
	}
	fmt.Fprintf(stderr, "saved as tournament %q\n", j.Name)
	return exitOK, false
}

// pinFull gives the built-in players of a resumed tournament what they
// began with where today's defaults would stand in: the set of full's
// defaults for those that name the preset
// (saves.TournamentSettings.FullDefaults) and the set of search
// parameters for those whose search is the defaults' (SearchParams), so
// that its games go on between the players they began with; nothing
// when not resuming.
func (f *tournamentFlags) pinFull(players []arena.PlayerSpec) error {
	if f.journal == nil {
		return nil
	}
	settings := f.journal.Settings
	full, err := core.FullDefaultsFor(settings.FullDefaults)
	if err != nil {
		return fmt.Errorf("tournament %q: %w", f.journal.Name, err)
	}
	search, err := core.SearchParamsFor(settings.SearchParams, settings.FullDefaults > 0)
	if err != nil {
		return fmt.Errorf("tournament %q: search_params: %w", f.journal.Name, err)
	}
	for i := range players {
		arena.PinSearch(&players[i], search) // before PinFull, which turns the preset into genes
		arena.PinFull(&players[i], full)
	}
	return nil
}
