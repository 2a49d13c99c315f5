package arena

import (
	"context"
	"errors"
	"sync"
)

// enginePool lends engines to moves. At most size engines exist, made
// when first needed and kept, so the memory and CPU strangers can take
// are bounded however many games are open; a move waits for an engine
// (within its request's time) when all are busy.
type enginePool struct {
	newEngine func() (Player, error)
	slots     chan struct{} // one token per engine lent or being made

	mu     sync.Mutex
	idle   []Player
	closed bool
}

var errPoolClosed = errors.New("engines closed")

func newEnginePool(newEngine func() (Player, error), size int) *enginePool {
	return &enginePool{newEngine: newEngine, slots: make(chan struct{}, max(size, 1))}
}

// get borrows an engine; put gives it back.
func (p *enginePool) get(ctx context.Context) (Player, error) {
	select {
	case p.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	p.mu.Lock()
	closed := p.closed
	var e Player
	if n := len(p.idle); n > 0 && !closed {
		e, p.idle = p.idle[n-1], p.idle[:n-1]
	}
	p.mu.Unlock()
	var err error
	switch {
	case closed:
		err = errPoolClosed
	case e == nil:
		e, err = p.newEngine()
	}
	if err != nil {
		<-p.slots
		return nil, err
	}
	return e, nil
}

// put returns a borrowed engine; one that failed (ok false) is closed,
// and another made when next needed.
func (p *enginePool) put(e Player, ok bool) {
	p.mu.Lock()
	if ok && !p.closed {
		p.idle = append(p.idle, e)
		e = nil
	}
	p.mu.Unlock()
	if e != nil {
		e.Close()
	}
	<-p.slots
}

// close closes the idle engines, and those lent as they come back.
func (p *enginePool) close() {
	p.mu.Lock()
	idle := p.idle
	p.idle, p.closed = nil, true
	p.mu.Unlock()
	for _, e := range idle {
		e.Close()
	}
}
