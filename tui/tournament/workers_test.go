package tournament

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/internal/pagetest"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

// The Tournament tab lists the workers of now while its games go on and
// after they end: workers join and leave without the tournament noticing,
// and once it has finished no game event redraws the tab (CI once saw
// "beta" never drawn when the last game ended first).
func TestTournamentTabFollowsWorkers(t *testing.T) {
	d, err := saves.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	fc := tuitest.NewCluster()
	tp := pagetest.Open(110, 40, pagetest.Env(t, d, nil, "", func(e *common.Env) { e.Cluster = fc }), New)
	tm := teatest.NewTestModel(t, &pagetest.Host{Page: tp}, teatest.WithInitialTermSize(110, 40))
	out := &tuitest.Screen{R: tm.Output()}
	tm.Send(common.ShownMsg{}) // the tab comes to the front
	tm.Type("j")               // time control
	tm.Type("hhh")             // nodes=5000 → depth=1
	tm.Type("s")
	tuitest.WaitFor(t, out, "remote workers: none yet")
	fc.Set(tuitest.Worker("alpha", "a.lan", 2, 1, 0.5))
	tuitest.WaitFor(t, out, "alpha")
	tuitest.WaitFor(t, out, "finished (")
	fc.Set(tuitest.Worker("beta", "b.lan", 4, 4, 2))
	tuitest.WaitFor(t, out, "beta")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	v := tp.View()
	if !strings.Contains(v, "beta") || strings.Contains(v, "alpha") {
		t.Fatalf("the tab does not show the workers of now:\n%s", v)
	}
}

// A session asking for 64 workers gets the cap: the workers field stops
// there, and a tournament asked for more (as the field once allowed) runs
// on the session's share, beside another session's run holding its own.
func TestSessionAskingFor64WorkersGetsTheCap(t *testing.T) {
	budget := common.NewWorkerBudget(64, 2)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if n, _ := budget.Join(ctx).Take(64); n != 2 { // the other session's run
		t.Fatalf("a session asking for 64 of a budget of 2 a session got %d", n)
	}
	tp := testPage(t, 110, 40)
	tp.Env.CPU = budget.Join(tp.Env.Ctx)
	tp.Update(common.ShownMsg{}) // the tab comes to the front
	tuitest.Keys(tp, "jjj"+strings.Repeat("l", 70))
	if tp.workers != 2 {
		t.Fatalf("the tournament workers field went to %d, over the session's 2", tp.workers)
	}
	tp.workers = 64
	tuitest.Keys(tp, "s")
	inUse := budget.InUse()
	if tp.mode != tourRunning || inUse != 4 {
		t.Fatalf("two sessions asking for 64 workers each hold %d (%q)", inUse, tp.Status)
	}
}
