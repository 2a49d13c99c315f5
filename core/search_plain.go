package core

import "time"

// Plain mode: the fixed-depth players of the seeds. Alpha-beta over all
// legal moves (it returns exactly the minimax value), leaves scored by the
// evaluator, optionally after PlainQuiescence plies of captures with stand
// pat. No table, no pruning, no reductions, no extensions. Captures are
// tried first only to make it faster: the value cannot change; among
// moves of equal value the first in that order is played. Paper000 is
// this search with no quiescence (seed 000's Algorithms 1 and 2).

// fixedRoot runs a plain or paper search (negamax is its node function):
// to exactly maxDepth when a depth is given, otherwise one ply deeper at a
// time until the limits stop it.
func (s *Searcher) fixedRoot(p *Position, maxDepth int, best Result, negamax func(p *Position, depth, alpha, beta, ply int) int) Result {
	first := 1
	if maxDepth < MaxPly-8 {
		first = maxDepth
	}
	for depth := first; depth <= maxDepth; depth++ {
		score := negamax(p, depth, -infScore, infScore, 0)
		if s.stopped.Load() && depth > first {
			break
		}
		if s.pvLen[0] > 0 {
			best = Result{Move: s.pv[0][0], Score: score, Depth: depth, PV: append([]Move(nil), s.pv[0][:s.pvLen[0]]...)}
		}
		s.report(depth, score, boundExact, best.PV)
		if s.stopped.Load() {
			break
		}
	}
	best.Nodes = s.nodes
	best.Time = time.Since(s.start)
	return best
}

func (s *Searcher) plainNegamax(p *Position, depth, alpha, beta, ply int) int {
	s.nodes++
	s.pvLen[ply] = ply
	if s.checkStop() {
		return 0
	}
	if score, over := ruleEnd(p, ply); over {
		return score
	}
	if depth <= 0 || ply >= MaxPly {
		if !p.HasLegalMove() {
			if p.InCheck() {
				return -MateScore + ply
			}
			return 0
		}
		return s.plainQuiesce(p, s.plainQS, alpha, beta, ply)
	}
	ml := &s.lists[ply]
	p.GenerateLegal(ml)
	if ml.N == 0 {
		if p.InCheck() {
			return -MateScore + ply
		}
		return 0
	}
	s.orderCapturesFirst(p, ml)
	best := -infScore
	for _, m := range ml.Moves[:ml.N] {
		p.MakeMove(m)
		score := -s.plainNegamax(p, depth-1, -beta, -alpha, ply+1)
		p.UnmakeMove()
		if s.stopped.Load() {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				alpha = score
				s.pv[ply][ply] = m
				copy(s.pv[ply][ply+1:], s.pv[ply+1][ply+1:s.pvLen[ply+1]])
				s.pvLen[ply] = max(s.pvLen[ply+1], ply+1)
				if score >= beta {
					break
				}
			}
		}
	}
	return best
}

// ruleEnd scores a node below the root that the rules end: the fifty-move
// rule (unless the last move mated), insufficient material or a threefold
// repetition.
func ruleEnd(p *Position, ply int) (score int, over bool) {
	if ply == 0 || p.halfmove < 100 && !p.IsInsufficientMaterial() && p.RepetitionCount() < 3 {
		return 0, false
	}
	if !p.HasLegalMove() && p.InCheck() {
		return -MateScore + ply, true
	}
	return 0, true
}

// plainQuiesce extends a leaf by up to qdepth plies of captures.
func (s *Searcher) plainQuiesce(p *Position, qdepth, alpha, beta, ply int) int {
	standPat := s.eval.Evaluate(p)
	if qdepth <= 0 || standPat >= beta || ply >= MaxPly {
		return standPat
	}
	s.nodes++
	alpha = max(alpha, standPat)
	ml := &s.lists[ply]
	p.GenerateNoisy(ml)
	s.orderCapturesFirst(p, ml)
	best := standPat
	for _, m := range ml.Moves[:ml.N] {
		if !m.IsCapture() && !m.IsPromotion() {
			continue // evasions when in check: plain quiescence looks at captures only
		}
		p.MakeMove(m)
		var score int
		if !p.HasLegalMove() {
			score = MateScore - ply - 1
			if !p.InCheck() {
				score = 0
			}
		} else {
			score = -s.plainQuiesce(p, qdepth-1, -beta, -alpha, ply+1)
		}
		p.UnmakeMove()
		if score > best {
			best = score
			if score > alpha {
				alpha = score
				if score >= beta {
					break
				}
			}
		}
	}
	return best
}

// orderCapturesFirst moves captures and promotions to the front, most
// valuable victim first, keeping generation order otherwise (stable).
func (s *Searcher) orderCapturesFirst(p *Position, ml *MoveList) {
	moves := ml.Moves[:ml.N]
	key := func(m Move) int32 {
		if !m.IsCapture() && !m.IsPromotion() {
			return 0
		}
		return 1 + mvvValues[p.board[m.To()].Type()] + mvvValues[m.Promotion()]
	}
	// Insertion sort: lists are short and it is stable.
	for i := 1; i < len(moves); i++ {
		m := moves[i]
		k := key(m)
		j := i
		for j > 0 && key(moves[j-1]) < k {
			moves[j] = moves[j-1]
			j--
		}
		moves[j] = m
	}
}
