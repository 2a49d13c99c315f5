package core

// Pawn structure depends only on the pawns, so it is cached by the pair of
// pawn bitboards (compared in full: no collisions). The pawns' material and
// placement depend on nothing else either, so the cached score holds them.
type pawnEntry struct {
	white, black Bitboard
	passed       Bitboard
	// space: with EvalTerms2, the squares its space term may count and,
	// of them, those it counts twice (spaceSquares).
	space [2]Bitboard
	score Score // white minus black: structure, material, placement (and passerNeighbours with EvalTerms2)
	// king: each colour's king terms of its last king square
	// (kingEntry). With eval_terms4: each colour's outpost squares; with
	// it, eval_terms5 or eval_terms6's threats, the squares its pawns attack twice
	// (evalSide.twice).
	king      [2]kingEntry
	outposts  [2]Bitboard
	pawnTwice [2]Bitboard
	valid     bool
}

const pawnCacheSize = 1 << 14

func (e *Evaluator) pawnStructure(p *Position) *pawnEntry {
	wp := p.pieces[Pawn] & p.colors[White]
	bp := p.pieces[Pawn] & p.colors[Black]
	h := (uint64(wp)*0x9E3779B97F4A7C15 ^ uint64(bp)*0xC2B2AE3D27D4EB4F) >> 50
	pe := &e.pawnCache[h&(pawnCacheSize-1)]
	if pe.valid && pe.white == wp && pe.black == bp {
		return pe
	}
	*pe = pawnEntry{white: wp, black: bp, valid: true}
	sw, pw := e.pawnSide(White, wp, bp)
	sb, pb := e.pawnSide(Black, bp, wp)
	pe.score, pe.passed = sw-sb, pw|pb
	if e.terms4 {
		t := &e.w.Terms4
		pe.score += t.terms4Pawns(White, wp, bp, pawnAttacksBB(wp, White)) - t.terms4Pawns(Black, bp, wp, pawnAttacksBB(bp, Black))
		pe.outposts = [2]Bitboard{outpostSquares(White, wp, bp), outpostSquares(Black, bp, wp)}
	}
	if e.terms7 {
		t := &e.w.Terms7
		pe.score += t.terms7Pawns(White, wp, bp, pw) - t.terms7Pawns(Black, bp, wp, pb)
	}
	if e.terms4 || e.terms5 || e.threats6 { // each reads the squares attacked twice
		pe.pawnTwice = [2]Bitboard{pawnsTwice(White, wp), pawnsTwice(Black, bp)}
	}
	if e.terms2 {
		pe.score += e.passerNeighbours(White, pw, wp) - e.passerNeighbours(Black, pb, bp)
		pe.space = spaceSquares(wp, bp)
	}
	return pe
}

// pawnSide scores the pawns of colour c (own) against the enemy pawns.
func (e *Evaluator) pawnSide(c Color, own, enemy Bitboard) (Score, Bitboard) {
	w := e.w
	var s Score
	var passed Bitboard
	ownAtt := pawnAttacksBB(own, c)
	enemyAtt := pawnAttacksBB(enemy, c^1)
	s += w.DoubledPawn.Scale(own.Count() - (fileFill(own) & Rank1).Count())
	s += w.PhalanxPawn.Scale((own & (own.east() | own.west())).Count())
	s += w.SupportedPawn.Scale((own & ownAtt).Count())
	psq := &e.psq[MakePiece(c, Pawn)]
	ownFiles := fileFill(own)
	for b := own; b != 0; {
		sq := b.PopLSB()
		s += psq[sq]
		neighbours := adjacentFiles[sq.File()] & ownFiles
		if neighbours == 0 {
			s += w.IsolatedPawn
		} else if backward(c, sq, own, enemy, enemyAtt) {
			s += w.BackwardPawn
		}
		if passedMask[c][sq]&enemy == 0 && forwardMask[c][sq]&own == 0 {
			passed |= SquareBB(sq)
			s += w.PassedPawn[relativeRank(c, sq)]
		}
	}
	return s, passed
}

// backward reports whether colour c's pawn on sq, not isolated, is
// backward: no own pawn behind it on the adjacent files to support its
// advance, and its stop square free but guarded by an enemy pawn.
func backward(c Color, sq Square, own, enemy, enemyAtt Bitboard) bool {
	stop := pawnPush(SquareBB(sq), c)
	return stop&enemyAtt != 0 && passedMask[c^1][sq]&adjacentFiles[sq.File()]&own == 0 && stop&enemy == 0
}
