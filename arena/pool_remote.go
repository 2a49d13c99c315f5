package arena

import (
	"context"
	"sync"
	"time"

	"github.com/evochess/evochess/core"
)

// remoteRecheck is how often a full remote side is asked again for its
// slots: workers joining raise them without telling the pool.
const remoteRecheck = 200 * time.Millisecond

// remoteFeeder is the remote side's consumer of the pool's queue: it takes
// a job only while the remote has a slot free, so that jobs it could not
// start at once stay for the local workers.
func (p *Pool) remoteFeeder() {
	defer p.wg.Done()
	var games sync.WaitGroup
	defer games.Wait()
	var mu sync.Mutex
	inFlight := 0
	freed := make(chan struct{}, 1)
	for {
		for {
			mu.Lock()
			room := inFlight < p.remote.Slots()
			mu.Unlock()
			if room {
				break
			}
			select {
			case <-freed:
			case <-time.After(remoteRecheck):
			case <-p.quit:
				return
			}
		}
		t, ok := <-p.tasks
		if !ok {
			return
		}
		mu.Lock()
		inFlight++
		mu.Unlock()
		games.Add(1)
		go func() {
			defer games.Done()
			res := p.playRemote(t)
			mu.Lock()
			inFlight--
			mu.Unlock()
			select {
			case freed <- struct{}{}:
			default:
			}
			t.done <- poolResult{job: t.job, res: res}
		}()
	}
}

// playRemote has the remote side play one job.
func (p *Pool) playRemote(t poolTask) GameResult {
	r, job := t.roster, t.job
	if r.errs[job.White] != nil || r.errs[job.Black] != nil {
		return unstartedResult(job, r.specs, r.errs[job.White], r.errs[job.Black])
	}
	w, b := r.specs[job.White], r.specs[job.Black]
	start := job.Options.StartFEN
	if start == "" {
		start = core.StartFEN
	}
	p.bus.Publish(GameStarted{Game: job.ID, White: w.Name, Black: b.Name, StartFEN: start})
	res, err := p.remote.Play(t.ctx, RemoteJob{Job: job, White: w, Black: b})
	if err != nil {
		// Stopped (or, a bug, a player that cannot be described): like a
		// local game stopped, it is no game of the run.
		return GameResult{White: w.Name, Black: b.Name, StartFEN: start, FinalFEN: start, TC: job.Options.TC,
			Outcome: core.Ongoing, Reason: ReasonAborted, Detail: err.Error(), Started: time.Now()}
	}
	return res
}

// PlayOne plays job between white and black on the pool's next free worker
// and returns the game: for a pool that serves games one at a time, each
// with players of its own (a remote worker's). The job's White and Black
// indices are ignored.
func (p *Pool) PlayOne(ctx context.Context, job GameJob, white, black PlayerSpec) GameResult {
	r := newRoster([]PlayerSpec{white, black})
	job.White, job.Black = 0, 1
	done := make(chan poolResult, 1)
	select {
	case p.tasks <- poolTask{ctx: ctx, job: job, roster: r, done: done}:
	case <-ctx.Done():
		start := job.Options.StartFEN
		if start == "" {
			start = core.StartFEN
		}
		return GameResult{White: white.Name, Black: black.Name, StartFEN: start, FinalFEN: start, TC: job.Options.TC,
			Outcome: core.Ongoing, Reason: ReasonAborted, Detail: ctx.Err().Error(), Started: time.Now()}
	}
	return (<-done).res
}
