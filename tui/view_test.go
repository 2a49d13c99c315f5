package tui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/tui/internal/pagetest"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

// testApp is the app as a session without colour would see it, over an
// empty data directory, at w × h.
func testApp(t *testing.T, w, h int) *App {
	t.Helper()
	a := New(pagetest.TempEnv(t), pagetest.Renderer(), true)
	a.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return a
}

func TestGoldenViews(t *testing.T) {
	cases := []struct {
		name  string
		w, h  int
		setup string
	}{
		{"play-80x24", 80, 24, ""},
		{"play-120x40", 120, 40, ""},
		{"play-prompt-80x24", 80, 24, "mmm:e4\r:e5\r:N"},
		{"tournament-80x24", 80, 24, "2"},
		{"evolution-80x24", 80, 24, "3"},
		{"help-80x24", 80, 24, "?"},
		{"too-small-50x15", 50, 15, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := testApp(t, c.w, c.h)
			tuitest.Keys(a, c.setup)
			v := a.View()
			tuitest.FitsWindow(t, v, c.w, c.h)
			tuitest.Golden(t, c.name, v)
		})
	}
}
