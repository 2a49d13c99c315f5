package tui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/tui/common"
)

// workEventMsg is an event of the work (a tournament, a run) that the tab
// to follows, from its stream number stream; workDoneMsg the work's end,
// with the report of a tournament.
type workEventMsg struct {
	to     *workTab
	stream int
	ev     arena.Event
}

type workDoneMsg struct {
	to       *workTab
	stream   int
	rep      *arena.Report
	err      error
	settings []string // a tournament's set-up, for its saved record
}

// workTab is what the Tournament and Evolution tabs have in common: a
// set-up form, then the work it starts or another session's it watches,
// followed as a stream of events.
type workTab struct {
	env  *common.Env
	st   *common.Styles
	keys common.KeyMap
	w, h int

	form      form
	status    string
	skipMoves bool         // the tab draws no games in progress
	streamID  int          // the stream followed: what is still on its way from an older one is dropped
	shared    *common.Live // ours, for other sessions to watch
	watching  *common.Live // another session's, watched
}

func newWorkTab(env *common.Env, st *common.Styles, keys common.KeyMap, skipMoves bool) workTab {
	return workTab{env: env, st: st, keys: keys, form: form{st: st}, skipMoves: skipMoves}
}

func (w *workTab) SetSize(width, height int) { w.w, w.h = width, height }
func (w *workTab) Init() tea.Cmd             { return nil }
func (w *workTab) Capturing() bool           { return false }

// Owns: the events and the end of the work the tab follows.
func (w *workTab) Owns(msg tea.Msg) bool {
	switch msg := msg.(type) {
	case workEventMsg:
		return msg.to == w
	case workDoneMsg:
		return msg.to == w
	}
	return false
}

// workPage is what a tab of work does its own way.
type workPage interface {
	setup() bool            // the set-up form is on the screen
	refresh()               // the tab came to the front: lists others may have changed
	event(arena.Event)      // an event of the work followed
	finish(msg workDoneMsg) // its end
	key(tea.KeyMsg) tea.Cmd
}

// update is the Update of p, whose common part w is: it drops what comes
// from a stream the tab has left and hands the rest to p, or to the form.
func (w *workTab) update(p workPage, msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case workEventMsg:
		if msg.stream == w.streamID {
			w.shared.Record(msg.ev)
			p.event(msg.ev)
		}
	case workDoneMsg:
		if msg.stream == w.streamID {
			p.finish(msg)
		}
	case common.ShownMsg:
		if p.setup() {
			p.refresh()
		}
	case tea.MouseMsg:
		if p.setup() { // a click on a tick box also ticks it
			w.form.click(msg)
		}
	case tea.KeyMsg:
		return p.key(msg)
	}
	return nil
}

// setupKey takes the set-up form's keys: the form's own, s starts, v
// watches another session's work.
func (w *workTab) setupKey(msg tea.KeyMsg, start, watch func() tea.Cmd) tea.Cmd {
	switch {
	case w.form.key(msg, w.keys):
	case key.Matches(msg, w.keys.Start):
		return start()
	case key.Matches(msg, w.keys.Watch):
		return watch()
	}
	return nil
}

// follow delivers sub's events to the tab, as its current stream's.
func (w *workTab) follow(sub *arena.Subscription) tea.Cmd {
	id := w.streamID
	return common.Stream(w.env.Ctx, sub, w.skipMoves, func(ev arena.Event) tea.Msg { return workEventMsg{w, id, ev} })
}

// background is the command that does the tab's work off the UI's
// goroutine, with the workers that give hands back, and then ends it for
// everyone following: the work leaves the hub before its last event,
// streamEnd, goes on bus, so that a watcher either sees the end or never
// starts, and every stream of bus ends there, none left waiting. Its
// message is work's, which says how the work went, for this tab.
func (w *workTab) background(bus *arena.Bus, give func(), work func() workDoneMsg) tea.Cmd {
	hub, shared := w.env.Hub, w.shared
	return func() tea.Msg {
		defer give()
		done := work()
		done.to = w

		hub.Remove(shared)
		bus.Publish(common.StreamEnd{}) // after every event of the work
		return done
	}
}

// watchOther starts following another session's work of kind: show sets
// the tab up from it, on a new stream (an error: it cannot, and the
// status line says why).
func (w *workTab) watchOther(kind common.LiveKind, show func(*common.Live) error) tea.Cmd {
	l, sub, why := w.env.Hub.WatchOther(kind, w.env)
	if l == nil {
		w.status = why
		return nil
	}
	if err := show(l); err != nil {
		sub.Close()
		w.status = err.Error()
		return nil
	}
	w.status = "watching " + l.Name + " (esc leaves)"
	return w.follow(sub)
}
