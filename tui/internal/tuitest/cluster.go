package tuitest

import (
	"context"
	"errors"
	"sync"

	"github.com/evochess/evochess/arena"
)

// Cluster has workers that a test sets; its games stay local.
type Cluster struct {
	mu sync.Mutex
	ws []arena.RemoteWorker
}

// NewCluster is a cluster of the workers ws.
func NewCluster(ws ...arena.RemoteWorker) *Cluster { return &Cluster{ws: ws} }

func (f *Cluster) Remote(context.Context, string) (arena.Remote, error) {
	return nil, errors.New("fake cluster: no remote play")
}

func (f *Cluster) Workers() []arena.RemoteWorker {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]arena.RemoteWorker(nil), f.ws...)
}

// Set changes the workers.
func (f *Cluster) Set(ws ...arena.RemoteWorker) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ws = ws
}

// Worker is a remote worker as the cluster lists it.
func Worker(name, host string, slots, playing int, rate float64) arena.RemoteWorker {
	return arena.RemoteWorker{ID: name, Name: name, Host: host, Version: 1, Slots: slots, InFlight: playing, GamesPerSec: rate}
}
