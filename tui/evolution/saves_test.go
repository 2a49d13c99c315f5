package evolution

import (
	"testing"

	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/internal/pagetest"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

// Sessions of one server starting runs at the same moment keep every one,
// and the status line names the save, never where the server keeps it.
func TestSavesAtOnceKeepEveryOne(t *testing.T) {
	pagetest.SavesAtOnce(t, saves.Runs, New,
		func(p *Page) { // the run is created; its work is a command, not run here
			p.Update(common.ShownMsg{})
			tuitest.Keys(p, "s")
		}, func(p *Page) string { return p.Status }, "saved as run tui-")
}
