package core

// GivesCheck reports whether the legal move m checks the opponent, without
// making it. Castling, en passant and promotions, rare and intricate, are
// made and unmade instead.
func (p *Position) GivesCheck(m Move) bool {
	if m.IsCastle() || m.IsEnPassant() || m.IsPromotion() {
		p.MakeMove(m)
		check := p.InCheck()
		p.UnmakeMove()
		return check
	}
	from, to := m.From(), m.To()
	us := p.side
	ksq := p.kings[us^1]
	fromBB, toBB := SquareBB(from), SquareBB(to)
	occ := (p.colors[White]|p.colors[Black])&^fromBB | toBB
	// Direct check by the moved piece.
	switch p.board[from].Type() {
	case Pawn:
		if pawnAttacks[us][to]&SquareBB(ksq) != 0 {
			return true
		}
	case Knight:
		if knightAttacks[to]&SquareBB(ksq) != 0 {
			return true
		}
	case Bishop:
		if BishopAttacks(to, occ)&SquareBB(ksq) != 0 {
			return true
		}
	case Rook:
		if RookAttacks(to, occ)&SquareBB(ksq) != 0 {
			return true
		}
	case Queen:
		if QueenAttacks(to, occ)&SquareBB(ksq) != 0 {
			return true
		}
	}
	// Discovered check by a slider the move unmasks.
	own := p.colors[us] &^ fromBB
	return RookAttacks(ksq, occ)&(p.pieces[Rook]|p.pieces[Queen])&own != 0 ||
		BishopAttacks(ksq, occ)&(p.pieces[Bishop]|p.pieces[Queen])&own != 0
}
