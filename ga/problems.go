package ga

import (
	"context"
	"sync"

	"github.com/evochess/evochess/core"
)

// problemJob asks whether individual i solves problem p.
type problemJob struct{ i, p int }

// solveGrid searches every problem with every weight set on workers
// goroutines, each owning one searcher, and returns solved[i][p]. Each
// search starts from empty tables (NewGame), so the answer depends only on
// the weights, the problem and the limit, never on the worker or order.
//
// searchers holds one searcher per worker (nil entries are made here, so
// a caller can keep them for its next call).
func solveGrid(ctx context.Context, searchers []*core.Searcher, weights []*core.Weights, probs []*core.EPDRecord, lim core.Limits, mode core.SearchMode, qs, hashMB int) ([][]bool, error) {
	solved := make([][]bool, len(weights))
	for i := range solved {
		solved[i] = make([]bool, len(probs))
	}
	jobs := make(chan problemJob)
	var wg sync.WaitGroup
	for w := range searchers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := searchers[w]
			var current *core.Weights
			for j := range jobs {
				if s == nil {
					s = core.NewSearcher(weights[j.i], hashMB)
					s.Mode, s.PlainQuiescence = mode, qs
					current = weights[j.i]
					searchers[w] = s
				} else if current != weights[j.i] {
					s.SetWeights(weights[j.i])
					current = weights[j.i]
				}
				s.NewGame()
				res := s.Search(ctx, probs[j.p].Position.Clone(), lim)
				solved[j.i][j.p] = ctx.Err() == nil && probs[j.p].Solves(res.Move)
			}
		}()
	}
	feedProblems(ctx, jobs, len(weights), len(probs))
	wg.Wait()
	return solved, ctx.Err()
}

// feedProblems sends every (individual, problem) job, individual by
// individual, until ctx ends, and closes jobs.
func feedProblems(ctx context.Context, jobs chan<- problemJob, individuals, problems int) {
	defer close(jobs)
	for i := 0; i < individuals; i++ {
		for p := 0; p < problems; p++ {
			select {
			case jobs <- problemJob{i, p}:
			case <-ctx.Done():
				return
			}
		}
	}
}

// solve runs every genome on the problems and returns solved[i][p].
func (ev *evaluator) solve(ctx context.Context, pop []*Genome, probs []*core.EPDRecord) ([][]bool, error) {
	if ev.engine != nil {
		return ev.solveEngine(ctx, pop, probs)
	}
	weights := make([]*core.Weights, len(pop))
	for i, g := range pop {
		w, err := ev.search.compile(g.Chromosome)
		if err != nil {
			return nil, err
		}
		weights[i] = w
	}
	for len(ev.searchers) < max(ev.s.Workers, 1) {
		ev.searchers = append(ev.searchers, nil)
	}
	return solveGrid(ctx, ev.searchers[:max(ev.s.Workers, 1)], weights, probs, ev.tc.Limits(), ev.mode, ev.s.PlainQuiescence, ev.s.HashMB)
}

// problems is seed 004's fitness over a whole suite: the count solved.
func (ev *evaluator) problems(ctx context.Context, pop []*Genome, probs []*core.EPDRecord) error {
	var todo []*Genome
	for _, g := range pop {
		if !g.Evaluated {
			todo = append(todo, g)
		}
	}
	solved, err := ev.solve(ctx, todo, probs)
	if err != nil {
		return err
	}
	for i, g := range todo {
		n := 0
		for _, ok := range solved[i] {
			if ok {
				n++
			}
		}
		g.Fitness, g.Evaluated, g.Solved = float64(n), true, n
	}
	return nil
}

// SolveSuite reports which problems the weights solve at the limit, on
// workers goroutines (evochess solve, before/after figures).
func SolveSuite(ctx context.Context, workers int, w *core.Weights, probs []*core.EPDRecord, lim core.Limits, mode core.SearchMode, qs int) ([]bool, error) {
	solved, err := solveGrid(ctx, make([]*core.Searcher, max(workers, 1)), []*core.Weights{w}, probs, lim, mode, qs, 1)
	if err != nil {
		return nil, err
	}
	return solved[0], nil
}
