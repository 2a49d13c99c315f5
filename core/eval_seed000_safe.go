package core

import "math/bits"

// seed000SafeMoves is algorithm 8 as docs/chromosomes.md 2.5 reads it:
// colour c's legal moves (c given the move if it has not, without an
// en-passant right) after which the destination has no more enemy
// attackers than own defenders, on the board after the move: the mover
// leaves its square and does not defend its own, a captured piece stops
// attacking, a slider behind the mover's square attacks through it.
//
// It counts what generating the moves and asking AttackersTo after each
// would (eval_seed000_ref_test.go keeps that reading), from the attack
// counts of the board before the move (s, from newSafeSets): lifting the
// mover changes the destination's attackers only along the line through
// both squares, by the one piece standing right behind the mover. The
// moves are walked as GenerateLegal walks them, destinations as bitboards.
func (p *Position) seed000SafeMoves(c Color, enemyAttacks Bitboard, s *safeSets) int {
	var lc legalContext
	p.legalContextOf(c, &lc)
	rq := p.pieces[Rook] | p.pieces[Queen]
	bq := p.pieces[Bishop] | p.pieces[Queen]
	// Every legal king move is safe: legal means no enemy piece attacks
	// the destination once the king has left its square. Off the enemy's
	// attacks no square is attacked, unless a slider checks the king and
	// would hit the square behind it.
	kt := kingAttacks[lc.ksq] &^ lc.own
	n := 0
	if lc.checkers&(rq|bq) == 0 {
		n = (kt &^ enemyAttacks).Count()
	} else {
		occNoKing := lc.occ ^ SquareBB(lc.ksq)
		for kt != 0 {
			if !p.attackedBy(kt.PopLSB(), lc.them, occNoKing) {
				n++
			}
		}
	}
	if lc.doubleCheck {
		return n
	}
	// A piece attacks its destination: once it has left, its side needs
	// one more attacker there than before (margin 1), or none more if an
	// own slider behind it now sees through (0), two if an enemy one (2).
	// A knight has nobody behind it on the destination's line.
	for b := p.pieces[Knight] & lc.own &^ lc.pinned; b != 0; {
		n += (knightAttacks[b.PopLSB()] & lc.target & s.at(1)).Count()
	}
	for b := (rq | bq) & lc.own; b != 0; {
		from := b.PopLSB()
		var diag, orth Bitboard
		if bq.Has(from) {
			diag = BishopAttacks(from, lc.occ)
		}
		if rq.Has(from) {
			orth = RookAttacks(from, lc.occ)
		}
		t := (diag | orth) & lc.target
		if lc.pinned.Has(from) {
			t &= lineBB[lc.ksq][from]
		}
		n += (t & s.at(1)).Count()
		// The first piece the mover sees on each line is what stands
		// behind it when it moves the other way.
		for x := diag&lc.occ&bq | orth&lc.occ&rq; x != 0; {
			xsq := x.PopLSB()
			ray := t & lineBB[from][xsq] & beyond(xsq, from)
			margin := 2
			if lc.own.Has(xsq) {
				margin = 0
			}
			n += (ray & s.at(margin)).Count() - (ray & s.at(1)).Count()
		}
	}
	n += p.safePawnMoves(&lc, s, rq, bq)
	// Every legal castling is safe too: the king lands on a square no
	// enemy attacks, and lifting the king and rook opens no line to it
	// (the rook lands between it and the king's old square).
	if lc.checkers == 0 {
		for _, kingSide := range [2]bool{true, false} {
			if p.castleLegal(&lc, kingSide) {
				n++
			}
		}
	}
	return n
}

// safePawnMoves counts the safe pawn moves among lc's legal ones, the
// way genPawns lists them: a promotion counts once per piece (four moves).
// A push does not attack its destination (margin 0), a capture does (1);
// a slider right behind the pawn on the move's line shifts the margin.
// Unpinned pawns go in bulk, one bitboard per kind of move.
func (p *Position) safePawnMoves(lc *legalContext, s *safeSets, rq, bq Bitboard) int {
	g := &pawnGeo[lc.us]
	pawns := p.pieces[Pawn] & lc.own
	n := 0
	if lc.checkers == 0 { // a pinned pawn cannot answer a check
		for b := pawns & lc.pinned; b != 0; {
			from := b.PopLSB()
			allowed := lc.target & lineBB[lc.ksq][from]
			if to := Square(int(from) + g.push); !lc.occ.Has(to) {
				if allowed.Has(to) {
					n += p.pawnMoveSafe(lc, s, from, to, 0, rq)
				}
				if to2 := Square(int(to) + g.push); g.rank3.Has(to) && !lc.occ.Has(to2) && allowed.Has(to2) {
					n += p.pawnMoveSafe(lc, s, from, to2, 0, rq)
				}
			}
			for t := pawnAttacks[lc.us][from] & lc.enemy & allowed; t != 0; {
				n += p.pawnMoveSafe(lc, s, from, t.PopLSB(), 1, bq)
			}
		}
	}
	free := pawns &^ lc.pinned
	empty := ^lc.occ
	single := shiftBy(free, g.push) & empty
	double := shiftBy(single&g.rank3, g.push) & empty & lc.target
	single &= lc.target
	if single|double != 0 {
		own, enemy := behind(free, g.push, 0, rq&lc.own, rq&lc.enemy, empty)
		own, enemy = shiftBy(own, g.push), shiftBy(enemy, g.push)
		n += s.count(single, own, enemy, 0, g.rank8)
		n += s.count(double, shiftBy(own, g.push), shiftBy(enemy, g.push), 0, g.rank8)
	}
	targets := lc.enemy & lc.target
	for _, d := range [2]struct {
		delta int
		wrap  Bitboard // squares a capture that way cannot land on
	}{{g.left, FileH}, {g.right, FileA}} {
		to := shiftBy(free, d.delta) &^ d.wrap & targets
		if to == 0 {
			continue
		}
		own, enemy := behind(free, d.delta, d.wrap, bq&lc.own, bq&lc.enemy, empty)
		n += s.count(to, shiftBy(own, d.delta)&^d.wrap, shiftBy(enemy, d.delta)&^d.wrap, 1, g.rank8)
	}
	// En passant only for the side to move; the capture lifts two pieces,
	// so it takes the exact test.
	if ep := p.ep; lc.us == p.side && ep != NoSquare {
		for b := pawnAttacks[lc.them][ep] & pawns; b != 0; {
			from := b.PopLSB()
			if p.epMoveLegal(from, ep) && p.epSafe(from, ep) {
				n++
			}
		}
	}
	return n
}

// count returns how many of the moves to the squares of to are safe, a
// move being one square (four on the promotion rank): margin m, m − 1
// for those in own (an own slider behind the mover), m + 1 in enemy.
func (s *safeSets) count(to, own, enemy Bitboard, m int, promo Bitboard) int {
	safe := to&^own&^enemy&s.at(m) | to&own&s.at(m-1) | to&enemy&s.at(m+1)
	return safe.Count() + 3*(safe&promo).Count()
}

// behind returns which of the pawns have an own slider (of ownSliders)
// and which an enemy one right behind them, walking back from the move
// direction delta: the squares those sliders reach stepping delta through
// empty squares (a Kogge-Stone fill; wrap is the file a step that way
// cannot land on, none for a push).
func behind(pawns Bitboard, delta int, wrap, ownSliders, enemySliders, empty Bitboard) (own, enemy Bitboard) {
	if ownSliders != 0 {
		own = slideFill(ownSliders, empty&^wrap, delta) &^ wrap & pawns
	}
	if enemySliders != 0 {
		enemy = slideFill(enemySliders, empty&^wrap, delta) &^ wrap & pawns
	}
	return own, enemy
}

// slideFill returns the squares sliders on gen reach stepping delta
// through the squares of pro (empty and not wrapping), one step past
// the last: the first blocker included.
func slideFill(gen, pro Bitboard, delta int) Bitboard {
	gen |= pro & shiftBy(gen, delta)
	pro &= shiftBy(pro, delta)
	gen |= pro & shiftBy(gen, 2*delta)
	pro &= shiftBy(pro, 2*delta)
	gen |= pro & shiftBy(gen, 4*delta)
	return shiftBy(gen, delta)
}

// pawnMoveSafe returns how many safe moves the pawn move from→to is (0,
// 1, or 4 for a promotion): margin is 0 for a push, 1 for a capture,
// sliders the pieces that attack along the move's line.
func (p *Position) pawnMoveSafe(lc *legalContext, s *safeSets, from, to Square, margin int, sliders Bitboard) int {
	if line := lineBB[to][from]; line&sliders != 0 {
		if x := nearest(line&beyond(to, from)&lc.occ, to < from) & sliders; x&lc.own != 0 {
			margin--
		} else if x != 0 {
			margin++
		}
	}
	if !s.at(margin).Has(to) {
		return 0
	}
	if pawnGeo[lc.us].rank8.Has(to) {
		return 4
	}
	return 1
}

// beyond returns the squares on the far side of `from` as seen from a:
// along any line the square index grows one way, so it is every square
// above `from` when a is below it, every square below when a is above.
// Intersect it with the line through both.
func beyond(a, from Square) Bitboard {
	if a < from {
		return ^Bitboard(0) << (from + 1)
	}
	return SquareBB(from) - 1
}

// nearest returns the lowest square of b when up, else the highest (the
// first piece met walking up or down a line), or nothing.
func nearest(b Bitboard, up bool) Bitboard {
	if b == 0 {
		return 0
	}
	if up {
		return b & -b
	}
	return SquareBB(Square(63 - bits.LeadingZeros64(uint64(b))))
}

// epSafe is the safe-move test spelt out for en passant from→to: the
// captured pawn is not on the destination.
func (p *Position) epSafe(from, to Square) bool {
	capSq := to ^ 8
	occAfter := p.Occupied()&^SquareBB(from)&^SquareBB(capSq) | SquareBB(to)
	a := p.AttackersTo(to, occAfter)
	own, enemy := p.colors[p.side]&^SquareBB(from), p.colors[p.side^1]&^SquareBB(capSq)
	return (a & enemy).Count() <= (a & own).Count()
}
