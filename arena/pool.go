package arena

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/evochess/evochess/core"
)

// GameJob is one game for the pool: who plays white and black (indices
// into the pool's players) and under which options.
type GameJob struct {
	ID           int
	White, Black int
	Options      GameOptions
	Round        string // PGN Round tag
}

// Pool runs games on a fixed set of workers. Each worker owns two built-in
// engines (one per colour) that it reconfigures for every game, so its
// searchers are reused game after game however many individuals play; a
// process per colour for each UCI engine, told each game's options with
// setoption where they changed; and its own process for each other
// external engine and options. In-process engines share only
// read-only compiled weights. Close stops the workers and their players:
// no goroutine outlives the pool.
type Pool struct {
	mu      sync.Mutex
	roster  *roster
	bus     *Bus
	tasks   chan poolTask
	wg      sync.WaitGroup
	workers int
	remote  Remote
	quit    chan struct{} // closed by Close: the remote feeder stops waiting for room
	// Paused, when set and true, holds back the jobs not yet handed out.
	Paused *atomic.Bool
}

// roster is the pool's players as one value, so that SetPlayers can swap
// it between runs without a lock on the workers' path.
type roster struct {
	specs   []PlayerSpec
	weights []*core.Weights // compiled once per built-in player
	errs    []error
}

func newRoster(specs []PlayerSpec) *roster {
	r := &roster{specs: specs, weights: make([]*core.Weights, len(specs)), errs: make([]error, len(specs))}
	for i, ps := range specs {
		if !ps.External() {
			r.weights[i], r.errs[i] = ps.Weights()
		}
	}
	return r
}

type poolTask struct {
	ctx    context.Context
	job    GameJob
	roster *roster
	done   chan<- poolResult
}

type poolResult struct {
	job GameJob
	res GameResult
}

// NewPool starts workers goroutines (at least one) over the players.
func NewPool(specs []PlayerSpec, workers int, bus *Bus) *Pool {
	return NewRemotePool(specs, max(workers, 1), nil, bus)
}

// NewRemotePool is NewPool with a remote side besides the local workers:
// remote takes jobs as it has slots free, from the same queue. With a
// remote, workers may be 0 (remote only); without one it is at least 1.
func NewRemotePool(specs []PlayerSpec, workers int, remote Remote, bus *Bus) *Pool {
	if remote == nil {
		workers = max(workers, 1)
	}
	workers = max(workers, 0)
	p := &Pool{roster: newRoster(specs), bus: bus, tasks: make(chan poolTask), workers: workers,
		remote: remote, quit: make(chan struct{})}
	for i := 0; i < workers; i++ {
		p.wg.Add(1)
		go p.worker()
	}
	if remote != nil {
		p.wg.Add(1)
		go p.remoteFeeder()
	}
	return p
}

// SetPlayers replaces the players for the runs that follow (a GA's next
// generation): built-in players are compiled now, and each worker keeps
// its processes of a UCI engine whatever the options (it tells them the
// next player's), and those of another external engine for as long as a
// player with the same command, arguments and options remains.
func (p *Pool) SetPlayers(specs []PlayerSpec) {
	r := newRoster(specs)
	p.mu.Lock()
	p.roster = r
	p.mu.Unlock()
}

// Players returns the current players.
func (p *Pool) Players() []PlayerSpec {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.roster.specs
}

// Workers returns the number of local workers.
func (p *Pool) Workers() int { return p.workers }

// Close stops the workers after their current games and closes their players.
func (p *Pool) Close() {
	close(p.quit)
	close(p.tasks)
	p.wg.Wait()
}

func (p *Pool) worker() {
	defer p.wg.Done()
	external := map[string]Player{} // engine processes, by command line and options
	uci := map[string]*UCIPlayer{}  // UCI engine processes, by command line and colour
	var engines [2]*EnginePlayer    // built-in engines, by colour
	defer func() {
		for _, pl := range external {
			pl.Close()
		}
		for _, pl := range uci {
			pl.Close()
		}
	}()
	for t := range p.tasks {
		r := t.roster
		get := func(i, colour int) (Player, error) {
			ps := r.specs[i]
			if ps.External() && ps.Proto == ProtoUCI {
				// One process a colour for each UCI engine, whatever the
				// options: a player of other options is the same process
				// told them (setoption), not a new one, so a tuning run's
				// individuals cost no start-up.
				key := fmt.Sprintf("%d %q %q", colour, ps.Engine, ps.Args)
				if pl := uci[key]; pl != nil {
					pl.Reconfigure(ps.Name, ps.Options)
					return pl, nil
				}
				pl := NewUCIPlayer(ps.Name, ps.Engine, ps.Args, ps.Options)
				uci[key] = pl
				return pl, nil
			}
			if ps.External() {
				key := ps.processKey()
				if external[key] == nil {
					pl, err := ps.New()
					if err != nil {
						return nil, err
					}
					external[key] = pl
				}
				return external[key], nil
			}
			if r.errs[i] != nil {
				return nil, r.errs[i]
			}
			opt := ps.engineOptions()
			if engines[colour] == nil {
				engines[colour] = NewEnginePlayer(ps.Name, r.weights[i], opt)
			} else {
				engines[colour].Reconfigure(ps.Name, r.weights[i], opt)
			}
			return engines[colour], nil
		}
		t.done <- poolResult{job: t.job, res: p.play(t.ctx, t.job, r.specs, get)}
	}
}

func (p *Pool) play(ctx context.Context, job GameJob, specs []PlayerSpec, get func(i, colour int) (Player, error)) GameResult {
	w, errW := get(job.White, 0)
	b, errB := get(job.Black, 1)
	if errW != nil || errB != nil {
		// A player that cannot even start loses the game, which is still
		// a game of the tournament: record it in full.
		start := job.Options.StartFEN
		if start == "" {
			start = core.StartFEN
		}
		return unstartedResult(job, specs, errW, errB)
	}
	opt := PlayerOptions(job.Options, specs[job.White], specs[job.Black])
	start := opt.StartFEN
	if start == "" {
		start = core.StartFEN
	}
	p.bus.Publish(GameStarted{Game: job.ID, White: w.Name(), Black: b.Name(), StartFEN: start})
	return PlayGame(ctx, w, b, opt, func(e MoveEvent) { p.bus.Publish(MovePlayed{Game: job.ID, MoveEvent: e}) })
}

// unstartedResult is the game of a job one of whose players could not
// start (errW or errB is set): it loses.
func unstartedResult(job GameJob, specs []PlayerSpec, errW, errB error) GameResult {
	start := job.Options.StartFEN
	if start == "" {
		start = core.StartFEN
	}
	res := GameResult{White: specs[job.White].Name, Black: specs[job.Black].Name, Reason: ReasonCrashed,
		StartFEN: start, FinalFEN: start, TC: job.Options.TC, Started: time.Now()}
	res.Outcome, res.Detail = loserOutcome(errW != nil), errors.Join(errW, errB).Error()
	return res
}

// loserOutcome: white failed → black wins, else white wins.
func loserOutcome(whiteFailed bool) core.Outcome {
	if whiteFailed {
		return core.BlackWins
	}
	return core.WhiteWins
}

// Run plays the jobs, handing out the next job to whichever worker is free
// (so none idles behind a long game), and calls each with every result as
// it comes in, one at a time. If each returns true, the jobs not yet
// started are skipped and the games in progress are stopped. Run returns
// when every started game has been reported.
func (p *Pool) Run(parent context.Context, jobs []GameJob, each func(GameJob, GameResult) (stop bool)) error {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	p.mu.Lock()
	r := p.roster
	p.mu.Unlock()
	done := make(chan poolResult)
	started := make(chan int, 1)
	go func() { // feeder
		n := 0
		defer func() { started <- n }()
		for _, j := range jobs {
			for p.Paused != nil && p.Paused.Load() && ctx.Err() == nil {
				select { // a pause is rare and short-lived: polling is enough
				case <-time.After(20 * time.Millisecond):
				case <-ctx.Done():
				}
			}
			if ctx.Err() != nil {
				return // select below picks at random: don't hand out work after a stop
			}
			select {
			case p.tasks <- poolTask{ctx: ctx, job: j, roster: r, done: done}:
				n++
			case <-ctx.Done():
				return
			}
		}
	}()
	received, total := 0, -1
	stopped := false
	for total < 0 || received < total {
		select {
		case n := <-started:
			total = n
		case r := <-done:
			received++
			// Every started game ends with this event, aborted ones too, so
			// a watcher's count of games in progress comes back to zero.
			p.bus.Publish(GameFinished{Game: r.job.ID, Result: r.res})
			if !stopped && each != nil && each(r.job, r.res) {
				stopped = true
				cancel()
			}
		}
	}
	return parent.Err()
}
