package core

// Capture history (the option CaptureHistory): captures and queen
// promotions ordered within their class (winning or equal by SEE, and
// losing) by what cut-offs taught, as quiet moves are by their history.
// MVV/LVA alone puts every capture of a pawn by a knight in one place
// whatever the position; the table learns which of them refute here.
// Indexed by the piece that moves (with its colour), its destination
// and the type of the piece taken (none for a promotion that takes
// nothing): 16 KiB a searcher.
type captureHistory [16][64][8]int16

// captureHistoryWeight divides a history value before it is added to a
// capture's MVV/LVA score (victim × 16, 1 600 a pawn to 14 400 a queen):
// a full history (±historyMax) moves a capture by about a rook's worth
// of victims (8 192), so that within a class a capture of a pawn that
// keeps refuting may come before a capture of a rook that does not.
// captureClassBase lifts every score of the option's
// by more than that, so that no capture leaves its class: the picker,
// LMR and quiescence tell a losing capture by its score (below
// orderGoodCap, below 0), and a winning one must stay above.
const (
	captureHistoryWeight = 2
	captureClassBase     = 1 << 16
)

// capturedType is the type of the piece m takes in p (a pawn for en
// passant, NoPieceType for a promotion that takes nothing).
func capturedType(p *Position, m Move) PieceType {
	if m.IsEnPassant() {
		return Pawn
	}
	return p.board[m.To()].Type()
}

// inCaptureHistory reports whether m has an entry of its own: a capture
// or a queen promotion. An under-promotion would share its queen
// promotion's entry (the table has no index for the piece promoted to)
// and, tried after it and failing, punish it: it is left out.
func inCaptureHistory(m Move) bool {
	pr := m.Promotion()
	return pr == NoPieceType || pr == Queen
}

// noisyOrder is noisyScore with the capture history when the option is on.
func (s *Searcher) noisyOrder(p *Position, m Move) int32 {
	v := noisyScore(p, m)
	if s.params.CaptureHistory {
		v += captureClassBase + int32(s.capHist[p.board[m.From()]][m.To()][capturedType(p, m)])/captureHistoryWeight
	}
	return v
}

// updateCaptureHistory rewards the capture or queen promotion best that
// caused a cut-off (NullMove when a quiet move or an under-promotion
// did) and punishes the others tried before it (inCaptureHistory's
// only), with the quiet history's bonus and gravity.
func (s *Searcher) updateCaptureHistory(p *Position, depth int, best Move, tried []Move) {
	bonus := s.historyBonus(depth)
	add := func(m Move, b int32) {
		addGravity16(&s.capHist[p.board[m.From()]][m.To()][capturedType(p, m)], b)
	}
	if best != NullMove {
		add(best, bonus)
	}
	for _, m := range tried {
		if m != best {
			add(m, -bonus)
		}
	}
}

// ageCaptureHistory halves the capture history between searches, as
// ageHistory does the quiet one.
func (s *Searcher) ageCaptureHistory() {
	for pc := range s.capHist {
		for to := range s.capHist[pc] {
			for v := range s.capHist[pc][to] {
				s.capHist[pc][to][v] /= 2
			}
		}
	}
}
