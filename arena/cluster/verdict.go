package cluster

import (
	"fmt"

	"github.com/evochess/evochess/arena"
)

// A worker's result is its word on a game the coordinator did not watch.
// What the moves can prove is checked, by the referee's own rules
// (arena.CheckEnding): every move legal from the job's start; checkmate,
// stalemate, threefold repetition, the fifty-move rule and insufficient
// material where the position has them and nowhere else; the move limit
// and the resign and draw adjudications only as the job's options allow,
// on the scores the movers reported; a flag fall only on a clock, when the
// loser's reported times add up past it. Such a result is accepted.
//
// An engine's failure (a crash, an illegal move, silence, its own
// resignation, a false claim) leaves nothing in the moves to check. It is
// possible only for an external engine, on its turn, and it is taken only
// when a second worker (another key) reports the same ending for the same
// job, or, when no other worker can take the job (none other offers its
// engines, or each that does gave the job back: refusals.go), the same
// worker again on a replay: one faulty machine (a missing library, memory
// running out) cannot lose an engine its games. The first report is held
// and the job is played again elsewhere. A built-in player cannot fail so:
// such a report is refused.
//
// Anything else is refused, counted against the worker that signed it
// (refused by presence after strikeLimit), and the job played again by
// another worker.

// verdict is what becomes of a result.
type verdict int

const (
	accepted verdict = iota
	held             // an engine's failure: another worker's word is needed
	refused
)

func (v verdict) String() string {
	return [...]string{"accepted", "held", "refused"}[v]
}

// judge rebuilds and checks a result of job rj.
func judge(rj arena.RemoteJob, m resultMsg) (arena.GameResult, verdict, error) {
	g, err := m.game(rj)
	if err != nil {
		return g, refused, err
	}
	proof, detail, err := arena.CheckEnding(arena.PlayerOptions(rj.Job.Options, rj.White, rj.Black), &g)
	if err != nil {
		return g, refused, fmt.Errorf("result %s: %w", m.ID, err)
	}
	g.Detail = detail
	if proof == arena.Proven {
		return g, accepted, nil
	}
	loser, _ := arena.Loser(g.Outcome)
	if ![2]arena.PlayerSpec{rj.White, rj.Black}[loser].External() {
		return g, refused, fmt.Errorf("result %s: %s lost by %s, but a built-in player cannot", m.ID, [2]string{g.White, g.Black}[loser], g.Reason)
	}
	return g, held, nil
}

// remoteJob is what a worker knows of a job's players and rules, enough to
// judge a stored result of it as the coordinator would.
func (j jobMsg) remoteJob() arena.RemoteJob {
	player := func(p playerMsg) arena.PlayerSpec { return arena.PlayerSpec{Name: p.Name, Engine: p.Engine, TC: p.TC} }
	return arena.RemoteJob{Job: arena.GameJob{ID: j.Game, Round: j.Round, Options: j.Options}, White: player(j.White), Black: player(j.Black)}
}
