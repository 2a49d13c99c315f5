package core

// MoveList is a fixed-capacity list of moves, so generation never allocates.
type MoveList struct {
	Moves [256]Move
	N     int
}

// Slice returns the generated moves (aliasing the list's storage).
func (ml *MoveList) Slice() []Move { return ml.Moves[:ml.N] }

func (ml *MoveList) add(m Move) {
	ml.Moves[ml.N&255] = m
	ml.N++
}

// legalContext is what every legal generator needs to know first: who
// checks the king, which pieces are pinned, and where non-king moves may go.
type legalContext struct {
	us, them    Color
	own, enemy  Bitboard
	occ         Bitboard
	ksq         Square
	checkers    Bitboard
	pinned      Bitboard
	target      Bitboard // destinations that keep the king safe (ignoring pins)
	doubleCheck bool
}

func (p *Position) legalContext(lc *legalContext) { p.legalContextOf(p.side, lc) }

// legalContextOf is legalContext for colour us as if it were to move (seed
// 000 counts the safe moves of both sides, 2.5).
func (p *Position) legalContextOf(us Color, lc *legalContext) {
	them := us ^ 1
	lc.us, lc.them = us, them
	lc.own, lc.enemy = p.colors[us], p.colors[them]
	lc.occ = lc.own | lc.enemy
	ksq := p.kings[us]
	lc.ksq = ksq
	lc.checkers = p.AttackersTo(ksq, lc.occ) & lc.enemy
	lc.doubleCheck = lc.checkers.Several()
	lc.target = ^lc.own
	if lc.checkers != 0 {
		lc.target = betweenBB[ksq][lc.checkers.LSB()] | lc.checkers
	}
	// Pinned pieces: own pieces alone between the king and an enemy slider.
	snipers := (RookAttacks(ksq, 0)&(p.pieces[Rook]|p.pieces[Queen]) |
		BishopAttacks(ksq, 0)&(p.pieces[Bishop]|p.pieces[Queen])) & lc.enemy
	lc.pinned = 0
	for snipers != 0 {
		s := snipers.PopLSB()
		b := betweenBB[ksq][s] & lc.occ
		if b != 0 && !b.Several() {
			lc.pinned |= b & lc.own
		}
	}
}

// epMoveLegal reports whether the side to move may capture en passant from
// `from` to the en-passant square `to`: a full check, because the capture
// removes two pieces from one rank and can expose the king along it.
func (p *Position) epMoveLegal(from, to Square) bool {
	us := p.side
	them := us ^ 1
	ksq := p.kings[us]
	capSq := to ^ 8
	occ := (p.colors[White] | p.colors[Black]) ^ SquareBB(from) ^ SquareBB(to) ^ SquareBB(capSq)
	enemy := p.colors[them] &^ SquareBB(capSq)
	return (RookAttacks(ksq, occ)&(p.pieces[Rook]|p.pieces[Queen])|
		BishopAttacks(ksq, occ)&(p.pieces[Bishop]|p.pieces[Queen])|
		knightAttacks[ksq]&p.pieces[Knight]|
		pawnAttacks[us][ksq]&p.pieces[Pawn])&enemy == 0
}

// epCaptureLegal reports whether the side to move has any legal
// en-passant capture onto sq.
func (p *Position) epCaptureLegal(sq Square) bool {
	for b := pawnAttacks[p.side^1][sq] & p.pieces[Pawn] & p.colors[p.side]; b != 0; {
		if p.epMoveLegal(b.PopLSB(), sq) {
			return true
		}
	}
	return false
}

// castleLegal reports whether castling on the given side is legal now
// (the caller has checked the king is not in check).
func (p *Position) castleLegal(lc *legalContext, kingSide bool) bool {
	base := Square(0)
	right := WhiteKingSide
	if lc.us == Black {
		base, right = 56, BlackKingSide
	}
	if kingSide {
		return p.castling&right != 0 &&
			lc.occ&(SquareBB(base+F1)|SquareBB(base+G1)) == 0 &&
			!p.attackedBy(base+F1, lc.them, lc.occ) && !p.attackedBy(base+G1, lc.them, lc.occ)
	}
	right <<= 1
	return p.castling&right != 0 &&
		lc.occ&(SquareBB(base+B1)|SquareBB(base+C1)|SquareBB(base+D1)) == 0 &&
		!p.attackedBy(base+D1, lc.them, lc.occ) && !p.attackedBy(base+C1, lc.them, lc.occ)
}

// GenerateLegal fills ml with every legal move of the side to move.
func (p *Position) GenerateLegal(ml *MoveList) {
	ml.N = 0
	var lc legalContext
	p.legalContext(&lc)
	p.genKing(ml, &lc, ^lc.own)
	if lc.doubleCheck {
		return
	}
	p.genPieces(ml, &lc, lc.target)
	p.genPawns(ml, &lc, genAll)
	p.genCastles(ml, &lc)
}

// genCastles adds the legal castling moves.
func (p *Position) genCastles(ml *MoveList, lc *legalContext) {
	if lc.checkers != 0 {
		return
	}
	base := Square(0)
	if lc.us == Black {
		base = 56
	}
	if p.castleLegal(lc, true) {
		ml.add(NewMove(base+E1, base+G1, FlagKingCastle))
	}
	if p.castleLegal(lc, false) {
		ml.add(NewMove(base+E1, base+C1, FlagQueenCastle))
	}
}

// GenerateNoisy fills ml with the legal captures and queen promotions,
// or with every legal move when the side to move is in check (evasions):
// the moves quiescence search looks at.
func (p *Position) GenerateNoisy(ml *MoveList) {
	ml.N = 0
	var lc legalContext
	p.legalContext(&lc)
	if lc.checkers != 0 {
		p.genKing(ml, &lc, ^lc.own)
		if !lc.doubleCheck {
			p.genPieces(ml, &lc, lc.target)
			p.genPawns(ml, &lc, genAll)
		}
		return
	}
	p.genKing(ml, &lc, lc.enemy)
	p.genPieces(ml, &lc, lc.target&lc.enemy)
	p.genPawns(ml, &lc, genQS)
}

// appendCaptures adds to ml the legal captures (every promotion piece
// included) and the pushes promoting to a queen: the first stage of the
// staged move picker. With appendQuiets it lists every legal move, each
// once, in check or not. lc is the position's legalContext.
func (p *Position) appendCaptures(ml *MoveList, lc *legalContext) {
	p.genKing(ml, lc, lc.enemy)
	if lc.doubleCheck {
		return
	}
	p.genPieces(ml, lc, lc.target&lc.enemy)
	p.genPawns(ml, lc, genCaptures)
}

// appendQuiets adds to ml the legal moves appendCaptures leaves out:
// non-captures, pushes promoting to a knight, bishop or rook, castling.
func (p *Position) appendQuiets(ml *MoveList, lc *legalContext) {
	p.genKing(ml, lc, ^lc.occ)
	if lc.doubleCheck {
		return
	}
	p.genPieces(ml, lc, lc.target&^lc.occ)
	p.genPawns(ml, lc, genQuiets)
	p.genCastles(ml, lc)
}

// LegalMoves returns the legal moves as a new slice (convenient, allocating).
func (p *Position) LegalMoves() []Move {
	var ml MoveList
	p.GenerateLegal(&ml)
	return append([]Move(nil), ml.Slice()...)
}

func (p *Position) genKing(ml *MoveList, lc *legalContext, mask Bitboard) {
	occ := lc.occ ^ SquareBB(lc.ksq)
	for t := kingAttacks[lc.ksq] & mask &^ lc.own; t != 0; {
		to := t.PopLSB()
		if !p.attackedBy(to, lc.them, occ) {
			flag := FlagQuiet
			if lc.enemy.Has(to) {
				flag = FlagCapture
			}
			ml.add(NewMove(lc.ksq, to, flag))
		}
	}
}

// addTargets adds a move from `from` to every square of t.
func addTargets(ml *MoveList, from Square, t, enemy Bitboard) {
	for c := t & enemy; c != 0; {
		ml.add(NewMove(from, c.PopLSB(), FlagCapture))
	}
	for q := t &^ enemy; q != 0; {
		ml.add(NewMove(from, q.PopLSB(), FlagQuiet))
	}
}

// genPieces adds the knight, bishop, rook and queen moves to target.
func (p *Position) genPieces(ml *MoveList, lc *legalContext, target Bitboard) {
	for b := p.pieces[Knight] & lc.own &^ lc.pinned; b != 0; {
		from := b.PopLSB()
		addTargets(ml, from, knightAttacks[from]&target, lc.enemy)
	}
	for b := (p.pieces[Bishop] | p.pieces[Queen]) & lc.own; b != 0; {
		from := b.PopLSB()
		t := BishopAttacks(from, lc.occ) & target
		if lc.pinned.Has(from) {
			t &= lineBB[lc.ksq][from]
		}
		addTargets(ml, from, t, lc.enemy)
	}
	for b := (p.pieces[Rook] | p.pieces[Queen]) & lc.own; b != 0; {
		from := b.PopLSB()
		t := RookAttacks(from, lc.occ) & target
		if lc.pinned.Has(from) {
			t &= lineBB[lc.ksq][from]
		}
		addTargets(ml, from, t, lc.enemy)
	}
}

// pawnGeometry holds the colour-relative directions for pawn generation.
type pawnGeometry struct {
	push, left, right int // square deltas: forward, capture towards a-file, towards h-file
	rank3, rank8      Bitboard
}

var pawnGeo = [2]pawnGeometry{
	{push: 8, left: 7, right: 9, rank3: Rank3, rank8: Rank8},
	{push: -8, left: -9, right: -7, rank3: Rank6, rank8: Rank1},
}

func shiftBy(b Bitboard, d int) Bitboard {
	if d > 0 {
		return b << uint(d)
	}
	return b >> uint(-d)
}

// Which promotions addPawnMoves lists.
const (
	promoQueen = 1 << iota
	promoUnder // knight, bishop and rook
	promoAll   = promoQueen | promoUnder
)

// addPawnMoves adds pawn moves to the squares of `to`, each from the square
// delta behind it; arrivals on `promo` become the promotions `promos` asks
// for (quiescence wants only the queen).
func addPawnMoves(ml *MoveList, to Bitboard, delta int, flag int, promo Bitboard, promos int) {
	for b := to &^ promo; b != 0; {
		t := b.PopLSB()
		ml.add(NewMove(Square(int(t)-delta), t, flag))
	}
	pf := FlagPromo
	if flag == FlagCapture {
		pf = FlagPromoCap
	}
	for b := to & promo; b != 0; {
		t := b.PopLSB()
		from := Square(int(t) - delta)
		if promos&promoQueen != 0 {
			ml.add(NewMove(from, t, pf+3))
		}
		if promos&promoUnder == 0 {
			continue
		}
		ml.add(NewMove(from, t, pf))
		ml.add(NewMove(from, t, pf+2))
		ml.add(NewMove(from, t, pf+1))
	}
}

// genKind says which moves a generator lists.
type genKind uint8

const (
	genAll      genKind = iota // every legal move
	genQS                      // captures and queen promotions (quiescence)
	genCaptures                // captures with every promotion piece, pushes promoting to a queen
	genQuiets                  // non-captures but the pushes promoting to a queen
)

// genPawns adds the pawn moves of kind.
func (p *Position) genPawns(ml *MoveList, lc *legalContext, kind genKind) {
	g := &pawnGeo[lc.us]
	pawns := p.pieces[Pawn] & lc.own
	empty := ^lc.occ
	free := pawns &^ lc.pinned
	// pushTo holds the squares pushes may reach (empty ones among them).
	pushTo := lc.target
	pushPromos, capPromos, captures := promoAll, promoAll, true
	switch kind {
	case genQS:
		pushTo &= g.rank8
		pushPromos, capPromos = promoQueen, promoQueen
	case genCaptures:
		pushTo &= g.rank8
		pushPromos = promoQueen
	case genQuiets:
		pushPromos, captures = promoUnder, false
	}
	// Pinned pawns move only along their pin line; treat each alone. When
	// in check a pinned pawn has no legal move at all.
	if lc.checkers == 0 {
		for b := pawns & lc.pinned; b != 0; {
			from := b.PopLSB()
			line := lineBB[lc.ksq][from]
			fb := SquareBB(from)
			single := shiftBy(fb, g.push) & empty
			double := shiftBy(single&g.rank3, g.push) & empty & pushTo
			addPawnMoves(ml, single&line&pushTo, g.push, FlagQuiet, g.rank8, pushPromos)
			addPawnMoves(ml, double&line, 2*g.push, FlagDoublePush, 0, pushPromos)
			if !captures {
				continue
			}
			att := pawnAttacks[lc.us][from] & lc.enemy & line
			for a := att; a != 0; {
				t := a.PopLSB()
				addPawnMoves(ml, SquareBB(t), int(t)-int(from), FlagCapture, g.rank8, capPromos)
			}
		}
	}
	single := shiftBy(free, g.push) & empty & pushTo
	double := shiftBy(shiftBy(free, g.push)&empty&g.rank3, g.push) & empty & pushTo
	addPawnMoves(ml, single, g.push, FlagQuiet, g.rank8, pushPromos)
	addPawnMoves(ml, double, 2*g.push, FlagDoublePush, 0, pushPromos)
	if !captures {
		return
	}
	capTarget := lc.enemy & lc.target
	addPawnMoves(ml, shiftBy(free&notFileA, g.left)&capTarget, g.left, FlagCapture, g.rank8, capPromos)
	addPawnMoves(ml, shiftBy(free&notFileH, g.right)&capTarget, g.right, FlagCapture, g.rank8, capPromos)
	if p.ep != NoSquare {
		for b := pawnAttacks[lc.them][p.ep] & pawns; b != 0; {
			from := b.PopLSB()
			if p.epMoveLegal(from, p.ep) {
				ml.add(NewMove(from, p.ep, FlagEnPassant))
			}
		}
	}
}
