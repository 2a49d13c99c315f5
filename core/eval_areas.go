package core

// Stockfish 11's areas (evaluate.cpp, Evaluation::initialize and
// Evaluation::pieces), two evaluation switches the gap analysis against
// Stockfish 11 found (docs/RESULTS.md, session 31):
//
//   - MobilityArea: a piece's mobility counts the squares not held by its
//     own king, queen or pawns that are blocked or on their second or
//     third rank, not attacked by an enemy pawn, and not a blocker of its
//     own king's lines; the other own pieces' squares count (a defended
//     piece is a square the piece reaches). Bishops see through queens,
//     rooks through queens and their own rooks, and a pinned piece moves
//     along its pin only. The attacks so found are every other term's
//     attacks too (king zone, threats, checks), as in Stockfish.
//   - KingRing: the king zone of a king on an edge is the ring of the
//     square next to it inward (a king on g1 is scored on the ring of
//     g2), less the squares two of its own pawns defend.
//
// Both change what the tuned tables mean: they are played with genes
// retuned with them on.

// setAreas switches the two areas on or off and reports a change; the
// evaluation cache holds scores of the setting it was filled with, so a
// change empties it (the pawn cache holds none of them).
func (e *Evaluator) setAreas(mobility, ring bool) bool {
	if mobility == e.mobilityArea && ring == e.kingRing {
		return false
	}
	e.mobilityArea, e.kingRing = mobility, ring
	e.clearCache()
	return true
}

// kingRingBB[ksq] is KingRing's zone of a king on ksq before its pawns'
// double defence is taken off: the king square's ring, the square moved
// off the edge files and ranks.
var kingRingBB = func() (t [64]Bitboard) {
	for sq := range Square(64) {
		f := min(max(sq.File(), 1), 6)
		r := min(max(sq.Rank(), 1), 6)
		// Built square by square: kingAttacks is filled by an init
		// function, after the package's variables.
		for dr := -1; dr <= 1; dr++ {
			for df := -1; df <= 1; df++ {
				t[sq] |= SquareBB(Square(8*(r+dr) + f + df))
			}
		}
	}
	return t
}()

// mobilityArea is MobilityArea's squares for colour c's pieces; blockers
// are c's king's blockers (kingBlockers), enemyPawnAttacks what the
// enemy pawns attack.
func mobilityArea(p *Position, c Color, occ, blockers, enemyPawnAttacks Bitboard) Bitboard {
	own := p.colors[c]
	low := relativeRankBB(c, 1) | relativeRankBB(c, 2)
	pawns := p.pieces[Pawn] & own & (pawnPush(occ, c^1) | low)
	return ^(pawns | own&(p.pieces[King]|p.pieces[Queen]) | blockers | enemyPawnAttacks)
}

// areaAttacks is what MobilityArea counts as colour c's piece of type pt
// on sq attacking: through queens (bishops), queens and own rooks
// (rooks), along the pin of a piece that blocks its king's line
// (blockers: kingBlockers).
func areaAttacks(p *Position, c Color, pt PieceType, sq Square, occ, blockers Bitboard) Bitboard {
	var att Bitboard
	switch pt {
	case Knight:
		att = knightAttacks[sq]
	case Bishop:
		att = BishopAttacks(sq, occ^p.pieces[Queen])
	case Rook:
		att = RookAttacks(sq, occ^p.pieces[Queen]^p.pieces[Rook]&p.colors[c])
	default:
		att = QueenAttacks(sq, occ)
	}
	if blockers.Has(sq) {
		att &= lineBB[p.kings[c]][sq]
	}
	return att
}
