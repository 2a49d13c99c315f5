package evolution

import (
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
	"github.com/evochess/evochess/tui/internal/pagetest"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

// ruyDataset is a data directory holding "ruy", the ten positions of a
// Ruy Lopez, results drawn in turn.
func ruyDataset(t *testing.T) *saves.Dir {
	t.Helper()
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
	return d
}

// tuneOnRuy types keys into the Evolution tab over ruyDataset (the page
// first given to each of with), waits for a generation after the first,
// stops the run and returns the page.
func tuneOnRuy(t *testing.T, keys string, with ...func(*Page)) *Page {
	t.Helper()
	ep := pagetest.Open(110, 40, pagetest.Env(t, ruyDataset(t), nil, ""), New)
	for _, f := range with {
		f(ep)
	}
	tm := teatest.NewTestModel(t, &pagetest.Host{Page: ep}, teatest.WithInitialTermSize(110, 40))
	tm.Send(common.ShownMsg{}) // the tab comes to the front
	tm.Type(keys)
	out := &tuitest.Screen{R: tm.Output()}
	// Generations of ten positions outrun the screen: any after the first will do.
	tuitest.WaitForMatch(t, out, regexp.MustCompile(`generation [1-9][0-9]*  best`))
	tm.Type("x")
	tuitest.WaitFor(t, out, "stopped after")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	return ep
}

// Tuning full on a dataset takes T (the preset) and s (start) from the
// Evolution tab's defaults: a CMA-ES run on the dataset's positions that
// validates against the default every 10 generations.
func TestFlowTuneOnDataset(t *testing.T) {
	ep := tuneOnRuy(t, "Ts")
	s := ep.run.Settings
	if s.Method != ga.CMAES || s.Preset != "full" || s.Fitness != ga.FitnessPositions || s.Dataset != "ruy" || s.ValidateEvery != 10 {
		t.Fatalf("T s started %s on %s, fitness %s, dataset %q, validating every %d", s.Method, s.Preset, s.Fitness, s.Dataset, s.ValidateEvery)
	}
	if ep.run.Positions() == nil || ep.run.Positions().K <= 0 {
		t.Fatal("the dataset was not attached with a fitted K")
	}
	if len(s.Options) != 0 {
		t.Errorf("options %q without the eval terms row", s.Options)
	}
	// full's set 3 plays the EvalTerms2 terms: their genes evolve.
	schema := ep.run.Schema()
	if g := schema.Genes[schema.GeneIndex("space_mg")]; g.Fixed {
		t.Error("gene space_mg is fixed in a run of full's defaults")
	}
}

// The eval terms row (below the dataset's, where T leaves the focus)
// turned off gives the run the option EvalTerms2=false: the terms'
// genes stay fixed, and the best is sent to the Play tab with the option.
func TestFlowTuneWithoutEvalTerms2(t *testing.T) {
	ep := tuneOnRuy(t, "Tjls")
	s := ep.run.Settings
	if want := [][2]string{{ga.OptionEvalTerms2, "false"}}; !slices.Equal(s.Options, want) {
		t.Fatalf("options %q, want %q", s.Options, want)
	}
	schema := ep.run.Schema()
	if g := schema.Genes[schema.GeneIndex("space_mg")]; !g.Fixed {
		t.Error("gene space_mg evolves in a run with EvalTerms2 off")
	}
	cmd := ep.sendBest()
	if cmd == nil {
		t.Fatalf("nothing sent: %s", ep.Status)
	}
	msg, ok := cmd().(common.UseChromosomeMsg)
	if !ok || msg.Engine == nil {
		t.Fatalf("sent %+v, want a player with the run's options", msg)
	}
	if w, err := msg.Engine.Weights(); err != nil || w.SearchParams().EvalTerms2 {
		t.Errorf("the best sent plays with EvalTerms2 on (%v)", err)
	}
}

// A run stopped in the tab is saved as it stopped, though its generations
// (of ten positions, milliseconds each) were too short for a save on the
// way.
func TestStoppedRunIsSaved(t *testing.T) {
	ep := tuneOnRuy(t, "Ts", func(e *Page) { e.saveInterval = time.Hour })
	back, err := ep.Env.Data.LoadRun(ep.name)
	if err != nil {
		t.Fatal(err)
	}
	if back.Generation < 1 || back.Generation != ep.run.Generation || back.Finished != "stopped" {
		t.Fatalf("stopped %q after generation %d, the saved run is at %d (%q)", ep.run.Finished, ep.run.Generation, back.Generation, back.Finished)
	}
}

// A session asking for 64 workers gets the cap: the workers field stops
// there, and a run asked for more (as the field once allowed) runs on it.
func TestSessionAskingFor64WorkersGetsTheCap(t *testing.T) {
	budget := common.NewWorkerBudget(64, 2)
	ep := pagetest.Open(110, 40, pagetest.TempEnv(t), New)
	ep.Env.CPU = budget.Join(ep.Env.Ctx)
	ep.Update(common.ShownMsg{})                                     // the tab comes to the front
	tuitest.Keys(ep, strings.Repeat("j", 7)+strings.Repeat("l", 70)) // the workers field, up 70 times
	if ep.workers != 2 {
		t.Fatalf("the evolution workers field went to %d, over the session's 2", ep.workers)
	}
	ep.workers = 64
	tuitest.Keys(ep, "s")
	if ep.run == nil || ep.run.Settings.Workers != 2 {
		t.Fatalf("asked for 64 workers, the run has %+v (%q)", ep.run, ep.Status)
	}
	if !strings.Contains(ep.Status, "on 2 workers, this session's share") {
		t.Errorf("the status does not say so: %q", ep.Status)
	}
}
