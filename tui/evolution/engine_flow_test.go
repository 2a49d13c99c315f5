package evolution

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/ga"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/internal/pagetest"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

// typeKeys types s into the program, enter for "\r" and esc for "\x1b".
func typeKeys(tm *teatest.TestModel, s string) {
	for _, k := range tuitest.KeyMsgs(s) {
		tm.Send(k)
	}
}

// The whole job on a real engine, by keys: glaurung chosen (its options
// asked in the background), two evaluation genes picked, one range
// narrowed, SPSA started at a few thousand nodes; the gene paths shown; K
// keeps θ as a named player, the same player evochess saves keep
// RUN#best makes.
func TestFlowTuneGlaurung(t *testing.T) {
	if _, err := os.Stat(glaurung); err != nil {
		t.Skip("glaurung is not installed")
	}
	env := pagetest.TempEnv(t)
	env.Engines, env.EnginePaths = []string{glaurung}, true
	p := pagetest.Open(110, 40, env, New)
	tm := teatest.NewTestModel(t, &pagetest.Host{Page: p}, teatest.WithInitialTermSize(110, 40))
	out := &tuitest.Screen{R: tm.Output()}
	tm.Send(common.ShownMsg{})
	typeKeys(tm, "jlll"+"j"+strings.Repeat("l", len(core.PresetNames()))) // spsa, glaurung
	tuitest.WaitFor(t, out, "glaurung (Glaurung 2.2): 58 options")
	typeKeys(tm, "\r/mobility (end\r e")
	tuitest.WaitFor(t, out, "Mobility (Endgame): min max [start]")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlU}) // the prompt's "0 200 100" gone
	typeKeys(tm, "60 140 110\r")
	tuitest.WaitFor(t, out, "60…140 from 110")
	typeKeys(tm, "/\x1b/space\r \r")
	tuitest.WaitFor(t, out, "2: Mobility (Endgame), Space · 3 fixed")
	// population 2 (one pair), 3 generations, nodes=3000: enter types each.
	typeKeys(tm, "jjj\r")
	tuitest.WaitFor(t, out, "population: ")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlU})
	typeKeys(tm, "2\rj\r")
	tuitest.WaitFor(t, out, "generations: ")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlU})
	typeKeys(tm, "3\rjjl")
	tuitest.WaitFor(t, out, "search       nodes=3000")
	typeKeys(tm, "s")
	tuitest.WaitForMatch(t, out, regexp.MustCompile(`generation [12] `))
	typeKeys(tm, "g")
	tuitest.WaitFor(t, out, "gene paths: θ per generation, in the engine's units")
	tuitest.WaitFor(t, out, "Mobility (Endgame)")
	tuitest.WaitFor(t, out, "finished: 3 generations done")
	typeKeys(tm, "K")
	tuitest.WaitFor(t, out, "keep the θ of generation 2 as player: ")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlU})
	typeKeys(tm, "tuned\r")
	tuitest.WaitFor(t, out, "kept as player tuned (glaurung, 5 options)")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))

	s := p.settings
	if s.Engine == nil || s.Method != ga.SPSA || s.Population != 2 || s.TC != "nodes=3000" {
		t.Fatalf("the run: %s, population %d, %s, engine %v", s.Method, s.Population, s.TC, s.Engine)
	}
	if g := s.Engine.Genes[0]; g.Name != "Mobility (Endgame)" || g.Min != 60 || g.Max != 140 || g.Start != 110 {
		t.Errorf("the narrowed gene: %+v", g)
	}
	kept, err := env.Data.LoadPlayer("tuned")
	if err != nil {
		t.Fatal(err)
	}
	same, err := env.Data.KeepIndividual(p.name+"#best", "same", "strong", s.TC)
	if err != nil {
		t.Fatal(err)
	}
	if kept.Engine != same.Engine || !slices.Equal(kept.Args, same.Args) || !slices.Equal(kept.Options, same.Options) || kept.TC != same.TC {
		t.Errorf("K kept %s %q %q %s; saves keep %s#best: %s %q %q %s", kept.Engine, kept.Args, kept.Options, kept.TC,
			p.name, same.Engine, same.Args, same.Options, same.TC)
	}
	if !slices.Contains(kept.Options, [2]string{"Threads", "1"}) {
		t.Errorf("the fixed options are not kept: %q", kept.Options)
	}
	ps, err := kept.Spec()
	if err != nil || ps.Proto != arena.ProtoUCI {
		t.Errorf("the kept player as a SPEC: %+v, %v", ps, err)
	}
}

// Another session's engine run is watched with its schema (the engine's
// options), its paths plotted.
func TestWatchAnEngineRun(t *testing.T) {
	hub := &common.Hub{}
	owner := enginePage(t, 100, 30, true)
	owner.Env.Hub = hub
	pick(t, owner, "space")
	tuitest.Keys(owner, "\r")
	tu, err := owner.engine().tuning()
	if err != nil {
		t.Fatal(err)
	}
	s := owner.newSettings(tu)
	bus := arena.NewBus()
	l := hub.AddRun("spsa on engine:glaurung by a", s, owner.Env, bus)
	l.Record(ga.GenerationDone{Stats: ga.GenStats{Generation: 0, GeneMean: []float64{101}, GeneStd: []float64{1}, Path: []float64{100.4}}})
	watcher := pagetest.Open(100, 30, pagetest.Env(t, owner.Env.Data, hub, "b"), New)
	watcher.Update(common.ShownMsg{})
	tuitest.Keys(watcher, "vg")
	v := watcher.View()
	if watcher.mode != evoWatching || !strings.Contains(v, "gene paths: θ per generation") || !strings.Contains(v, "Space 100.40→100") {
		t.Fatalf("watching: mode %v, status %q:\n%s", watcher.mode, watcher.Status, v)
	}
}
