package core

// Endgame knowledge the tuned terms cannot express (the EndgameScale
// switch): a multiplier of the end-game score for material a side cannot
// win with, as Stockfish 11 scales it. Found in the games against
// Stockfish 2500 (docs/RESULTS.md, session 29): of 54 draws, 22 had our
// evaluation at +2 or more on the way, and Stockfish at depth 20 called
// the last such position drawn in 16 — three of them a king, a bishop of
// the wrong colour and a rook pawn against a bare king, scored +2 to +4.8.
// King and pawn against king is drawn or won as a bitbase says
// (eval_kpk.go), two knights against a bare king drawn.

// setEndgameScale switches the scaling on or off and reports a change;
// the evaluation cache holds scores of the setting it was filled with, so
// a change empties it (the pawn cache holds none: the scaling comes after
// it).
func (e *Evaluator) setEndgameScale(on bool) bool {
	if on == e.endgames {
		return false
	}
	e.endgames = on
	e.clearCache()
	if on {
		kpkOnce.Do(kpkBuild) // now rather than inside a timed search
	}
	return true
}

// Stockfish 11's general scale (evaluate.cpp, scale_factor): a strong
// side with few pawns converts less often, min(64, 36 + 7·pawns)/64.
const (
	endgamePawnScaleBase = 36
	endgamePawnScaleStep = 7
)

// endgameScale returns the end-game score eg (white's view) scaled for
// the material on the board. Positions of the kinds eval_terms3 scales
// (the strong side without pawns, bishops of opposite colours) are left
// as they are, whether or not its genes are active.
func endgameScale(p *Position, eg int) int {
	if eg == 0 {
		return 0
	}
	if n := p.Occupied().Count(); n <= 4 {
		switch {
		case n == 3 && p.pieces[Pawn].Count() == 1:
			// King and pawn against king: the bitbase knows (eval_kpk.go).
			if kpkProbe(p) {
				return eg
			}
			return 0
		case knightsOnlyDraw(p):
			return 0
		}
	}
	strong := White
	if eg < 0 {
		strong = Black
	}
	own := p.colors[strong]
	pawns := p.pieces[Pawn] & own
	if pawns == 0 {
		return eg
	}
	if oppositeBishops(p) {
		return eg
	}
	if wrongBishopDraw(p, strong, pawns) {
		return 0
	}
	sf := min(64, endgamePawnScaleBase+endgamePawnScaleStep*pawns.Count())
	return eg * sf / 64
}

// knightsOnlyDraw reports two knights of one side against a bare king:
// no mate can be forced (Stockfish's KNNK).
func knightsOnlyDraw(p *Position) bool {
	knights := p.pieces[Knight]
	return p.Occupied().Count() == 4 && knights.Count() == 2 &&
		(knights&p.colors[White] == 0 || knights&p.colors[Black] == 0)
}

// wrongBishopDraw reports a strong side of a king, one bishop and pawns
// all on one rook file, the bishop not of the promotion square's colour,
// the defending king on or next to that square, and no defending pawn on
// the next file, which a rook pawn could take its way off the rook file
// by (7k/5Kp1/7P/8/8/3B4/8/8 w: hxg7 mates): no way to drive the king
// out (Stockfish's KBPsK rule).
func wrongBishopDraw(p *Position, strong Color, pawns Bitboard) bool {
	own := p.colors[strong]
	bishop := own & p.pieces[Bishop]
	if own&^pawns&^p.pieces[King] != bishop || bishop.Count() != 1 {
		return false
	}
	var file, next Bitboard
	switch {
	case pawns&^FileA == 0:
		file, next = FileA, FileA<<1
	case pawns&^FileH == 0:
		file, next = FileH, FileH>>1
	default:
		return false
	}
	if p.pieces[Pawn]&p.colors[strong^1]&next != 0 {
		return false
	}
	promo := (file & relativeRankBB(strong, 7)).LSB()
	if bishop&lightSquares != 0 == lightSquares.Has(promo) {
		return false
	}
	return distance[p.kings[strong^1]][promo] <= 1
}
