package tui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

// fakeCluster has workers that a test sets; its games stay local.
type fakeCluster struct {
	mu sync.Mutex
	ws []arena.RemoteWorker
}

func (f *fakeCluster) Remote(context.Context, string) (arena.Remote, error) {
	return nil, errors.New("fake cluster: no remote play")
}

func (f *fakeCluster) Workers() []arena.RemoteWorker {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]arena.RemoteWorker(nil), f.ws...)
}

func (f *fakeCluster) set(ws ...arena.RemoteWorker) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ws = ws
}

func worker(name, host string, slots, playing int, rate float64) arena.RemoteWorker {
	return arena.RemoteWorker{ID: name, Name: name, Host: host, Version: 1, Slots: slots, InFlight: playing, GamesPerSec: rate}
}

func TestWorkersViewGolden(t *testing.T) {
	var many []arena.RemoteWorker
	for i := range 8 {
		many = append(many, worker(fmt.Sprintf("node%02d", i), "rack1.example.org", 8, 8-i, 3.5+float64(i)/4))
	}
	old := worker("old", "attic", 4, 0, 0)
	old.Refused = "worker old (attic) speaks evochess cluster protocol v2, this process v1"
	for _, c := range []struct {
		name string
		ws   []arena.RemoteWorker
	}{
		{"none", nil},
		{"two-and-a-refused-one", []arena.RemoteWorker{worker("laptop", "laptop.lan", 4, 3, 1.25), old, worker("server\x1b[2J", "rack2", 16, 16, 9.5)}},
		{"eight", many},
	} {
		t.Run(c.name, func(t *testing.T) {
			v := workersView(testStyles(false), &common.Env{Cluster: &fakeCluster{ws: c.ws}}, 80)
			tuitest.FitsWindow(t, v, 80, 10)
			tuitest.Golden(t, "workers-"+c.name+"-80", v)
		})
	}
	if v := workersView(testStyles(false), &common.Env{}, 80); v != "" {
		t.Fatalf("without a cluster the view is %q", v)
	}
}

// The Tournament tab lists the workers at each redraw while its games go
// on: they join and leave without the tournament noticing.
func TestTournamentTabFollowsWorkers(t *testing.T) {
	d, err := saves.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	fc := &fakeCluster{}
	a := sessionApp(t, 110, 40, d, nil, "", func(e *common.Env) { e.Cluster = fc })
	tm := teatest.NewTestModel(t, a, teatest.WithInitialTermSize(110, 40))
	out := &tuitest.Screen{R: tm.Output()}
	tm.Type("2")
	tm.Type("j")   // time control
	tm.Type("hhh") // nodes=5000 → depth=1
	tm.Type("s")
	tuitest.WaitFor(t, out, "remote workers: none yet")
	fc.set(worker("alpha", "a.lan", 2, 1, 0.5))
	tuitest.WaitFor(t, out, "alpha")
	fc.set(worker("beta", "b.lan", 4, 4, 2))
	tuitest.WaitFor(t, out, "beta")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	v := a.pages[tabTournament].View()
	if !strings.Contains(v, "beta") || strings.Contains(v, "alpha") {
		t.Fatalf("the tab does not show the workers of now:\n%s", v)
	}
}
