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

// checkInfo answers GivesCheck for the many moves of one position at the
// cost of a few lookups each: what GivesCheck computes per move that does
// not depend on the move is computed once, at the first question. The
// answers are GivesCheck's (TestCheckInfoMatchesGivesCheck).
type checkInfo struct {
	ready bool
	ksq   Square // the enemy king
	// direct[pt]: the squares from which a piece of type pt checks the
	// enemy king. The board before the move serves: a slider whose path
	// to the king ran through the square it leaves was checking already.
	direct [King + 1]Bitboard
	// discoverers are own pieces alone between the enemy king and an own
	// slider: leaving the line between them checks.
	discoverers Bitboard
}

// givesCheck reports whether the legal move m checks the opponent, like
// p.GivesCheck(m); ci belongs to p's current position (reset ready when
// the position changes).
func (ci *checkInfo) givesCheck(p *Position, m Move) bool {
	if m.IsCastle() || m.IsEnPassant() || m.IsPromotion() {
		return p.GivesCheck(m)
	}
	if !ci.ready {
		ci.fill(p)
	}
	from, to := m.From(), m.To()
	if ci.direct[p.board[from].Type()].Has(to) {
		return true
	}
	// A piece moving along the line stays between: knights never do, and
	// the others cannot pass over the slider or the king.
	return ci.discoverers.Has(from) && !lineBB[ci.ksq][from].Has(to)
}

// fill computes the check squares and discoverers of p for its side to move.
func (ci *checkInfo) fill(p *Position) {
	us, them := p.side, p.side^1
	ksq := p.kings[them]
	occ := p.Occupied()
	bishop, rook := BishopAttacks(ksq, occ), RookAttacks(ksq, occ)
	ci.ready, ci.ksq = true, ksq
	ci.direct = [King + 1]Bitboard{Pawn: pawnAttacks[them][ksq], Knight: knightAttacks[ksq], Bishop: bishop, Rook: rook, Queen: bishop | rook}
	own := p.colors[us]
	snipers := (RookAttacks(ksq, 0)&(p.pieces[Rook]|p.pieces[Queen]) |
		BishopAttacks(ksq, 0)&(p.pieces[Bishop]|p.pieces[Queen])) & own
	ci.discoverers = 0
	for snipers != 0 {
		b := betweenBB[ksq][snipers.PopLSB()] & occ
		if b != 0 && !b.Several() {
			ci.discoverers |= b & own
		}
	}
}
