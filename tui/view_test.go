package tui

import (
	"context"
	"io"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

// testApp is the app as a session without colour would see it, over an
// empty data directory, at w × h.
func testApp(t *testing.T, w, h int) *App {
	t.Helper()
	d, err := saves.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return sessionApp(t, w, h, d, nil, "")
}

// sessionApp is one session of a server: its data directory and hub are
// shared with the others. with changes its Env further.
func sessionApp(t *testing.T, w, h int, d *saves.Dir, hub *common.Hub, who string, with ...func(*common.Env)) *App {
	t.Helper()
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.Ascii)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	env := &common.Env{Ctx: ctx, Data: d, Workers: 2, Hub: hub, Who: who}
	for _, f := range with {
		f(env)
	}
	a := New(env, r, true)
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
