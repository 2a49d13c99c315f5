package cluster

import (
	"slices"
	"sync"
)

// refusals are the workers that gave jobs back (an engine, an option or a
// hash they do not offer), by job id: such a worker cannot be the second
// word on a job's engine failure, so a copy that avoids every other
// worker goes to any, the one whose engine failed included (verdict.go),
// and the run does not wait for ever on a worker that will not play it.
type refusals struct {
	mu    sync.Mutex
	by    map[string][]string // job id → worker ids
	order []string            // job ids, oldest first
}

// Bounds: refusals come from token holders, who can send any number.
const maxRefusedJobs = 4096

// add records that worker gave job back.
func (r *refusals) add(job, worker string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.by == nil {
		r.by = map[string][]string{}
	}
	ws, known := r.by[job]
	if slices.Contains(ws, worker) || len(ws) >= maxAvoid {
		return
	}
	if !known {
		if len(r.order) >= maxRefusedJobs {
			delete(r.by, r.order[0])
			r.order = r.order[1:]
		}
		r.order = append(r.order, job)
	}
	r.by[job] = append(ws, worker)
}

// of is the workers that gave job back.
func (r *refusals) of(job string) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.by[job])
}
