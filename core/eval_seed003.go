package core

// Seed 003 (dynamic boundary strategy): the simplified Shannon function of
// docs/chromosomes.md 4.2, in pawns,
//
//	E = 1000·ΔK + Q·ΔQ + R·ΔR + B·ΔB + N·ΔN + 1·ΔP − DP·ΔD + MOB·ΔM
//
// where Δ is white minus black, D counts doubled pawns n − 1 per file and
// M is the number of legal moves of each side (the side not to move counted
// as if it were to move). The shared LegalMobility field counts
// pseudo-legal moves, so mobility lives here, and with it the rest of the
// function so that it is rounded once.

// Seed003Weights is a compiled seed003 chromosome, in fine centipawns.
type Seed003Weights struct {
	piece    [7]int64 // per piece; pawn 1 and king 1000 pawns are fixed (003:127-128)
	doubled  int64    // penalty per doubled pawn
	mobility int64    // per legal move
}

// newSeed003Weights converts seed 003's pawn-unit genes.
func newSeed003Weights(queen, rook, bishop, knight, doubled, mobility float64) *Seed003Weights {
	w := &Seed003Weights{doubled: toFine(doubled * 100), mobility: toFine(mobility * 100)}
	for pt, v := range [7]float64{Pawn: 1, Knight: knight, Bishop: bishop, Rook: rook, Queen: queen, King: 1000} {
		w.piece[pt] = toFine(v * 100)
	}
	return w
}

// seed003 returns seed 003's score from white's view, in centipawns.
func (e *Evaluator) seed003(p *Position) int {
	w := e.w.Seed003
	white, black := p.colors[White], p.colors[Black]
	var total int64
	for pt := Pawn; pt <= King; pt++ {
		total += w.piece[pt] * int64((p.pieces[pt]&white).Count()-(p.pieces[pt]&black).Count())
	}
	total -= w.doubled * int64(doubledPawns(p.pieces[Pawn]&white)-doubledPawns(p.pieces[Pawn]&black))
	total += w.mobility * int64(p.legalMoveCount(White)-p.legalMoveCount(Black))
	return fineToCP(total, fineBits)
}
