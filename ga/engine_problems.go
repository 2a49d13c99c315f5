package ga

import (
	"context"
	"fmt"
	"sync"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// solveEngine is solve for an engine's options: each individual's engine
// is given each problem's position (UCI "position fen", then "go" at the
// run's limit) and solves it when its bestmove is a best move of the
// problem. Workers goroutines each own one engine process, kept from one
// generation to the next and told each individual's options only where
// they change; every search starts with ucinewgame, so an answer depends
// on the options, the problem and the limit, never on the worker or the
// order. An engine that fails (dies, hangs, an illegal move) fails the
// generation rather than count as a miss: the run stops as it was.
func (ev *evaluator) solveEngine(ctx context.Context, pop []*Genome, probs []*core.EPDRecord) ([][]bool, error) {
	solved := make([][]bool, len(pop))
	specs := make([]arena.PlayerSpec, len(pop))
	for i, g := range pop {
		solved[i] = make([]bool, len(probs))
		specs[i] = ev.spec(g)
	}
	workers := max(ev.s.Workers, 1)
	for len(ev.solvers) < workers {
		ev.solvers = append(ev.solvers, nil)
	}
	lim := ev.tc.Limits()
	parent := ctx
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	jobs := make(chan problemJob)
	var wg sync.WaitGroup
	var once sync.Once
	var failed error
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				ps := specs[j.i]
				pl := ev.solvers[w]
				if pl == nil {
					pl = arena.NewUCIPlayer(ps.Name, ps.Engine, ps.Args, ps.Options)
					ev.solvers[w] = pl
				} else {
					pl.Reconfigure(ps.Name, ps.Options)
				}
				ok, err := solveOne(ctx, pl, probs[j.p], lim)
				if err != nil {
					once.Do(func() {
						failed = fmt.Errorf("%s on problem %s: %w", ps.Name, probs[j.p].ID, err)
						cancel()
					})
					continue
				}
				solved[j.i][j.p] = ok
			}
		}()
	}
	feedProblems(ctx, jobs, len(pop), len(probs))
	wg.Wait()
	if err := parent.Err(); err != nil {
		return nil, err
	}
	if failed != nil {
		return nil, failed
	}
	return solved, nil
}

// solveOne has the engine search one problem from a new game.
func solveOne(ctx context.Context, pl arena.Player, prob *core.EPDRecord, lim core.Limits) (bool, error) {
	if err := pl.NewGame(ctx); err != nil {
		return false, err
	}
	pos := prob.Position.Clone()
	reply, err := pl.Play(ctx, arena.GameView{StartFEN: pos.FEN(), Pos: pos}, lim)
	if err != nil {
		return false, err
	}
	return prob.Solves(reply.Move), nil
}
