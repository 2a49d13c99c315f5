package core

// Feature helpers shared by the seed blocks (eval_seed000/003/004.go).

// attackUnion returns every square colour c attacks, pawns and king
// included. The search's ThreatHistory asks it at most nodes, hence a
// loop per kind of ray (a queen's in both) rather than pieceAttacks'
// switch per piece.
func (p *Position) attackUnion(c Color, occ Bitboard) Bitboard {
	own := p.colors[c]
	a := pawnAttacksBB(p.pieces[Pawn]&own, c) | kingAttacks[p.kings[c]]
	for b := p.pieces[Knight] & own; b != 0; {
		a |= knightAttacks[b.PopLSB()]
	}
	for b := (p.pieces[Bishop] | p.pieces[Queen]) & own; b != 0; {
		a |= BishopAttacks(b.PopLSB(), occ)
	}
	for b := (p.pieces[Rook] | p.pieces[Queen]) & own; b != 0; {
		a |= RookAttacks(b.PopLSB(), occ)
	}
	return a
}

// isCastled is the stateless "has castled" test of seeds 000 (alg 9) and
// 004 (F_king,3): king on its g1 or h1 with an own rook on f1, or on b1 or
// c1 with an own rook on d1 (relative squares). Evaluation must depend on
// the position only, and test positions carry no move history.
func (p *Position) isCastled(c Color) bool {
	base := Square(0)
	if c == Black {
		base = 56
	}
	ksq := p.kings[c]
	rooks := p.pieces[Rook] & p.colors[c]
	switch ksq {
	case base + G1, base + H1:
		return rooks.Has(base + F1)
	case base + B1, base + C1:
		return rooks.Has(base + D1)
	}
	return false
}

// legalMoveCount counts colour c's legal moves, as if c were to move:
// seeds 000 and 003 weigh both sides' mobility, so the side not to move is
// given the move, without an en-passant right (it made the last move).
func (p *Position) legalMoveCount(c Color) int {
	if p.side == c {
		return p.CountLegal()
	}
	q := *p // shallow copy on the stack: move generation reads only the board
	q.side, q.ep = c, NoSquare
	return q.CountLegal()
}

// passedPawns returns c's pawns with no enemy pawn ahead of them on their
// own or an adjacent file (docs/chromosomes.md 1.6; own pawns ahead do not
// matter, unlike the shared evaluator's definition).
func passedPawns(c Color, own, enemy Bitboard) Bitboard {
	var out Bitboard
	for b := own; b != 0; {
		sq := b.PopLSB()
		if passedMask[c][sq]&enemy == 0 {
			out |= SquareBB(sq)
		}
	}
	return out
}

// isolatedPawns returns c's pawns with no own pawn on an adjacent file.
func isolatedPawns(own Bitboard) Bitboard {
	var out Bitboard
	for b := own; b != 0; {
		sq := b.PopLSB()
		if adjacentFiles[sq.File()]&own == 0 {
			out |= SquareBB(sq)
		}
	}
	return out
}

// doubledPawns counts, per file with n ≥ 2 own pawns, n − 1.
func doubledPawns(own Bitboard) int {
	return own.Count() - (fileFill(own) & Rank1).Count()
}
