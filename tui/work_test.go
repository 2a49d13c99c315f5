package tui

import (
	"fmt"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/tui/common"
)

// fakeWork counts what workTab.update hands it.
type fakeWork struct {
	onForm                            bool
	events, finishes, refreshes, keys int
}

func (f *fakeWork) setup() bool            { return f.onForm }
func (f *fakeWork) refresh()               { f.refreshes++ }
func (f *fakeWork) event(arena.Event)      { f.events++ }
func (f *fakeWork) finish(workDoneMsg)     { f.finishes++ }
func (f *fakeWork) key(tea.KeyMsg) tea.Cmd { f.keys++; return nil }
func (f *fakeWork) counts() string {
	return fmt.Sprintf("events %d finishes %d refreshes %d keys %d", f.events, f.finishes, f.refreshes, f.keys)
}

// A tab of work hears only the stream it follows; the form gets clicks
// and the tab the news that it is shown only while the form is up.
func TestWorkTabUpdate(t *testing.T) {
	click := tea.MouseMsg{Y: 2, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft}
	cases := []struct {
		name   string
		onForm bool
		msg    tea.Msg
		want   string
		focus  int // the form's, after
	}{
		{"an event of the stream", false, workEventMsg{stream: 2}, "events 1 finishes 0 refreshes 0 keys 0", 0},
		{"an event of a stream left", false, workEventMsg{stream: 1}, "events 0 finishes 0 refreshes 0 keys 0", 0},
		{"the end of the stream", false, workDoneMsg{stream: 2}, "events 0 finishes 1 refreshes 0 keys 0", 0},
		{"the end of a stream left", false, workDoneMsg{stream: 1}, "events 0 finishes 0 refreshes 0 keys 0", 0},
		{"shown on the form", true, common.ShownMsg{}, "events 0 finishes 0 refreshes 1 keys 0", 0},
		{"shown on a run", false, common.ShownMsg{}, "events 0 finishes 0 refreshes 0 keys 0", 0},
		{"a click on the form", true, click, "events 0 finishes 0 refreshes 0 keys 0", 1},
		{"a click on a run", false, click, "events 0 finishes 0 refreshes 0 keys 0", 0},
		{"a key", false, tea.KeyMsg{Type: tea.KeyEnter}, "events 0 finishes 0 refreshes 0 keys 1", 0},
	}
	for _, c := range cases {
		tf := newTestForm() // line 2: the number, field 1
		tf.draw()
		tf.f.focus = 0
		w := &workTab{form: tf.f, streamID: 2}
		p := &fakeWork{onForm: c.onForm}
		w.update(p, c.msg)
		if got := p.counts(); got != c.want || w.form.focus != c.focus {
			t.Errorf("%s: %s, focus %d; want %s, focus %d", c.name, got, w.form.focus, c.want, c.focus)
		}
	}
}
