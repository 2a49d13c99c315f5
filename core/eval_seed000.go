package core

// Seed 000's eighteen principles, each computed as its appendix algorithms
// 7–24 describe, for both colours, and weighted by white's count minus
// black's (so the evaluation is colour-symmetric). Where the printed
// pseudo-code is garbled we take its evident intent; docs/chromosomes.md
// lists each such reading.

const (
	prMaterial = iota
	prMobility
	prCastling
	prDevelopment
	prDoubledPawns
	prIsolatedPawns
	prConnectedPawns
	prPassedPawns
	prEnemyKingPressure
	prPieceDefence
	prBishopPair
	prConnectedRooks
	prKingCentralisation
	prKnightOutposts
	prBlockedPieces
	prSpaceControl
	prKingShield
	prKingPressure
	numPrinciples
)

// PrincipleNames are the gene names of the principles, in order.
var PrincipleNames = [numPrinciples]string{
	"material", "mobility", "castling", "development", "doubled_pawns", "isolated_pawns",
	"connected_pawns", "passed_pawns", "enemy_king_pressure", "piece_defence", "bishop_pair",
	"connected_rooks", "king_centralisation", "knight_outposts", "blocked_pieces",
	"space_control", "king_shield", "king_pressure",
}

// principles returns Σ weight × (white feature − black feature) in
// centipawns. Features are counted in quarter units because development
// (½ a pawn move) and king centralisation (¼ per rank) are fractional.
func (e *Evaluator) principles(p *Position) int {
	w := e.w.Principles
	var f [2][numPrinciples]int
	for c := White; c <= Black; c++ {
		p.principleFeatures(c, &f[c])
	}
	total := 0
	for i := range w {
		total += w[i] * (f[White][i] - f[Black][i])
	}
	return total / 4
}

// principleFeatures fills f with colour c's feature counts, ×4.
func (p *Position) principleFeatures(c Color, f *[numPrinciples]int) {
	own, enemy := p.colors[c], p.colors[c^1]
	occ := own | enemy
	pawns := p.pieces[Pawn] & own
	enemyPawns := p.pieces[Pawn] & enemy
	ksq := p.kings[c]

	// 7: material 1/3/3/5/9.
	for pt, v := range [...]int{Pawn: 1, Knight: 3, Bishop: 3, Rook: 5, Queen: 9} {
		f[prMaterial] += 4 * v * (p.pieces[pt] & own).Count()
	}
	// 8: moves whose destination c attacks no more often than the enemy.
	// 21 (blocked pieces) and 10 (development) walk the same pieces.
	home := Rank1
	if c == Black {
		home = Rank8
	}
	forEachMove := func(targets Bitboard) {
		for t := targets; t != 0; {
			to := t.PopLSB()
			a := p.AttackersTo(to, occ)
			if (a & own).Count() <= (a & enemy).Count() {
				f[prMobility] += 4
			}
		}
	}
	for pt := Knight; pt <= Queen; pt++ {
		for b := p.pieces[pt] & own; b != 0; {
			sq := b.PopLSB()
			var att Bitboard
			switch pt {
			case Knight:
				att = knightAttacks[sq]
			case Bishop:
				att = BishopAttacks(sq, occ)
			case Rook:
				att = RookAttacks(sq, occ)
			default:
				att = QueenAttacks(sq, occ)
			}
			forEachMove(att &^ own)
			if att&^own == 0 {
				f[prBlockedPieces] += 4
			}
			if !home.Has(sq) {
				f[prDevelopment] += 4
			}
		}
	}
	forEachMove(kingAttacks[ksq] &^ own)
	pushes := pawnPush(pawns, c) &^ occ
	forEachMove(pushes)
	forEachMove(pawnAttacksBB(pawns, c) & enemy)
	// 10: pawns off their start rank count half.
	start := Rank2
	if c == Black {
		start = Rank7
	}
	f[prDevelopment] += 2 * (pawns &^ start).Count()

	// 9: castling rights kept, or castled (king and rook on their castled squares).
	rights := p.castling & (WhiteKingSide | WhiteQueenSide)
	if c == Black {
		rights = p.castling & (BlackKingSide | BlackQueenSide)
	}
	base := Square(0)
	if c == Black {
		base = 56
	}
	rook := p.pieces[Rook] & own
	if rights != 0 {
		f[prCastling] += 4
	} else if ksq == base+G1 && rook.Has(base+F1) || ksq == base+C1 && rook.Has(base+D1) {
		f[prCastling] += 8
	}
	// 11, 12, 13, 14: pawn structure.
	files := fileFill(pawns) & Rank1
	f[prDoubledPawns] += 4 * (pawns.Count() - files.Count())
	for b := pawns; b != 0; {
		sq := b.PopLSB()
		if adjacentFiles[sq.File()]&pawns == 0 {
			f[prIsolatedPawns] += 4
		}
		if passedMask[c][sq]&enemyPawns == 0 {
			f[prPassedPawns] += 4
		}
	}
	// 13 counts each (pawn, diagonal supporter) pair, not supported pawns.
	f[prConnectedPawns] = 4 * connectedPawnPairs(pawns, c)

	// 15: pressure on c's own king (the penalty) and on the enemy king (the bonus).
	f[prKingPressure] += 4 * p.kingPressure(c)
	f[prEnemyKingPressure] += 4 * p.kingPressure(c^1)

	// 16: own non-king pieces the enemy attacks.
	for b := own &^ p.pieces[King]; b != 0; {
		if p.AttackersTo(b.PopLSB(), occ)&enemy != 0 {
			f[prPieceDefence] += 4
		}
	}
	// 17: bishop pair.
	if (p.pieces[Bishop] & own).Several() {
		f[prBishopPair] += 4
	}
	// 18: rook pairs on one rank or file with nothing between.
	for b := rook; b != 0; {
		sq := b.PopLSB()
		for o := b; o != 0; {
			t := o.PopLSB()
			if (sq.Rank() == t.Rank() || sq.File() == t.File()) && betweenBB[sq][t]&occ == 0 {
				f[prConnectedRooks] += 4
			}
		}
	}
	// 19: king centralisation: −(distance to the centre) − ¼·(ranks from the far edge).
	cd := 7
	for _, cs := range [4]Square{MakeSquare(3, 3), MakeSquare(4, 3), MakeSquare(3, 4), MakeSquare(4, 4)} {
		cd = min(cd, int(distance[ksq][cs]))
	}
	f[prKingCentralisation] -= 4*cd + (7 - relativeRank(c, ksq))
	// 20: knights on the enemy half, defended by a pawn, with no enemy pawn
	// on the squares diagonally in front of them.
	for b := p.pieces[Knight] & own; b != 0; {
		sq := b.PopLSB()
		if relativeRank(c, sq) < 4 || pawnAttacks[c^1][sq]&pawns == 0 {
			continue
		}
		if pawnAttacks[c][sq]&enemyPawns == 0 {
			f[prKnightOutposts] += 4
		}
	}
	// 22: squares of the enemy half that c attacks.
	half := Rank5 | Rank6 | Rank7 | Rank8
	if c == Black {
		half = Rank1 | Rank2 | Rank3 | Rank4
	}
	for b := half; b != 0; {
		if p.AttackersTo(b.PopLSB(), occ)&own != 0 {
			f[prSpaceControl] += 4
		}
	}
	// 23: shield: own pawn in front of the king +1, other own piece +2.
	front := pawnPush(SquareBB(ksq), c)
	front |= front.east() | front.west()
	f[prKingShield] += 4 * ((front & pawns).Count() + 2*(front&own&^pawns).Count())
}

// connectedPawnPairs counts, for every pawn, the friendly pawns on the
// squares diagonally behind it (algorithm 13).
func connectedPawnPairs(pawns Bitboard, c Color) int {
	n := 0
	for b := pawns; b != 0; {
		n += (pawnAttacks[c^1][b.PopLSB()] & pawns).Count()
	}
	return n
}

// kingPressure is algorithm 15 for colour c's king: neighbouring squares
// the enemy attacks, plus enemy pieces attacking the king once every other
// piece of c is lifted off the board.
func (p *Position) kingPressure(c Color) int {
	ksq := p.kings[c]
	occ := p.Occupied()
	enemy := p.colors[c^1]
	n := 0
	for b := kingAttacks[ksq]; b != 0; {
		if p.AttackersTo(b.PopLSB(), occ)&enemy != 0 {
			n++
		}
	}
	bare := enemy | SquareBB(ksq)
	n += (p.AttackersTo(ksq, bare) & enemy).Count()
	return n
}
