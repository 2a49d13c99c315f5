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

// byType[c][pt]: the squares colour c's knights … queens attack.
type byType [2][Queen + 1]Bitboard

// attacksByType finds them again rather than have pieceTerms keep them:
// kept, they cost the evaluation with the switch off too (+0.8 % of the
// bench's instructions), found again, the switched-on terms (+5.6 %).
func attacksByType(p *Position, occ Bitboard) (by byType) {
	for c := White; c <= Black; c++ {
		own, to := p.colors[c], &by[c]
		for b := p.pieces[Knight] & own; b != 0; {
			to[Knight] |= knightAttacks[b.PopLSB()]
		}
		for b := p.pieces[Bishop] & own; b != 0; {
			to[Bishop] |= BishopAttacks(b.PopLSB(), occ)
		}
		for b := p.pieces[Rook] & own; b != 0; {
			to[Rook] |= RookAttacks(b.PopLSB(), occ)
		}
		for b := p.pieces[Queen] & own; b != 0; {
			to[Queen] |= QueenAttacks(b.PopLSB(), occ)
		}
	}
	return by
}

// kingDangerUnits returns the attack units on colour c's king, bounded
// to index the table: the existing ones plus weak squares, safe checks
// and contact checks (run after both pieceTerms).
func (e *Evaluator) kingDangerUnits(p *Position, c Color, sides *[2]evalSide, by *byType) int {
	t := &e.w.Terms2
	us, them := &sides[c], &sides[c^1]
	ours, theirs := &by[c], &by[c^1]
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
// when the switch is off). Run after kingTerms.
func (e *Evaluator) terms2Terms(p *Position, sides *[2]evalSide, passed Bitboard, occ Bitboard) Score {
	w := e.w
	by := attacksByType(p, occ)
	minors := (p.pieces[Knight] | p.pieces[Bishop]).Count()
	var s [2]Score
	for c := White; c <= Black; c++ {
		if us := &sides[c]; us.kingAttackers >= 2 {
			s[c] += w.KingAttack.Scale(us.kingUnits*us.kingUnits/64) - e.kingDanger[e.kingDangerUnits(p, c, sides, &by)]
		}
		s[c] += e.threats2(p, c, sides, &by) + e.space(p, c, sides, minors) + e.passers2(p, passed&p.colors[c], c, sides, occ)
	}
	return s[White] - s[Black]
}

// threats2 scores colour c's pieces attacked by lesser ones and its
// hanging pawns.
func (e *Evaluator) threats2(p *Position, c Color, sides *[2]evalSide, by *byType) Score {
	t := &e.w.Terms2
	own := p.colors[c]
	us, them := &sides[c], &sides[c^1]
	theirs := &by[c^1]
	minorAttacks := theirs[Knight] | theirs[Bishop]
	rooks, queens := p.pieces[Rook]&own, p.pieces[Queen]&own
	return t.ThreatMinorOnRook.Scale((rooks & minorAttacks).Count()) +
		t.ThreatMinorOnQueen.Scale((queens & minorAttacks).Count()) +
		t.ThreatRookOnQueen.Scale((queens & theirs[Rook]).Count()) +
		t.HangingPawn.Scale((p.pieces[Pawn] & own & them.attacks &^ us.attacks).Count())
}

// space scores colour c's safe squares in the centre behind its pawns:
// not an own pawn, not attacked by an enemy pawn, and defended or not
// attacked at all; those at most three squares behind an own pawn count
// twice. Weighted by minors², as the space matters while pieces need it.
func (e *Evaluator) space(p *Position, c Color, sides *[2]evalSide, minors int) Score {
	us, them := &sides[c], &sides[c^1]
	pawns := p.pieces[Pawn] & p.colors[c]
	safe := spaceMask[c] &^ pawns &^ them.pawnAttacks & (us.attacks | ^them.attacks)
	behind := pawns | pawnPush(pawns, c^1)
	behind |= pawnPush(pawnPush(behind, c^1), c^1)
	bonus := safe.Count() + (safe & behind).Count()
	return e.w.Terms2.Space.Scale(bonus * minors * minors / 64)
}

// passers2 scores colour c's passed pawns beyond their rank: the kings'
// distances to the square in front, a free or safe path, a defended path,
// and a pawn beside or behind it.
func (e *Evaluator) passers2(p *Position, passed Bitboard, c Color, sides *[2]evalSide, occ Bitboard) Score {
	w := e.w
	t := &w.Terms2
	us, them := &sides[c], &sides[c^1]
	ownPawns := p.pieces[Pawn] & p.colors[c]
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
			switch unsafe := path & (them.attacks | p.colors[c^1]); {
			case unsafe == 0:
				s += t.PassedFreePath.Scale(rr)
			case !unsafe.Has(stop):
				s += t.PassedSafeStop.Scale(rr)
			}
			if path&^us.attacks == 0 {
				s += t.PassedDefendedPath.Scale(rr)
			}
		}
		if ownPawns&adjacentFiles[sq.File()]&rankMask(sq) != 0 {
			s += t.PassedPhalanx.Scale(r)
		} else if us.pawnAttacks.Has(sq) {
			s += t.PassedSupported.Scale(r)
		}
	}
	return s
}
