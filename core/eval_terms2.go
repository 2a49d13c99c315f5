package core

// The evaluation terms of issue 26 that full lacked, as a classical
// evaluation has them (the shapes are Stockfish 4's evaluate.cpp, 2013;
// docs/chromosomes.md 6.4 gives each default and how it was scaled). They
// run only with the EvalTerms2 switch on, so the shipped evaluation, its
// bench signature and its speed do not change until an SPRT says so.

// Terms2Weights are the compiled genes of those terms.
type Terms2Weights struct {
	// King danger: with two or more attackers on the king zone, the
	// penalty is the table kingDangerTable makes of units (rather than
	// KingAttack·units²/64): the same quadratic, rising at most
	// KingDangerSlope a unit and at most KingDangerPeak in all.
	KingDangerSlope, KingDangerPeak int
	// Attack units added to the existing ones (KingAttackWeight per
	// zone square hit): per square next to the king attacked by the
	// enemy and defended by the king alone, per safe checking square of
	// a knight … queen, and per contact check of a rook or queen (a weak
	// square next to the king that it attacks, backed by another piece).
	KingWeakSquare   int
	KingSafeCheck    [7]int
	KingContactCheck [7]int

	// Threats to own pieces, per piece: a rook attacked by a knight or
	// bishop, a queen attacked by one, a queen attacked by a rook; and a
	// pawn attacked and undefended (HangingPiece counts the others).
	ThreatMinorOnRook  Score
	ThreatMinorOnQueen Score
	ThreatRookOnQueen  Score
	HangingPawn        Score

	// Space: per safe square of the centre files behind the pawns
	// (spaceMask), a square at most three behind an own pawn counted
	// twice, times minors²/64 (the knights and bishops on the board).
	Space Score

	// Passed pawns, on top of PassedPawn: the own king's distance to the
	// square in front (PassedKingDistance then weighs the enemy king's
	// alone), times the rank / 2 as PassedKingDistance; with the square
	// in front empty, a path to promotion that no enemy attacks or holds
	// (else a square in front that none does), and a path all defended,
	// times r(r−1) (r: ranks advanced from the second); a passer beside
	// an own pawn (else defended by one), times r.
	PassedOwnKingDistance Score
	PassedFreePath        Score
	PassedSafeStop        Score
	PassedDefendedPath    Score
	PassedPhalanx         Score
	PassedSupported       Score
}

// kingDangerSize bounds the attack units the table is indexed by.
const kingDangerSize = 100

// spaceMask[c]: the squares space counts, files c–f on c's relative
// ranks 2–4.
var spaceMask = [2]Bitboard{
	(Rank2 | Rank3 | Rank4) & (FileA<<2 | FileA<<3 | FileA<<4 | FileA<<5),
	(Rank7 | Rank6 | Rank5) & (FileA<<2 | FileA<<3 | FileA<<4 | FileA<<5),
}

// kingDangerTable makes the king-danger penalty by attack units: per
// phase, KingAttack·u²/64 in size (as the term it replaces), rising by
// at most KingDangerSlope a unit and capped at KingDangerPeak, with
// KingAttack's sign (Stockfish 4: min(Peak, min(0.4·i², t + MaxSlope))).
func kingDangerTable(w *Weights) [kingDangerSize]Score {
	var t [kingDangerSize]Score
	slope, peak := w.Terms2.KingDangerSlope, w.Terms2.KingDangerPeak
	k := [2]int{w.KingAttack.MG(), w.KingAttack.EG()}
	var prev [2]int
	for u := 1; u < kingDangerSize; u++ {
		var v [2]int
		for ph := range k {
			m := min(peak, abs(k[ph])*(u*u/64), prev[ph]+slope)
			prev[ph] = m
			if k[ph] < 0 {
				m = -m
			}
			v[ph] = m
		}
		t[u] = S(v[0], v[1])
	}
	return t
}

// kingDangerUnits returns the attack units on colour c's king, bounded
// to index the table: the existing ones plus weak squares, safe checks
// and contact checks (run after both pieceTerms).
func (e *Evaluator) kingDangerUnits(p *Position, c Color, sides *[2]evalSide) int {
	t := &e.w.Terms2
	us, them := &sides[c], &sides[c^1]
	ours, theirs := &us.by, &them.by
	ksq := p.kings[c]
	enemy := p.colors[c^1]
	units := us.kingUnits
	// Squares next to the king the enemy attacks and only the king defends.
	defended := us.pawnAttacks | ours[Knight] | ours[Bishop] | ours[Rook] | ours[Queen]
	weak := kingAttacks[ksq] & them.attacks &^ defended
	units += t.KingWeakSquare * weak.Count()
	// Contact checks: the checker lands on a weak square another enemy
	// piece backs, so the king cannot take it.
	if contact := weak &^ enemy; contact != 0 {
		others := them.pawnAttacks | theirs[Knight] | theirs[Bishop]
		q := contact & theirs[Queen] & (others | theirs[Rook])
		r := contact & theirs[Rook] & (others | theirs[Queen]) & (rankMask(ksq) | fileMask(ksq))
		units += t.KingContactCheck[Queen]*q.Count() + t.KingContactCheck[Rook]*r.Count()
	}
	// Safe checks from a distance: squares that check the king, neither
	// held by the enemy nor attacked by us.
	occ := p.Occupied()
	safe := ^(enemy | us.attacks)
	straight, diagonal := RookAttacks(ksq, occ)&safe, BishopAttacks(ksq, occ)&safe
	units += t.KingSafeCheck[Queen]*((straight|diagonal)&theirs[Queen]).Count() +
		t.KingSafeCheck[Rook]*(straight&theirs[Rook]).Count() +
		t.KingSafeCheck[Bishop]*(diagonal&theirs[Bishop]).Count() +
		t.KingSafeCheck[Knight]*(knightAttacks[ksq]&safe&theirs[Knight]).Count()
	return min(max(units, 0), kingDangerSize-1)
}

// terms2Terms returns, white minus black, the switched-on terms: the king
// danger (in place of the quadratic kingTerms gave), threats, space and
// passed pawns (their king distance included, which passedTerms gives
// when the switch is off; a pawn beside or behind a passer comes with
// the pawn entry's score, passerNeighbours). Run after kingTerms.
//
// Both colours and every term are one function, and a term is skipped
// where it cannot score (no rook or queen to threaten, no minor piece for
// space, no passer, fewer than two king attackers): a call per term and
// colour cost more than most terms.
func (e *Evaluator) terms2Terms(p *Position, sides *[2]evalSide, pe *pawnEntry, occ Bitboard) Score {
	w := e.w
	t := &w.Terms2
	minors := (p.pieces[Knight] | p.pieces[Bishop]).Count()
	minors2 := uint(minors * minors)
	var s [2]Score
	us, them := &sides[White], &sides[Black] // swapped after each colour
	for c := White; c <= Black; c++ {
		own := p.colors[c]
		pawns := p.pieces[Pawn] & own
		var v Score
		if us.kingAttackers >= 2 {
			v += w.KingAttack.Scale(us.kingUnits * us.kingUnits / 64)
			if !e.kingDangerZero {
				v -= e.kingDanger[e.kingDangerUnits(p, c, sides)]
			}
		}
		// Threats: own pieces attacked by lesser ones, hanging pawns.
		rooks, queens := p.pieces[Rook]&own, p.pieces[Queen]&own
		minorAttacks := them.by[Knight] | them.by[Bishop]
		if (rooks|queens)&(minorAttacks|them.by[Rook]) != 0 {
			v += t.ThreatMinorOnRook.Scale((rooks & minorAttacks).Count()) +
				t.ThreatMinorOnQueen.Scale((queens & minorAttacks).Count()) +
				t.ThreatRookOnQueen.Scale((queens & them.by[Rook]).Count())
		}
		v += t.HangingPawn.Scale((pawns & them.attacks &^ us.attacks).Count())
		// Space: safe squares in the centre behind the pawns: not an own
		// pawn, not attacked by an enemy pawn, and defended or not
		// attacked at all; those at most three squares behind an own pawn
		// count twice. Weighted by minors², as the space matters while
		// pieces need it.
		if minors != 0 {
			safe := pe.space[0] & spaceMask[c] & (us.attacks | ^them.attacks)
			bonus := safe.Count() + (safe & pe.space[1]).Count()
			v += t.Space.Scale(int(uint(bonus) * minors2 / 64)) // ≥ 0: unsigned divides by a shift
		}
		if b := pe.passed & own; b != 0 {
			v += e.passers2(p, b, c, sides, occ)
			if e.terms8 {
				v += e.w.Terms8.passers8(p, b, c, sides, occ)
			}
		}
		s[c] = v
		us, them = them, us
	}
	return s[White] - s[Black]
}

// spaceSquares returns, for the space term, the squares of spaceMask
// (both colours': they do not overlap) that are not an own pawn nor
// attacked by an enemy pawn, and those of them at most three squares
// behind an own pawn. Pawns alone decide them, so the pawn entry holds
// them.
func spaceSquares(white, black Bitboard) (out [2]Bitboard) {
	for c := White; c <= Black; c++ {
		pawns, enemy := white, black
		if c == Black {
			pawns, enemy = black, white
		}
		area := spaceMask[c] &^ pawns &^ pawnAttacksBB(enemy, c^1)
		behind := pawns | pawnPush(pawns, c^1)
		behind |= pawnPush(pawnPush(behind, c^1), c^1)
		out[0] |= area
		out[1] |= area & behind
	}
	return out
}

// passers2 scores colour c's passed pawns beyond their rank: the kings'
// distances to the square in front, a free or safe path and a defended
// path.
func (e *Evaluator) passers2(p *Position, passed Bitboard, c Color, sides *[2]evalSide, occ Bitboard) Score {
	w := e.w
	t := &w.Terms2
	us, them := &sides[c], &sides[c^1]
	unsafe := them.attacks | p.colors[c^1]
	var s Score
	for passed != 0 {
		sq := passed.PopLSB()
		rank := relativeRank(c, sq) // 1 … 6: a passed pawn is never on its last rank
		stop := pawnPush(SquareBB(sq), c).LSB()
		s += w.PassedKingDistance.Scale(int(distance[p.kings[c^1]][stop]) * rank / 2)
		s -= t.PassedOwnKingDistance.Scale(int(distance[p.kings[c]][stop]) * rank / 2)
		r := rank - 1
		if rr := r * (r - 1); rr > 0 && !occ.Has(stop) {
			path := forwardMask[c][sq]
			switch u := path & unsafe; {
			case u == 0:
				s += t.PassedFreePath.Scale(rr)
			case !u.Has(stop):
				s += t.PassedSafeStop.Scale(rr)
			}
			if path&^us.attacks == 0 {
				s += t.PassedDefendedPath.Scale(rr)
			}
		}
	}
	return s
}

// passerNeighbours scores the pawn beside (else behind, defending) each
// of colour c's passed pawns, times r (ranks advanced from the second):
// the pawns alone decide it, so pawnStructure adds it to the pawn entry's
// score with the switch on, and the evaluation finds it there.
func (e *Evaluator) passerNeighbours(c Color, passed, own Bitboard) Score {
	t := &e.w.Terms2
	defended := pawnAttacksBB(own, c)
	var s Score
	for passed != 0 {
		sq := passed.PopLSB()
		r := relativeRank(c, sq) - 1
		switch {
		case own&adjacentFiles[sq.File()]&rankMask(sq) != 0:
			s += t.PassedPhalanx.Scale(r)
		case defended.Has(sq):
			s += t.PassedSupported.Scale(r)
		}
	}
	return s
}

// setTerms2 switches the terms on or off and reports a change. The caches
// hold scores of the setting they were filled with (the pawn entries
// passerNeighbours too), so a change empties them.
func (e *Evaluator) setTerms2(on bool) bool {
	if on == e.terms2 {
		return false
	}
	e.terms2 = on
	clear(e.pawnCache)
	e.clearCache()
	return true
}
