package core

// The fifth batch of classical terms (issue 26): Stockfish 11's king
// danger (evaluate.cpp, 2020, Evaluation::king), a sum of attack units
// over many features of the attack on a king, turned into a penalty
// quadratic in the middle game and linear in the end game once it passes
// 100 units. It comes beside the king safety the evaluation has (the
// attack units of KingAttackWeight through the table of eval_terms2),
// which a retune may weigh down. As eval_terms3's and eval_terms4's,
// every gene's default is 0 and neutral (no units, no penalty): the code
// runs only where a gene has moved (Evaluator.terms5); a retune starts
// from Stockfish's numbers (docs/chromosomes.md 6.7).

// Terms5Weights are the compiled genes of those terms.
type Terms5Weights struct {
	// Units per enemy piece of the type that attacks the king's zone
	// (Stockfish's kingAttackersWeight), and once per kind of safe check
	// (a square the checker reaches that we do not hold, or hold only
	// with the king or queen while the enemy attacks it twice).
	Attacker, SafeCheck [Queen + 1]int
	// Units per zone square weak (attacked, defended at most once and
	// only by the king or queen, or not at all), per square of an unsafe
	// check, per piece (either side's) alone between the king and an
	// enemy slider, per attack of an enemy piece on the zone
	// (kingAttacksCount), and KingFlank × f²/8 with f the flank attacks
	// (eval_terms4's count).
	WeakRing, UnsafeCheck, Blocker, KingHits, Flank int
	// Mobility: 64ths of the enemy's middle-game mobility less ours.
	// Shelter: 64ths of the middle-game shelter (eval_terms4's, the best
	// square's) taken off. NoQueen off when the enemy has no queen,
	// KnightDefender off when our knight defends a square next to the
	// king, Bias added.
	Mobility, Shelter, NoQueen, KnightDefender, Bias int
	// ScaleMG, ScaleEG: 64ths of Stockfish's transform, units²/4096 in
	// the middle game and units/16 in the end game, above 100 units.
	ScaleMG, ScaleEG int
	// AttackersCount: 64ths of the Attacker units once more for each
	// attacker of the zone past the first, pawns counted by the zone
	// squares they attack. At 64 the attackers' units are Stockfish's,
	// kingAttackersCount × kingAttackersWeight; at 0, their sum alone.
	// FlankDefense: units off per square of the king's flank in our camp
	// that we attack (Stockfish's kingFlankDefense).
	AttackersCount, FlankDefense int
}

// Terms5Family tags every gene of these terms: "--evolve eval_terms5"
// names them all.
const Terms5Family = "eval_terms5"

// active reports whether any term can change an evaluation.
func (t *Terms5Weights) active() bool { return *t != Terms5Weights{} }

// terms5King is the king danger of colour c (a penalty: 0 or less),
// after both sides' pieceTerms and refreshKings.
func (e *Evaluator) terms5King(p *Position, c Color, sides *[2]evalSide, pe *pawnEntry) Score {
	t := &e.w.Terms5
	us, them := &sides[c], &sides[c^1]
	ksq := p.kings[c]
	kingAtt := kingAttacks[ksq]
	weak := them.attacks &^ us.twice & (^us.attacks | kingAtt | us.by[Queen])
	safe := ^p.colors[c^1] & (^us.attacks | weak&them.twice)
	occ := p.Occupied() ^ p.pieces[Queen]&p.colors[c] // checks through our queen
	b1, b2 := RookAttacks(ksq, occ), BishopAttacks(ksq, occ)

	// The attackers' units, times their number at AttackersCount 64, and
	// their attacks on the zone.
	attackers := int(uint16(us.zoneUnits >> 32))
	kd := attackers + int(us.zoneUnits>>48)
	if t.AttackersCount != 0 {
		n := us.kingAttackers + (us.kingZone & them.pawnAttacks).Count()
		kd += t.AttackersCount * (n - 1) * attackers / 64
	}
	var unsafe Bitboard
	rookChecks := b1 & safe & them.by[Rook]
	if rookChecks != 0 {
		kd += t.SafeCheck[Rook]
	} else {
		unsafe |= b1 & them.by[Rook]
	}
	// A queen check counts where no rook check does; a bishop check
	// where no queen check does: the stronger checker's is worth more.
	queenChecks := (b1 | b2) & them.by[Queen] & safe &^ us.by[Queen] &^ rookChecks
	if queenChecks != 0 {
		kd += t.SafeCheck[Queen]
	}
	if b2&them.by[Bishop]&safe&^queenChecks != 0 {
		kd += t.SafeCheck[Bishop]
	} else {
		unsafe |= b2 & them.by[Bishop]
	}
	knightChecks := knightAttacks[ksq] & them.by[Knight]
	if knightChecks&safe != 0 {
		kd += t.SafeCheck[Knight]
	} else {
		unsafe |= knightChecks
	}
	f := flankAttacks(c, ksq, them)
	blockers := us.blockers
	if !e.mobilityArea {
		blockers = kingBlockers(p, c)
	}
	kd += t.WeakRing*(us.kingZone&weak).Count() + t.UnsafeCheck*unsafe.Count() +
		t.Blocker*blockers.Count() + t.Flank*f*f/8 +
		t.Mobility*(them.mobility.MG()-us.mobility.MG())/64 -
		t.Shelter*pe.king[c].shelter.MG()/64 + t.Bias
	if t.FlankDefense != 0 { // 0 in set 7: no count on the hot path
		kd -= t.FlankDefense * (us.attacks & flankCamp(c, ksq)).Count()
	}
	if p.pieces[Queen]&p.colors[c^1] == 0 {
		kd -= t.NoQueen
	}
	if us.by[Knight]&kingAtt != 0 {
		kd -= t.KnightDefender
	}
	if kd <= 100 {
		return 0
	}
	return -S(min(kd*kd*t.ScaleMG/(4096*64), kdPenaltyMax), min(kd*t.ScaleEG/(16*64), kdPenaltyMax))
}

// kdPenaltyMax bounds each half of the penalty: genes in their bounds can
// reach units whose square overflows a Score's 16-bit half (the safe
// checks alone 8 000). Tuned sets stay far below it (r7-t5 reaches 4 000
// cp only past 7 000 units).
const kdPenaltyMax = 4000

// kingBlockers is the pieces, of either side, that stand alone between
// colour c's king and an enemy rook, bishop or queen on its line.
func kingBlockers(p *Position, c Color) Bitboard {
	ksq := p.kings[c]
	snipers := (RookAttacks(ksq, 0)&(p.pieces[Rook]|p.pieces[Queen]) |
		BishopAttacks(ksq, 0)&(p.pieces[Bishop]|p.pieces[Queen])) & p.colors[c^1]
	occ := p.Occupied() ^ snipers
	var blockers Bitboard
	for snipers != 0 {
		if b := betweenBB[ksq][snipers.PopLSB()] & occ; b != 0 && !b.Several() {
			blockers |= b
		}
	}
	return blockers
}
