package tui

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/evochess/evochess/arena/dataset"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/ga"
	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

// A real program: start a small tournament and see the crosstable fill.
func TestFlowTournament(t *testing.T) {
	a := testApp(t, 110, 40)
	tm := teatest.NewTestModel(t, a, teatest.WithInitialTermSize(110, 40))
	tm.Type("2")
	tm.Type("j")   // time control
	tm.Type("hhh") // nodes=5000 → depth=1
	tm.Type("s")
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		return bytes.Contains(b, []byte("finished (complete): 6 games"))
	}, teatest.WithDuration(60*time.Second))
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	tp := a.pages[tabTournament].(*tournamentPage)
	if tp.table == nil || tp.table.Played != 6 {
		t.Fatalf("table %+v", tp.table)
	}
	v := tp.View()
	for _, want := range []string{"seed000", "seed001", "full", "×", "Elo"} {
		if !strings.Contains(v, want) {
			t.Errorf("crosstable view lacks %q:\n%s", want, v)
		}
	}
	// Saved as the command line saves one: its set-up, players and games.
	_, name, _ := strings.Cut(tp.Status, "saved as tournament ")
	rec, err := a.env.Data.LoadTournament(name)
	if err != nil {
		t.Fatalf("status %q: %v", tp.Status, err)
	}
	if want := []string{"--format", "round-robin", "--tc", "depth=1", "--rounds", "1"}; !slices.Equal(rec.Settings[:min(len(want), len(rec.Settings))], want) || len(rec.Players) != 3 {
		t.Errorf("saved with settings %q, players %q", rec.Settings, rec.Players)
	}
}

// A real program: start a tiny evolution, see a generation, change a
// parameter and see it applied at the next generation.
func TestFlowEvolution(t *testing.T) {
	a := testApp(t, 110, 40)
	tm := teatest.NewTestModel(t, a, teatest.WithInitialTermSize(110, 40))
	tm.Type("3")
	tm.Type("jjjjj")                 // generations
	tm.Type(strings.Repeat("l", 16)) // 20 → 100
	tm.Type("jh")                    // search: depth=3 → depth=2
	tm.Type("s")
	out := &tuitest.Screen{R: tm.Output()}
	tuitest.WaitFor(t, out, "generation 1 ")
	tm.Type("}") // population 5 → 7
	tuitest.WaitFor(t, out, "population 5 → 7")
	tm.Type("K") // keep the best as a player …
	tuitest.WaitFor(t, out, "kept as player")
	tm.Type("2") // … and it is in the tournament list
	tuitest.WaitFor(t, out, "-best")
	tm.Type("3")
	tm.Type("x")
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("evolution tab at the end:\n%s", a.pages[tabEvolution].View())
		}
	})
	tuitest.WaitFor(t, out, "stopped after")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	ep := a.pages[tabEvolution].(*evolutionPage)
	if len(ep.run.Changes) != 1 || ep.run.Changes[0].Param != "population" || len(ep.run.Population) != 7 {
		t.Fatalf("changes %+v, population %d", ep.run.Changes, len(ep.run.Population))
	}
}

// A two-round selection shows its bracket: each pairing's games and who
// overwrote whom.
func TestFlowSelectionBracket(t *testing.T) {
	a := testApp(t, 120, 40)
	tm := teatest.NewTestModel(t, a, teatest.WithInitialTermSize(120, 40))
	tm.Type("2")
	tm.Type("ll")  // round-robin → selection
	tm.Type("j")   // time control
	tm.Type("hhh") // depth=1
	tm.Type("s")
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte("final line:")) },
		teatest.WithDuration(60*time.Second))
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	tp := a.pages[tabTournament].(*tournamentPage)
	if len(tp.pairings) != 2 {
		t.Fatalf("%d pairings for 3 players, want 2", len(tp.pairings))
	}
	v := tp.View()
	if !strings.Contains(v, "Bracket") || !strings.Contains(v, "1. ") || !strings.Contains(v, "2. ") {
		t.Fatalf("no bracket:\n%s", v)
	}
}

// Two sessions of one server: the second watches the first's tournament
// live, and cannot stop it.
func TestFlowWatchAnotherSession(t *testing.T) {
	d, err := saves.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	hub := &common.Hub{}
	a := sessionApp(t, 110, 40, d, hub, "alice")
	b := sessionApp(t, 110, 40, d, hub, "bob")
	ta := teatest.NewTestModel(t, a, teatest.WithInitialTermSize(110, 40))
	tb := teatest.NewTestModel(t, b, teatest.WithInitialTermSize(110, 40))
	ta.Type("2")
	ta.Type("jhh")  // nodes=5000 → depth=2
	ta.Type("jlll") // 4 rounds: 24 games
	ta.Type("s")
	outA := &tuitest.Screen{R: ta.Output()}
	tuitest.WaitFor(t, outA, "ETA")
	tb.Type("2")
	outB := &tuitest.Screen{R: tb.Output()}
	tuitest.WaitFor(t, outB, "live in another session: round-robin depth=2 of 3 players by alice")
	tb.Type("v")
	tuitest.WaitFor(t, outB, "watching round-robin")
	tb.Type("x")
	tuitest.WaitFor(t, outB, "only it can pause or stop it")
	tuitest.WaitFor(t, outB, "the tournament ended (complete)")
	tuitest.WaitFor(t, outA, "finished (complete): 24 games")
	for _, tm := range []*teatest.TestModel{ta, tb} {
		tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
		tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	}
	if w := b.pages[tabTournament].(*tournamentPage).table; w == nil || w.Played != 24 {
		t.Fatalf("the watcher's table: %+v", w)
	}
	if len(hub.Others(common.LiveTournament, nil)) != 0 {
		t.Fatal("the finished tournament is still listed")
	}
}

// Tuning full on a dataset takes T (the preset) and s (start) from the
// Evolution tab's defaults: a CMA-ES run on the dataset's positions that
// validates against the default every 10 generations.
func TestFlowTuneOnDataset(t *testing.T) {
	d, err := saves.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	set := &dataset.Set{}
	p := core.NewPosition()
	for i, m := range []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"} {
		mv, err := p.ParseSAN(m)
		if err != nil {
			t.Fatal(err)
		}
		p.MakeMove(mv)
		set.Samples = append(set.Samples, dataset.Sample{Pos: p.Pack(), Result: dataset.Result(i % 3), Score: dataset.NoScore})
	}
	if err := d.SaveDataset(set, saves.DatasetInfo{Name: "ruy", Source: "test", Complete: true}, false); err != nil {
		t.Fatal(err)
	}
	a := sessionApp(t, 110, 40, d, nil, "")
	tm := teatest.NewTestModel(t, a, teatest.WithInitialTermSize(110, 40))
	tm.Type("3")
	tm.Type("Ts")
	out := &tuitest.Screen{R: tm.Output()}
	// Generations of ten positions outrun the screen: any after the first will do.
	tuitest.WaitForMatch(t, out, regexp.MustCompile(`generation [1-9][0-9]*  best`))
	tm.Type("x")
	tuitest.WaitFor(t, out, "stopped after")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	ep := a.pages[tabEvolution].(*evolutionPage)
	s := ep.run.Settings
	if s.Method != ga.CMAES || s.Preset != "full" || s.Fitness != ga.FitnessPositions || s.Dataset != "ruy" || s.ValidateEvery != 10 {
		t.Fatalf("T s started %s on %s, fitness %s, dataset %q, validating every %d", s.Method, s.Preset, s.Fitness, s.Dataset, s.ValidateEvery)
	}
	if ep.run.Positions() == nil || ep.run.Positions().K <= 0 {
		t.Fatal("the dataset was not attached with a fitted K")
	}
}
