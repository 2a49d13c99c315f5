package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/arena/dataset"
	"github.com/evochess/evochess/saves"
)

const selfplaySynopsis = "evochess selfplay --name NAME [--player SPEC …] [--games N] [--tc nodes=5000] [--label SPEC] [--resume] [flags]\n       evochess selfplay --name NAME --from-games SRC [SRC …] [--seed N] [--skip-plies N] [--per-game N]"

const selfplayAbout = `Play games and keep their quiet positions, labelled with the game's result
(and optionally a reference score), as the dataset NAME in the data
directory: what --fitness positions tunes on.

One --player plays itself (the default: the built-in full); several play
every ordered pairing in turn. Game g starts from the g-th opening of
--book in an order fixed by --seed, at --tc (a nodes= budget varies by up
to ±10% per game, from the seed, so repeated openings give new games).
From each game, the positions after the opening and --skip-plies more are
taken unless in check or scored as a mate by the player to move, resolved
to their quiet leaf by a capture quiescence (skipped if that leaf is in
check, stalemate, dead drawn or already taken from the game), and at most
--per-game of them drawn. Games ended by --max-moves, a crash, an illegal
move or a flag fall are dropped: their result is no label.

--label SPEC scores every position with a player at a fixed limit, e.g.
  --label uci=/usr/games/stockfish,depth=10   (Debian's Stockfish)
  --label self,depth=8                         (the built-in full)
in centipawns from white's view; positions it scores as mates are dropped.
What the labeller is (an engine's id name and author, options and limit;
for self, digests of its genes and search) is kept with the dataset, and
going on with another engine behind the same SPEC is refused.

The dataset is saved every few seconds while it grows: Ctrl-C (or a
crash) loses only the games in progress, and running again with the same
--name (or --name NAME --resume, which takes the saved settings) goes on
to the same dataset an uninterrupted run makes, whatever --workers is.
--games may be raised to extend a finished dataset. Player SPECs are as
for "evochess tournament --help".

--from-games SRC … plays nothing: it keeps the quiet positions of games
played before, by the same rules (game g of the sources, the --from-games
values then the arguments, is sampled from --seed and g). SRC is a PGN
file (ours, fastchess's, cutechess's), a tournament's directory (its
games.pgn, or games.jsonl while it runs) or a tournament saved in --data. A game is kept only if its
record shows a trusted ending: the rules on its last position, our
referee's reason (PGN Annotator tag, journal), a Termination
"adjudication" with a decisive result (a resignation on the scores);
games at the move limit, draw adjudications, flags, crashes, unfinished
games and games whose record does not say why they ended ("normal" with
no rule ending on the board: a resignation or an agreed draw, or not)
are discarded. A position an earlier game gave already is dropped (a
book's openings repeat). Games that cannot be read are skipped and
counted, the first few named; the dataset is saved once, at the end.
Run it again to redo it: it is not resumed.`

// selfplayFlags are the command line of a run.
type selfplayFlags struct {
	name, tc, book, label   string
	players                 []string
	games, workers          int
	perGame, skip, maxMoves int
	seed                    uint64
	resume                  bool
	fromGames               []string
}

func runSelfplay(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("selfplay")
	var f selfplayFlags
	fs.StringVar(&f.name, "name", "", "the dataset's `NAME` in the data directory (required)")
	fs.StringArrayVar(&f.players, "player", nil, "a player `SPEC` (repeat; default: name=full,chromosome=full)")
	fs.IntVar(&f.games, "games", 1000, "games in the finished dataset")
	fs.StringVar(&f.tc, "tc", "nodes=5000", "the players' limit: nodes=N or depth=N (reproducible), movetime=MS or a clock")
	fs.StringVar(&f.book, "book", arena.BuiltinBook, "opening book `FILE` (EPD or PGN), the built-in "+arena.BuiltinBook+", or \"\" for the start position")
	fs.Uint64Var(&f.seed, "seed", 1, "seed for the opening order, node budgets and sampling")
	fs.IntVar(&f.workers, "workers", runtime.NumCPU(), "games played at once (the dataset does not depend on it)")
	fs.IntVar(&f.perGame, "per-game", 0, "keep at most N positions per game, drawn at random (0: all)")
	fs.IntVar(&f.skip, "skip-plies", dataset.DefaultSkipPlies, "plies after the book opening that are not sampled")
	fs.IntVar(&f.maxMoves, "max-moves", 200, "moves per side after which a game is dropped as unfinished")
	fs.StringVar(&f.label, "label", "", "score positions with this player `SPEC` at a fixed limit (uci=PATH,depth=N or self,depth=N)")
	fs.BoolVar(&f.resume, "resume", false, "continue the dataset NAME with its saved settings")
	fs.StringArrayVar(&f.fromGames, "from-games", nil, "play nothing: take the positions of the games of `SRC` (repeat, or list them after it)")
	data := addDataFlag(fs, "")
	cl := addClusterFlags(fs)
	if status, ok := parseFlags(fs, selfplaySynopsis, selfplayAbout, args, stdout, stderr); !ok {
		return status
	}
	if len(f.fromGames) > 0 {
		return selfplayFromGames(fs, &f, data, stdout, stderr)
	}
	if fs.NArg() > 0 {
		return usageError(stderr, "selfplay", "unexpected argument %q (players go in --player)", fs.Arg(0))
	}
	if f.name == "" {
		return usageError(stderr, "selfplay", "--name is required")
	}
	if err := cl.checkWorkers("--workers", f.workers); err != nil {
		return usageError(stderr, "selfplay", "%v", err)
	}
	if err := cl.check(); err != nil {
		return usageError(stderr, "selfplay", "%v", err)
	}
	if err := saves.CheckName(f.name); err != nil {
		return usageError(stderr, "selfplay", "--name: %v", err)
	}
	d, err := data.open()
	if err != nil {
		return usageError(stderr, "selfplay", "%v", err)
	}
	job, err := openSelfplay(d, &f, fs.Changed)
	if err != nil {
		return usageError(stderr, "selfplay", "%v", err)
	}
	cfg, err := job.Settings.Config(f.workers, d)
	if err != nil {
		return usageError(stderr, "selfplay", "%v", err)
	}
	cfg.Games = job.Games
	if job.Finished() {
		fmt.Fprintf(stderr, "dataset %q is complete already (raise --games to extend it)\n", f.name)
		printSelfplaySummary(stdout, f.name, job, 0)
		return exitOK
	}
	if job.State.Games > 0 {
		fmt.Fprintf(stderr, "resuming %q at game %d of %d\n", f.name, job.State.Games+1, cfg.Games)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	start := time.Now()
	show := newSelfplayProgress(stderr)
	cc, err := cl.start(ctx, data, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "selfplay: %v\n", err)
		return exitFail
	}
	defer cc.close()
	if cc != nil {
		remote, err := cc.run(ctx, "dataset "+filepath.Join(d.Root, saves.Datasets, f.name)) // a resumed dataset finds its games
		if err != nil {
			fmt.Fprintf(stderr, "selfplay: %v\n", err)
			return exitFail
		}
		defer remote.Close()
		cfg.Remote = remote
		cc.announce(stderr, f.workers)
		first := job.State.Games
		show.who = func(done int) string { return rates(done-first, remote, remote.Games, start) }
	}
	runErr := dataset.Generate(ctx, cfg, &job.State, func(p dataset.Progress) {
		show.update(p)
		if err := job.SaveIfDue(d, false); err != nil {
			fmt.Fprintf(stderr, "\nselfplay: %v\n", err)
		}
	})
	show.finish()
	if err := job.SaveIfDue(d, true); err != nil {
		fmt.Fprintf(stderr, "selfplay: %v\n", err)
		return exitFail
	}
	switch {
	case errors.Is(runErr, context.Canceled):
		fmt.Fprintf(stderr, "stopped after %d of %d games; \"evochess selfplay --name %s --resume\" goes on\n",
			job.State.Games, cfg.Games, f.name)
		return exitFail
	case runErr != nil:
		fmt.Fprintf(stderr, "selfplay: %v\n", runErr)
		return exitFail
	}
	printSelfplaySummary(stdout, f.name, job, time.Since(start))
	return exitOK
}

// printSelfplaySummary tells what the dataset holds.
func printSelfplaySummary(w io.Writer, name string, job *saves.SelfplayJob, took time.Duration) {
	st := &job.State
	n := dataset.CountResults(st.Set.Samples)
	fmt.Fprintf(w, "dataset %s: %d games (%d dropped), %d positions (white won %d, drawn %d, black won %d)",
		name, st.Games, st.Discarded, len(st.Set.Samples), n[dataset.WhiteWins], n[dataset.Draw], n[dataset.BlackWins])
	if took > 0 {
		fmt.Fprintf(w, " in %s", took.Round(100*time.Millisecond))
	}
	fmt.Fprintln(w)
	if job.Settings.Label != "" {
		fmt.Fprintf(w, "labelled by %s%s\n", job.Settings.Label, labellerNote(st.Labeller, job.LabellerFrom, "games"))
	}
}

// selfplayProgress draws the run's progress on stderr (see progressLine).
type selfplayProgress struct {
	line *progressLine
	who  func(games int) string // who played them, if set
}

func newSelfplayProgress(w io.Writer) *selfplayProgress {
	return &selfplayProgress{line: newProgressLine(w)}
}

func (s *selfplayProgress) update(p dataset.Progress) {
	eta := ""
	if p.ETA > 0 {
		eta = "  ETA " + p.ETA.Round(time.Second).String()
	}
	text := fmt.Sprintf("%d/%d games  %d positions  %s%s", p.Games, p.Total, p.Positions, p.Elapsed.Round(time.Second), eta)
	if s.who != nil {
		text += s.who(p.Games)
	}
	s.line.show(p.Games, p.Total, text)
}

// finish ends the progress, so what follows starts on its own line.
func (s *selfplayProgress) finish() { s.line.finish() }
