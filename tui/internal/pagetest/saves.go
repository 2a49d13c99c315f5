package pagetest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/common"
)

// SavesAtOnce has the sessions of one server (one data directory, one
// hub) save at the same moment, as when tournaments end, runs start or
// PGN games are written in the same second or millisecond: every save of
// kind must get a name of its own, and what each page's status line says
// must name the save (contain says), never where the server keeps it.
// open makes a session's page (New), save has it save.
func SavesAtOnce[P Page](t *testing.T, kind string, open func(*common.Env, *common.Styles, common.KeyMap) P, save func(P), status func(P) string, says string) {
	t.Helper()
	const sessions = 3 // at most one second boundary falls between them
	d, err := saves.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	hub := &common.Hub{}
	var pages []P
	for i := range sessions {
		pages = append(pages, Open(100, 30, Env(t, d, hub, fmt.Sprintf("user%d@127.0.0.1:%d", i, 5000+i)), open))
	}
	for _, p := range pages {
		save(p)
	}
	if got := d.Names(kind); len(got) != sessions {
		t.Errorf("%d saves made, %d kept: %v", sessions, len(got), got)
	}
	for i, p := range pages {
		s := status(p)
		if !strings.Contains(s, says) || strings.Contains(s, d.Root) {
			t.Errorf("session %d says %q: want %q and no path", i, s, says)
		}
	}
}
