package dataset

import (
	"context"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// testConfig is a run of short games: low nodes, resignation at +6 pawns
// so games end fast by a trusted rule.
func testConfig(t *testing.T, games int, specs ...string) Config {
	t.Helper()
	if len(specs) == 0 {
		specs = []string{"name=a"}
	}
	var players []arena.PlayerSpec
	for _, s := range specs {
		ps, err := arena.ParsePlayerSpec(s, nil)
		if err != nil {
			t.Fatal(err)
		}
		players = append(players, ps)
	}
	book, err := arena.OpenBook(arena.BuiltinBook)
	if err != nil {
		t.Fatal(err)
	}
	return Config{Players: players, Games: games, Book: book, Seed: 7, Workers: 1, SkipPlies: DefaultSkipPlies,
		Options: arena.GameOptions{TC: arena.TimeControl{Nodes: 400}, MaxMoves: 120, ResignScore: 600, ResignMoves: 2}}
}

func generate(t *testing.T, cfg Config, st *State) *State {
	t.Helper()
	if st == nil {
		st = &State{}
	}
	if err := Generate(context.Background(), cfg, st, nil); err != nil {
		t.Fatal(err)
	}
	return st
}

func TestGenerateSelfplaySamples(t *testing.T) {
	cfg := testConfig(t, 4)
	var reports []Progress
	st := &State{}
	if err := Generate(context.Background(), cfg, st, func(p Progress) { reports = append(reports, p) }); err != nil {
		t.Fatal(err)
	}
	if st.Games != 4 || len(reports) != 4 || reports[3].Games != 4 || reports[3].Positions != len(st.Set.Samples) {
		t.Fatalf("state %d games, reports %+v", st.Games, reports)
	}
	if len(st.Set.Samples) < 20 {
		t.Fatalf("only %d samples from 4 games (%d discarded)", len(st.Set.Samples), st.Discarded)
	}
	q := core.NewQuietSearch(core.NewEvaluator(mustFull(t)))
	var pos core.Position
	for i, s := range st.Set.Samples {
		if err := s.Pos.Unpack(&pos); err != nil {
			t.Fatalf("sample %d: %v", i, err)
		}
		if pos.InCheck() || !pos.HasLegalMove() || s.Score != NoScore || s.Result > WhiteWins {
			t.Errorf("sample %d %s: in check %v, score %d, result %d", i, pos.FEN(), pos.InCheck(), s.Score, s.Result)
		}
		// Quiet: no capture line does better than the static evaluation.
		if line, _ := q.Leaf(&pos, core.QuietMaxPly); len(line) > 0 {
			t.Errorf("sample %d %s: the capture line %v does better", i, pos.FEN(), line)
		}
	}
}

// The dataset depends on the seed and settings only: not on the workers,
// nor on stopping and resuming, nor on raising the number of games.
func TestGenerateSelfplayReproducible(t *testing.T) {
	straight := generate(t, testConfig(t, 6), nil)

	cfg := testConfig(t, 6)
	cfg.Workers = 2
	if parallel := generate(t, cfg, nil); !slices.Equal(parallel.Set.Samples, straight.Set.Samples) {
		t.Errorf("2 workers: %d samples differ from 1 worker's %d", len(parallel.Set.Samples), len(straight.Set.Samples))
	}

	st := generate(t, testConfig(t, 2), nil)
	if extended := generate(t, testConfig(t, 6), st); !slices.Equal(extended.Set.Samples, straight.Set.Samples) ||
		extended.Discarded != straight.Discarded {
		t.Errorf("2 games then 6: %d samples, straight %d", len(extended.Set.Samples), len(straight.Set.Samples))
	}

	// Stopped after the third game, then resumed.
	ctx, cancel := context.WithCancel(context.Background())
	stopped := &State{}
	cfg.Workers = 2
	err := Generate(ctx, cfg, stopped, func(p Progress) {
		if p.Games == 3 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) || stopped.Games != 3 {
		t.Fatalf("stopped run: %v after %d games", err, stopped.Games)
	}
	if resumed := generate(t, cfg, stopped); !slices.Equal(resumed.Set.Samples, straight.Set.Samples) {
		t.Errorf("stopped and resumed: %d samples, straight %d", len(resumed.Set.Samples), len(straight.Set.Samples))
	}
}

func TestGenerateSelfplayPerGame(t *testing.T) {
	all := generate(t, testConfig(t, 3), nil)
	cfg := testConfig(t, 3)
	cfg.PerGame = 4
	some := generate(t, cfg, nil)
	if len(some.Set.Samples) > 12 || len(some.Set.Samples) < 4 {
		t.Fatalf("%d samples with at most 4 a game from 3 games", len(some.Set.Samples))
	}
	// A subsequence of every game's samples, in order.
	i := 0
	for _, s := range some.Set.Samples {
		for i < len(all.Set.Samples) && all.Set.Samples[i] != s {
			i++
		}
		if i == len(all.Set.Samples) {
			t.Fatal("the sampled positions are not a subsequence of all the positions")
		}
	}
}

func TestGenerateSelfplayLabels(t *testing.T) {
	tests := []struct{ name, spec string }{
		{"self", "name=self,chromosome=full,depth=3"},
		{"stockfish", "name=sf,uci=/usr/games/stockfish,depth=6"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if strings.Contains(tc.spec, "uci=") {
				if _, err := os.Stat("/usr/games/stockfish"); err != nil {
					t.Skip("Debian's stockfish is not installed")
				}
			}
			label, err := arena.ParsePlayerSpec(tc.spec, nil)
			if err != nil {
				t.Fatal(err)
			}
			cfg := testConfig(t, 2)
			cfg.PerGame, cfg.Label = 5, &label
			st := generate(t, cfg, nil)
			if len(st.Set.Samples) == 0 {
				t.Fatal("no samples")
			}
			var pos core.Position
			for _, s := range st.Set.Samples {
				s.Pos.Unpack(&pos)
				if s.Score == NoScore || s.Score > core.MateBound || s.Score < -core.MateBound {
					t.Errorf("%s: score %d", pos.FEN(), s.Score)
				}
			}
			// White's view: the side to move's advantage shows with its sign.
			cfg.Workers = 2
			if again := generate(t, cfg, nil); !slices.Equal(again.Set.Samples, st.Set.Samples) {
				t.Error("labels differ with 2 workers")
			}
		})
	}
}

func TestGenerateSelfplayErrors(t *testing.T) {
	depthless, _ := arena.ParsePlayerSpec("name=l", nil)
	tests := []struct {
		name   string
		change func(*Config, *State)
		want   string
	}{
		{"no players", func(c *Config, _ *State) { c.Players = nil }, "at least one player"},
		{"no games", func(c *Config, _ *State) { c.Games = 0 }, "at least one game"},
		{"fewer games than done", func(c *Config, st *State) { st.Games = 3 }, "games done"},
		{"negative per game", func(c *Config, _ *State) { c.PerGame = -1 }, "negative"},
		{"no time control", func(c *Config, _ *State) { c.Options.TC = arena.TimeControl{} }, "no limit"},
		{"label without limit", func(c *Config, _ *State) { c.Label = &depthless }, "fixed limit"},
		{"engine missing", func(c *Config, _ *State) {
			c.Players = append(c.Players, arena.PlayerSpec{Name: "x", Engine: "/nonexistent/engine"})
		}, "/nonexistent/engine"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg, st := testConfig(t, 2), &State{}
			tc.change(&cfg, st)
			err := Generate(context.Background(), cfg, st, nil)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one mentioning %q", err, tc.want)
			}
		})
	}
}

func TestSelfplayJobs(t *testing.T) {
	cfg := testConfig(t, 12, "name=a", "name=b", "name=c")
	jobs := cfg.jobs(0)
	if len(jobs) != 12 {
		t.Fatalf("%d jobs", len(jobs))
	}
	pairs := map[[2]int]int{}
	for g, j := range jobs {
		pairs[[2]int{j.White, j.Black}]++
		if j.ID != g || j.White == j.Black || j.Options.StartFEN == "" {
			t.Errorf("job %d: %+v", g, j)
		}
		if n := j.Options.TC.Nodes; n < 360 || n > 440 {
			t.Errorf("job %d: %d nodes, want 400 ± 10%%", g, n)
		}
	}
	if len(pairs) != 6 {
		t.Errorf("pairings %v, want every ordered pair of 3 players twice", pairs)
	}
	// More games or a later start keep every game as it was.
	cfg.Games = 20
	if more := cfg.jobs(5); !slices.EqualFunc(more[:7], jobs[5:], func(a, b arena.GameJob) bool { return a == b }) {
		t.Error("raising the number of games changed the first games")
	}
}

func mustFull(t *testing.T) *core.Weights {
	t.Helper()
	w, err := core.PresetWeights("full")
	if err != nil {
		t.Fatal(err)
	}
	return w
}
