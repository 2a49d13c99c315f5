package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/evochess/evochess/arena"
)

const matchSynopsis = "evochess match SPEC_A SPEC_B [--games N] [--sprt ELO0,ELO1[,ALPHA,BETA]] [flags]  |  evochess match --resume NAME"

const matchAbout = `Play two players against each other in colour-swapped pairs and report
the score, Elo difference ± 95% error and likelihood of superiority. With
--sprt the match stops as soon as the sequential test decides between
"A is ELO0 stronger" and "A is ELO1 stronger"; it tests the complete
colour-swapped pairs (pentanomial, "Ptnml(0-2)" as fastchess prints),
which does not assume a pair's two games independent and, with a biased
book, decides in fewer games (with the balanced built-in one, about as
many); matches saved by an evochess before pairs were tested resume with
the test on games one by one (trinomial). With --middlegame SPEC every
pair starts from a middlegame the way seed 000's fitness makes them: SPEC
plays itself --start-moves moves per side at depth --start-depth from a
book opening drawn with --seed. Player SPECs are as for
"evochess tournament --help". With --save NAME each game is journaled as
it ends: a match stopped any way goes on with "evochess match --resume
NAME", which plays the games not played yet as they would have been.`

func runMatch(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	return match(args, nil, stdout, stderr)
}

// match runs the match command; from, when resuming, is the match args
// were saved with.
func match(args []string, from *resuming, stdout, stderr io.Writer) int {
	fs := newFlagSet("match")
	games := fs.Int("games", 100, "games to play (rounded up to an even number)")
	sprt := fs.String("sprt", "", "sequential test `ELO0,ELO1[,ALPHA,BETA]` (alpha and beta default to 0.05)")
	middlegame := fs.String("middlegame", "", "start each pair from a middlegame this player `SPEC` reaches playing itself (seed 000)")
	startMoves := fs.Int("start-moves", 20, "--middlegame: moves per side played from the book opening")
	startDepth := fs.Int("start-depth", 4, "--middlegame: depth of those moves")
	var f tournamentFlags
	f.args = args
	f.define(fs)
	if status, ok := parseFlags(fs, matchSynopsis, matchAbout, args, stdout, stderr); !ok {
		return status
	}
	if from == nil && f.resume != "" {
		return resume(fs, f, stdout, stderr)
	}
	if err := from.apply(&f); err != nil {
		return usageError(stderr, "match", "%v", err)
	}
	if fs.NArg() != 2 {
		return usageError(stderr, "match", "needs exactly two player SPECs, got %d", fs.NArg())
	}
	if *games < 1 {
		return usageError(stderr, "match", "--games must be at least 1")
	}
	t, err := f.tournament()
	if err != nil {
		return usageError(stderr, "match", "%v", err)
	}
	if t.Players, err = arena.ParsePlayerSpecs(fs.Args(), f.data); err != nil {
		return usageError(stderr, "match", "%v", err)
	}
	if err := f.pinFull(t.Players); err != nil {
		return usageError(stderr, "match", "%v", err)
	}
	t.Format, t.Rounds = arena.Match, (*games+1)/2
	if *middlegame != "" {
		if *startMoves < 1 || *startDepth < 1 {
			return usageError(stderr, "match", "--start-moves and --start-depth must be at least 1")
		}
		ref, err := arena.ParsePlayerSpec(*middlegame, f.data)
		if err == nil {
			refs := []arena.PlayerSpec{ref}
			err = f.pinFull(refs)
			ref = refs[0]
		}
		if err != nil {
			return usageError(stderr, "match", "--middlegame: %v", err)
		}
		// As the reference fitness does (ga/fitness.go): the starter plays
		// at the start depth whatever limit its SPEC gives, one start per
		// colour-swapped pair, all made before the first game.
		ref.TC = nil
		starts, err := arena.MiddlegameStarts(context.Background(), ref, t.Book, t.Rounds, *startMoves,
			arena.TimeControl{Depth: *startDepth}, t.Seed)
		if err != nil {
			fmt.Fprintf(stderr, "match: middlegame starts: %v\n", err)
			return exitFail
		}
		t.Book = &arena.Book{Name: "middlegame", FENs: starts}
	}
	if *sprt != "" {
		s, err := parseSPRT(*sprt)
		if err != nil {
			return usageError(stderr, "match", "--sprt %q: %v", *sprt, err)
		}
		if from != nil {
			if s.Model, err = from.sprtModel(); err != nil {
				return usageError(stderr, "match", "%v", err)
			}
		}
		t.SPRT = s
	}
	return playAndReport(t, f, stdout, stderr)
}

func parseSPRT(s string) (*arena.SPRT, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 2 && len(parts) != 4 {
		return nil, errSPRT
	}
	v := make([]float64, len(parts))
	for i, p := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			return nil, errSPRT
		}
		v[i] = f
	}
	sp := &arena.SPRT{Elo0: v[0], Elo1: v[1], Alpha: 0.05, Beta: 0.05, Model: arena.Pentanomial}
	if len(v) == 4 {
		sp.Alpha, sp.Beta = v[2], v[3]
	}
	if sp.Elo1 <= sp.Elo0 || sp.Alpha <= 0 || sp.Alpha >= 0.5 || sp.Beta <= 0 || sp.Beta >= 0.5 {
		return nil, errSPRT
	}
	return sp, nil
}

var errSPRT = errors.New("needs ELO0,ELO1 with ELO0 < ELO1, and optional ALPHA,BETA in (0, 0.5)")
