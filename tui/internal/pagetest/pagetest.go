// Package pagetest runs a page of the terminal arena in the page's own
// tests as the app runs it: a session's Env over a data directory, the
// styles of a terminal without colour, the page sized to the body the
// app gives it, and Host, the root model of a program of one page.
package pagetest

import (
	"context"
	"io"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/common"
)

// Env is one session of a server, until the test ends: its data
// directory and hub are shared with the others (hub nil: none); with
// changes it further.
func Env(t *testing.T, d *saves.Dir, hub *common.Hub, who string, with ...func(*common.Env)) *common.Env {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	// A run saves as it comes to rest, after the app has returned: the
	// cleanup, run before the data directory's (made earlier), waits for
	// that last save, as the arena does, or removing the directory races
	// with it ("directory not empty", seen on a loaded machine).
	writing := &common.Writing{}
	t.Cleanup(func() {
		cancel()
		if !writing.Wait(common.WritingWait) {
			t.Errorf("a session's writers still running %v after it ended", common.WritingWait)
		}
	})
	env := &common.Env{Ctx: ctx, Data: d, Workers: 2, Hub: hub, Who: who, Writing: writing}
	for _, f := range with {
		f(env)
	}
	return env
}

// TempEnv is a session over an empty data directory of its own.
func TempEnv(t *testing.T) *common.Env {
	t.Helper()
	d, err := saves.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return Env(t, d, nil, "")
}

// Renderer is a session's renderer without colour.
func Renderer() *lipgloss.Renderer {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.Ascii)
	return r
}

// Styles are a session's without colour.
func Styles() *common.Styles { return common.NewStyles(Renderer(), true) }

// Body is the room the app gives a page in a w × h window: all of it
// but the tab bar, the blank line under it and the help line.
func Body(w, h int) (int, int) { return w, h - 3 }

// Page is what a host needs of a page.
type Page interface {
	tea.Model
	SetSize(w, h int)
}

// Host is the root model of a program of one page, doing for it what the
// app does for the page in front: it sizes it to the window's body,
// delivers the messages a worker forwards one at a time, and quits on
// ctrl+c; everything else goes to the page.
type Host struct{ Page Page }

func (h *Host) Init() tea.Cmd { return h.Page.Init() }

func (h *Host) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		h.Page.SetSize(Body(msg.Width, msg.Height))
		return h, nil
	case common.ForwardMsg:
		_, cmd := h.Update(msg.Msg)
		return h, tea.Batch(cmd, msg.Next)
	case tea.KeyMsg:
		if msg.Type == tea.KeyCtrlC {
			return h, tea.Quit
		}
	}
	_, cmd := h.Page.Update(msg)
	return h, cmd
}

func (h *Host) View() string { return h.Page.View() }

// Open is the page that open makes for the session env, sized for a
// w × h window.
func Open[P Page](w, h int, env *common.Env, open func(*common.Env, *common.Styles, common.KeyMap) P) P {
	p := open(env, Styles(), common.DefaultKeyMap())
	p.SetSize(Body(w, h))
	return p
}
