package core

// contTable4 returns the continuation history of the move played four
// plies before ply (ContHist4): nil where there was none, or a null move.
func (s *Searcher) contTable4(ply int) *pieceToHistory {
	if ply >= 4 {
		if f := s.stack[ply-4]; f.moved != NoPiece {
			return &s.contHist[f.moved][f.move.To()]
		}
	}
	return nil
}

// addCont4 adds, with ContHist4, the continuation history of the move
// four plies back to the scores sc of the plain quiet moves among moves
// (the others' scores lie beyond quietOrderLimit), after every other
// scoring pass: a separate pass, so that with the switch off the scoring
// loops are as they were.
func (s *Searcher) addCont4(p *Position, ply int, moves []Move, sc []int32) {
	c4 := s.contTable4(ply)
	if c4 == nil {
		return
	}
	for i, m := range moves[:len(sc)] {
		if abs32(sc[i]) < quietOrderLimit {
			sc[i] += int32(c4[p.board[m.From()]&15][m.To()])
		}
	}
}

// learningContTables are the continuation histories that learn from
// ply's moves: those of the moves one and two plies back, and with
// ContHist4 four (unless ply's node was in check, as Stockfish: an
// evasion says little of a plan four plies old); nil where none.
func (s *Searcher) learningContTables(ply int) [3]*pieceToHistory {
	c1, c2 := s.contTables(ply)
	var c4 *pieceToHistory
	if s.params.ContHist4 && !s.stack[ply].inCheck {
		c4 = s.contTable4(ply)
	}
	return [3]*pieceToHistory{c1, c2, c4}
}

// addContinuation adds bonus to the learning continuation histories of
// ply's move, the piece moved to to.
func (s *Searcher) addContinuation(ply int, moved Piece, to Square, bonus int32) {
	for _, c := range s.learningContTables(ply) {
		if c != nil {
			addGravity16(&c[moved][to], bonus)
		}
	}
}

// FailLowBonus's margin: a node that failed low by more than
// failLowMargin·depth rewards the move before it twice (Stockfish 15.1's
// 62·depth of its units, a third of them in our centipawns).
const failLowMargin = 21

// rewardPriorMove rewards, with FailLowBonus, the opponent's quiet move
// that led to ply's node, which failed low at depth with bestScore
// against alpha: every move here fell short, so that move refuted this
// line. As Stockfish 15.1: from depth 5 or at a PV node; twice at PV and
// cut-nodes and when the fail was bad.
func (s *Searcher) rewardPriorMove(ply, depth, bestScore, alpha int, pvNode, cutNode bool) {
	if ply < 1 {
		return
	}
	f := s.stack[ply-1]
	if f.moved == NoPiece || f.move.IsCapture() || f.move.IsPromotion() {
		return
	}
	if depth < 5 && !pvNode {
		return
	}
	bad := bestScore < alpha-failLowMargin*depth
	bonus := s.historyBonus(depth)
	if pvNode || cutNode || bad {
		// Gravity keeps an entry within ±historyMax only for bonuses
		// within it (HistoryBonusMax's bound keeps the others there).
		bonus = min(2*bonus, historyMax)
	}
	s.addContinuation(ply-1, f.moved, f.move.To(), bonus)
}
