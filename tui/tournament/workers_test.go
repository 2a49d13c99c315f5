package tournament

import (
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

// The Tournament tab lists the workers at each redraw while its games go
// on: they join and leave without the tournament noticing.
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
	fc.Set(tuitest.Worker("beta", "b.lan", 4, 4, 2))
	tuitest.WaitFor(t, out, "beta")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	v := tp.View()
	if !strings.Contains(v, "beta") || strings.Contains(v, "alpha") {
		t.Fatalf("the tab does not show the workers of now:\n%s", v)
	}
}
