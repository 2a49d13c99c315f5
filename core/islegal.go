package core

// IsLegal reports whether m is a legal move here. Moves from a hash table
// may belong to another position (a key collision, or a different path),
// so the search checks them before playing them without generating the
// whole move list.
func (p *Position) IsLegal(m Move) bool {
	if m == NullMove {
		return false
	}
	from, to := m.From(), m.To()
	us := p.side
	pc := p.board[from]
	if pc == NoPiece || pc.Color() != us || from == to {
		return false
	}
	target := p.board[to]
	if target != NoPiece && target.Color() == us {
		return false
	}
	occ := p.colors[White] | p.colors[Black]
	flag := m.Flags()
	if m.IsCastle() {
		return p.castleMoveLegal(m)
	}
	if flag == FlagEnPassant {
		return pc.Type() == Pawn && to == p.ep && pawnAttacks[us][from].Has(to) && p.epMoveLegal(from, to)
	}
	if m.IsCapture() != (target != NoPiece) || flag == 6 || flag == 7 {
		return false
	}
	if pc.Type() == Pawn {
		lastRank := Rank8
		if us == Black {
			lastRank = Rank1
		}
		if m.IsPromotion() != lastRank.Has(to) {
			return false
		}
		fwd := pawnPush(SquareBB(from), us)
		switch {
		case m.IsCapture():
			if !pawnAttacks[us][from].Has(to) {
				return false
			}
		case flag == FlagDoublePush:
			if relativeRank(us, from) != 1 || fwd&occ != 0 || pawnPush(fwd, us) != SquareBB(to) || occ.Has(to) {
				return false
			}
		default:
			if fwd != SquareBB(to) || occ.Has(to) {
				return false
			}
		}
	} else {
		if m.IsPromotion() || flag == FlagDoublePush {
			return false
		}
		if !pieceAttacks(pc.Type(), from, occ).Has(to) {
			return false
		}
	}
	// Pseudo-legal: now make sure our king is safe afterwards.
	return p.kingSafeAfter(from, to, pc.Type() == King)
}

// kingSafeAfter reports whether the side to move's king is out of check
// once a piece goes from `from` to `to` (capturing whatever stands there;
// not castling, not en passant): the board as the move leaves it, looked
// at from the king, without making the move.
func (p *Position) kingSafeAfter(from, to Square, kingMoves bool) bool {
	us := p.side
	toBB := SquareBB(to)
	occ := (p.colors[White]|p.colors[Black])&^SquareBB(from) | toBB
	enemy := p.colors[us^1] &^ toBB
	ksq := p.kings[us]
	if kingMoves {
		ksq = to
	}
	return (RookAttacks(ksq, occ)&(p.pieces[Rook]|p.pieces[Queen])|
		BishopAttacks(ksq, occ)&(p.pieces[Bishop]|p.pieces[Queen])|
		knightAttacks[ksq]&p.pieces[Knight]|
		pawnAttacks[us][ksq]&p.pieces[Pawn]|
		kingAttacks[ksq]&p.pieces[King])&enemy == 0
}

// castleMoveLegal checks a castling move's squares and the usual conditions.
func (p *Position) castleMoveLegal(m Move) bool {
	base := Square(0)
	if p.side == Black {
		base = 56
	}
	kingSide := m.Flags() == FlagKingCastle
	want := NewMove(base+E1, base+C1, FlagQueenCastle)
	if kingSide {
		want = NewMove(base+E1, base+G1, FlagKingCastle)
	}
	if m != want || p.board[base+E1] != MakePiece(p.side, King) || p.InCheck() {
		return false
	}
	var lc legalContext
	lc.us, lc.them = p.side, p.side^1
	lc.occ = p.colors[White] | p.colors[Black]
	return p.castleLegal(&lc, kingSide)
}
