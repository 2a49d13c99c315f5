package core

import "testing"

// The terms of EvalTerms2 as first written (eval_terms2.go at a89425c,
// before it was made cheaper), kept as the reference the fast code must
// equal on every position and chromosome: TestTerms2MatchesReference.
// Only the names changed: ref… for the functions, refTerms2 for the
// evaluator, which holds what they read of it; and what the change left
// as it was, the counting of king-danger units and the passers' king
// distances and paths, is the evaluator's own code (refKingDangerUnits,
// refPassers2). The rest is checked: the attacks by type pieceTerms
// keeps, threats, space and the pawn beside a passer (the pawn entry
// holds parts of both now), which terms run where.

// refTerms2 is what the reference reads of an evaluator.
type refTerms2 struct {
	w          *Weights
	kingDanger [kingDangerSize]Score
}

// refTerms2Evaluate is evaluate with the switch on, as it was: the shared
// terms from off (an evaluator with the same weights and the switch off,
// whose pawn entry holds no part of the new terms), the new ones from the
// reference.
func refTerms2Evaluate(t testing.TB, off *Evaluator, p *Position) int {
	if off.terms2 || off.seedOnly || off.w.Seed000 != nil || off.w.Seed003 != nil || off.w.Seed004 != nil {
		t.Fatal("the reference needs full's evaluation with the switch off")
	}
	e := &refTerms2{w: off.w, kingDanger: kingDangerTable(off.w)}
	var sides [2]evalSide
	pe := off.pawnStructure(p)
	sides[White].start(p, White, pe, false)
	sides[Black].start(p, Black, pe, false)
	occ := p.Occupied()
	score := pe.score
	score += off.pieceTerms(p, White, &sides, pe, occ) - off.pieceTerms(p, Black, &sides, pe, occ)
	score += off.kingTerms(p, White, &sides) - off.kingTerms(p, Black, &sides)
	score += e.refTerms2Terms(p, &sides, pe.passed, occ)
	phase := p.gamePhase()
	v := taper(score, phase)
	if p.side == Black {
		v = -v
	}
	return v + taper(off.w.Tempo, phase)
}

// refByType[c][pt]: the squares colour c's knights … queens attack.
type refByType [2][Queen + 1]Bitboard

// refAttacksByType finds them from the position alone.
func refAttacksByType(p *Position, occ Bitboard) (by refByType) {
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

// refKingDangerUnits returns the attack units on colour c's king: the
// counting is kingDangerUnits' (unchanged, and TestKingDangerUnits checks
// it by hand), fed the attacks by type the reference finds itself rather
// than those pieceTerms keeps.
func (e *refTerms2) refKingDangerUnits(p *Position, c Color, sides *[2]evalSide, by *refByType) int {
	s := *sides
	for col := range s {
		s[col].by = by[col]
	}
	return (&Evaluator{w: e.w}).kingDangerUnits(p, c, &s)
}

// refTerms2Terms returns, white minus black, the switched-on terms: the king
// danger (in place of the quadratic kingTerms gave), threats, space and
// passed pawns (their king distance included, which passedTerms gives
// when the switch is off). Run after kingTerms.
func (e *refTerms2) refTerms2Terms(p *Position, sides *[2]evalSide, passed Bitboard, occ Bitboard) Score {
	w := e.w
	by := refAttacksByType(p, occ)
	minors := (p.pieces[Knight] | p.pieces[Bishop]).Count()
	var s [2]Score
	for c := White; c <= Black; c++ {
		if us := &sides[c]; us.kingAttackers >= 2 {
			s[c] += w.KingAttack.Scale(us.kingUnits*us.kingUnits/64) - e.kingDanger[e.refKingDangerUnits(p, c, sides, &by)]
		}
		s[c] += e.refThreats2(p, c, sides, &by) + e.refSpace(p, c, sides, minors) + e.refPassers2(p, passed&p.colors[c], c, sides, occ)
	}
	return s[White] - s[Black]
}

// refThreats2 scores colour c's pieces attacked by lesser ones and its
// hanging pawns.
func (e *refTerms2) refThreats2(p *Position, c Color, sides *[2]evalSide, by *refByType) Score {
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

// refSpace scores colour c's safe squares in the centre behind its pawns:
// not an own pawn, not attacked by an enemy pawn, and defended or not
// attacked at all; those at most three squares behind an own pawn count
// twice. Weighted by minors², as the space matters while pieces need it.
func (e *refTerms2) refSpace(p *Position, c Color, sides *[2]evalSide, minors int) Score {
	us, them := &sides[c], &sides[c^1]
	pawns := p.pieces[Pawn] & p.colors[c]
	safe := spaceMask[c] &^ pawns &^ them.pawnAttacks & (us.attacks | ^them.attacks)
	behind := pawns | pawnPush(pawns, c^1)
	behind |= pawnPush(pawnPush(behind, c^1), c^1)
	bonus := safe.Count() + (safe & behind).Count()
	return e.w.Terms2.Space.Scale(bonus * minors * minors / 64)
}

// refPassers2 scores colour c's passed pawns beyond their rank: the
// kings' distances and the path are passers2's (unchanged but for a mask
// taken out of its loop), the pawn beside or behind a passer, which the
// pawn entry holds now, the reference's own.
func (e *refTerms2) refPassers2(p *Position, passed Bitboard, c Color, sides *[2]evalSide, occ Bitboard) Score {
	t := &e.w.Terms2
	us := &sides[c]
	ownPawns := p.pieces[Pawn] & p.colors[c]
	s := (&Evaluator{w: e.w}).passers2(p, passed, c, sides, occ)
	for passed != 0 {
		sq := passed.PopLSB()
		r := relativeRank(c, sq) - 1
		if ownPawns&adjacentFiles[sq.File()]&rankMask(sq) != 0 {
			s += t.PassedPhalanx.Scale(r)
		} else if us.pawnAttacks.Has(sq) {
			s += t.PassedSupported.Scale(r)
		}
	}
	return s
}
