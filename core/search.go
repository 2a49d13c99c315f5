package core

import (
	"context"
	"runtime"
	"sync/atomic"
	"time"
)

// Searcher finds moves. It owns all its mutable state (transposition
// table, history, killers, evaluator cache), so searchers run in parallel
// with no locks; a Searcher itself is used by one goroutine at a time,
// except Stop, which any goroutine may call.
type Searcher struct {
	eval *Evaluator
	tt   *TransTable
	Mode SearchMode
	// PlainQuiescence is the number of capture plies Plain mode searches
	// past its depth (seed 003 uses 3); 0 evaluates the leaves directly.
	PlainQuiescence int
	plainQS         int // the capture plies of the plain search under way
	// OnInfo, when set, receives a report after every iteration.
	OnInfo func(Info)
	// MoveOverhead is kept in reserve from the clock for communication lag.
	MoveOverhead time.Duration

	params    SearchParams // see SetSearchParams
	rootDepth int          // the iteration under way (bounds the one-reply extension)
	lmr       [64][64]int8 // lmr[depth][move number]: late-move reduction, from params
	lmrReady  bool

	pos      *Position
	nodes    uint64
	selDepth int
	stopped  atomic.Bool
	stopFlag atomic.Bool
	ctx      context.Context
	start    time.Time
	hardStop time.Time // zero: none
	nodeMax  uint64

	killers [MaxPly + 1][2]Move
	history [2]quietHistory // by side to move (search_threats.go)
	counter [16][64]Move    // refutation of the previous move, by its piece and destination
	// contHist[piece][to] of a move played one or two plies earlier scores
	// the quiet moves that answered it well or badly (continuation history).
	contHist *[16][64]pieceToHistory
	stack    [MaxPly + 4]frame
	pv       [MaxPly + 1][MaxPly + 1]Move
	pvLen    [MaxPly + 1]int
	lists    [MaxPly + 1]MoveList
	scores   [MaxPly + 1][256]int32
	pickers  [MaxPly + 1]movePicker  // staged move picking, by ply (StagedMovegen)
	checks   [MaxPly + 1]checkInfo   // which moves check, by ply (negamax's pruning asks)
	threats  [MaxPly + 1]threatCache // the squares the opponent attacks, by ply (ThreatHistory)
	corrHist corrHistTable           // the static evaluation's corrections (CorrectionHistory)
	capHist  captureHistory          // captures' ordering learnt from cut-offs (CaptureHistory)
	// rootNodes[from][to]: the nodes each root move's subtree took this
	// search (TimeNodes; search_time_nodes.go).
	rootNodes *[64][64]uint64

	// The root's best move so far in the iteration under way, fully
	// searched (zero: none yet), and whether a window of it failed low.
	iterBest      Move
	iterScore     int
	iterFailedLow bool
}

// frame is the search state at one ply.
type frame struct {
	eval     int
	move     Move
	moved    Piece
	excluded Move
	inCheck  bool // the node's side to move is in check
	// doubleExt counts the double singular extensions (SingularPlus) on
	// the line to this ply.
	doubleExt int
}

// NewSearcher returns a searcher evaluating with w and a transposition
// table of hashMB megabytes.
func NewSearcher(w *Weights, hashMB int) *Searcher {
	s := &Searcher{eval: searchEvaluator(w), tt: NewTransTable(hashMB), contHist: new([16][64]pieceToHistory)}
	s.SetSearchParams(w.SearchParams())
	return s
}

// SetWeights changes the evaluation and the search parameters (a new
// chromosome) and clears what the old one taught the tables.
func (s *Searcher) SetWeights(w *Weights) {
	s.eval = searchEvaluator(w)
	s.SetSearchParams(w.SearchParams())
	s.NewGame()
}

// searchEvaluator is a searcher's evaluator, its cache made already.
func searchEvaluator(w *Weights) *Evaluator {
	e := NewEvaluator(w)
	e.makeCache()
	return e
}

// Evaluator returns the searcher's evaluator.
func (s *Searcher) Evaluator() *Evaluator { return s.eval }

// ResizeHash reallocates the transposition table.
func (s *Searcher) ResizeHash(mb int) { s.tt.Resize(mb) }

// NewGame forgets everything learnt from earlier positions.
func (s *Searcher) NewGame() {
	s.tt.Clear()
	s.eval.clearCache()
	s.history = [2]quietHistory{}
	s.killers = [MaxPly + 1][2]Move{}
	s.counter = [16][64]Move{}
	clear(s.contHist[:])
	s.corrHist = corrHistTable{}
	s.capHist = captureHistory{}
}

// Stop asks a running search to return as soon as possible (within a few
// milliseconds). Safe to call from any goroutine.
func (s *Searcher) Stop() { s.stopFlag.Store(true) }

// Search looks for the best move in p within the limits. The position is
// restored before returning. Cancelling ctx stops the search like Stop.
func (s *Searcher) Search(ctx context.Context, p *Position, lim Limits) Result {
	s.start = time.Now()
	s.ctx = ctx
	s.pos = p
	s.nodes = 0
	s.stopped.Store(false)
	s.stopFlag.Store(false)
	s.nodeMax = lim.Nodes
	tm2 := s.params.TimeManager2
	var clock tm2State
	soft, hard := s.timeBudget(p, lim)
	if tm2 {
		soft, hard = s.timeBudget2(p, lim)
	}
	s.hardStop = time.Time{}
	if hard > 0 {
		s.hardStop = s.start.Add(hard)
	}
	s.tt.NewSearch()
	for i := range s.killers {
		s.killers[i] = [2]Move{}
	}
	s.ageHistory()
	if s.params.TimeNodes {
		s.clearRootNodes()
	}
	if s.params.CaptureHistory {
		s.ageCaptureHistory()
	}

	var ml MoveList
	p.GenerateLegal(&ml)
	if ml.N == 0 {
		score := 0
		if p.InCheck() {
			score = -MateScore
		}
		return Result{Score: score, Time: time.Since(s.start)}
	}
	maxDepth := lim.Depth
	if maxDepth <= 0 || maxDepth > MaxPly-8 {
		maxDepth = MaxPly - 8
	}
	best := Result{Move: ml.Moves[0], PV: []Move{ml.Moves[0]}}
	switch s.Mode {
	case Plain:
		s.plainQS = s.PlainQuiescence
		return s.fixedRoot(p, maxDepth, best, s.plainNegamax)
	case Paper000:
		s.plainQS = 0
		return s.fixedRoot(p, maxDepth, best, s.plainNegamax)
	case Paper004:
		return s.fixedRoot(p, maxDepth, best, s.paperNegamax)
	}
	score := 0
	for depth := 1; depth <= maxDepth; depth++ {
		s.selDepth = 0
		s.iterBest, s.iterFailedLow = NullMove, false
		s.rootDepth = depth
		score = s.aspiration(p, depth, score)
		if s.stopped.Load() && depth > 1 {
			// A move that beat the last iteration's best, searched in full
			// before the stop, is the better answer (a mate found halfway
			// through the iteration is the usual case). After a fail low
			// nothing is known to beat it.
			if m := s.iterBest; m != NullMove && m != best.Move && !s.iterFailedLow {
				best = Result{Move: m, Score: s.iterScore, Depth: depth - 1, PV: append([]Move(nil), s.pv[0][:s.pvLen[0]]...)}
				if len(best.PV) == 0 || best.PV[0] != m {
					best.PV = []Move{m}
				}
				s.report(depth, s.iterScore, boundLower, best.PV)
			}
			break
		}
		best = Result{Move: s.pv[0][0], Score: score, Depth: depth, PV: append([]Move(nil), s.pv[0][:s.pvLen[0]]...)}
		if best.Move == NullMove { // cannot happen with legal moves, but never return none
			best.Move, best.PV = ml.Moves[0], []Move{ml.Moves[0]}
		}
		s.report(depth, score, boundExact, best.PV)
		if s.stopped.Load() {
			break
		}
		if tm2 {
			if soft > 0 && !clock.tm2Continue(depth, best.Move, score, time.Since(s.start), s.nodeScaledSoft(soft, depth, best.Move)) {
				break
			}
		} else if soft > 0 && time.Since(s.start) > soft*6/10 {
			break
		}
		if MateIn(score) != 0 && depth > 2*abs(MateIn(score))+4 && lim.Depth == 0 && !lim.Infinite {
			break // a mate found and confirmed deeper: no point going on
		}
		if ml.N == 1 && soft > 0 && depth >= 4 {
			break // the only move: answer quickly under a clock
		}
	}
	// In infinite mode the GUI expects bestmove only after "stop".
	for lim.Infinite && !s.stopped.Load() && !s.shouldStop() {
		time.Sleep(time.Millisecond)
	}
	best.Nodes = s.nodes
	best.Time = time.Since(s.start)
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// aspiration searches depth with a window around the previous score,
// widening on failure.
func (s *Searcher) aspiration(p *Position, depth, prev int) int {
	delta := s.params.AspirationDelta
	alpha, beta := -infScore, infScore
	if depth >= s.params.AspirationDepth {
		alpha, beta = max(prev-delta, -infScore), min(prev+delta, infScore)
	}
	for {
		score := s.negamax(p, depth, alpha, beta, 0, false)
		if s.stopped.Load() {
			return score
		}
		switch {
		case score <= alpha:
			s.iterFailedLow = true
			beta = (alpha + beta) / 2
			alpha = max(score-delta, -infScore)
		case score >= beta:
			beta = min(score+delta, infScore)
		default:
			return score
		}
		delta += delta / 2
		if delta > 600 {
			alpha, beta = -infScore, infScore
		}
	}
}

func (s *Searcher) report(depth, score, bound int, pv []Move) {
	if s.OnInfo == nil {
		return
	}
	s.OnInfo(Info{Depth: depth, SelDepth: s.selDepth, Score: score, Bound: bound, Nodes: s.nodes,
		Time: time.Since(s.start), PV: pv, Hashfull: s.tt.Hashfull()})
}

// timeBudget turns clock limits into a soft limit (don't start another
// iteration after most of it) and a hard one (abort the search).
func (s *Searcher) timeBudget(p *Position, lim Limits) (soft, hard time.Duration) {
	if lim.MoveTime > 0 {
		t := max(lim.MoveTime-s.MoveOverhead, time.Millisecond)
		return 0, t
	}
	left, inc := lim.WTime, lim.WInc
	if p.SideToMove() == Black {
		left, inc = lim.BTime, lim.BInc
	}
	if left <= 0 && inc <= 0 {
		return 0, 0
	}
	left = max(left-s.MoveOverhead, time.Millisecond)
	mtg := lim.MovesToGo
	if mtg <= 0 || mtg > 40 {
		mtg = 40
	}
	soft = left/time.Duration(mtg) + inc*3/4
	hard = min(soft*4, left*6/10)
	soft = min(soft, hard)
	return soft, hard
}

// shouldStop polls the stop conditions; called every few thousand nodes.
func (s *Searcher) shouldStop() bool {
	if s.stopFlag.Load() {
		return true
	}
	if s.nodeMax > 0 && s.nodes >= s.nodeMax {
		return true
	}
	if !s.hardStop.IsZero() && time.Now().After(s.hardStop) {
		return true
	}
	if s.ctx != nil {
		select {
		case <-s.ctx.Done():
			return true
		default:
		}
	}
	return false
}

// checkStop is called at every node; it polls the clock only now and then.
func (s *Searcher) checkStop() bool {
	if s.stopped.Load() {
		return true
	}
	if s.nodes&1023 == 0 || s.nodeMax > 0 && s.nodes >= s.nodeMax {
		if s.nodes&8191 == 0 {
			// Every few milliseconds, let waiting goroutines run: with a
			// search on every core, the terminal app's key handling would
			// otherwise wait for the runtime's 10 ms preemption.
			runtime.Gosched()
		}
		if s.shouldStop() {
			s.stopped.Store(true)
			return true
		}
	}
	return false
}
