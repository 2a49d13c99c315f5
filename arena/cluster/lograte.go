package cluster

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"sync"
	"time"
)

// Most of what a coordinator logs is caused by messages from the network,
// which a hostile or broken client can send by the thousand. Each kind of
// event may write logBurst lines a minute (a line said already in the
// minute is not said again); past that it is counted, and when its minute
// is over one line says how many more there were. Kinds are few and fixed
// (the constants below), and a kind remembers at most logBurst lines, so
// the limiter's memory is bounded; a flood of one kind never silences
// another, and a kind speaks again in its next minute.

// Kinds of rate-limited events.
const (
	logBadReport    = "cluster: ignored a worker report"
	logBadResult    = "cluster: ignored a result"
	logRefused      = "cluster: refused a result"
	logHeld         = "cluster: held a result"
	logJoined       = "cluster: worker joined"
	logLeft         = "cluster: worker left"
	logRefusedWkr   = "cluster: refused a worker"
	logGaveBack     = "cluster: a worker gave a job back"
	logPublishRetry = "cluster: publishing jobs failed"
	logReplay       = "cluster: played a job again"
	logWaiting      = "cluster: a job waits to be played again"
)

const (
	logBurst  = 10
	logWindow = time.Minute
)

type logLimiter struct {
	mu    sync.Mutex
	w     io.Writer
	kinds map[string]*logKind
}

type logKind struct {
	start time.Time
	said  []string // lines written in this window
	more  int      // lines not written in this window
}

func newLogLimiter(w io.Writer) *logLimiter {
	return &logLimiter{w: w, kinds: map[string]*logKind{}}
}

// say writes line, of kind, unless its kind has said enough this minute.
func (l *logLimiter) say(kind, line string, now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	k := l.kinds[kind]
	if k == nil {
		k = &logKind{start: now}
		l.kinds[kind] = k
	}
	l.roll(kind, k, now)
	if len(k.said) >= logBurst || slices.Contains(k.said, line) {
		k.more++
		return
	}
	k.said = append(k.said, line)
	fmt.Fprintln(l.w, line)
}

// roll ends kind's window if it is over, saying how many lines it held back.
func (l *logLimiter) roll(kind string, k *logKind, now time.Time) {
	if now.Sub(k.start) < logWindow {
		return
	}
	if k.more > 0 {
		fmt.Fprintf(l.w, "%s … and %s more like it in the last minute\n", kind, spaced(k.more))
	}
	k.start, k.said, k.more = now, k.said[:0], 0
}

// flush ends the windows that are over (the coordinator's ticker calls
// it, so that the count of a flood that stopped is said); with all set,
// every window, at once (at the coordinator's end).
func (l *logLimiter) flush(now time.Time, all bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	kinds := slices.Sorted(maps.Keys(l.kinds))
	for _, kind := range kinds {
		k := l.kinds[kind]
		if all {
			k.start = now.Add(-logWindow)
		}
		l.roll(kind, k, now)
	}
}

// spaced writes n with thin groups of three digits: 19 980.
func spaced(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + " " + s[i:]
	}
	return s
}
