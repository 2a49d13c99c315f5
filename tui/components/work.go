package components

import (
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/tui/common"
)

// WorkEventMsg is an event of the work (a tournament, a run) that a tab
// follows, from its stream number Stream; WorkDoneMsg is the work's end,
// with the report of a tournament. Each is the following tab's own
// (WorkTab.Owns): the root delivers it there whichever tab is in front.
type WorkEventMsg struct {
	to     *WorkTab
	Stream int
	Ev     arena.Event
}

type WorkDoneMsg struct {
	to       *WorkTab
	Stream   int
	Rep      *arena.Report
	Err      error
	Settings []string // a tournament's set-up, for its saved record
}

// WorkTab is what the Tournament and Evolution tabs have in common: a
// set-up form, then the work it starts or another session's it watches,
// followed as a stream of events.
type WorkTab struct {
	Env  *common.Env
	St   *common.Styles
	Keys common.KeyMap
	W, H int

	Form       Form
	Status     string
	skipMoves  bool         // the tab draws no games in progress
	StreamID   int          // the stream followed: what is still on its way from an older one is dropped
	Shared     *common.Live // ours, for other sessions to watch
	Watching   *common.Live // another session's, watched
	workersGen int          // the worker list's refresh tick now running: older ones stop
}

// workersTickMsg redraws the list of remote workers: they join and leave
// while no game event would redraw the tab (a run finished or not started).
type workersTickMsg struct {
	to  *WorkTab
	gen int
}

// WorkersRefresh is how often the list of remote workers is redrawn while
// the tab is in front.
const WorkersRefresh = time.Second

// tickWorkers starts a new refresh tick of the worker list, ending the
// one before; none without a cluster.
func (w *WorkTab) tickWorkers() tea.Cmd {
	w.workersGen++
	if w.Env == nil || w.Env.Cluster == nil {
		return nil
	}
	return w.nextWorkersTick()
}

func (w *WorkTab) nextWorkersTick() tea.Cmd {
	msg := workersTickMsg{w, w.workersGen}
	return tea.Tick(WorkersRefresh, func(time.Time) tea.Msg { return msg })
}

// NewWorkTab is a tab of work of the session env; skipMoves: the tab
// draws no games in progress, so their moves are not delivered.
func NewWorkTab(env *common.Env, st *common.Styles, keys common.KeyMap, skipMoves bool) WorkTab {
	return WorkTab{Env: env, St: st, Keys: keys, Form: Form{St: st}, skipMoves: skipMoves}
}

func (w *WorkTab) SetSize(width, height int) { w.W, w.H = width, height }
func (w *WorkTab) Init() tea.Cmd             { return nil }
func (w *WorkTab) Capturing() bool           { return false }

// Owns: the events and the end of the work the tab follows.
func (w *WorkTab) Owns(msg tea.Msg) bool {
	switch msg := msg.(type) {
	case WorkEventMsg:
		return msg.to == w
	case WorkDoneMsg:
		return msg.to == w
	case workersTickMsg:
		return msg.to == w
	}
	return false
}

// WorkPage is what a tab of work does its own way.
type WorkPage interface {
	Setup() bool            // the set-up form is on the screen
	Refresh()               // the tab came to the front: lists others may have changed
	Event(arena.Event)      // an event of the work followed
	Finish(msg WorkDoneMsg) // its end
	Key(tea.KeyMsg) tea.Cmd
}

// Handle is the Update of p, whose common part w is: it drops what comes
// from a stream the tab has left and hands the rest to p, or to the form.
func (w *WorkTab) Handle(p WorkPage, msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case WorkEventMsg:
		if msg.Stream == w.StreamID {
			w.Shared.Record(msg.Ev)
			p.Event(msg.Ev)
		}
	case WorkDoneMsg:
		if msg.Stream == w.StreamID {
			p.Finish(msg)
		}
	case common.ShownMsg:
		if p.Setup() {
			p.Refresh()
		}
		return w.tickWorkers()
	case common.HiddenMsg:
		w.workersGen++ // the tick stops: nobody sees the list
	case workersTickMsg:
		if msg.gen == w.workersGen {
			return w.nextWorkersTick() // the redraw after this message reads the list again
		}
	case tea.MouseMsg:
		if p.Setup() { // a click on a tick box also ticks it
			w.Form.Click(msg)
		}
	case tea.KeyMsg:
		return p.Key(msg)
	}
	return nil
}

// SetupKey takes the set-up form's keys: the form's own, s starts, v
// watches another session's work.
func (w *WorkTab) SetupKey(msg tea.KeyMsg, start, watch func() tea.Cmd) tea.Cmd {
	switch {
	case w.Form.Key(msg, w.Keys):
	case key.Matches(msg, w.Keys.Start):
		return start()
	case key.Matches(msg, w.Keys.Watch):
		return watch()
	}
	return nil
}

// Follow delivers sub's events to the tab, as its current stream's.
func (w *WorkTab) Follow(sub *arena.Subscription) tea.Cmd {
	id := w.StreamID
	return common.Stream(w.Env.Ctx, sub, w.skipMoves, func(ev arena.Event) tea.Msg { return WorkEventMsg{w, id, ev} })
}

// Background is the command that does the tab's work off the UI's
// goroutine, with the workers that give hands back, and then ends it for
// everyone following: the work leaves the hub before its last event,
// streamEnd, goes on bus, so that a watcher either sees the end or never
// starts, and every stream of bus ends there, none left waiting. Its
// message is work's, which says how the work went, for this tab.
func (w *WorkTab) Background(bus *arena.Bus, give func(), work func() WorkDoneMsg) tea.Cmd {
	hub, shared := w.Env.Hub, w.Shared
	return func() tea.Msg {
		defer give()
		done := work()
		done.to = w
		hub.Remove(shared)
		bus.Publish(common.StreamEnd{}) // after every event of the work
		return done
	}
}

// WatchOther starts following another session's work of kind: show sets
// the tab up from it, on a new stream (an error: it cannot, and the
// Status line says why).
func (w *WorkTab) WatchOther(kind common.LiveKind, show func(*common.Live) error) tea.Cmd {
	l, sub, why := w.Env.Hub.WatchOther(kind, w.Env)
	if l == nil {
		w.Status = why
		return nil
	}
	if err := show(l); err != nil {
		sub.Close()
		w.Status = err.Error()
		return nil
	}
	w.Status = "watching " + l.Name + " (esc leaves)"
	return w.Follow(sub)
}
