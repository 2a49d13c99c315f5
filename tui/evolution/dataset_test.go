package evolution

import (
	"context"
	"regexp"
	"slices"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/evochess/evochess/arena/dataset"
	"github.com/evochess/evochess/ga"
	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/internal/pagetest"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

// selfplay plays the first done games of the dataset name of games games
// with the tab's settings (nodes=2000), as the tab or evochess selfplay
// would have before stopping, and saves it.
func selfplay(t *testing.T, d *saves.Dir, name string, games, done int) *saves.SelfplayJob {
	t.Helper()
	j := &datasetJob{tc: 0} // nodes=2000
	job, err := d.OpenSelfplay(name, j.settings(), games, false, func(string) bool { return false })
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := job.Settings.Config(2, d)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Games = done
	if err := dataset.Generate(context.Background(), cfg, &job.State, nil); err != nil {
		t.Fatal(err)
	}
	if err := job.SaveIfDue(d, true); err != nil {
		t.Fatal(err)
	}
	return job
}

// T with an unfinished dataset of the session's goes on with it (s), to
// the dataset an uninterrupted run makes, and then tunes full on it.
func TestFlowDatasetGoesOnThenTunes(t *testing.T) {
	env := pagetest.TempEnv(t)
	selfplay(t, env.Data, "half", 3, 1)
	straight, err := saves.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	whole := selfplay(t, straight, "whole", 3, 3)

	p := pagetest.Open(100, 30, env, New)
	tm := teatest.NewTestModel(t, &pagetest.Host{Page: p}, teatest.WithInitialTermSize(100, 30))
	out := &tuitest.Screen{R: tm.Output()}
	tm.Send(common.ShownMsg{})
	tm.Type("T")
	tuitest.WaitFor(t, out, "s goes on with it")
	tuitest.WaitFor(t, out, "1/3 games")
	tm.Type("s")
	tuitest.WaitFor(t, out, "dataset half made")
	tuitest.WaitForMatch(t, out, regexp.MustCompile(`generation [0-9]+  best`))
	tm.Type("x")
	tuitest.WaitFor(t, out, "stopped after")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))

	set, info, err := env.Data.LoadDataset("half")
	if err != nil {
		t.Fatal(err)
	}
	if !info.Complete || !slices.Equal(set.Samples, whole.State.Set.Samples) {
		t.Errorf("1 game, then 2 in the tab: %d samples (complete %v); 3 at once: %d", len(set.Samples), info.Complete, len(whole.State.Set.Samples))
	}
	if s := p.run.Settings; s.Method != ga.CMAES || s.Fitness != ga.FitnessPositions || s.Dataset != "half" {
		t.Errorf("tuning: %s, fitness %s on %q", s.Method, s.Fitness, s.Dataset)
	}
}

// T without a dataset makes one; x stops it, keeping the games played, and
// T offers to go on with it.
func TestFlowDatasetStops(t *testing.T) {
	env := pagetest.TempEnv(t)
	p := pagetest.Open(100, 30, env, New)
	tm := teatest.NewTestModel(t, &pagetest.Host{Page: p}, teatest.WithInitialTermSize(100, 30))
	out := &tuitest.Screen{R: tm.Output()}
	tm.Send(common.ShownMsg{})
	tm.Type("T")
	tuitest.WaitFor(t, out, "No dataset yet")
	tm.Type("hhhhl") // 100 games, the fewest, then 200
	tuitest.WaitFor(t, out, "games        200")
	tm.Type("s")
	tuitest.WaitForMatch(t, out, regexp.MustCompile(`\] [1-9][0-9]*/200 games`))
	tm.Type("x")
	tuitest.WaitFor(t, out, "of 200 games, kept as dataset tui-selfplay-")
	tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	tm.Type("T")
	tuitest.WaitFor(t, out, "s goes on with it")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	names := env.Data.Names(saves.Datasets)
	if len(names) != 1 {
		t.Fatalf("datasets %v", names)
	}
	m, ok := env.Data.SelfplayOf(names[0])
	if !ok || m.Games != 200 || m.Done < 1 || m.Done >= 200 || m.Settings.TC != "nodes=5000" {
		t.Errorf("the stopped dataset: %+v", m)
	}
}

// The dataset screen, for a new dataset and for one to go on with.
func TestDatasetScreens(t *testing.T) {
	for _, c := range []struct {
		name    string
		prepare func(*saves.Dir)
		want    []string
	}{
		{"dataset-new-100x30", func(*saves.Dir) {}, []string{"No dataset yet", "games        1000", "search       nodes=5000", "s makes it"}},
		{"dataset-go-on-100x30", func(d *saves.Dir) { selfplay(t, d, "half", 3, 1) }, []string{"Dataset half", "games        3", "1/3 games", "s goes on with it"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			env := pagetest.TempEnv(t)
			c.prepare(env.Data)
			p := pagetest.Open(100, 30, env, New)
			p.Update(common.ShownMsg{})
			tuitest.Keys(p, "T")
			v := p.View()
			w, h := pagetest.Body(100, 30)
			tuitest.FitsWindow(t, v, w, h)
			for _, s := range c.want {
				if !regexp.MustCompile(regexp.QuoteMeta(s)).MatchString(v) {
					t.Errorf("view lacks %q:\n%s", s, v)
				}
			}
			tuitest.Golden(t, c.name, v)
		})
	}
}

// The form offers the gradient method: it tunes on a dataset with one
// chromosome (no population row) and runs.
func TestFlowGradientTunes(t *testing.T) {
	env := pagetest.TempEnv(t)
	selfplay(t, env.Data, "d", 2, 2)
	p := pagetest.Open(100, 30, env, New)
	p.method = indexOf(ga.Methods, ga.Gradient)
	p.applyMethodDefaults()
	p.gens = 3
	p.rebuildForm()
	if s := p.newSettings(nil); s.Method != ga.Gradient || s.Population != 1 || s.Fitness != ga.FitnessPositions {
		t.Fatalf("form settings: %s, population %d, fitness %s", s.Method, s.Population, s.Fitness)
	}
	tm := teatest.NewTestModel(t, &pagetest.Host{Page: p}, teatest.WithInitialTermSize(100, 30))
	out := &tuitest.Screen{R: tm.Output()}
	tm.Send(common.ShownMsg{})
	tuitest.WaitFor(t, out, "gradient")
	tm.Type("s")
	tuitest.WaitForMatch(t, out, regexp.MustCompile(`generation 2  best`))
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	if s := p.run.Settings; s.Method != ga.Gradient || s.Dataset != "d" || p.run.Grad == nil {
		t.Errorf("run: %s on %q, state %v", s.Method, s.Dataset, p.run.Grad != nil)
	}
}
