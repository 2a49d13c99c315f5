package tournament

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/ga"
	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/internal/pagetest"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

const glaurung = "/usr/games/glaurung"

// engineRun saves a one-generation SPSA run of glaurung's Space as name in
// d: a run whose best is the engine told its options.
func engineRun(t *testing.T, d *saves.Dir, name string) {
	t.Helper()
	ctx := context.Background()
	tu, _, err := arena.NewEngineTuning(ctx, "uci="+glaurung+",option.Threads=1,option.OwnBook=false", "Space")
	if err != nil {
		t.Fatal(err)
	}
	s := ga.DefaultSettings(ga.SPSA)
	s.UseEngine(tu)
	s.Population, s.Generations, s.TC, s.Workers = 2, 1, "nodes=3000", 2
	h, r, err := d.StartRun(s, name, false)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if err := h.Begin(r, nil); err != nil {
		t.Fatal(err)
	}
	if err := r.Execute(ctx); err != nil {
		t.Fatal(err)
	}
}

// A tuned engine kept as a player, and an engine run's best, play in a
// tournament against the engine itself: their games are played and the
// tournament finishes.
func TestFlowTunedEnginesPlay(t *testing.T) {
	if _, err := os.Stat(glaurung); err != nil {
		t.Skip("glaurung is not installed")
	}
	env := pagetest.TempEnv(t)
	env.Engines = []string{glaurung}
	p := &saves.Player{Name: "tuned", Engine: glaurung, Options: [][2]string{{"Threads", "1"}, {"OwnBook", "false"}, {"Space", "140"}},
		Search: "strong", TC: "nodes=3000"}
	if err := env.Data.SavePlayer(p, false); err != nil {
		t.Fatal(err)
	}
	engineRun(t, env.Data, "glrun")
	tp := pagetest.Open(110, 40, env, New)
	tp.Refresh()
	want := map[string]bool{"player tuned": true, "run glrun best": true, "glaurung (UCI, depth 1)": true}
	for i := range tp.entries {
		tp.entries[i].on = want[tp.entries[i].label]
		delete(want, tp.entries[i].label)
	}
	if len(want) != 0 {
		t.Fatalf("the list lacks %v", want)
	}
	tm := teatest.NewTestModel(t, &pagetest.Host{Page: tp}, teatest.WithInitialTermSize(110, 40))
	out := &tuitest.Screen{R: tm.Output()}
	tm.Type("s")
	tuitest.WaitFor(t, out, "finished (complete): 6 games")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	if tp.table == nil || tp.table.Played != 6 {
		t.Fatalf("table %+v, status %q", tp.table, tp.Status)
	}
	v := tp.View()
	for _, s := range []string{"tuned", "glrun-best", "glaurung1"} {
		if !strings.Contains(v, s) {
			t.Errorf("the standings lack %q:\n%s", s, v)
		}
	}
	for _, r := range tp.results {
		if strings.Contains(r.Reason, "chromosome") || strings.Contains(r.Reason, "crash") {
			t.Errorf("%s v %s: %s", r.White, r.Black, r.Reason)
		}
	}
}
