package cluster

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/evochess/evochess/arena"
)

// presenceMsg is a worker's periodic report of itself.
type presenceMsg struct {
	V           int      `json:"v"`
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Host        string   `json:"host"`
	Engines     []string `json:"engines,omitempty"`
	Slots       int      `json:"slots"`
	InFlight    int      `json:"in_flight"`
	Games       int      `json:"games"`
	GamesPerSec float64  `json:"games_per_s"`
	Bye         bool     `json:"bye,omitempty"` // the worker is leaving
}

// controlMsg is the coordinator's word to one worker.
type controlMsg struct {
	V       int    `json:"v"`
	Refused string `json:"refused"`
}

// refusalMsg tells coordinators that a worker gave a job back.
type refusalMsg struct {
	V      int    `json:"v"`
	Job    string `json:"job"`
	Worker string `json:"worker"`
	Reason string `json:"reason"`
}

// decodePresence reads a worker's report. Its version is left for the
// caller, who refuses a worker of another one by name.
func decodePresence(data []byte) (presenceMsg, error) {
	var m presenceMsg
	if err := unmarshal("worker report", data, &m); err != nil {
		return m, err
	}
	switch {
	case m.ID == "" || len(m.ID) > maxName || !printable(m.ID) || strings.ContainsAny(m.ID, ".*> "):
		return m, fmt.Errorf("worker report: bad id %.40q", m.ID)
	case len(m.Name) > maxName || !printable(m.Name) || len(m.Host) > maxName || !printable(m.Host):
		return m, fmt.Errorf("worker report %s: name or host too long or not printable", m.ID)
	case len(m.Engines) > maxEngines:
		return m, fmt.Errorf("worker report %s: %d engines", m.ID, len(m.Engines))
	case m.Slots < 0 || m.Slots > maxSlots || m.InFlight < 0 || m.InFlight > maxSlots || m.Games < 0:
		return m, fmt.Errorf("worker report %s: counts out of range", m.ID)
	case !(m.GamesPerSec >= 0 && m.GamesPerSec < 1e6):
		return m, fmt.Errorf("worker report %s: games/s out of range", m.ID)
	}
	for _, e := range m.Engines {
		if len(e) > maxText || !printable(e) {
			return m, fmt.Errorf("worker report %s: engine name too long or not printable", m.ID)
		}
	}
	return m, nil
}

// presence is the coordinator's table of workers, from their reports. A
// worker is gone after three report intervals of silence or its goodbye.
type presence struct {
	mu       sync.Mutex
	workers  map[string]*arena.RemoteWorker
	expire   time.Duration
	prefetch int // jobs queued ahead per worker, besides its slots
	// bad counts the refused results of workers (by id, kept when they
	// go: a worker refused stays refused); at most maxStruck of them.
	bad map[string]*strikes
}

// strikes are a worker's refused results.
type strikes struct {
	n       int
	last    string // why the last was refused
	refused string // why the worker is refused ("": it is not)
}

const (
	// strikeLimit is how many refused results get a worker refused: an
	// honest worker sends none, so a few are a broken or a hostile one.
	strikeLimit = 3
	// maxStruck bounds the workers whose strikes are remembered (a
	// hostile client can sign with a new key every time).
	maxStruck = 4096
)

func newPresence(report time.Duration, prefetch int) *presence {
	return &presence{workers: map[string]*arena.RemoteWorker{}, expire: 3*report + time.Second, prefetch: prefetch,
		bad: map[string]*strikes{}}
}

// strike counts a refused result against worker id and returns the
// worker's refusal when this strike is the one that refuses it.
func (p *presence) strike(id, why string) (refusal string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	s := p.bad[id]
	if s == nil {
		if len(p.bad) >= maxStruck {
			p.evict()
		}
		s = &strikes{}
		p.bad[id] = s
	}
	s.n++
	s.last = why
	if w := p.workers[id]; w != nil {
		w.BadResults = s.n
	}
	if s.n < strikeLimit || s.refused != "" {
		return ""
	}
	s.refused = fmt.Sprintf("%d of its results did not check out (the last: %s)", s.n, why)
	if w := p.workers[id]; w != nil {
		w.Refused = s.refused
	}
	return s.refused
}

// evict forgets a struck worker to make room: one not refused if any.
func (p *presence) evict() {
	victim := ""
	for id, s := range p.bad {
		victim = id
		if s.refused == "" {
			break
		}
	}
	delete(p.bad, victim)
}

// refusedWorker is why worker id is refused for its results ("": it is not).
func (p *presence) refusedWorker(id string) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if s := p.bad[id]; s != nil {
		return s.refused
	}
	return ""
}

// eligible counts the workers heard of and not refused, none of avoid,
// that offer every engine of needs (file names): those a job can go to.
func (p *presence) eligible(avoid, needs []string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := 0
	for id, w := range p.workers {
		if w.Refused == "" && w.Slots > 0 && !slices.Contains(avoid, id) && !slices.ContainsFunc(needs, func(e string) bool {
			return !slices.Contains(w.Engines, e)
		}) {
			n++
		}
	}
	return n
}

// update records a report and returns why the worker is refused ("" if it
// is not); refused is true the first time only, to say so once.
func (p *presence) update(m presenceMsg, now time.Time) (reason string, first bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if m.Bye {
		delete(p.workers, m.ID)
		return "", false
	}
	w := p.workers[m.ID]
	if w == nil {
		w = &arena.RemoteWorker{ID: m.ID}
		p.workers[m.ID] = w
		first = true
	}
	w.Name, w.Host, w.Version, w.Engines = m.Name, m.Host, m.V, m.Engines
	w.Slots, w.InFlight, w.Games, w.GamesPerSec, w.Seen = m.Slots, m.InFlight, m.Games, m.GamesPerSec, now
	if m.V != Version {
		w.Refused = versionError(m.V, fmt.Sprintf("worker %s (%s)", m.Name, m.Host)).Error()
	}
	if s := p.bad[m.ID]; s != nil {
		w.BadResults = s.n
		if s.refused != "" {
			w.Refused = s.refused
		}
	}
	return w.Refused, first && w.Refused != ""
}

// expireOld forgets the workers not heard of for too long.
func (p *presence) expireOld(now time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for id, w := range p.workers {
		if now.Sub(w.Seen) > p.expire {
			delete(p.workers, id)
		}
	}
}

// list returns the workers by name.
func (p *presence) list() []arena.RemoteWorker {
	p.mu.Lock()
	out := make([]arena.RemoteWorker, 0, len(p.workers))
	for _, w := range p.workers {
		c := *w
		c.Engines = slices.Clone(w.Engines)
		out = append(out, c)
	}
	p.mu.Unlock()
	slices.SortFunc(out, func(a, b arena.RemoteWorker) int {
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out
}

// slots is how many jobs the workers can take now: their slots, and a
// few queued ahead so that none waits for the coordinator between games.
func (p *presence) slots() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := 0
	for _, w := range p.workers {
		if w.Refused == "" {
			n += w.Slots + p.prefetch
		}
	}
	return n
}

// maxWorkers bounds the table: keys cost nothing to make, and each worker
// reported would count its slots.
const maxWorkers = 1024

// count is how many workers the table holds.
func (p *presence) count() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.workers)
}

// known reports whether the worker is in the table.
func (p *presence) known(id string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.workers[id] != nil
}
