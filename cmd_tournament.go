package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/saves"
	"github.com/spf13/pflag"
)

const tournamentSynopsis = "evochess tournament --format round-robin|selection|knockout|gauntlet --player SPEC --player SPEC … [flags]  |  evochess tournament --resume NAME"

const tournamentAbout = `Play a tournament between built-in and external engines (UCI or xboard) on parallel
workers. Each pairing plays colour-swapped pairs of games from the same
opening. A progress bar goes to stderr; the standings (points, W-D-L, Elo ±
95% error) and crosstable to stdout, or a JSON summary with --json.
With --save NAME each game is journaled as it ends: a tournament stopped
any way goes on with "evochess tournament --resume NAME", which plays the
games not played yet as they would have been.

A player SPEC is comma-separated key=value pairs:
  name=base,chromosome=full,depth=4
  name=sf1,uci=/usr/games/stockfish,depth=1
  name=sf1800,uci=/usr/games/stockfish,option.UCI_LimitStrength=true,option.UCI_Elo=1800
  name=phalanx,xboard=/usr/games/phalanx,args=-l-,depth=4
  name=hoi,engine=/usr/games/hoichess,movetime=1000
  name=plain,chromosome=seed003,search=plain,qs=3,depth=3
  name=evo,population=runs/x/run.json#best,nodes=20000
Keys: name; chromosome (preset, player name or chromosome file; default
full), population (an individual of a saved run or a run file: NAME#best,
runs/x/run.json#gen0, #N or #id=N), player (a saved player; keys after it
override its settings) or an external engine's path: uci=PATH, xboard=PATH
or engine=PATH (protocol detected; proto=uci|xboard|auto says it), with args
and option.NAME=VALUE; search (strong|plain|paper000|paper004: seed 000's
and 004's own searches); qs (plain quiescence plies);
for a built-in player, option.NAME=VALUE sets a search option of evochess
uci (option.SingularExtensions=true); hash (MB); and the player's own limit: depth, nodes, movetime (ms) or tc
(10+0.1).`

// tournamentFlags are the flags tournament and match share.
type tournamentFlags struct {
	tc, openings, pgn, resign, draw string
	save, resume                    string
	journal                         *saves.Journal // resuming: the tournament's, open
	concurrency, maxMoves           int
	seed                            uint64
	args                            []string // the command line, kept with a saved tournament
	asJSON                          bool
	data                            *dataFlag
	cluster                         *clusterFlags
}

func (f *tournamentFlags) define(fs *pflag.FlagSet) {
	fs.StringVar(&f.tc, "tc", "nodes=20000", "time control: depth=N, nodes=N, movetime=MS or a clock BASE+INC in seconds (10+0.1)")
	fs.IntVar(&f.concurrency, "concurrency", runtime.NumCPU(), "games played at once")
	fs.StringVar(&f.openings, "openings", arena.BuiltinBook, "opening book `FILE` (EPD or PGN), the built-in book "+arena.BuiltinBook+", or \"\" for the start position")
	fs.StringVar(&f.pgn, "pgn", "", "append every game to this PGN `FILE` as it finishes")
	fs.Uint64Var(&f.seed, "seed", 1, "seed for the opening order and selection pairings")
	fs.IntVar(&f.maxMoves, "max-moves", 0, "adjudicate a draw after N moves per side (0: never)")
	fs.StringVar(&f.resign, "resign", "", "resign adjudication `CP:MOVES`: both engines agree on ≥ CP for MOVES moves")
	fs.StringVar(&f.draw, "draw", "", "draw adjudication `CP:MOVES:FROM`: both within ±CP for MOVES moves after move FROM")
	fs.BoolVar(&f.asJSON, "json", false, "print a JSON summary on stdout instead of tables")
	fs.StringVar(&f.save, "save", "", "save the tournament (settings, standings, PGN) in the data directory under `NAME`, each game as it ends")
	fs.StringVar(&f.resume, "resume", "", "go on with the unfinished tournament `NAME` of the data directory, as it was started")
	f.data = addDataFlag(fs, "--save, --resume, population= and player=")
	f.cluster = addClusterFlags(fs)
}

// tournament builds the Tournament common part; the caller sets format,
// players and rounds.
func (f *tournamentFlags) tournament() (*arena.Tournament, error) {
	tc, err := arena.ParseTimeControl(f.tc)
	if err != nil {
		return nil, err
	}
	t := &arena.Tournament{Options: arena.GameOptions{TC: tc, MaxMoves: f.maxMoves, Margin: 100 * time.Millisecond},
		Seed: f.seed, Workers: f.concurrency}
	if err := f.cluster.checkWorkers("--concurrency", f.concurrency); err != nil {
		return nil, err
	}
	if err := f.cluster.check(); err != nil {
		return nil, err
	}
	if f.maxMoves < 0 {
		return nil, fmt.Errorf("--max-moves must not be negative")
	}
	if f.openings != "" {
		if t.Book, err = arena.OpenBook(f.openings); err != nil {
			return nil, err
		}
	}
	if f.resign != "" {
		n, err := ints(f.resign, 2)
		if err != nil {
			return nil, fmt.Errorf("--resign %q: %v", f.resign, err)
		}
		t.Options.ResignScore, t.Options.ResignMoves = n[0], n[1]
	}
	if f.draw != "" {
		n, err := ints(f.draw, 3)
		if err != nil {
			return nil, fmt.Errorf("--draw %q: %v", f.draw, err)
		}
		t.Options.DrawScore, t.Options.DrawMoves, t.Options.DrawMoveNumber = n[0], n[1], n[2]
	}
	return t, nil
}

// ints reads n colon-separated non-negative whole numbers.
func ints(s string, n int) ([]int, error) {
	parts := strings.Split(s, ":")
	if len(parts) != n {
		return nil, fmt.Errorf("needs %d numbers separated by ':'", n)
	}
	out := make([]int, n)
	for i, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 {
			return nil, fmt.Errorf("%q is not a whole number", p)
		}
		out[i] = v
	}
	return out, nil
}

func runTournament(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	return tournament(args, nil, stdout, stderr)
}

// tournament runs the tournament command; from, when resuming, is the
// tournament args were saved with.
func tournament(args []string, from *resuming, stdout, stderr io.Writer) int {
	fs := newFlagSet("tournament")
	format := fs.String("format", arena.RoundRobin, "round-robin, selection (seed 003's two-round selection), knockout or gauntlet (the first player against the others)")
	specs := fs.StringArray("player", nil, "a player `SPEC` (repeat; see above)")
	rounds := fs.Int("rounds", 1, "cycles: each pairing plays N colour-swapped pairs (round-robin, gauntlet)")
	var f tournamentFlags
	f.args = args
	f.define(fs)
	if status, ok := parseFlags(fs, tournamentSynopsis, tournamentAbout, args, stdout, stderr); !ok {
		return status
	}
	if from == nil && f.resume != "" {
		return resume(fs, f, stdout, stderr)
	}
	if err := from.apply(&f); err != nil {
		return usageError(stderr, "tournament", "%v", err)
	}
	if fs.NArg() > 0 {
		return usageError(stderr, "tournament", "unexpected argument %q (players go in --player)", fs.Arg(0))
	}
	t, err := f.tournament()
	if err != nil {
		return usageError(stderr, "tournament", "%v", err)
	}
	if *rounds < 1 {
		return usageError(stderr, "tournament", "--rounds must be at least 1")
	}
	switch *format {
	case arena.RoundRobin, arena.Selection, arena.Knockout, arena.Gauntlet:
	default:
		return usageError(stderr, "tournament", "--format %q is not round-robin, selection, knockout or gauntlet", *format)
	}
	t.Format, t.Rounds = *format, *rounds
	if t.Players, err = arena.ParsePlayerSpecs(*specs, f.data); err != nil {
		return usageError(stderr, "tournament", "%v", err)
	}
	if err := f.pinFull(t.Players); err != nil {
		return usageError(stderr, "tournament", "%v", err)
	}
	if len(t.Players) < 2 {
		return usageError(stderr, "tournament", "needs at least two --player")
	}
	return playAndReport(t, f, stdout, stderr)
}

// playAndReport runs t with a progress bar and prints the report. With
// --save each game is journaled as it ends, and the tournament kept when
// it has finished; resuming, the games of the journal are not played
// again.
func playAndReport(t *arena.Tournament, f tournamentFlags, stdout, stderr io.Writer) int {
	var saved bytes.Buffer
	var lib *saves.Dir
	if f.save != "" || f.journal != nil {
		var err error
		if lib, err = f.data.open(); err != nil {
			return usageError(stderr, t.Format, "%v", err)
		}
		if f.journal == nil {
			if err := saves.CheckName(f.save); err != nil {
				return usageError(stderr, t.Format, "--save: %v", err)
			}
		}
		t.PGN = &saved
	}
	before := 0
	if f.journal != nil {
		before = resumeInto(t, f.journal, &saved)
	}
	if f.pgn != "" {
		file, err := os.OpenFile(f.pgn, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return usageError(stderr, t.Format, "%v", err)
		}
		defer file.Close()
		t.PGN = file
		if lib != nil {
			t.PGN = io.MultiWriter(file, &saved)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	cc, err := f.cluster.start(ctx, f.data, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "evochess %s: %v\n", t.Format, err)
		return exitFail
	}
	defer cc.close()
	j := f.journal
	if j == nil && f.save != "" {
		settings := saves.TournamentSettings{Command: commandOf(t), Args: f.args, FullDefaults: core.FullDefaultSets, SearchParams: core.SearchParamSets}
		if t.SPRT != nil {
			settings.SPRTModel = t.SPRT.Model // a resume tests as this run did
		}
		if j, err = lib.StartTournament(f.save, settings); err != nil {
			return usageError(stderr, t.Format, "--save: %v", err)
		}
		defer j.Close()
	}
	who := func(int) string { return "" }
	start := time.Now()
	if cc != nil {
		identity := "" // a tournament not saved is not resumed: its games are its own
		if j != nil {
			identity = lib.TournamentIdentity(j.Name)
		}
		remote, err := cc.run(ctx, identity)
		if err != nil {
			fmt.Fprintf(stderr, "evochess %s: %v\n", t.Format, err)
			return exitFail
		}
		defer remote.Close()
		t.Remote = remote
		cc.announce(stderr, t.Workers)
		who = func(played int) string { return rates(played, remote, remote.Games, start) }
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var journalErr error
	show := newProgressLine(stderr)
	t.OnResult = func(job arena.GameJob, res *arena.GameResult, tb *arena.Table) {
		if j != nil && journalErr == nil {
			if journalErr = j.Append(job, res); journalErr != nil {
				cancel() // a game not journaled would be lost to a resume
			}
		}
		if stopAfter > 0 && tb.Played-before >= stopAfter {
			cancel()
		}
		show.show(tb.Played, progressBarTotal(tb, t.SPRT), progressText(tb, before, start, t.SPRT, who(tb.Played-before)))
	}
	rep, err := t.Run(ctx)
	show.finish()
	if err != nil {
		fmt.Fprintf(stderr, "evochess %s: %v\n", t.Format, err)
		return exitFail
	}
	if j != nil {
		if code, done := closeJournal(j, rep, journalErr, f, lib, &saved, stdout, stderr); done {
			return code
		}
	}
	if f.asJSON {
		printJSON(stdout, rep)
		return exitOK
	}
	printReport(stdout, rep)
	return exitOK
}

func printJSON(w io.Writer, rep *arena.Report) {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.Encode(rep)
}

// progressText is a match's progress: "12/40 games  1:02  ETA 2:10" (of
// which before were played before it was resumed); a match under an SPRT
// shows its W-D-L (and, pentanomial, its complete pairs) and
// log-likelihood ratio between the bounds instead of an ETA (it stops
// when a bound is crossed); extra (who played) ends it. The bar, when the
// total is known, is the caller's.
func progressText(tb *arena.Table, before int, start time.Time, sprt *arena.SPRT, extra string) string {
	done, total := tb.Played, tb.Total
	elapsed := time.Since(start).Round(time.Second)
	switch {
	case sprt != nil && len(tb.W) > 0:
		r := sprt.TestTable(tb)
		pairs := ""
		if r.Model == arena.Pentanomial {
			pairs = "  ptnml " + tb.Pairs.String()
		}
		return fmt.Sprintf("%d games  %d-%d-%d%s  LLR %.2f (%.2f, %.2f)  %s%s", done, tb.W[0], tb.D[0], tb.L[0], pairs, r.LLR, r.Lower, r.Upper, elapsed, extra)
	case total > 0:
		eta := ""
		if done > before { // the games of a resumed tournament's journal took no time here
			left := time.Duration(float64(time.Since(start)) / float64(done-before) * float64(total-done))
			eta = "  ETA " + left.Round(time.Second).String()
		}
		return fmt.Sprintf("%d/%d games  %s%s%s", done, total, elapsed, eta, extra)
	default:
		return fmt.Sprintf("%d games  %s%s", done, elapsed, extra)
	}
}

// progressBarTotal is the total a match's bar is drawn against: none under
// an SPRT, whose end is not known.
func progressBarTotal(tb *arena.Table, sprt *arena.SPRT) int {
	if sprt != nil {
		return 0
	}
	return tb.Total
}

func printReport(w io.Writer, rep *arena.Report) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "rank\tplayer\tpoints\tgames\tW\tD\tL\tElo\t±95%%\tLOS next\t\n")
	for i, s := range rep.Standings {
		los := "-"
		if i+1 < len(rep.Standings) {
			los = fmt.Sprintf("%.1f%%", 100*s.LOSNext)
		}
		fmt.Fprintf(tw, "%d\t%s\t%.1f\t%d\t%d\t%d\t%d\t%+.0f\t%.0f\t%s\t\n", s.Rank, s.Player, s.Points, s.Games, s.W, s.D, s.L, s.Elo, s.Error, los)
	}
	tw.Flush()
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "crosstable\t")
	for i := range rep.Players {
		fmt.Fprintf(tw, "%d\t", i+1)
	}
	fmt.Fprintln(tw)
	for i, name := range rep.Players {
		fmt.Fprintf(tw, "%d %s\t", i+1, name)
		for j := range rep.Players {
			if i == j || rep.CrossGames[i][j] == 0 {
				fmt.Fprint(tw, "-\t")
				continue
			}
			fmt.Fprintf(tw, "%g/%d\t", rep.Crosstable[i][j], rep.CrossGames[i][j])
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	for _, p := range rep.Pairings {
		fmt.Fprintf(w, "round %d: %s %g - %g %s: %s\n", p.Round, p.NameA, p.PointsA, p.PointsB, p.NameB, p.Note)
	}
	if len(rep.Final) > 0 {
		fmt.Fprintf(w, "final line: %s\n", strings.Join(rep.Final, " "))
	}
	if p := rep.Pairs; p != nil && rep.Table != nil {
		games := arena.EloFromWDL(rep.Table.W[0], rep.Table.D[0], rep.Table.L[0])
		fmt.Fprintf(w, "Ptnml(0-2): %v, %d pairs; %s v %s: Elo %+.1f ± %.1f by pairs (± %.1f by games)",
			p.Ptnml, p.Pairs, rep.Players[0], rep.Players[1], p.Elo, p.Error, games.Error)
		if p.Unpaired > 0 {
			games := "games"
			if p.Unpaired == 1 {
				games = "game"
			}
			fmt.Fprintf(w, "; %d %s of unfinished pairs not in it", p.Unpaired, games)
		}
		fmt.Fprintln(w)
	}
	if s := rep.SPRT; s != nil {
		fmt.Fprintf(w, "SPRT (%s", s.Model)
		if s.Model == arena.Pentanomial {
			fmt.Fprintf(w, ", %d pairs", s.Pairs)
		}
		fmt.Fprintf(w, "): LLR %.2f (bounds %.2f, %.2f) %s\n", s.LLR, s.Lower, s.Upper, s.Decision)
	}
	fmt.Fprintf(w, "%d games in %s (%s)\n", rep.Games, rep.Elapsed.Round(time.Second), rep.Reason)
}
