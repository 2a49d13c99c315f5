package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

// Sessions of one server saving at the same moment (tournaments ending,
// runs starting, PGN games written in the same second or millisecond):
// every save gets a name of its own, and what the status line says names
// the save, never where the server keeps it.
func TestSavesAtOnceKeepEveryOne(t *testing.T) {
	const sessions = 3 // at most one second boundary falls between them
	cases := []struct {
		kind   string
		save   func(a *App)
		status func(a *App) string
		says   string
	}{
		{saves.Runs, func(a *App) { tuitest.Keys(a, "3s") }, // the run is created; its work is a command, not run here
			func(a *App) string { return a.pages[tabEvolution].(*evolutionPage).Status }, "saved as run tui-"},
	}
	for _, c := range cases {
		t.Run(c.kind, func(t *testing.T) {
			d, err := saves.Open(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			hub := &common.Hub{}
			var apps []*App
			for i := range sessions {
				apps = append(apps, sessionApp(t, 100, 30, d, hub, fmt.Sprintf("user%d@127.0.0.1:%d", i, 5000+i)))
			}
			for _, a := range apps {
				c.save(a)
			}
			if got := d.Names(c.kind); len(got) != sessions {
				t.Errorf("%d saves made, %d kept: %v", sessions, len(got), got)
			}
			for i, a := range apps {
				s := c.status(a)
				if !strings.Contains(s, c.says) || strings.Contains(s, d.Root) {
					t.Errorf("session %d says %q: want %q and no path", i, s, c.says)
				}
			}
		})
	}
}
