package core

// quiesce searches captures (and every evasion when in check) until the
// position is quiet, so the evaluation is never taken mid-exchange.
func (s *Searcher) quiesce(p *Position, alpha, beta, ply, qply int) int {
	s.nodes++
	if s.checkStop() {
		return 0
	}
	if ply > s.selDepth {
		s.selDepth = ply
	}
	if ply >= MaxPly {
		return s.eval.Evaluate(p)
	}
	if p.IsInsufficientMaterial() {
		return 0
	}
	inCheck := p.InCheck()
	ttMove := NullMove
	if qply == 0 {
		if e, ok := s.tt.probe(p.key); ok {
			score := scoreFromTT(int(e.score), ply)
			b := int(e.genBound & 3)
			if b == boundExact || b == boundLower && score >= beta || b == boundUpper && score <= alpha {
				return score
			}
			ttMove = e.move
		}
	}
	standPat := -infScore
	if !inCheck {
		standPat = s.eval.Evaluate(p)
		if standPat >= beta {
			return standPat
		}
		alpha = max(alpha, standPat)
	}
	ml := &s.lists[ply]
	p.GenerateNoisy(ml)
	if ml.N == 0 {
		if inCheck {
			return -MateScore + ply
		}
		return standPat
	}
	s.scoreMoves(p, ply, ttMove)
	best := standPat
	for i := 0; i < ml.N; i++ {
		m, order := s.pickMove(ply, i)
		if !inCheck {
			if order < orderGoodCap && order != orderTT {
				break // only losing captures and under-promotions remain
			}
			// Delta pruning: even winning the piece cannot reach alpha.
			gain := seeValues[p.board[m.To()].Type()]
			if m.IsPromotion() {
				gain += seeValues[Queen] - seeValues[Pawn]
			}
			if standPat+gain+s.params.QSDeltaMargin <= alpha {
				continue
			}
		}
		s.stack[ply].move, s.stack[ply].moved = m, p.board[m.From()]
		p.MakeMove(m)
		score := -s.quiesce(p, -beta, -alpha, ply+1, qply+1)
		p.UnmakeMove()
		if s.stopped.Load() {
			return 0
		}
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
