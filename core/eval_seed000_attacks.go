package core

// Attack maps of seed 000's evaluation, built once per colour per
// evaluation and shared by safe moves (algorithm 8), blocked pieces (21),
// piece defence and space (16, 22) and king pressure (15). Before, each of
// them asked AttackersTo square by square: one call per legal move of
// each side, which was half of a Paper000 search's time.

// attackMap is what one colour's pieces attack with the board's occupancy.
type attackMap struct {
	all Bitboard // every attacked square: attackUnion
	// count holds, per square, how many of the colour's pieces attack it
	// (AttackersTo(sq, occ) & colour, counted), bit-sliced: bit k of a
	// square's count is that square's bit of count[k]. Five bits hold up to
	// 31; a colour has at most 16 pieces.
	count   [5]Bitboard
	blocked int // knights, bishops, rooks and queens attacking only own pieces
}

// add counts one more attacker on every square of a (a bit-sliced
// increment: the carry ripples up only where it is set).
func (m *attackMap) add(a Bitboard) {
	m.all |= a
	for k := range m.count {
		carry := m.count[k] & a
		m.count[k] ^= a
		a = carry
		if a == 0 {
			return
		}
	}
}

// attackMapOf builds colour c's attack map with occupancy occ.
func (p *Position) attackMapOf(c Color, occ Bitboard) attackMap {
	var m attackMap
	own := p.colors[c]
	pawns := p.pieces[Pawn] & own
	// Each pawn attacks towards both sides: two addends, so a square hit
	// by two pawns counts two.
	if c == White {
		m.add((pawns & notFileA) << 7)
		m.add((pawns & notFileH) << 9)
	} else {
		m.add((pawns & notFileA) >> 9)
		m.add((pawns & notFileH) >> 7)
	}
	m.add(kingAttacks[p.kings[c]])
	for b := p.pieces[Knight] & own; b != 0; {
		m.addPiece(knightAttacks[b.PopLSB()], own)
	}
	for b := p.pieces[Bishop] & own; b != 0; {
		m.addPiece(BishopAttacks(b.PopLSB(), occ), own)
	}
	for b := p.pieces[Rook] & own; b != 0; {
		m.addPiece(RookAttacks(b.PopLSB(), occ), own)
	}
	for b := p.pieces[Queen] & own; b != 0; {
		m.addPiece(QueenAttacks(b.PopLSB(), occ), own)
	}
	return m
}

// addPiece adds a knight, bishop, rook or queen's attacks, noting whether
// it is blocked (algorithm 21: no square but own pieces).
func (m *attackMap) addPiece(a, own Bitboard) {
	if a&^own == 0 {
		m.blocked++
	}
	m.add(a)
}

// safeSets holds, for a colour, the squares where its attackers outnumber
// the enemy's by at least m, for m = −1 … 2 (atLeast[m+1]): a move is safe
// when the count after it, corrected for the mover and an x-ray it opens,
// is at least the enemy's (seed000SafeMoves).
type safeSets struct{ atLeast [4]Bitboard }

// newSafeSets compares two attack counts square by square, bit-sliced:
// t = own + (31 − enemy) + 1 = own − enemy + 32, six bits, so
// own − enemy ≥ m exactly when t ≥ 32 + m.
func newSafeSets(own, enemy *attackMap) (us, them safeSets) {
	var t [6]Bitboard
	carry := ^Bitboard(0) // the + 1
	for k := range 5 {
		a, b := own.count[k], ^enemy.count[k]
		t[k] = a ^ b ^ carry
		carry = a&b | carry&(a^b)
	}
	t[5] = carry
	low := t[1] | t[2] | t[3] | t[4]
	us.atLeast[0] = t[5] | t[0]&t[1]&t[2]&t[3]&t[4] // t ≥ 31
	us.atLeast[1] = t[5]                            // t ≥ 32
	us.atLeast[2] = t[5] & (t[0] | low)             // t ≥ 33
	us.atLeast[3] = t[5] & low                      // t ≥ 34
	// The enemy's margin is the negation: enemy − own ≥ m ⇔ not own − enemy ≥ 1 − m.
	for i := range 4 {
		them.atLeast[i] = ^us.atLeast[3-i]
	}
	return us, them
}

// at returns the squares where the colour's margin is at least m (−1 … 2).
func (s *safeSets) at(m int) Bitboard { return s.atLeast[m+1] }
