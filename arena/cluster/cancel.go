package cluster

import (
	"context"
	"strings"
	"sync"

	"github.com/nats-io/nats.go"
)

// A run that stops (its games no longer wanted: Ctrl-C, an SPRT decided, a
// tab closed) tells the workers playing its games to drop them, so that
// they do not spend minutes on a long game nobody will read. The message
// is plain NATS, not stored: a worker that misses it plays the game out
// and stores a result nobody asks for, as before.

const cancelPrefix = "evochess.cancel."

func cancelSubject(run, id string) string { return cancelPrefix + run + "." + id }

// playing is a worker's games in flight, by job id, with what stops them.
type playing struct {
	mu    sync.Mutex
	games map[string]context.CancelFunc
}

// start registers job id's game: its context ends with ctx or when the
// job is cancelled; done unregisters it.
func (p *playing) start(ctx context.Context, id string) (game context.Context, done func()) {
	game, cancel := context.WithCancel(ctx)
	p.mu.Lock()
	if p.games == nil {
		p.games = map[string]context.CancelFunc{}
	}
	p.games[id] = cancel
	p.mu.Unlock()
	return game, func() {
		p.mu.Lock()
		delete(p.games, id)
		p.mu.Unlock()
		cancel()
	}
}

// cancel stops job id's game, if it plays here; it reports whether it did.
func (p *playing) cancel(id string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	stop, ok := p.games[id]
	if ok {
		stop()
	}
	return ok
}

// onCancel is a worker's handler of cancellations.
func (w *worker) onCancel(msg *nats.Msg) {
	rest := strings.TrimPrefix(msg.Subject, cancelPrefix)
	run, id, ok := strings.Cut(rest, ".")
	if !ok || !isHex(run, 16) || !isHex(id, 32) {
		return
	}
	w.live.cancel(id)
}
