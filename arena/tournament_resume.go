package arena

import (
	"fmt"

	"github.com/evochess/evochess/core"
)

// replay puts the games of jobs finished before (t.Finished) into the
// table and out, in job order, and returns the jobs still to play. A
// finished game whose players or start are not its job's sets r.err: the
// settings or the seed are not those it was played under.
func (r *runner) replay(jobs []GameJob, out []GameResult) ([]GameJob, error) {
	if len(r.t.Finished) == 0 {
		return jobs, nil
	}
	var todo []GameJob
	n := 0
	for i, j := range jobs {
		res, ok := r.t.Finished[j.ID]
		if !ok || res.Reason == ReasonAborted {
			todo = append(todo, j)
			continue
		}
		if err := r.isGameOf(j, &res); err != nil {
			r.err = err
			return nil, err
		}
		out[i] = res
		r.add(j, &res)
		r.results = append(r.results, res)
		r.replayed++
		n++
	}
	if n > 0 {
		r.t.Bus.Publish(StandingsChanged{Table: r.table.Clone()})
	}
	return todo, nil
}

// isGameOf checks that res was played by j's players from j's start.
func (r *runner) isGameOf(j GameJob, res *GameResult) error {
	start := j.Options.StartFEN
	if start == "" {
		start = core.StartFEN
	}
	white, black := r.t.Players[j.White].Name, r.t.Players[j.Black].Name
	if res.White != white || res.Black != black || res.StartFEN != start {
		return fmt.Errorf("game %d played before was %s v %s from %q, but the tournament's game %d is %s v %s from %q: its settings or seed have changed",
			j.ID, res.White, res.Black, res.StartFEN, j.ID, white, black, start)
	}
	return nil
}
