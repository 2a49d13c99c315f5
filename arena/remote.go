package arena

import (
	"context"
	"time"
)

// Remote plays games somewhere else: on worker processes reached through a
// message queue (package arena/cluster). A Pool gives it jobs from the same
// queue its local workers take theirs from, as many at once as it has
// slots, so local and remote workers share one run's games and the results
// come back through the same callback.
type Remote interface {
	// Slots is how many games the remote side can play at once now. It
	// changes as workers come and go; 0 holds remote jobs back.
	Slots() int
	// Play has the job played remotely and returns its result. It keeps
	// trying through lost connections and dead workers, and returns an
	// error only when ctx ends or when the job can never be played (its
	// players cannot be described to a worker).
	Play(ctx context.Context, job RemoteJob) (GameResult, error)
	// Workers describes the remote workers, for progress displays.
	Workers() []RemoteWorker
}

// RemoteJob is one game for a Remote: the pool's job with its two players
// resolved, so that it needs nothing of the pool's roster.
type RemoteJob struct {
	Job          GameJob
	White, Black PlayerSpec
}

// RemoteWorker is one remote worker as its last report described it.
type RemoteWorker struct {
	ID, Name, Host string
	Version        int      // protocol version it speaks
	Engines        []string // external engines it has, by file name
	Slots          int      // games at once
	InFlight       int      // games playing now
	Games          int      // games finished since it started
	GamesPerSec    float64  // over its last report interval
	BadResults     int      // its results the coordinator refused
	Refused        string   // why the coordinator does not use it, if it does not
	Seen           time.Time
}
