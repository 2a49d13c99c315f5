package common

import (
	"context"

	"github.com/evochess/evochess/arena"
)

// Cluster is remote workers a session's games may also go to (evochess
// arena or serve with --cluster or --cluster-listen).
type Cluster interface {
	// Remote is one run's remote side until ctx ends. identity finds a
	// resumed run's games again; "" is a run that cannot resume.
	Remote(ctx context.Context, identity string) (arena.Remote, error)
	// Workers are the workers heard of lately.
	Workers() []arena.RemoteWorker
}

// Remote is the remote side for a run or tournament starting now (nil
// without a cluster, or when it cannot be had: the games stay local).
// run is a saved run's name ("": a tournament or an unsaved run, which
// cannot resume).
func (e *Env) Remote(ctx context.Context, run string) arena.Remote {
	if e == nil || e.Cluster == nil {
		return nil
	}
	identity := ""
	if run != "" && e.Data != nil {
		identity = e.Data.RunIdentity(run)
	}
	r, err := e.Cluster.Remote(ctx, identity)
	if err != nil {
		return nil
	}
	return r
}
