package tui

import (
	"context"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/evochess/evochess/saves"
)

// updating: -update (the flag teatest's golden package defines) rewrites
// the golden views.
func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

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
func sessionApp(t *testing.T, w, h int, d *saves.Dir, hub *Hub, who string, with ...func(*Env)) *App {
	t.Helper()
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.Ascii)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	env := &Env{Ctx: ctx, Data: d, Workers: 2, Hub: hub, Who: who}
	for _, f := range with {
		f(env)
	}
	a := New(env, r, true)
	a.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return a
}

// keys sends each key of s (":" opens the prompt, "\r" is enter).
func keys(a *App, s string) {
	for _, r := range s {
		switch r {
		case '\r':
			a.Update(tea.KeyMsg{Type: tea.KeyEnter})
		case '\x1b':
			a.Update(tea.KeyMsg{Type: tea.KeyEsc})
		default:
			a.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		}
	}
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if updating() {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./tui -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden view:\n%s\n--- want:\n%s", name, got, want)
	}
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
			keys(a, c.setup)
			v := a.View()
			fitsWindow(t, v, c.w, c.h)
			golden(t, c.name, v)
		})
	}
}

// fitsWindow checks that view v fits a w × h window.
func fitsWindow(t *testing.T, v string, w, h int) {
	t.Helper()
	for i, line := range strings.Split(v, "\n") {
		if lw := lipgloss.Width(line); lw > w {
			t.Errorf("line %d is %d cells wide, the window %d", i, lw, w)
		}
	}
	if n := strings.Count(v, "\n") + 1; n > h {
		t.Errorf("%d lines for a %d-line window", n, h)
	}
}
