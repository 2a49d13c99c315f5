package core

// CountLegal returns the number of legal moves without listing them: the
// same rules as GenerateLegal, counted with population counts. Perft uses
// it at the last ply ("bulk counting").
func (p *Position) CountLegal() int {
	var lc legalContext
	p.legalContext(&lc)
	n := 0
	occNoKing := lc.occ ^ SquareBB(lc.ksq)
	for t := kingAttacks[lc.ksq] &^ lc.own; t != 0; {
		if !p.attackedBy(t.PopLSB(), lc.them, occNoKing) {
			n++
		}
	}
	if lc.doubleCheck {
		return n
	}
	for b := p.pieces[Knight] & lc.own &^ lc.pinned; b != 0; {
		n += (knightAttacks[b.PopLSB()] & lc.target).Count()
	}
	for b := (p.pieces[Bishop] | p.pieces[Queen]) & lc.own; b != 0; {
		from := b.PopLSB()
		t := BishopAttacks(from, lc.occ) & lc.target
		if lc.pinned.Has(from) {
			t &= lineBB[lc.ksq][from]
		}
		n += t.Count()
	}
	for b := (p.pieces[Rook] | p.pieces[Queen]) & lc.own; b != 0; {
		from := b.PopLSB()
		t := RookAttacks(from, lc.occ) & lc.target
		if lc.pinned.Has(from) {
			t &= lineBB[lc.ksq][from]
		}
		n += t.Count()
	}

	g := &pawnGeo[lc.us]
	pawns := p.pieces[Pawn] & lc.own
	empty := ^lc.occ
	free := pawns &^ lc.pinned
	if lc.checkers == 0 {
		for b := pawns & lc.pinned; b != 0; {
			from := b.PopLSB()
			line := lineBB[lc.ksq][from]
			single := shiftBy(SquareBB(from), g.push) & empty
			double := shiftBy(single&g.rank3, g.push) & empty
			to := (single | double | pawnAttacks[lc.us][from]&lc.enemy) & line
			n += to.Count() + 3*(to&g.rank8).Count()
		}
	}
	single := shiftBy(free, g.push) & empty
	double := shiftBy(single&g.rank3, g.push) & empty & lc.target
	single &= lc.target
	capTarget := lc.enemy & lc.target
	left := shiftBy(free&notFileA, g.left) & capTarget
	right := shiftBy(free&notFileH, g.right) & capTarget
	n += double.Count() + single.Count() + left.Count() + right.Count() +
		3*(single&g.rank8).Count() + 3*(left&g.rank8).Count() + 3*(right&g.rank8).Count()
	if p.ep != NoSquare {
		for b := pawnAttacks[lc.them][p.ep] & pawns; b != 0; {
			if p.epMoveLegal(b.PopLSB(), p.ep) {
				n++
			}
		}
	}
	if lc.checkers == 0 {
		if p.castleLegal(&lc, true) {
			n++
		}
		if p.castleLegal(&lc, false) {
			n++
		}
	}
	return n
}
