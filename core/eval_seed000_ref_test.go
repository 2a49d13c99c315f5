package core

// The seed 000 evaluation as it was before it was made fast (main at
// cfa92af): the plain reading of docs/chromosomes.md 2.5, one
// AttackersTo per generated move. Kept as the reference the fast code
// must equal feature for feature (eval_seed000_equiv_test.go).

// refSeed000 returns seed 000's score from white's view, in centipawns.
func refSeed000(w *Seed000Weights, p *Position) int {
	var f [2][numPrinciples]int
	p.refSeed000Features(&f)
	var total int64
	for k, wk := range w.principle {
		total += wk * int64(f[White][k]-f[Black][k])
	}
	for pt := Pawn; pt <= King; pt++ {
		for b := p.pieces[pt] & p.colors[White]; b != 0; {
			total += w.pst[pt][b.PopLSB()]
		}
		for b := p.pieces[pt] & p.colors[Black]; b != 0; {
			total -= w.pst[pt][b.PopLSB().Mirror()]
		}
	}
	return fineToCP(total, fineBits)
}

func (p *Position) refSeed000Features(f *[2][numPrinciples]int) {
	occ := p.Occupied()
	pressure := [2]int{p.refKingPressure(White), p.refKingPressure(Black)}
	for c := White; c <= Black; c++ {
		p.refSeed000Side(c, occ, &f[c])
		// 15, used twice (000:67): pressure on the enemy king is a bonus
		// feature, pressure on our own king a negated one.
		f[c][prEnemyKingPressure] = 4 * pressure[c^1]
		f[c][prKingPressure] = -4 * pressure[c]
	}
}

// refSeed000Side fills colour c's features other than king pressure, ×4.
func (p *Position) refSeed000Side(c Color, occ Bitboard, f *[numPrinciples]int) {
	own, enemy := p.colors[c], p.colors[c^1]
	pawns := p.pieces[Pawn] & own
	enemyPawns := p.pieces[Pawn] & enemy
	ksq := p.kings[c]
	home, pawnStart, enemyHalf := Rank1, Rank2, Rank5|Rank6|Rank7|Rank8
	rights := p.castling & (WhiteKingSide | WhiteQueenSide)
	if c == Black {
		home, pawnStart, enemyHalf = Rank8, Rank7, Rank1|Rank2|Rank3|Rank4
		rights = p.castling & (BlackKingSide | BlackQueenSide)
	}

	// 7: own material 1/3/3/5/9.
	for pt, v := range [...]int{Pawn: 1, Knight: 3, Bishop: 3, Rook: 5, Queen: 9} {
		f[prMaterial] += 4 * v * (p.pieces[pt] & own).Count()
	}
	// 8: legal moves that leave the destination no worse defended than attacked.
	f[prPieceMobility] = 4 * p.refSeed000SafeMoves(c)
	// 9: castling rights kept score 1, having castled 2 (stateless reading).
	if rights != 0 {
		f[prCastling] = 4
	} else if p.isCastled(c) {
		f[prCastling] = 8
	}
	// 10 and 21 walk the same pieces: off the back rank, or without a move.
	for pt := Knight; pt <= Queen; pt++ {
		for b := p.pieces[pt] & own; b != 0; {
			sq := b.PopLSB()
			if !home.Has(sq) {
				f[prDevelopmentSpeed] += 4
			}
			if pieceAttacks(pt, sq, occ)&^own == 0 {
				f[prBlockedPiece] += 4
			}
		}
	}
	f[prDevelopmentSpeed] += 2 * (pawns &^ pawnStart).Count()
	// 11–14: pawn structure.
	f[prDoubledPawn] = 4 * doubledPawns(pawns)
	f[prIsolatedPawn] = 4 * isolatedPawns(pawns).Count()
	f[prConnectedPawn] = 4 * refConnectedPawnPairs(pawns, c)
	f[prPassedPawn] = 4 * passedPawns(c, pawns, enemyPawns).Count()
	// 16 and 22: own non-king pieces defended by an own piece (the name's
	// reading, not the printed "attacked by the enemy"), enemy-half squares
	// attacked.
	att := p.attackUnion(c, occ)
	f[prPieceDefense] = 4 * (own &^ p.pieces[King] & att).Count()
	f[prSpaceControl] = 4 * (att & enemyHalf).Count()
	// 17: bishop pair.
	if (p.pieces[Bishop] & own).Several() {
		f[prBishopPair] = 4
	}
	// 18: rook pairs on one rank or file with nothing between.
	for b := p.pieces[Rook] & own; b != 0; {
		sq := b.PopLSB()
		for o := b; o != 0; {
			t := o.PopLSB()
			if (sq.Rank() == t.Rank() || sq.File() == t.File()) && betweenBB[sq][t]&occ == 0 {
				f[prConnectedRooks] += 4
			}
		}
	}
	// 19: −(distance to the nearest centre square) − ¼ per rank short of
	// the far edge: it rewards advancing the king, as printed.
	cd := 7
	for _, cs := range [4]Square{MakeSquare(3, 3), MakeSquare(4, 3), MakeSquare(3, 4), MakeSquare(4, 4)} {
		cd = min(cd, int(distance[ksq][cs]))
	}
	f[prKingCentralization] = -4*cd - (7 - relativeRank(c, ksq))
	// 20: knights on relative ranks 5–7 (a knight on the last rank has no
	// square in front and is skipped, 000:520), defended by an own pawn,
	// with no enemy pawn diagonally in front.
	for b := p.pieces[Knight] & own; b != 0; {
		sq := b.PopLSB()
		if rr := relativeRank(c, sq); rr < 4 || rr > 6 || pawnAttacks[c^1][sq]&pawns == 0 {
			continue
		}
		if pawnAttacks[c][sq]&enemyPawns == 0 {
			f[prKnightOutpost] += 4
		}
	}
	// 23: the three squares in front of the king: own pawn 1, other own piece 2.
	front := pawnPush(SquareBB(ksq), c)
	front |= front.east() | front.west()
	f[prKingShield] = 4 * ((front & pawns).Count() + 2*(front&own&^pawns).Count())
}

// refSeed000SafeMoves is algorithm 8 as docs/chromosomes.md 2.5 reads it:
// colour c's legal moves (c given the move if it has not) after which the
// destination has no more enemy attackers than own defenders. The board
// after the move is simulated on bitboards: the mover leaves its square
// and does not defend its own, a captured piece stops attacking.
func (p *Position) refSeed000SafeMoves(c Color) int {
	q := *p // shallow copy on the stack: move generation reads only the board
	if q.side != c {
		q.side, q.ep = c, NoSquare
	}
	var ml MoveList
	q.GenerateLegal(&ml)
	own, enemy := p.colors[c], p.colors[c^1]
	occ := own | enemy
	n := 0
	for _, m := range ml.Slice() {
		from, to := m.From(), m.To()
		occAfter := occ&^SquareBB(from) | SquareBB(to)
		ownAfter := own &^ SquareBB(from)
		enemyAfter := enemy &^ SquareBB(to)
		defenders := 0
		switch {
		case m.IsEnPassant():
			capSq := to ^ 8
			occAfter &^= SquareBB(capSq)
			enemyAfter &^= SquareBB(capSq)
		case m.IsCastle():
			// The rook lands beside the king and defends its square.
			rookFrom, rookTo := to+1, to-1
			if m.Flags() == FlagQueenCastle {
				rookFrom, rookTo = to-2, to+1
			}
			occAfter = occAfter&^SquareBB(rookFrom) | SquareBB(rookTo)
			ownAfter &^= SquareBB(rookFrom)
			defenders = 1
		}
		a := p.AttackersTo(to, occAfter)
		if (a & enemyAfter).Count() <= (a&ownAfter).Count()+defenders {
			n++
		}
	}
	return n
}

// refKingPressure is algorithm 15 for colour c's king: neighbouring squares
// the enemy attacks, plus enemy pieces attacking the king once every other
// piece of c is lifted off the board (x-rays through own pieces).
func (p *Position) refKingPressure(c Color) int {
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

// refConnectedPawnPairs counts, for every pawn, the friendly pawns on the
// squares diagonally behind it (algorithm 13: a pawn defended from both
// sides counts twice).
func refConnectedPawnPairs(pawns Bitboard, c Color) int {
	n := 0
	for b := pawns; b != 0; {
		n += (pawnAttacks[c^1][b.PopLSB()] & pawns).Count()
	}
	return n
}
