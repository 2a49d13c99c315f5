package tui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/evochess/evochess/arena/dataset"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/ga"
	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

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
