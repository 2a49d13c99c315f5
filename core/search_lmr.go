package core

// reduction is the late-move reduction of the i-th move searched (from
// 0) at depth, of ordering score order, its depth without reduction
// newDepth: none for the first moves, captures that do not lose, and at
// low depth; otherwise the table's plies, one more at nodes not
// improving and at expected cut-nodes, one less at PV nodes and for
// checks, less for a good history, and one less for killers and the
// counter move. LMRSparesCaptures and LMRSparesChecks spare captures and
// checks.
func (s *Searcher) reduction(depth, i, newDepth int, order int32, quiet, improving, cutNode, pvNode, givesCheck bool) int {
	sp := &s.params
	if depth < sp.LMRDepth || i < 1+boolInt(pvNode) || !quiet && order >= 0 {
		return 0
	}
	if sp.LMRSparesCaptures && !quiet || sp.LMRSparesChecks && givesCheck {
		return 0
	}
	r := int(s.lmr[min(depth, 63)][min(i, 63)])
	r += boolInt(!improving) + boolInt(cutNode) - boolInt(pvNode) - boolInt(givesCheck)
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
