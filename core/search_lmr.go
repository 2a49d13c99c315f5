package core

// reduction is the late-move reduction of the i-th move searched (from
// 0) at depth, of ordering score order, its depth without reduction
// newDepth: none for the first moves, captures that do not lose, and at
// low depth; otherwise the table's plies, one more at nodes not
// improving and at expected cut-nodes, one less at PV nodes and for
// checks, less for a good history, and one less for killers and the
// counter move. LMRSparesCaptures and LMRSparesChecks spare captures and
// checks. nodeAdj is the node's own plies more (lmrNodeAdjust).
func (s *Searcher) reduction(depth, i, newDepth int, order int32, quiet, improving, cutNode, pvNode, givesCheck bool, nodeAdj int) int {
	sp := &s.params
	if depth < sp.LMRDepth || i < 1+boolInt(pvNode) || !quiet && order >= 0 {
		return 0
	}
	if sp.LMRSparesCaptures && !quiet || sp.LMRSparesChecks && givesCheck {
		return 0
	}
	r := int(s.lmr[min(depth, 63)][min(i, 63)])
	r += boolInt(!improving) + boolInt(cutNode) - boolInt(pvNode) - boolInt(givesCheck) + nodeAdj
	// A quiet move's order is its history, but for killers and the
	// counter move (2^27 and up): read as a history, that cancelled
	// every reduction, the ply less below included. KillerReduction
	// reduces them as meant.
	if quiet && (order < orderCounter || !sp.KillerReduction) {
		r -= int(order / int32(sp.LMRHistoryDivisor))
	}
	if order >= orderCounter {
		r-- // killers and counter moves
	}
	return max(0, min(r, newDepth-1))
}

// lmrNodeAdjust is the plies every reduced move of a node is reduced
// more: one less at a node the table marks as once on the principal
// variation (TTPv; a PV node has its ply less already), one more where
// the hash move is a capture or promotion (TTCaptureReduction).
func (s *Searcher) lmrNodeAdjust(pvNode, ttPvHit bool, ttMove Move) int {
	sp := &s.params
	adj := 0
	if sp.TTPv && ttPvHit && !pvNode {
		adj--
	}
	if sp.TTCaptureReduction && ttMove != NullMove && (ttMove.IsCapture() || ttMove.IsPromotion()) {
		adj++
	}
	return adj
}

// LMRDeeper's margins: a reduced move that beats alpha by more than
// lmrDeeperBase + lmrDeeperStep·r is searched again a ply deeper (Stockfish
// 15.1's 64 + 11·r of its units, a third of them in our centipawns, as
// Razoring's); one that beats the best score so far by less than its
// depth, a ply shallower (Stockfish 16's), but never at the root, whose
// moves are all searched again.
const (
	lmrDeeperBase = 21
	lmrDeeperStep = 4
)

// researchDepth is the depth at which a move of the node at ply, reduced
// by r plies, whose reduced search scored score > alpha, is searched
// again: newDepth, or with LMRDeeper a ply more or less. At most the
// reduced depth means no second null-window search.
func (s *Searcher) researchDepth(score, alpha, bestScore, newDepth, r, ply int) int {
	if !s.params.LMRDeeper {
		return newDepth
	}
	d := newDepth
	if score > alpha+lmrDeeperBase+lmrDeeperStep*r {
		d++
	}
	if score < bestScore+newDepth && ply > 0 {
		d--
	}
	return d
}

// rewardContinuation teaches the continuation histories of ply what
// the re-search of a reduced quiet move said (LMRDeeper): the bonus of
// depth d if it still beat alpha, the malus if not.
func (s *Searcher) rewardContinuation(ply int, moved Piece, to Square, d int, beatAlpha bool) {
	bonus := s.historyBonus(d)
	if !beatAlpha {
		bonus = -bonus
	}
	s.addContinuation(ply, moved, to, bonus)
}
