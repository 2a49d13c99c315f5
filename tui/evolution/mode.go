package evolution

import "github.com/evochess/evochess/ga"

// evoMode is what the Evolution tab shows, and so which keys it takes.
type evoMode int

const (
	evoSetup    evoMode = iota // the form: a new run's settings, or one to resume
	evoRunning                 // this session's run, going on
	evoWatching                // another session's, live
	evoWatched                 // another session's, ended: its last view until esc
	evoEnded                   // this session's, ended: its view until s
	evoGenes                   // the chosen engine's options, to pick genes and fixed options from
	evoDataset                 // a dataset to tune on, being made (or about to be)
)

func (m evoMode) String() string {
	return [...]string{"set-up", "running", "watching", "watched", "ended", "genes", "dataset"}[m]
}

// live: the run shown is still going on.
func (m evoMode) live() bool { return m == evoRunning || m == evoWatching }

// Run is the run shown (nil: none). (For a look from outside: the app's
// tests.)
func (e *Page) Run() *ga.Run { return e.run }

// ShowEnded puts the page on the view of run r ended after the
// generations of history, as one of this session's runs leaves it: the
// app's tests draw the plots of a made-up history this way.
func (e *Page) ShowEnded(r *ga.Run, history []ga.GenStats) {
	e.run, e.settings, e.schema, e.mode, e.history = r, r.Settings, r.Schema(), evoEnded, history
	e.view = e.views()[0]
}

// to moves the page to mode m, resetting what entering m resets; watch,
// startOn and the run's end set the rest.
func (e *Page) to(m evoMode) {
	switch m {
	case evoSetup:
		e.run, e.history, e.Watching = nil, nil, nil
		e.StreamID++ // drop what is left of the shown run's events
	case evoRunning, evoWatching:
		e.StreamID++ // a new stream
		e.paused, e.games, e.playing, e.changes, e.current = false, 0, 0, nil, nil
		e.view, e.genePage = viewFitness, 0
	case evoEnded:
		e.Shared, e.handle = nil, nil // released by the run's own goroutine
	}
	e.mode = m
}
