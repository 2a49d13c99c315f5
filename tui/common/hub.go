package common

import (
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/ga"
)

// Hub lists the tournaments and runs going on in this process, so that
// the other sessions of an SSH server can watch them live. The session
// that started one owns it (only it can pause or stop it); watchers
// subscribe to its bus and start from the snapshot kept here.
type Hub struct {
	mu    sync.Mutex
	next  int
	items []*Live
}

// LiveKind says what a Live is. Its text names the work in messages
// ("no other session has a run going").
type LiveKind string

const (
	LiveRun        LiveKind = "run"
	LiveTournament LiveKind = "tournament"
)

// Live is one tournament or run in progress.
type Live struct {
	ID      int
	Kind    LiveKind
	Name    string
	Owner   *Env
	Bus     *arena.Bus
	Started time.Time

	ended atomic.Bool // set before the work's last event (streamEnd)

	mu       sync.Mutex
	table    *arena.Table
	pairings []arena.Pairing
	history  []ga.GenStats
	settings ga.Settings // a run's, kept in step with its changes
}

// AddRun registers a run that has started, with the settings a watcher
// starts from (kept in step with the run's changes as its events arrive).
func (h *Hub) AddRun(name string, settings ga.Settings, owner *Env, bus *arena.Bus) *Live {
	return h.add(&Live{Kind: LiveRun, Name: name, Owner: owner, Bus: bus, settings: settings})
}

// AddTournament registers a tournament that has started; its standings
// and pairings are recorded from its events.
func (h *Hub) AddTournament(name string, owner *Env, bus *arena.Bus) *Live {
	return h.add(&Live{Kind: LiveTournament, Name: name, Owner: owner, Bus: bus})
}

// add numbers l and lists it. Its name is shown to the other sessions, so
// it is sanitized here, whoever built it from what.
func (h *Hub) add(l *Live) *Live {
	if h == nil {
		return nil
	}
	l.Name = Sanitize(l.Name, 0)
	h.mu.Lock()
	defer h.mu.Unlock()
	h.next++
	l.ID, l.Started = h.next, time.Now()
	h.items = append(h.items, l)
	return l
}

// Remove unregisters work that has ended; call it before publishing
// StreamEnd, so that a watcher either sees the end or never starts.
func (h *Hub) Remove(l *Live) {
	if h == nil || l == nil {
		return
	}
	l.ended.Store(true)
	h.mu.Lock()
	defer h.mu.Unlock()
	h.items = slices.DeleteFunc(h.items, func(x *Live) bool { return x == l })
}

// Others lists the live work of a kind that env did not start.
func (h *Hub) Others(kind LiveKind, env *Env) []*Live {
	if h == nil {
		return nil
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []*Live
	for _, l := range h.items {
		if l.Kind == kind && l.Owner != env {
			out = append(out, l)
		}
	}
	return out
}

// Record keeps the latest standings, pairings or statistics (called by
// the owner's UI as its events arrive).
func (l *Live) Record(ev arena.Event) {
	if _, move := ev.(arena.MovePlayed); l == nil || move { // moves, the most frequent, are not kept
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	switch e := ev.(type) {
	case arena.StandingsChanged:
		l.table = e.Table
	case arena.PairingDecided:
		l.pairings = append(l.pairings, e.Pairing)
	case ga.GenerationDone:
		l.history = append(l.history, e.Stats)
	case ga.ParamChanged:
		l.settings.Apply(e.Change.Param, e.Change.New)
	}
}

// Snapshot returns what a new watcher starts from.
func (l *Live) Snapshot() (*arena.Table, []arena.Pairing, []ga.GenStats, ga.Settings) {
	l.mu.Lock()
	defer l.mu.Unlock()
	var tb *arena.Table
	if l.table != nil {
		tb = l.table.Clone()
	}
	return tb, slices.Clone(l.pairings), slices.Clone(l.history), l.settings
}

// subscribe starts watching; ok is false when the work has already ended.
func (l *Live) subscribe() (*arena.Subscription, bool) {
	sub := l.Bus.Subscribe()
	if l.ended.Load() { // ended before we subscribed: its last event is gone
		sub.Close()
		return nil, false
	}
	return sub, true
}

// WatchOther subscribes to the first live work of a kind that env did not
// start; when there is none, or it has just ended, it says so instead.
func (h *Hub) WatchOther(kind LiveKind, env *Env) (*Live, *arena.Subscription, string) {
	others := h.Others(kind, env)
	if len(others) == 0 {
		return nil, nil, "no other session has a " + string(kind) + " going"
	}
	sub, ok := others[0].subscribe()
	if !ok {
		return nil, nil, "that " + string(kind) + " has just ended"
	}
	return others[0], sub, ""
}
