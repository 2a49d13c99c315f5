package components

import (
	"fmt"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/internal/tuitest"
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

// The worker list is redrawn every WorkersRefresh while the tab is in
// front and there is a cluster: the tick goes on after each redraw, and
// stops when the tab is hidden or shown again (one tick at a time).
func TestWorkTabWorkersTick(t *testing.T) {
	p := &fakeWork{}
	noCluster := &WorkTab{Env: &common.Env{}}
	if cmd := noCluster.Handle(p, common.ShownMsg{}); cmd != nil {
		t.Fatal("a tab without a cluster ticks")
	}
	w := &WorkTab{Env: &common.Env{Cluster: tuitest.NewCluster()}}
	if w.Handle(p, common.ShownMsg{}) == nil {
		t.Fatal("a tab shown with a cluster does not tick")
	}
	first := workersTickMsg{w, w.workersGen}
	if !w.Owns(first) || w.Handle(p, first) == nil {
		t.Fatal("the tick does not go on")
	}
	w.Handle(p, common.ShownMsg{}) // a second tick starts: the first must end
	if w.Handle(p, first) != nil {
		t.Fatal("two ticks run at once")
	}
	second := workersTickMsg{w, w.workersGen}
	w.Handle(p, common.HiddenMsg{})
	if w.Handle(p, second) != nil {
		t.Fatal("a hidden tab goes on ticking")
	}
	if (&WorkTab{}).Owns(second) {
		t.Fatal("another tab owns the tick")
	}
}
