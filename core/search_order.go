package core

// Move ordering: the transposition-table move first, then winning and
// equal captures by most valuable victim / least valuable attacker, queen
// promotions, the two killer moves, the counter move, quiet moves by
// history, and losing captures last.

const (
	orderTT      = 1 << 30
	orderGoodCap = 1 << 28
	orderKiller1 = 1<<27 + 2
	orderKiller2 = 1<<27 + 1
	orderCounter = 1 << 27
	orderBadCap  = -(1 << 28)
	historyMax   = 1 << 14
)

// pieceToHistory scores quiet moves by the piece moved and its
// destination; int16 keeps the continuation tables (256 of them) small.
type pieceToHistory [16][64]int16

// contTables returns the continuation histories of the moves played one
// and two plies before ply (nil where there was none, or a null move).
func (s *Searcher) contTables(ply int) (c1, c2 *pieceToHistory) {
	if ply >= 1 {
		if f := s.stack[ply-1]; f.moved != NoPiece {
			c1 = &s.contHist[f.moved][f.move.To()]
		}
	}
	if ply >= 2 {
		if f := s.stack[ply-2]; f.moved != NoPiece {
			c2 = &s.contHist[f.moved][f.move.To()]
		}
	}
	return c1, c2
}

// quietScorer orders quiet moves by their butterfly and continuation
// histories. Where a continuation table is missing it reads the zero
// table, so scoring a move takes no branch and inlines.
type quietScorer struct {
	hist   *quietHistory
	c1, c2 *pieceToHistory
	board  *[64]Piece
}

// zeroHistory stands for a missing continuation table; never written.
var zeroHistory pieceToHistory

// quietScorer returns the scorer of ply's quiet moves in p.
func (s *Searcher) quietScorer(p *Position, ply int) quietScorer {
	c1, c2 := s.contTables(ply)
	if c1 == nil {
		c1 = &zeroHistory
	}
	if c2 == nil {
		c2 = &zeroHistory
	}
	return quietScorer{hist: &s.history[p.side], c1: c1, c2: c2, board: &p.board}
}

// score is the ordering score of the quiet move m without ThreatHistory:
// its history (the unthreatened quarter, every move's without the
// switch) and its continuation histories. The loops that score a node's
// moves use it whatever the switch, then rescoreThreats corrects them:
// the quarter's index arithmetic, paid by every quiet move, would cost
// 1.8 % of the bench's instructions with the switch off.
func (q *quietScorer) score(m Move) int32 {
	from, to := m.From(), m.To()
	pc := q.board[from] & 15
	return q.hist[0][0][from][to] + int32(q.c1[pc][to]) + int32(q.c2[pc][to])
}

// scoreThreats is score with ThreatHistory: the history of the quarter
// of m's squares' threats.
func (q *quietScorer) scoreThreats(m Move, threats Bitboard) int32 {
	from, to := m.From(), m.To()
	pc := q.board[from] & 15
	return q.hist[threats>>from&1][threats>>to&1][from][to] + int32(q.c1[pc][to]) + int32(q.c2[pc][to])
}

var mvvValues = [7]int32{0, 100, 300, 300, 500, 900, 0}

// scoreMoves assigns ordering scores to the moves of ply.
func (s *Searcher) scoreMoves(p *Position, ply int, ttMove Move) {
	ml := &s.lists[ply]
	sc := s.scores[ply][:ml.N]
	k1, k2 := s.killers[ply][0], s.killers[ply][1]
	var cm Move
	if ply > 0 {
		if prev := s.stack[ply-1]; prev.move != NullMove {
			cm = s.counter[prev.moved][prev.move.To()]
		}
	}
	qs := s.quietScorer(p, ply)
	for i, m := range ml.Moves[:len(sc)] {
		switch {
		case m == ttMove:
			sc[i] = orderTT
		case m.IsCapture() || m.Promotion() == Queen:
			sc[i] = s.noisyOrder(p, m)
		case m.IsPromotion():
			sc[i] = orderBadCap - 1000 // under-promotions: almost never right
		case m == k1:
			sc[i] = orderKiller1
		case m == k2:
			sc[i] = orderKiller2
		case m == cm:
			sc[i] = orderCounter
		default:
			sc[i] = qs.score(m)
		}
	}
	if s.params.ThreatHistory {
		s.rescoreThreats(p, ply, ml.Moves[:len(sc)], sc)
	}
	if s.params.ContHist4 {
		s.addCont4(p, ply, ml.Moves[:len(sc)], sc)
	}
}

// scoreNoisy assigns ordering scores to the moves of ply when they are
// captures and queen promotions only (quiescence out of check: see
// TestGivesCheckAndNoisy): scoreMoves' scores, without fetching the
// killers and histories no such move reads.
func (s *Searcher) scoreNoisy(p *Position, ply int, ttMove Move) {
	ml := &s.lists[ply]
	sc := s.scores[ply][:ml.N]
	for i, m := range ml.Moves[:len(sc)] {
		if m == ttMove {
			sc[i] = orderTT
		} else {
			sc[i] = s.noisyOrder(p, m)
		}
	}
}

// noisyScore orders a capture or queen promotion: winning and equal
// captures by most valuable victim, then least valuable attacker, before
// the killers; losing ones (by SEE) after every quiet move.
func noisyScore(p *Position, m Move) int32 {
	victim := mvvValues[p.board[m.To()].Type()]
	if m.IsEnPassant() {
		victim = mvvValues[Pawn]
	}
	v := victim*16 - mvvValues[p.board[m.From()].Type()]/100
	if m.Promotion() == Queen {
		v += 800 * 16
	}
	// A capture of a piece worth at least the capturer cannot lose
	// material: skip the exchange evaluation.
	if victim >= mvvValues[p.board[m.From()].Type()] || p.SEE(m) >= 0 {
		return orderGoodCap + v
	}
	return orderBadCap + v
}

// pickFrom returns the i-th of moves in order of their scores sc (of the
// same length: slices of the list's length let the compiler drop the
// bounds checks), the moves before i being picked already. The first few
// are found by selection (most nodes cut off early); after that the rest
// is sorted once.
func pickFrom(moves []Move, sc []int32, i int) (Move, int32) {
	const selectFirst = 4
	moves = moves[:len(sc)] // the same length, told to the compiler
	if i > selectFirst {
		return moves[i], sc[i]
	}
	if i == selectFirst {
		for j := i + 1; j < len(sc); j++ { // insertion sort, descending, stable
			m, v := moves[j], sc[j]
			k := j
			for ; k > i && sc[k-1] < v; k-- {
				moves[k], sc[k] = moves[k-1], sc[k-1]
			}
			moves[k], sc[k] = m, v
		}
		return moves[i], sc[i]
	}
	// The first of the highest: the highest found without a branch, then
	// its first place (this scan is the hottest of the ordering).
	bestScore := sc[i]
	for _, v := range sc[i+1:] {
		bestScore = max(bestScore, v)
	}
	best := i
	for sc[best] != bestScore {
		best++
	}
	moves[i], moves[best] = moves[best], moves[i]
	sc[i], sc[best] = bestScore, sc[i]
	return moves[i], bestScore
}

// updateHistory rewards the quiet move that caused a cut-off and punishes
// the quiet moves tried before it (gravity keeps values within ±historyMax).
func (s *Searcher) updateHistory(p *Position, ply, depth int, best Move, tried []Move) {
	side := p.side
	bonus := s.historyBonus(depth)
	h := &s.history[side]
	threats := s.historyThreats(p, ply)
	conts := s.learningContTables(ply)
	add := func(m Move, b int32) {
		v := &h[threats>>m.From()&1][threats>>m.To()&1][m.From()][m.To()]
		*v += b - *v*abs32(b)/historyMax
		pc, to := p.board[m.From()], m.To()
		for _, c := range conts {
			if c != nil {
				addGravity16(&c[pc][to], b)
			}
		}
	}
	add(best, bonus)
	for _, m := range tried {
		if m != best {
			add(m, -bonus)
		}
	}
	if s.killers[ply][0] != best {
		s.killers[ply][1] = s.killers[ply][0]
		s.killers[ply][0] = best
	}
	if ply > 0 {
		if prev := s.stack[ply-1]; prev.move != NullMove {
			s.counter[prev.moved][prev.move.To()] = best
		}
	}
}

// historyBonus is a history update's size at depth: 32·min(depth²,
// HistoryBonusMax), within ±historyMax by the gene's bound.
func (s *Searcher) historyBonus(depth int) int32 {
	return int32(min(depth*depth, s.params.HistoryBonusMax)) * 32
}

// addGravity16 adds the bonus b to an int16 history entry with the
// gravity that keeps it within ±historyMax.
func addGravity16(v *int16, b int32) {
	cv := int32(*v)
	*v = int16(cv + b - cv*abs32(b)/historyMax)
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}
