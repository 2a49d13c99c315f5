package core

import "time"

// The time manager of the option TimeManager2. Like the older one
// (timeBudget) it turns the clock into a soft limit, which decides
// whether another iteration starts, and a hard one, which aborts the
// search; unlike it
//   - it keeps a reserve of several move overheads out of its planning,
//     and never plans more than a quarter of what is left, so that at a
//     small clock with an increment it plays on part of the increment and
//     the clock grows back to a cushion against a machine slow to give
//     the engine the CPU;
//   - the soft limit grows when the best move keeps changing or the score
//     falls, and shrinks when the best move has stood for several
//     iterations, as Stockfish, Ethereal and most engines do.

const (
	tm2Horizon = 30 // moves the clock is planned for when no movestogo says
	// tm2FrontHorizon is the horizon with TimeFrontload. At 10+0.1 against
	// Stockfish 2500 (200 games, session 17) evochess spent 5.8 s on its
	// first 15 moves out of book and Stockfish 10.7 s, then lived on the
	// increment from move 20; the games were lost there (Stockfish's score
	// passed +1.5 at a median of 15 moves out of book while ours read about
	// 0). Over 16 moves a move spends about a 16th of the clock and the
	// increments to come (a move spends about 0.8 of its soft limit): 0.66 s
	// at the start of 10+0.1, about 7 s over the first 15 moves, and the
	// clock settles near 1 s.
	tm2FrontHorizon = 16
	tm2SoftShare    = 4 // the soft limit at most 1/this of what is left,
	tm2HardMul      = 5 // the hard limit at most this × the soft one,
	tm2HardShare    = 2 // and at most 1/this of what is left
	// tm2Reserve move overheads are kept out of the planning, and a
	// quarter of the increments: the clock settles near 1–1.5 s at 10+0.1
	// (eight games against the older manager: 2.7 s left at the end on
	// average, 0.30 s the lowest after a move; the older one's 4.7 s and
	// 1.8 s) and near 0.5 s at 1+0.01, instead of running down.
	tm2Reserve = 20
	// The soft limit is tm2SoftNum/tm2SoftDen of the move's share of the
	// plan (see timeBudget2: a move spends about 0.8 of its soft limit).
	tm2SoftNum, tm2SoftDen = 5, 4
)

// tm2StableScale scales the soft limit by how many iterations in a row
// the best move has stayed the same (in hundredths; the last entry for
// more). A best move stable for four iterations and more, the usual
// case, ends the search at 0.55 of the soft limit.
var tm2StableScale = [...]int{250, 190, 150, 125, 110}

// timeBudget2 is TimeManager2's soft and hard limit for this move.
//
// The older manager (timeBudget) planned a 40th of the clock and stopped
// at 0.6 of it, so at 10+0.1 it settled with 3.9 s of its 10 s unspent
// (100 games v Stockfish, whose clock ended at 0.5 s) and spent 0.2 s a
// move in the opening, where Stockfish spent 1 s and the games were
// decided (its score passed +1 by move 19, the median). This one plans
// the clock plus most of the increments still to come over tm2Horizon
// moves (tm2FrontHorizon with TimeFrontload): 0.38 s a move over the
// first 17 at 10+0.1 (the older 0.28 s).
func (s *Searcher) timeBudget2(p *Position, lim Limits) (soft, hard time.Duration) {
	if lim.MoveTime > 0 {
		return 0, max(lim.MoveTime-s.MoveOverhead, time.Millisecond)
	}
	left, inc := lim.WTime, lim.WInc
	if p.SideToMove() == Black {
		left, inc = lim.BTime, lim.BInc
	}
	if left <= 0 && inc <= 0 {
		return 0, 0
	}
	horizon := tm2Horizon
	if s.params.TimeFrontload {
		horizon = tm2FrontHorizon
	}
	mtg := lim.MovesToGo
	if mtg <= 0 || mtg > horizon {
		mtg = horizon
	}
	// What the next mtg moves may spend: the clock and three quarters of
	// the increments they bring but the last, less the reserve; never
	// planned below a quarter of the clock, which the caps below then
	// bound. The soft limit is 5/4 of the move's share: measured over
	// 10+0.1 games, a move spends about 0.8 of its soft limit (the stable
	// best move's 0.55, more when it changes or the score falls, and the
	// last iteration's overrun), so the plan is spent, not half of it.
	usable := max(left-s.MoveOverhead, time.Millisecond)
	plan := max(left+inc*time.Duration(mtg-1)*3/4-s.MoveOverhead*tm2Reserve, usable/tm2SoftShare)
	soft = plan * tm2SoftNum / (tm2SoftDen * time.Duration(mtg))
	soft = min(soft, usable/tm2SoftShare)
	hard = min(soft*tm2HardMul, usable/tm2HardShare)
	return min(soft, hard), hard
}

// tm2State is what TimeManager2 remembers between iterations of one
// search.
type tm2State struct {
	best   Move
	stable int // iterations in a row with the same best move
	score  int // the last iteration's score
}

// tm2Continue reports whether another iteration should start after one
// that ended with best and score, elapsed into the search: only while
// the soft limit, scaled by the best move's stability and the score's
// fall since the last iteration, is not half spent (the next iteration
// would likely not finish in the other half).
func (t *tm2State) tm2Continue(depth int, best Move, score int, elapsed, soft time.Duration) bool {
	if depth > 1 && best == t.best {
		t.stable++
	} else {
		t.stable = 0
	}
	scale := tm2StableScale[min(t.stable, len(tm2StableScale)-1)]
	if depth > 1 && score < t.score && abs(score) < MateBound {
		scale = scale * (100 + min(t.score-score, 100)/2) / 100 // up to half as much again
	}
	t.best, t.score = best, score
	return elapsed < soft*time.Duration(scale)/200
}
