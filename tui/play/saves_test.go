package play

import (
	"testing"

	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/internal/pagetest"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

// Sessions of one server writing PGN games at the same moment keep every
// one, and the status line names the save, never where the server keeps
// it.
func TestSavesAtOnceKeepEveryOne(t *testing.T) {
	pagetest.SavesAtOnce(t, saves.Games, New,
		func(p *Page) { tuitest.Keys(p, "w") }, func(p *Page) string { return p.status }, "saved as games/game-")
}
