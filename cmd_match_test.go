package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/evochess/evochess/arena"
)

// TestMatchMiddlegameStarts checks that --middlegame starts each
// colour-swapped pair where the starter's self-play left the book opening
// (the built-in book's positions are White to move at move 4, so N more
// moves per side end at move 4 + N), and that bad values are usage errors.
func TestMatchMiddlegameStarts(t *testing.T) {
	fenTag := regexp.MustCompile(`\[FEN "[^"]* (\d+)"\]`)
	tests := []struct {
		name         string
		extra        []string
		wantCode     int
		wantFullmove int // of every game's start; 0: not checked
	}{
		{"book openings only", nil, 0, 4},
		{"3 moves", []string{"--middlegame", "name=s,chromosome=full", "--start-moves", "3", "--start-depth", "1"}, 0, 7},
		{"5 moves, starter with its own limit", []string{"--middlegame", "name=s,chromosome=full,depth=9", "--start-moves", "5", "--start-depth", "1"}, 0, 9},
		{"no moves", []string{"--middlegame", "name=s", "--start-moves", "0"}, 2, 0},
		{"bad starter", []string{"--middlegame", "name=s,chromosome=nosuch"}, 2, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pgn := filepath.Join(t.TempDir(), "games.pgn")
			args := append([]string{"match", "name=a,chromosome=seed000", "name=b,chromosome=seed000",
				"--games", "4", "--tc", "depth=1", "--max-moves", "2", "--concurrency", "1", "--seed", "3", "--pgn", pgn, "--json"}, tt.extra...)
			code, _, stderr := runCLI(args...)
			if code != tt.wantCode {
				t.Fatalf("exit %d, want %d: %s", code, tt.wantCode, stderr)
			}
			if tt.wantFullmove == 0 {
				return
			}
			data, err := os.ReadFile(pgn)
			if err != nil {
				t.Fatal(err)
			}
			m := fenTag.FindAllStringSubmatch(string(data), -1)
			if len(m) != 4 {
				t.Fatalf("%d games with a FEN tag, want 4:\n%s", len(m), data)
			}
			for _, g := range m {
				if n, _ := strconv.Atoi(g[1]); n != tt.wantFullmove {
					t.Errorf("a game starts at move %d, want %d (%s)", n, tt.wantFullmove, g[0])
				}
			}
		})
	}
}

// The progress text shows an SPRT's W-D-L, pairs (pentanomial) and LLR
// between its bounds, and
// a plain match's count and ETA.
func TestProgressText(t *testing.T) {
	tb := arena.NewTable([]string{"a", "b"}, 100)
	tb.Played, tb.W, tb.D, tb.L = 10, []int{6, 1}, []int{3, 3}, []int{1, 6}
	tb.Pairs = arena.PairCounts{0, 1, 1, 2, 1}
	penta := &arena.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05, Model: arena.Pentanomial}
	tri := &arena.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05, Model: arena.Trinomial}
	for _, tc := range []struct {
		name string
		sprt *arena.SPRT
		want string
		bar  int
	}{
		{"pentanomial sprt", penta, `^10 games  6-3-1  ptnml \[0, 1, 1, 2, 1\]  LLR ` + regexp.QuoteMeta(fmt.Sprintf("%.2f", penta.TestPairs(tb.Pairs).LLR)) + ` \(-2\.94, 2\.94\)  `, 0},
		{"trinomial sprt", tri, `^10 games  6-3-1  LLR ` + regexp.QuoteMeta(fmt.Sprintf("%.2f", tri.Test(6, 3, 1).LLR)) + ` \(-2\.94, 2\.94\)  `, 0},
		{"plain", nil, `^10/100 games  .*ETA `, 100},
	} {
		if got := progressText(tb, 0, time.Now(), tc.sprt, ""); !regexp.MustCompile(tc.want).MatchString(got) {
			t.Errorf("%s: %q does not match %s", tc.name, got, tc.want)
		}
		if got := progressBarTotal(tb, tc.sprt); got != tc.bar {
			t.Errorf("%s: bar drawn against %d, want %d", tc.name, got, tc.bar)
		}
	}
}

// A player that is no engine (cat) stops a match, a tournament or an
// evolution against it before the first game, in well under a second,
// saying which player and why; before, each of its games was lost, the
// first after a move's timeout, and nothing said why but the PGN.
func TestNotAnEngineSaidBeforeAnyGame(t *testing.T) {
	if _, err := os.Stat("/bin/cat"); err != nil {
		t.Skip(err)
	}
	const want = `player kitty: /bin/cat: not a chess engine: it repeats what it is sent ("uci")`
	for _, args := range [][]string{
		{"match", "name=kitty,engine=/bin/cat", "name=b,chromosome=full", "--games", "2", "--tc", "nodes=1000", "--concurrency", "1"},
		{"tournament", "--player", "name=kitty,engine=/bin/cat", "--player", "name=b,chromosome=full", "--tc", "nodes=1000", "--concurrency", "1"},
		{"evolve", "--method", "classic", "--population", "4", "--generations", "1", "--fitness", "reference",
			"--reference", "name=kitty,engine=/bin/cat", "--tc", "nodes=1000", "--workers", "1", "--data", t.TempDir()},
	} {
		t0 := time.Now()
		code, out, stderr := runCLI(args...)
		if code == exitOK || !strings.Contains(stderr, want) || time.Since(t0) > 5*time.Second {
			t.Errorf("%s: exit %d in %v: %s%s, want %q", args[0], code, time.Since(t0), out, stderr, want)
		}
	}
}

// A match's report gives its pairs, the Elo ± error by pairs beside the
// one by games, and the model its LLR is of.
func TestMatchReportPairs(t *testing.T) {
	tb := arena.NewTable([]string{"a", "b"}, 0)
	tb.Played, tb.W, tb.D, tb.L = 21, []int{9, 5}, []int{7, 7}, []int{5, 9}
	tb.Pairs = arena.PairCounts{1, 2, 3, 2, 2}
	sp := arena.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	penta, tri := sp.TestPairs(tb.Pairs), sp.Test(9, 7, 5)
	e := tb.Pairs.PairElo()
	for _, tc := range []struct {
		name string
		sprt *arena.SPRTResult
		want []string
	}{
		{"pentanomial", &penta, []string{fmt.Sprintf("Ptnml(0-2): [1, 2, 3, 2, 2], 10 pairs; a v b: Elo %+.1f ± %.1f by pairs (± %.1f by games); 1 game of unfinished pairs not in it\n",
			e.Elo, e.Error, arena.EloFromWDL(9, 7, 5).Error), fmt.Sprintf("SPRT (pentanomial, 10 pairs): LLR %.2f (bounds -2.94, 2.94) \n", penta.LLR)}},
		{"trinomial", &tri, []string{"Ptnml(0-2): [1, 2, 3, 2, 2], 10 pairs", fmt.Sprintf("SPRT (trinomial): LLR %.2f (bounds -2.94, 2.94) \n", tri.LLR)}},
	} {
		rep := &arena.Report{Format: arena.Match, Players: tb.Players, Games: 21, Standings: tb.Standings(), Crosstable: tb.Score,
			CrossGames: tb.Games, Table: tb, SPRT: tc.sprt}
		rep.Pairs = &arena.PairReport{Ptnml: tb.Pairs, Pairs: 10, Unpaired: 1, Elo: e.Elo, Error: e.Error, LOS: e.LOS}
		var b strings.Builder
		printReport(&b, rep)
		for _, w := range tc.want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%s: the report\n%s\nlacks %q", tc.name, b.String(), w)
			}
		}
	}
}
