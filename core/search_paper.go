package core

// Paper004: seed 004's search, as its section V lists it — "Election of
// movements through the alpha-beta algorithm", "Stabilization of
// positions through the Quiescence algorithm that takes into account the
// exchange of material and king's checks", "Use of hash tables" — and
// nothing else: no PVS, aspiration, null move, reductions, pruning or
// extensions, no killers or history. What the paper leaves open is ours:
//   - Moves: the hash move first, then captures (most valuable victim
//     first), then the rest in generation order. Alpha-beta returns the
//     minimax value whatever the order; the order decides only which of
//     equal moves is played, and how many nodes it takes.
//   - Hash table: probed and stored at every node of the main search
//     below the root; an entry at least as deep as the node's remaining
//     depth answers it within its bound. Quiescence does not use it.
//   - Quiescence: stand pat, then every capture and queen promotion, and
//     at its first ply every quiet move that gives check. A side in check
//     cannot stand pat: it searches every evasion (so a check that mates
//     is seen as mate). Checks only at the first ply keep it finite: a
//     quiescence checking at every ply can run along a perpetual check.

// paperNegamax is Paper004's main search.
func (s *Searcher) paperNegamax(p *Position, depth, alpha, beta, ply int) int {
	s.nodes++
	s.pvLen[ply] = ply
	if s.checkStop() {
		return 0
	}
	if score, over := ruleEnd(p, ply); over {
		return score
	}
	if depth <= 0 || ply >= MaxPly {
		return s.paperQuiesce(p, alpha, beta, ply, 0)
	}
	ttMove := NullMove
	if ply > 0 {
		if e, ok := s.tt.probe(p.key); ok {
			ttMove = e.move
			score, b := scoreFromTT(int(e.score), ply), int(e.genBound&3)
			if int(e.depth) >= depth && (b == boundExact || b == boundLower && score >= beta || b == boundUpper && score <= alpha) {
				return score
			}
		}
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
	moveToFront(ml, ttMove)
	alpha0, best, bestMove := alpha, -infScore, NullMove
	for _, m := range ml.Moves[:ml.N] {
		p.MakeMove(m)
		score := -s.paperNegamax(p, depth-1, -beta, -alpha, ply+1)
		p.UnmakeMove()
		if s.stopped.Load() {
			return 0
		}
		if score > best {
			best, bestMove = score, m
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
	bound := boundExact
	switch {
	case best >= beta:
		bound = boundLower
	case best <= alpha0:
		bound = boundUpper
	}
	s.tt.store(p.key, bestMove, scoreToTT(best, ply), 0, depth, bound)
	return best
}

// paperQuiesce is Paper004's quiescence; qply counts its plies.
func (s *Searcher) paperQuiesce(p *Position, alpha, beta, ply, qply int) int {
	if qply > 0 {
		s.nodes++
		if s.checkStop() {
			return 0
		}
		if score, over := ruleEnd(p, ply); over {
			return score
		}
	}
	if ply >= MaxPly {
		return s.eval.Evaluate(p)
	}
	ml := &s.lists[ply]
	p.GenerateNoisy(ml) // every evasion when in check
	inCheck := p.InCheck()
	best := -infScore
	if inCheck {
		if ml.N == 0 {
			return -MateScore + ply
		}
	} else {
		best = s.eval.Evaluate(p)
		if best >= beta {
			return best
		}
		alpha = max(alpha, best)
		if qply == 0 {
			var lc legalContext
			p.legalContext(&lc)
			quiet := ml.N
			p.appendQuiets(ml, &lc)
			n := quiet
			for _, m := range ml.Moves[quiet:ml.N] {
				if p.GivesCheck(m) {
					ml.Moves[n] = m
					n++
				}
			}
			ml.N = n
		}
	}
	s.orderCapturesFirst(p, ml)
	for _, m := range ml.Moves[:ml.N] {
		p.MakeMove(m)
		score := -s.paperQuiesce(p, -beta, -alpha, ply+1, qply+1)
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

// moveToFront moves m, when in the list, to its head, keeping the order
// of the others.
func moveToFront(ml *MoveList, m Move) {
	if m == NullMove {
		return
	}
	for i, x := range ml.Moves[:ml.N] {
		if x == m {
			copy(ml.Moves[1:i+1], ml.Moves[:i])
			ml.Moves[0] = m
			return
		}
	}
}
