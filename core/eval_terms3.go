package core

// The third batch of classical terms (issue 26), after EvalTerms2's: a
// mobility table on top of the linear mobility, the end-game scale of
// drawish material, the king's distance to its pawns, bishops hemmed in
// by their own pawns, and the "initiative" that makes an end game with
// pawns on both wings and active kings easier to win (the shapes are
// Stockfish 11's evaluate.cpp, 2020; docs/chromosomes.md 6.5). Every
// gene's default, 0, is neutral (a scale gene is 64ths added to the
// whole), compiled to a zero Terms3Weights — so a chromosome that leaves them
// out (every set shipped so far, and every seed preset's weights)
// evaluates exactly as before, at its old speed: the code runs only
// where a gene has moved (Evaluator.terms3). No switch is needed: the
// genes are opt-in (family eval_terms3) and a set of defaults takes
// them up only after an SPRT.

// Terms3Weights are the compiled genes of those terms.
type Terms3Weights struct {
	// MobilityTable[pt][n] is added to the linear mobility of a piece of
	// type pt reaching n squares (0 … mobilityMax[pt]).
	MobilityTable [7][28]Score

	// End-game scale of the side ahead in the end-game part, in 64ths
	// added to the whole of it (0 keeps it, −64 takes it all): a side
	// ahead with no pawn and at most a minor piece's worth more material
	// (ScalePawnless, first), else opposite-coloured bishops alone
	// (ScaleOCB, plus ScaleOCBPassed per passed pawn of the side ahead) or
	// with other pieces (ScaleOCBPieces).
	ScaleOCB, ScaleOCBPassed, ScaleOCBPieces, ScalePawnless int

	// KingPawnDistance: per square between a king and the nearest pawn of
	// its side (none without pawns). BishopPawns: per bishop, per own pawn
	// on the squares of the bishop's colour.
	KingPawnDistance Score
	BishopPawns      Score

	// Initiative, in centipawns of the end-game part: the side ahead in
	// it gains Passed per passed pawn, Pawns per pawn, Outflank per file
	// the kings stand apart beyond the ranks they do, BothFlanks with
	// pawns on both wings, PawnEnding with no piece left, and Base; a
	// negative sum takes at most the whole end-game part away, never
	// turning it round.
	InitiativePassed, InitiativePawns, InitiativeOutflank      int
	InitiativeBothFlanks, InitiativePawnEnding, InitiativeBase int
}

// Terms3Family tags every gene of these terms: "--evolve eval_terms3"
// names them all.
const Terms3Family = "eval_terms3"

// mobilityMax is the most squares a piece of each type can reach.
var mobilityMax = [7]int{Knight: 8, Bishop: 13, Rook: 14, Queen: 27}

// active reports whether any term but the mobility table (compiled into
// the evaluator's mobility scores, so free) can change an evaluation.
func (t *Terms3Weights) active() bool {
	n := *t
	n.MobilityTable = [7][28]Score{}
	return n != Terms3Weights{}
}

// kingPawnDistance is the term of colour c's king's distance to its
// nearest pawn (kept in the pawn entry's king entry).
func (t *Terms3Weights) kingPawnDistance(p *Position, c Color) Score {
	pawns := p.pieces[Pawn] & p.colors[c]
	if pawns == 0 {
		return 0
	}
	ksq, d := p.kings[c], 7
	for b := pawns; b != 0; {
		d = min(d, int(distance[ksq][b.PopLSB()]))
	}
	return t.KingPawnDistance.Scale(d)
}

// queenSide is the a–d files, the wing Stockfish's both-flanks test reads.
const queenSide = FileA | FileA<<1 | FileA<<2 | FileA<<3

// terms3Placement is the score of the king–pawn distance and the
// bishops' own pawns, white minus black, added before the phase blend.
func (e *Evaluator) terms3Placement(p *Position, pe *pawnEntry) Score {
	t := &e.w.Terms3
	var s [2]Score
	for c := White; c <= Black; c++ {
		own := p.colors[c]
		pawns := p.pieces[Pawn] & own
		s[c] += pe.king[c].pawnDistance // 0 when its gene is 0
		if t.BishopPawns != 0 {
			for b := p.pieces[Bishop] & own; b != 0; {
				colour := lightSquares
				if !lightSquares.Has(b.PopLSB()) {
					colour = darkSquares
				}
				s[c] += t.BishopPawns.Scale((pawns & colour).Count())
			}
		}
	}
	return s[White] - s[Black]
}

// terms3EndGame returns the end-game part eg (white's view) with the
// initiative added and the scale of drawish material applied.
func (e *Evaluator) terms3EndGame(p *Position, eg int, passed Bitboard) int {
	t := &e.w.Terms3
	pawns := p.pieces[Pawn]
	pieces := p.Occupied() &^ pawns &^ p.pieces[King]
	if c := t.initiative(p, pawns, pieces, passed); eg > 0 {
		eg += max(c, -eg)
	} else if eg < 0 {
		eg -= max(c, eg)
	}
	strong := White
	if eg < 0 {
		strong = Black
	}
	// The material's case first, as Stockfish: a pawnless side a minor
	// ahead (bishop against bishop too) is scaled so whatever the bishops.
	sf := 0 // less 64
	bishops := p.pieces[Bishop]
	switch {
	case pawns&p.colors[strong] == 0 &&
		pieceUnits(p, pieces, strong)-pieceUnits(p, pieces, strong^1) <= 3:
		sf = t.ScalePawnless
	case oppositeBishops(p):
		if pieces == bishops {
			sf = t.ScaleOCB + t.ScaleOCBPassed*(passed&p.colors[strong]).Count()
		} else {
			sf = t.ScaleOCBPieces
		}
	}
	if sf == 0 {
		return eg
	}
	return eg * max(0, min(64+sf, 128)) / 64
}

// oppositeBishops reports one bishop a side, on squares of opposite colours.
func oppositeBishops(p *Position) bool {
	bishops := p.pieces[Bishop]
	return (bishops&p.colors[White]).Count() == 1 && (bishops&p.colors[Black]).Count() == 1 &&
		bishops&lightSquares != 0 && bishops&darkSquares != 0
}

// initiative is the initiative's sum for the position.
func (t *Terms3Weights) initiative(p *Position, pawns, pieces, passed Bitboard) int {
	wk, bk := p.kings[White], p.kings[Black]
	outflank := abs(wk.File()-bk.File()) - abs(wk.Rank()-bk.Rank())
	c := t.InitiativePassed*passed.Count() + t.InitiativePawns*pawns.Count() +
		t.InitiativeOutflank*outflank + t.InitiativeBase
	if pawns&queenSide != 0 && pawns&^queenSide != 0 {
		c += t.InitiativeBothFlanks
	}
	if pieces == 0 {
		c += t.InitiativePawnEnding
	}
	return c
}

// pieceUnits is colour c's pieces (not pawns, not the king) counted 3 a
// minor, 5 a rook, 9 a queen: which material a pawnless side's edge is
// judged by.
func pieceUnits(p *Position, pieces Bitboard, c Color) int {
	own := pieces & p.colors[c]
	return 3*(own&(p.pieces[Knight]|p.pieces[Bishop])).Count() + 5*(own&p.pieces[Rook]).Count() + 9*(own&p.pieces[Queen]).Count()
}
