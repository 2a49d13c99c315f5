package components

import (
	"fmt"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/tui/common"
)

// fakeWork counts what WorkTab.Handle hands it.
type fakeWork struct {
	onForm                            bool
	events, finishes, refreshes, keys int
}

func (f *fakeWork) Setup() bool            { return f.onForm }
func (f *fakeWork) Refresh()               { f.refreshes++ }
func (f *fakeWork) Event(arena.Event)      { f.events++ }
func (f *fakeWork) Finish(WorkDoneMsg)     { f.finishes++ }
func (f *fakeWork) Key(tea.KeyMsg) tea.Cmd { f.keys++; return nil }
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
		{"an event of the stream", false, WorkEventMsg{Stream: 2}, "events 1 finishes 0 refreshes 0 keys 0", 0},
		{"an event of a stream left", false, WorkEventMsg{Stream: 1}, "events 0 finishes 0 refreshes 0 keys 0", 0},
		{"the end of the stream", false, WorkDoneMsg{Stream: 2}, "events 0 finishes 1 refreshes 0 keys 0", 0},
		{"the end of a stream left", false, WorkDoneMsg{Stream: 1}, "events 0 finishes 0 refreshes 0 keys 0", 0},
		{"shown on the form", true, common.ShownMsg{}, "events 0 finishes 0 refreshes 1 keys 0", 0},
		{"shown on a run", false, common.ShownMsg{}, "events 0 finishes 0 refreshes 0 keys 0", 0},
		{"a click on the form", true, click, "events 0 finishes 0 refreshes 0 keys 0", 1},
		{"a click on a run", false, click, "events 0 finishes 0 refreshes 0 keys 0", 0},
		{"a key", false, tea.KeyMsg{Type: tea.KeyEnter}, "events 0 finishes 0 refreshes 0 keys 1", 0},
	}
	for _, c := range cases {
		tf := newTestForm() // line 2: the number, field 1
		tf.draw()
		tf.f.Focus = 0
		w := &WorkTab{Form: tf.f, StreamID: 2}
		p := &fakeWork{onForm: c.onForm}
		w.Handle(p, c.msg)
		if got := p.counts(); got != c.want || w.Form.Focus != c.focus {
			t.Errorf("%s: %s, focus %d; want %s, focus %d", c.name, got, w.Form.Focus, c.want, c.focus)
		}
	}
}
