package tournament

import (
	"testing"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/components"
	"github.com/evochess/evochess/tui/internal/pagetest"
)

// Sessions of one server whose tournaments end at the same moment keep
// every one, and the status line names the save, never where the server
// keeps it.
func TestSavesAtOnceKeepEveryOne(t *testing.T) {
	pagetest.SavesAtOnce(t, saves.Tournaments, New,
		func(p *Page) {
			p.Update(components.WorkDoneMsg{Rep: &arena.Report{Players: []string{"x", "y"}, Games: 2, Reason: "complete"}})
		}, func(p *Page) string { return p.Status }, "saved as tournament tui-")
}
