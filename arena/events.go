package arena

import (
	"context"
	"sync"
)

// Event is something a tournament, a game or a GA run (package ga
// publishes its own kinds on the same bus) reports to its subscribers.
type Event any

// GameStarted: a worker began a game.
type GameStarted struct {
	Game         int // the job's ID
	White, Black string
	StartFEN     string
}

// MovePlayed: a move was made. These are the events a slow subscriber
// may lose (it still sees every result).
type MovePlayed struct {
	Game int
	MoveEvent
}

// GameFinished: a game ended.
type GameFinished struct {
	Game   int
	Result GameResult
}

// StandingsChanged: the table after a finished game.
type StandingsChanged struct{ Table *Table }

// PairingDecided: a selection or knockout pairing has its result (who
// overwrote or knocked out whom).
type PairingDecided struct{ Pairing Pairing }

// TournamentFinished: the last event of a tournament.
type TournamentFinished struct {
	Table  *Table
	Reason string // "complete", "stopped", or the SPRT decision
}

// Bus fans events out to any number of subscribers without ever blocking
// the publisher: each subscriber has its own queue, in which pending move
// events are capped (the oldest is dropped) while every other event is kept.
type Bus struct {
	mu   sync.Mutex
	subs map[*Subscription]struct{}
}

// NewBus returns a bus with no subscribers.
func NewBus() *Bus { return &Bus{subs: map[*Subscription]struct{}{}} }

// maxPendingMoves caps the move events waiting in one subscriber's queue.
const maxPendingMoves = 256

// Subscription is one subscriber's queue.
type Subscription struct {
	bus     *Bus
	mu      sync.Mutex
	queue   []Event
	moves   int // MovePlayed events in queue
	dropped int
	wake    chan struct{}
	closed  bool
}

// Subscribe adds a subscriber; Close it when done.
func (b *Bus) Subscribe() *Subscription {
	s := &Subscription{bus: b, wake: make(chan struct{}, 1)}
	b.mu.Lock()
	b.subs[s] = struct{}{}
	b.mu.Unlock()
	return s
}

// Publish delivers e to every subscriber; it never blocks on a reader.
func (b *Bus) Publish(e Event) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	for s := range b.subs {
		s.push(e)
	}
}

func (s *Subscription) push(e Event) {
	s.mu.Lock()
	if _, isMove := e.(MovePlayed); isMove {
		if s.moves >= maxPendingMoves {
			s.dropOldestMove()
		}
		s.moves++
	}
	s.queue = append(s.queue, e)
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

func (s *Subscription) dropOldestMove() {
	for i, q := range s.queue {
		if _, ok := q.(MovePlayed); ok {
			s.queue = append(s.queue[:i], s.queue[i+1:]...)
			s.moves--
			s.dropped++
			return
		}
	}
}

// Next returns the next event, waiting for one; ok is false once the
// subscription is closed or ctx is done.
func (s *Subscription) Next(ctx context.Context) (e Event, ok bool) {
	for {
		s.mu.Lock()
		if s.closed {
			s.mu.Unlock()
			return nil, false
		}
		if len(s.queue) > 0 {
			e = s.queue[0]
			s.queue[0] = nil
			s.queue = s.queue[1:]
			if _, isMove := e.(MovePlayed); isMove {
				s.moves--
			}
			s.mu.Unlock()
			return e, true
		}
		s.mu.Unlock()
		select {
		case <-s.wake:
		case <-ctx.Done():
			return nil, false
		}
	}
}

// Dropped returns how many move events this subscriber lost.
func (s *Subscription) Dropped() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.dropped
}

// Close unsubscribes; a Next waiting on it returns.
func (s *Subscription) Close() {
	s.bus.mu.Lock()
	delete(s.bus.subs, s)
	s.bus.mu.Unlock()
	s.mu.Lock()
	s.closed = true
	s.queue = nil
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default:
	}
}
