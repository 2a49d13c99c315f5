package evolution

import (
	"slices"
	"testing"

	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/internal/pagetest"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

// Anonymous sessions share the data directory, but each changes only what
// it made: a run another session (or the operator) saved is not offered
// for resuming.
func TestAnonymousSessionsResumeOnlyTheirOwnRuns(t *testing.T) {
	d, err := saves.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	h, err := d.CreateFreshRun("operators")
	if err != nil {
		t.Fatal(err)
	}
	h.Close()
	ea := pagetest.Open(110, 40, pagetest.Env(t, d, nil, "a"), New)
	ea.Env.Saves = &common.SavePolicy{Shared: true}
	eb := pagetest.Open(110, 40, pagetest.Env(t, d, nil, "b"), New)
	eb.Env.Saves = &common.SavePolicy{Shared: true}
	ea.Update(common.ShownMsg{}) // the tab comes to the front
	tuitest.Keys(ea, "s")
	if ea.name == "" {
		t.Fatalf("no run started: %q", ea.Status)
	}
	ea.Refresh()
	eb.Refresh()
	if !slices.Equal(ea.resumable, []string{ea.name}) || len(eb.resumable) != 0 {
		t.Errorf("resumable: session a %v, session b %v; want only a's own run %s", ea.resumable, eb.resumable, ea.name)
	}
}

// Sessions of one server starting runs at the same moment keep every one,
// and the status line names the save, never where the server keeps it.
func TestSavesAtOnceKeepEveryOne(t *testing.T) {
	pagetest.SavesAtOnce(t, saves.Runs, New,
		func(p *Page) { // the run is created; its work is a command, not run here
			p.Update(common.ShownMsg{})
			tuitest.Keys(p, "s")
		}, func(p *Page) string { return p.Status }, "saved as run tui-")
}
