package cluster

import (
	"math/rand/v2"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// A worker gives a job back when it must not play it (a copy that avoids
// it: verdict.go) or cannot (an engine or option it does not offer): the
// job waits refuseDelay and is offered again, to the pull that has waited
// longest at the server. A worker that pulled again at once was that pull
// when its job came back, unless another had waited longer: two idle
// workers each given back the copy the other was to play (each had its
// engine fail in one job, and each job's copy avoids its worker) passed
// the copies to themselves every two seconds for ever, neither pulling
// anything else (tune-glaurung.sh reproduce stalled so, its workers idle).
// So a worker has no pull waiting from just before a job it gave back
// comes back until a while after, and another worker that waits takes
// it; if none does, the worker takes it again, and gives it back again.
// The while is random, so that two workers that gave back jobs together
// do not come back together either.

const (
	// quietBefore is how long before a job given back returns that the
	// worker's pulls end (the server ends a pull a little before its
	// client stops waiting).
	quietBefore = 100 * time.Millisecond
	// quietAfter is the longest a worker waits after a job it gave back
	// returned (at least a third of it).
	quietAfter = time.Second
	// minPull is the shortest pull worth making before a quiet span.
	minPull = 50 * time.Millisecond
	// maxQuiet bounds the spans remembered (jobs given back in the last
	// few seconds).
	maxQuiet = 256
)

// quietSpans are the times a worker has no pull waiting: around the
// returns of the jobs it gave back.
type quietSpans struct {
	mu    sync.Mutex
	spans [][2]time.Time // from, to
}

// gaveBack records a job given back at now, to be offered again after delay.
func (q *quietSpans) gaveBack(now time.Time, delay time.Duration) {
	// Scheduling jitter, not a result of the run: no seed to keep.
	after := quietAfter/3 + rand.N(quietAfter*2/3)
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.spans) == maxQuiet {
		q.spans = q.spans[1:]
	}
	q.spans = append(q.spans, [2]time.Time{now.Add(delay - quietBefore), now.Add(delay + after)})
}

// plan says, at now, how long to wait before pulling (sleep, 0 to pull
// now) and how long the pull may wait at the server: at most longest, and
// not into a quiet span.
func (q *quietSpans) plan(now time.Time, longest time.Duration) (sleep, wait time.Duration) {
	q.mu.Lock()
	defer q.mu.Unlock()
	kept := q.spans[:0]
	for _, s := range q.spans {
		if s[1].After(now) {
			kept = append(kept, s)
		}
	}
	q.spans = kept
	wait = longest
	for _, s := range q.spans {
		switch start := s[0].Sub(now); {
		case start < minPull: // in it, or too close to it for a pull
			sleep = max(sleep, s[1].Sub(now))
		case start < wait:
			wait = start
		}
	}
	if sleep > 0 {
		return sleep, 0
	}
	return 0, wait
}

// giveBack gives a job back, to be offered again after refuseDelay, and
// keeps the worker's pulls away from its return.
func (w *worker) giveBack(msg jetstream.Msg) {
	msg.NakWithDelay(refuseDelay)
	w.quiet.gaveBack(time.Now(), refuseDelay)
}
