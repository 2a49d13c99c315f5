package tui

import (
	"strings"
	"testing"

	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

// budgetApp is a session of a server whose sessions share budget.
func budgetApp(t *testing.T, budget *common.WorkerBudget) *App {
	t.Helper()
	a := testApp(t, 110, 40)
	a.env.CPU = budget.Join(a.env.Ctx)
	return a
}

// A session asking for 64 workers gets the cap: the workers fields stop
// there, and work asked for more (as the fields once allowed) runs on it.
func TestSessionAskingFor64WorkersGetsTheCap(t *testing.T) {
	budget := common.NewWorkerBudget(64, 2)
	a := budgetApp(t, budget)
	tuitest.Keys(a, "3"+strings.Repeat("j", 7)+strings.Repeat("l", 70)) // Evolution: the workers field, up 70 times
	ep := a.pages[tabEvolution].(*evolutionPage)
	if ep.workers != 2 {
		t.Fatalf("the evolution workers field went to %d, over the session's 2", ep.workers)
	}
	ep.workers = 64
	tuitest.Keys(a, "s")
	if ep.run == nil || ep.run.Settings.Workers != 2 {
		t.Fatalf("asked for 64 workers, the run has %+v (%q)", ep.run, ep.Status)
	}
	if !strings.Contains(ep.Status, "on 2 workers, this session's share") {
		t.Errorf("the status does not say so: %q", ep.Status)
	}

}
