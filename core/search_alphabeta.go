package core

// negamax is the principal-variation search with the usual selectivity;
// its numbers are the searcher's SearchParams.
func (s *Searcher) negamax(p *Position, depth, alpha, beta, ply int, cutNode bool) int {
	pvNode := beta-alpha > 1
	sp := &s.params
	s.pvLen[ply] = ply
	if depth <= 0 {
		return s.quiesce(p, alpha, beta, ply, 0)
	}
	s.nodes++
	// The line's double extensions pass to every child (null move,
	// ProbCut); a move's own extension adds to them below.
	s.stack[ply+1].doubleExt = s.stack[ply].doubleExt
	if s.checkStop() {
		return 0
	}
	if ply > s.selDepth {
		s.selDepth = ply
	}
	inCheck := p.InCheck()
	s.stack[ply].inCheck = inCheck // ContHist4's updates skip the move four back in check
	if ply > 0 {
		if p.IsRepetition() || p.IsInsufficientMaterial() {
			return 0
		}
		if p.halfmove >= 100 {
			if inCheck && !p.HasLegalMove() {
				return -MateScore + ply
			}
			return 0
		}
		// Mate-distance pruning: no line here can beat a shorter mate.
		alpha = max(alpha, -MateScore+ply)
		beta = min(beta, MateScore-ply-1)
		if alpha >= beta {
			return alpha
		}
		if ply >= MaxPly {
			return s.eval.Evaluate(p)
		}
		// One-reply extension: a forced evasion costs no depth (bounded,
		// or a chain of checks and forced replies would never end).
		if sp.OneReply && inCheck && ply < 2*s.rootDepth && p.CountLegal() == 1 {
			depth++
		}
	}

	// Transposition table. A singular search (a move excluded) asks what
	// the other moves are worth: the entry, which counts the excluded
	// move, may give its static evaluation but no score.
	key := p.key
	excluded := s.stack[ply].excluded
	ttMove := NullMove
	ttScore, ttBound, ttDepth := 0, boundNone, -1
	ttEval := 0
	haveTTEval, ttPvHit := false, false
	var e ttEntry
	var ok bool
	if sp.TTPv {
		e, ttPvHit, ok = s.tt.probePV(key)
	} else {
		e, ok = s.tt.probe(key)
	}
	if ok {
		ttEval, haveTTEval = int(e.eval), true
		if excluded == NullMove {
			ttMove, ttBound, ttDepth = e.move, int(e.genBound&3), int(e.depth)
			ttScore = scoreFromTT(int(e.score), ply)
			if !pvNode && ttDepth >= depth &&
				(ttBound == boundExact || ttBound == boundLower && ttScore >= beta || ttBound == boundUpper && ttScore <= alpha) {
				return ttScore
			}
		}
	}

	// Static evaluation and the pruning it allows.
	staticEval, rawEval := -infScore, 0
	if !inCheck {
		if haveTTEval {
			rawEval = ttEval
		} else {
			rawEval = s.eval.Evaluate(p)
		}
		staticEval = rawEval
		if sp.CorrectionHistory {
			staticEval = s.correct(p, rawEval)
		}
	}
	s.stack[ply].eval = staticEval
	improving := !inCheck && ply >= 2 && staticEval > s.stack[ply-2].eval
	eval := staticEval
	if !inCheck && ttBound != boundNone && (ttBound == boundLower && ttScore > eval || ttBound == boundUpper && ttScore < eval) {
		eval = ttScore // the table knows better than the static guess
	}

	if !pvNode && !inCheck {
		// Razoring: far below alpha at low depth, quiescence decides
		// whether a capture saves the node; if none does, it fails low.
		if sp.Razoring && depth <= razorDepth && abs(alpha) < MateBound && eval < alpha-razorBase-razorMargin*depth*depth {
			score := s.quiesce(p, alpha-1, alpha, ply, 0)
			if s.stopped.Load() {
				return 0
			}
			if score < alpha {
				return score
			}
		}
		// Reverse futility: far above beta at low depth, stand pat.
		if depth <= sp.RFPDepth && eval-sp.RFPMargin*depth+boolInt(improving)*sp.RFPImproving >= beta && abs(beta) < MateBound {
			return eval
		}
		// Null move: if passing still fails high, a real move will too
		// (not in a singular search: passing says nothing of the moves
		// left besides the excluded one).
		if depth >= sp.NullMoveDepth && excluded == NullMove && eval >= beta && ply > 0 && s.stack[ply-1].move != NullMove && p.hasNonPawnMaterial(p.side) {
			r := sp.NullMoveBase + depth/sp.NullMoveDepthDivisor + min(sp.NullMoveEvalMax, (eval-beta)/sp.NullMoveEvalDivisor)
			s.stack[ply].move, s.stack[ply].moved = NullMove, NoPiece
			p.MakeNullMove()
			score := -s.negamax(p, depth-1-r, -beta, -beta+1, ply+1, !cutNode)
			p.UnmakeNullMove()
			if s.stopped.Load() {
				return 0
			}
			if score >= beta {
				if score >= MateBound {
					score = beta
				}
				return score
			}
		}
		// ProbCut: a capture that beats beta by a margin in a reduced
		// search fails this node high (search_probcut.go).
		if sp.ProbCut && depth >= sp.ProbCutDepth && excluded == NullMove {
			score, cut := s.probCut(p, depth, beta, ply, cutNode, ttMove, ttScore, ttBound, ttDepth, staticEval, rawEval)
			if s.stopped.Load() {
				return 0
			}
			if cut {
				return score
			}
		}
	}
	// Internal iterative reduction: without a hash move this node is
	// probably not important enough to search at full depth.
	if depth >= sp.IIRDepth && ttMove == NullMove && excluded == NullMove && (pvNode || cutNode) {
		depth--
	}

	// Moves come in two stages: the hash move alone (a cut-off there saves
	// generating and ordering the rest), then every legal move; or, with
	// StagedMovegen, the hash move and then the picker's stages.
	ml := &s.lists[ply]
	ttFirst := ttMove != NullMove && p.IsLegal(ttMove)
	generated := false
	next := 0
	// skip is the move the generated list must not search: the hash move,
	// already searched first, or the move a singular search excludes (a
	// node has a hash move or an excluded move, never both). Generated
	// moves are never NullMove, so one comparison serves.
	skip := excluded
	if ttFirst {
		skip = ttMove
	}
	singularExt := 0
	if ttFirst && sp.Singular {
		var cut bool
		var cutScore int
		singularExt, cut, cutScore = s.singular(p, depth, beta, ply, pvNode, cutNode, ttMove, ttScore, ttBound, ttDepth)
		if s.stopped.Load() {
			return 0
		}
		if cut {
			return cutScore
		}
	}

	best, bestScore := NullMove, -infScore
	origAlpha := alpha
	var quietsTried [64]Move
	nQuiets := 0
	var noisyTried [32]Move // captures and promotions, for CaptureHistory
	nNoisy := 0
	hasPieces := p.hasNonPawnMaterial(p.side) // zugzwang guard for pruning, the same for every move
	staged := sp.Staged
	// With ImprovingPruning, a node whose static evaluation improves on
	// two plies before prunes fewer quiet moves by futility and history.
	futilityExtra, historyExtra := 0, 0
	if sp.ImprovingPruning && improving {
		futilityExtra, historyExtra = sp.FutilityImproving, sp.HistoryPruneImproving
	}
	// The pruning limits depend on the node only: computed once, not per move.
	pruneNode := ply > 0 && depth <= sp.PruneDepth && !inCheck && hasPieces
	lmpCount := (sp.LMPBase + depth*depth) / (2 - boolInt(improving))
	futilityEval := staticEval + sp.FutilityBase + sp.FutilityMargin*depth + futilityExtra
	historyLimit := -int32(sp.HistoryPruneMargin*depth + historyExtra)
	seeQuietMargin, seeCaptureMargin := -sp.SEEQuietMargin*depth*depth, -sp.SEECaptureMargin*depth
	checks := &s.checks[ply]
	checks.ready = false // filled at the first move asked about
	hashMove := NullMove // the hash move if legal, for TTCaptureReduction
	if ttFirst {
		hashMove = ttMove
	}
	lmrAdj := s.lmrNodeAdjust(pvNode, ttPvHit, hashMove)
	for i := 0; ; i++ {
		var m Move
		var order int32
		if i == 0 && ttFirst {
			m, order = ttMove, orderTT
		} else if staged {
			if !generated {
				generated = true
				s.startPicker(p, ply, skip)
			}
			if m, order = s.nextMove(p, ply); m == NullMove {
				break
			}
		} else {
			if !generated {
				generated = true
				p.GenerateLegal(ml)
				if ml.N == 0 {
					if inCheck {
						return -MateScore + ply
					}
					return 0
				}
				s.scoreMoves(p, ply, ttMove)
			}
			if next >= ml.N {
				break
			}
			m, order = pickFrom(ml.Moves[:ml.N], s.scores[ply][:ml.N], next)
			next++
			if m == skip {
				i--
				continue // already searched first, or excluded
			}
		}
		quiet := !m.IsCapture() && !m.IsPromotion()
		// Whether the move checks is needed before it is made only where
		// pruning may apply; elsewhere it is read off the board afterwards.
		mayPrune := pruneNode && bestScore > -MateBound
		givesCheck := mayPrune && checks.givesCheck(p, m)
		if mayPrune && !givesCheck {
			if quiet {
				// Late-move pruning and futility pruning of quiet moves.
				if nQuiets >= lmpCount {
					continue
				}
				if !pvNode && futilityEval <= alpha && order < orderCounter {
					continue
				}
				if depth <= sp.HistoryPruneDepth && order < historyLimit {
					continue // a move history says is bad
				}
			}
			// SEE pruning: drop moves that lose material at low depth.
			margin := seeQuietMargin
			if !quiet {
				margin = seeCaptureMargin
			}
			if (!quiet || depth <= sp.SEEQuietDepth) && p.SEE(m) < margin {
				continue
			}
		}
		// With CheckExtensionSEE, a check that loses material by SEE is
		// not extended: whether the move checks is then known before it
		// is made, as SEE needs, and not read off the board again.
		checkKnown := mayPrune
		if sp.CheckExtensionSEE && !checkKnown {
			givesCheck, checkKnown = checks.givesCheck(p, m), true
		}
		badCheck := sp.CheckExtensionSEE && givesCheck && p.SEE(m) < 0
		s.tt.prefetch(p.keyAfter(m))
		rootNodes0 := s.nodes // for TimeNodes, at the root
		moved := p.board[m.From()]
		s.stack[ply].move, s.stack[ply].moved = m, moved
		p.MakeMove(m)
		if !checkKnown {
			givesCheck = p.InCheck()
		}
		newDepth := depth - 1
		// The hash move's singular extension (−1 to 2 plies) stands in
		// for a check's one ply; any other move has the check's alone.
		ext := boolInt(givesCheck && !badCheck)
		if i == 0 && singularExt != 0 {
			ext = singularExt
		}
		newDepth += ext
		s.stack[ply+1].doubleExt = s.stack[ply].doubleExt + boolInt(ext == 2)
		var score int
		if i == 0 {
			// The first move of an expected all-node leads to an expected
			// cut-node (CutNodeFirstMove); of a cut-node, to an all-node.
			score = -s.negamax(p, newDepth, -beta, -alpha, ply+1, sp.CutNodeFirstMove && !pvNode && !cutNode)
		} else {
			r := s.reduction(depth, i, newDepth, order, quiet, improving, cutNode, pvNode, givesCheck, lmrAdj)
			score = -s.negamax(p, newDepth-r, -alpha-1, -alpha, ply+1, true)
			// fullDepth: the depth of the searches again, newDepth (with
			// LMRDeeper, a ply more or less by the reduced search's score).
			fullDepth := newDepth
			if r > 0 && score > alpha {
				if fullDepth = s.researchDepth(score, alpha, bestScore, newDepth, r, ply); fullDepth > newDepth-r {
					score = -s.negamax(p, fullDepth, -alpha-1, -alpha, ply+1, !cutNode)
					if sp.LMRDeeper && quiet && !s.stopped.Load() {
						s.rewardContinuation(ply, moved, m.To(), fullDepth, score > alpha)
					}
				}
			}
			if pvNode && score > alpha && score < beta {
				score = -s.negamax(p, fullDepth, -beta, -alpha, ply+1, false)
			}
		}
		p.UnmakeMove()
		if ply == 0 && sp.TimeNodes {
			s.rootNodes[m.From()][m.To()] += s.nodes - rootNodes0
		}
		if s.stopped.Load() {
			return 0
		}
		if quiet && nQuiets < len(quietsTried) {
			quietsTried[nQuiets] = m
			nQuiets++
		} else if sp.CaptureHistory && !quiet && nNoisy < len(noisyTried) && inCaptureHistory(m) {
			noisyTried[nNoisy] = m
			nNoisy++
		}
		if score > bestScore {
			bestScore = score
			if score > alpha {
				best = m
				alpha = score
				if ply == 0 {
					s.iterBest, s.iterScore = m, score
				}
				s.pv[ply][ply] = m
				copy(s.pv[ply][ply+1:], s.pv[ply+1][ply+1:s.pvLen[ply+1]])
				s.pvLen[ply] = s.pvLen[ply+1]
				if s.pvLen[ply] <= ply {
					s.pvLen[ply] = ply + 1
				}
				if score >= beta {
					if quiet {
						s.updateHistory(p, ply, depth, m, quietsTried[:nQuiets])
					}
					if sp.CaptureHistory {
						noisyBest := m
						if quiet || !inCaptureHistory(m) {
							noisyBest = NullMove
						}
						s.updateCaptureHistory(p, depth, noisyBest, noisyTried[:nNoisy])
					}
					break
				}
			}
		}
	}
	if mp := &s.pickers[ply]; staged && generated && mp.stage == stageDone && mp.generated == 0 {
		// The staged picker lists the moves as it goes: only once it has
		// listed them all is it known that there were none.
		if inCheck {
			return -MateScore + ply
		}
		return 0
	}
	if bestScore == -infScore {
		// Every move was pruned: fail low with the static evaluation.
		return alpha
	}
	bound := boundUpper
	switch {
	case bestScore >= beta:
		bound = boundLower
	case alpha > origAlpha:
		bound = boundExact
	}
	if excluded != NullMove {
		return bestScore // a bound on the other moves only: not this node's
	}
	if sp.FailLowBonus && bound == boundUpper && !s.stopped.Load() {
		s.rewardPriorMove(ply, depth, bestScore, origAlpha, pvNode, cutNode)
	}
	if sp.CorrectionHistory && !inCheck && !best.IsCapture() {
		s.updateCorrection(p, depth, bound, bestScore, rawEval)
	}
	if sp.TTPv && (pvNode || ttPvHit) {
		bound |= ttPvBit
	}
	s.tt.store(key, best, scoreToTT(bestScore, ply), rawEval, depth, bound)
	return bestScore
}

// singular decides whether the hash move, about to be searched first at
// depth, is singular: every other move fails low against the table's
// score less a margin, at half the depth. Then it is extended by a ply
// (with SingularPlus, two at a non-PV node when the others fall short by
// singularDoubleMargin more, within singularDoubleMax on the line).
// If instead the other moves beat a margin that is itself at least beta,
// the node fails high without searching the hash move (multi-cut) with
// that score; with SingularPlus, when only the table's score beats beta,
// the hash move is searched a ply shallower (extend −1). Only for a lower
// bound or exact entry of nearly the depth and no mate score; never
// inside another singular search.
func (s *Searcher) singular(p *Position, depth, beta, ply int, pvNode, cutNode bool, ttMove Move, ttScore, ttBound, ttDepth int) (extend int, cut bool, cutScore int) {
	if ply == 0 || depth < s.params.SingularDepth || ttBound&boundLower == 0 || ttDepth < depth-3 || abs(ttScore) >= MateBound {
		return 0, false, 0
	}
	sBeta := ttScore - s.params.SingularMargin*depth
	// The search runs at this ply before the move list is generated, so
	// it may use the ply's list, scores and stack frame.
	s.stack[ply].excluded = ttMove
	score := s.negamax(p, (depth-1)/2, sBeta-1, sBeta, ply, cutNode)
	s.stack[ply].excluded = NullMove
	s.pvLen[ply] = ply // its line is no line of this node
	plus := s.params.SingularPlus
	switch {
	case score < sBeta:
		if plus && !pvNode && score < sBeta-singularDoubleMargin && s.stack[ply].doubleExt < singularDoubleMax {
			return 2, false, 0
		}
		return 1, false, 0
	case sBeta >= beta:
		return 0, true, sBeta
	case plus && ttScore >= beta:
		return -1, false, 0
	}
	return 0, false, 0
}

// SingularPlus's numbers: Stockfish 14's double-extension margin (25 of
// its units, about 10 of our centipawns in the middle game, where its
// pawn is 126 against our 40-odd) and a bound on double extensions in a
// line, so that a line of them cannot run away.
const (
	singularDoubleMargin = 10
	singularDoubleMax    = 6
)

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// hasNonPawnMaterial reports whether colour c has a piece besides king and
// pawns (null-move pruning is unsafe in pawn endings: zugzwang).
func (p *Position) hasNonPawnMaterial(c Color) bool {
	return p.colors[c]&^(p.pieces[Pawn]|p.pieces[King]) != 0
}

// Mate scores are stored relative to the node, not the root.
func scoreToTT(score, ply int) int {
	switch {
	case score > MateBound:
		return score + ply
	case score < -MateBound:
		return score - ply
	}
	return score
}

func scoreFromTT(score, ply int) int {
	switch {
	case score > MateBound:
		return score - ply
	case score < -MateBound:
		return score + ply
	}
	return score
}

// Razoring's numbers (the switch Razoring): Stockfish 15's 369 + 254·depth²
// of its units, a third of them in our centipawns, but at depth 1 only
// (as Stockfish 12 razored): at depth 2 and more it cut the quiet checks
// that follow a sacrifice that mates (WAC.212 in TestSwitchesFindMates).
const (
	razorDepth  = 1
	razorBase   = 130
	razorMargin = 90
)
