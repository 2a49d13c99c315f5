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
	useTT := s.params.QuiescenceTT
	qdepth := qsDepth(qply, s.params.QSChecks)
	ttEval, haveTTEval := 0, false
	ttScore, ttBound := 0, boundNone
	if qply == 0 || useTT {
		if e, ok := s.tt.probe(p.key); ok {
			score := scoreFromTT(int(e.score), ply)
			b := int(e.genBound & 3)
			if (!useTT || int(e.depth) >= qdepth) &&
				(b == boundExact || b == boundLower && score >= beta || b == boundUpper && score <= alpha) {
				return score
			}
			ttMove = e.move
			if useTT {
				ttEval, haveTTEval = int(e.eval), true
				ttScore, ttBound = score, b
			}
		}
	}
	origAlpha := alpha
	standPat, rawEval := -infScore, 0
	if !inCheck {
		if haveTTEval {
			rawEval = ttEval
		} else {
			rawEval = s.eval.Evaluate(p)
		}
		standPat = rawEval
		if s.params.CorrectionHistory {
			standPat = s.correct(p, standPat)
		}
		if ttBound == boundLower && ttScore > standPat || ttBound == boundUpper && ttScore < standPat {
			standPat = ttScore // the table knows better than the static guess
		}
		if standPat >= beta {
			if useTT && !haveTTEval {
				s.tt.store(p.key, NullMove, scoreToTT(standPat, ply), rawEval, qdepth, boundLower)
			}
			return standPat
		}
		alpha = max(alpha, standPat)
	}
	ml := &s.lists[ply]
	p.GenerateNoisy(ml)
	checks := qply == 0 && !inCheck && s.params.QSChecks
	if ml.N == 0 {
		if inCheck {
			return -MateScore + ply
		}
		if !checks {
			return standPat
		}
	}
	if inCheck {
		s.scoreMoves(p, ply, ttMove) // every evasion
	} else {
		s.scoreNoisy(p, ply, ttMove)
	}
	best, bestMove := standPat, NullMove
	for i := 0; i < ml.N; i++ {
		m, order := pickFrom(ml.Moves[:ml.N], s.scores[ply][:ml.N], i)
		if !inCheck {
			if order < orderGoodCap && order != orderTT {
				break // only losing captures and under-promotions remain
			}
			// Delta pruning: even winning the piece cannot reach alpha.
			gain := seeValues[p.board[m.To()].Type()]
			if m.IsEnPassant() && s.params.DeltaEnPassant {
				gain = seeValues[Pawn] // the pawn taken is not on the destination square
			}
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
				alpha, bestMove = score, m
				if score >= beta {
					break
				}
			}
		}
	}
	if checks && best < beta {
		best = s.quiesceChecks(p, alpha, beta, ply, best)
		if s.stopped.Load() {
			return 0
		}
	}
	if useTT {
		bound := boundUpper
		if best >= beta {
			bound = boundLower
		} else if best > origAlpha {
			bound = boundExact
		}
		s.tt.store(p.key, bestMove, scoreToTT(best, ply), rawEval, qdepth, bound)
	}
	return best
}

// qsDepth is the table depth of quiescence's results: 0 where it also
// searches quiet checks (its first ply with QuiescenceChecks), −1 below,
// so that a result without the checks never answers a node that wants
// them. Every depth of the main search is deeper.
func qsDepth(qply int, checks bool) int {
	if qply == 0 && checks {
		return 0
	}
	return -1
}

// quiesceChecks searches the quiet moves that give check and lose no
// material by SEE (the option QuiescenceChecks, at the first ply of
// quiescence only), after the captures failed to reach beta: the mates
// and forks a capture-only quiescence is blind to. best is the score so
// far; the reply, in check, is searched with every evasion, so a mate
// is found as one.
func (s *Searcher) quiesceChecks(p *Position, alpha, beta, ply, best int) int {
	ml := &s.lists[ply]
	var lc legalContext
	p.legalContext(&lc)
	ml.N = 0
	p.appendQuiets(ml, &lc)
	for i := 0; i < ml.N; i++ {
		m := ml.Moves[i]
		if m.IsPromotion() || !p.GivesCheck(m) || p.SEE(m) < 0 {
			continue
		}
		s.stack[ply].move, s.stack[ply].moved = m, p.board[m.From()]
		p.MakeMove(m)
		score := -s.quiesce(p, -beta, -alpha, ply+1, 1)
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
