package tournament

import (
	"context"
	"strings"
	"testing"

	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

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
