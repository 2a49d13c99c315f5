package core

// probCut is ProbCut (the option ProbCut): at a non-PV node of depth at
// least ProbCutDepth, a capture or promotion that beats beta by
// ProbCutMargin in a search reduced by four plies would almost surely
// beat beta in the full one, so the node fails high with that score. The
// captures tried are those whose exchange alone could make up what the
// static evaluation lacks of the raised beta (SEE ≥ probBeta −
// staticEval); each is searched by quiescence first, which refutes most
// of them for a handful of nodes, and then, if still above, by the
// reduced null-window search. A cut is stored as a lower bound three
// plies shallower than the node, as the reduced search earned it.
// cut reports the fail high; the caller checks s.stopped.
func (s *Searcher) probCut(p *Position, depth, beta, ply int, cutNode bool, ttMove Move, ttScore, ttBound, ttDepth, staticEval, rawEval int) (score int, cut bool) {
	probBeta := beta + s.params.ProbCutMargin
	if abs(beta) >= MateBound || probBeta >= MateBound {
		return 0, false
	}
	// The table already says this node is below the raised beta, searched
	// nearly as deep as the reduced search would: no capture will do.
	if ttBound&boundUpper != 0 && ttDepth >= depth-3 && ttScore < probBeta {
		return 0, false
	}
	// The ply's list and scores are free: the node's own moves are listed
	// after this, as in a singular search.
	ml := &s.lists[ply]
	p.GenerateNoisy(ml) // not in check: the captures and queen promotions
	s.scoreNoisy(p, ply, ttMove)
	threshold := probBeta - staticEval
	for i := 0; i < ml.N; i++ {
		m, _ := pickFrom(ml.Moves[:ml.N], s.scores[ply][:ml.N], i)
		if p.SEE(m) < threshold {
			continue
		}
		s.tt.prefetch(p.keyAfter(m))
		s.stack[ply].move, s.stack[ply].moved = m, p.board[m.From()]
		p.MakeMove(m)
		score = -s.quiesce(p, -probBeta, -probBeta+1, ply+1, 0)
		if score >= probBeta && depth-4 > 0 {
			score = -s.negamax(p, depth-4, -probBeta, -probBeta+1, ply+1, !cutNode)
		}
		p.UnmakeMove()
		if s.stopped.Load() {
			return 0, false
		}
		if score >= probBeta {
			s.tt.store(p.key, m, scoreToTT(score, ply), rawEval, depth-3, boundLower)
			return score, true
		}
	}
	return 0, false
}
