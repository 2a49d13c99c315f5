package evolution

import (
	"strings"
	"testing"

	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/internal/pagetest"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

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
