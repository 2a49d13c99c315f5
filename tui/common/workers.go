package common

import (
	"context"
	"sync"
)

// MaxWorkers is the most games or searches at once a terminal of its own
// may ask for (the Tournament and Evolution tabs' workers field).
const MaxWorkers = 64

// WorkerBudget is a server's CPU workers (games, searches or position
// batches at once), shared by its sessions: without it one session could
// start 64 evolution workers and starve every other. A session gets at
// most its fair share, min(PerSession, max(1, Total / sessions)), less
// what it already holds, and never more than is left of Total — except
// that a session holding none always gets one, so that nobody is locked
// out: at most max(Total, sessions) workers run. Shares are reckoned when
// work starts: work already running keeps its workers when others join.
type WorkerBudget struct {
	Total      int // all sessions together (≥ 1)
	PerSession int // one session at most (≥ 1)

	mu       sync.Mutex
	sessions int
	inUse    int
	freed    chan struct{} // closed, and replaced, whenever workers are given back
}

// NewWorkerBudget is a budget of total workers, perSession at most each.
func NewWorkerBudget(total, perSession int) *WorkerBudget {
	return &WorkerBudget{Total: max(total, 1), PerSession: max(perSession, 1), freed: make(chan struct{})}
}

// WorkerShare is one session's part of a budget.
type WorkerShare struct {
	b    *WorkerBudget
	held int  // under b.mu
	left bool // the session has ended: what it held is back in the budget
}

// Join counts a session in the budget until ctx ends (the session's).
func (b *WorkerBudget) Join(ctx context.Context) *WorkerShare {
	b.mu.Lock()
	b.sessions++
	b.mu.Unlock()
	s := &WorkerShare{b: b}
	context.AfterFunc(ctx, func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		b.sessions--
		// Workers lent to work that never started (the app quit before
		// running it) are not lost with the session.
		b.inUse -= s.held
		s.held, s.left = 0, true
		b.signal() // the others' shares have grown
	})
	return s
}

// Max is the most workers the session may ask for.
func (s *WorkerShare) Max() int {
	if s == nil {
		return MaxWorkers
	}
	return min(s.b.PerSession, MaxWorkers)
}

// Take lends the session up to want workers at once, for work it starts
// now: n is what it gets (0 when its share is taken by its other work),
// give returns them. A nil share (a terminal of its own) gets want.
func (s *WorkerShare) Take(want int) (n int, give func()) {
	if s == nil {
		return want, func() {}
	}
	b := s.b
	b.mu.Lock()
	defer b.mu.Unlock()
	fair := min(b.PerSession, max(1, b.Total/max(b.sessions, 1)))
	free := b.Total - b.inUse
	if s.held == 0 {
		free = max(free, 1)
	}
	n = max(min(want, fair-s.held, free), 0)
	if n == 0 || s.left {
		return 0, func() {}
	}
	s.held += n
	b.inUse += n
	var once sync.Once
	return n, func() {
		once.Do(func() {
			b.mu.Lock()
			defer b.mu.Unlock()
			if !s.left {
				s.held -= n
				b.inUse -= n
				b.signal()
			}
		})
	}
}

// InUse is how many workers are lent now.
func (b *WorkerBudget) InUse() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.inUse
}

// signal wakes those waiting for a worker; b.mu is held.
func (b *WorkerBudget) signal() {
	close(b.freed)
	b.freed = make(chan struct{})
}

// Wait is Take of one worker, waiting until one is free or ctx ends (the
// Play tab's engine, which waits for the session's own tournament or run
// to give one back rather than refuse to move).
func (s *WorkerShare) Wait(ctx context.Context) (give func(), err error) {
	for {
		var freed chan struct{}
		if s != nil {
			s.b.mu.Lock()
			freed = s.b.freed
			s.b.mu.Unlock()
		}
		if n, give := s.Take(1); n > 0 {
			return give, nil
		}
		select {
		case <-freed:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}
