// Package tuitest is what the terminal app's tests share: golden files,
// the bounds of a window, a program's screen read as it is drawn, keys
// typed, and the people and players the tests make. It imports none of
// the app's packages, so that each of them may use it in its tests.
package tuitest

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/evochess/evochess/arena/lobby"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/saves"
)

// Updating: -update (the flag teatest's golden package defines) rewrites
// the golden views.
func Updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// Golden checks got against testdata/name.golden of the package under
// test (-update writes it).
func Golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if Updating() {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./tui/... -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden view:\n%s\n--- want:\n%s", name, got, want)
	}
}

// FitsWindow checks that view v fits a w × h window.
func FitsWindow(t *testing.T, v string, w, h int) {
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

// Renderer is a session's renderer at a fixed profile: 256 colours on a
// dark background, or (color false) a dumb terminal's.
func Renderer(color bool) *lipgloss.Renderer {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetHasDarkBackground(true)
	if !color {
		r.SetColorProfile(termenv.Ascii)
		return r
	}
	r.SetColorProfile(termenv.ANSI256)
	return r
}

// Keys sends each key of s to m (":" opens the prompt, "\r" is enter,
// "\x1b" esc).
func Keys(m tea.Model, s string) {
	for _, k := range KeyMsgs(s) {
		m.Update(k)
	}
}

// KeyMsgs are the key messages of typing s ("\r" is enter, "\x1b" esc),
// for Keys and for a teatest program's Send.
func KeyMsgs(s string) []tea.KeyMsg {
	var keys []tea.KeyMsg
	for _, r := range s {
		switch r {
		case '\r':
			keys = append(keys, tea.KeyMsg{Type: tea.KeyEnter})
		case '\x1b':
			keys = append(keys, tea.KeyMsg{Type: tea.KeyEsc})
		default:
			keys = append(keys, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		}
	}
	return keys
}

// Person is a keyed player of the lobby.
func Person(name string) lobby.User {
	return lobby.User{ID: lobby.UserID("key:SHA256:" + name), Name: name, Kind: lobby.Human}
}

// SavePlayer saves seed004 as a player named name in d.
func SavePlayer(t *testing.T, d *saves.Dir, name string) {
	t.Helper()
	c, _ := core.Player("seed004")
	if err := d.SavePlayer(&saves.Player{Name: name, Chromosome: c, Search: "strong"}, false); err != nil {
		t.Fatal(err)
	}
}
