package tui

import (
	"slices"
	"testing"

	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/common"
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
	a := sessionApp(t, 110, 40, d, nil, "a")
	a.env.Saves = &common.SavePolicy{Shared: true}
	b := sessionApp(t, 110, 40, d, nil, "b")
	b.env.Saves = &common.SavePolicy{Shared: true}
	tuitest.Keys(a, "3s")
	ea, eb := a.pages[tabEvolution].(*evolutionPage), b.pages[tabEvolution].(*evolutionPage)
	if ea.name == "" {
		t.Fatalf("no run started: %q", ea.Status)
	}
	ea.Refresh()
	eb.Refresh()
	if !slices.Equal(ea.resumable, []string{ea.name}) || len(eb.resumable) != 0 {
		t.Errorf("resumable: session a %v, session b %v; want only a's own run %s", ea.resumable, eb.resumable, ea.name)
	}
}
