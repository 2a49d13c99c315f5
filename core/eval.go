package core

// Evaluator scores positions with compiled Weights. It owns a pawn cache,
// so each searcher uses its own Evaluator (the Weights may be shared).
type Evaluator struct {
	w         *Weights
	pawnCache []pawnEntry
	// psq[piece][square]: material plus placement, each colour's table
	// already mirrored, so the hot loop does one load per piece.
	psq [16][64]Score
	// mobility[type][n]: the mobility score of a piece reaching n squares.
	mobility [7][28]Score
	// zoneUnits[type][n]: the king-attack units of a piece attacking n
	// squares of the enemy king's zone (n ≥ 1), packed: KingAttackWeight·n
	// in the low 32 bits, eval_terms5's Attacker in the next 16 and its
	// KingHits·n in the top 16. All are whole and not negative (their
	// genes' bounds), and their sums over every piece of a side stay below
	// each field's size (at most 15 pieces: 15·300 and 15·9·300 < 2¹⁶), so
	// no field carries into the next; one load and one add a piece.
	zoneUnits [Queen + 1][10]uint64
	// terms2 switches on the terms of eval_terms2.go (the EvalTerms2
	// option); kingDanger is their king-danger table.
	terms2     bool
	kingDanger [kingDangerSize]Score
	// kingDangerZero: every entry of kingDanger is 0 (a king_danger_slope
	// of 0, as full's set 10 has), so the units it is indexed by need not
	// be counted.
	kingDangerZero bool
	// terms3: a gene of eval_terms3.go other than its mobility table
	// has moved from neutral, so those terms are computed.
	terms3 bool
	// terms4, terms5, terms6: a gene of eval_terms4.go, eval_terms5.go,
	// eval_terms6.go has moved from neutral; imbalance: one of
	// eval_terms6's imbalance genes, whose values imbalanceCache keeps;
	// threats6: one of its threat genes.
	terms4, terms5, terms6, imbalance, threats6 bool
	imbalanceCache                              []uint64
	// terms7, terms8: a gene of eval_terms7.go, eval_terms8.go has moved
	// from neutral.
	terms7, terms8 bool
	// seedOnly: every weight outside the seed blocks is zero (the seed
	// presets), so the shared terms sum to zero and Evaluate skips them:
	// a fifth of a Paper000 search with the seed000 chromosome.
	seedOnly bool
	// endgames: the EndgameScale switch (eval_endgames.go);
	// materialPhase: the MaterialPhase switch (eval_phase.go).
	endgames, materialPhase bool
	// mobilityArea, kingRing: the MobilityArea and KingRing switches
	// (eval_areas.go).
	mobilityArea, kingRing bool
	// evalCache remembers scores by position (its Zobrist key;
	// eval_cache.go), made at the first keyed position.
	evalCache []uint64
}

// NewEvaluator returns an evaluator over the given weights.
func NewEvaluator(w *Weights) *Evaluator {
	e := &Evaluator{w: w, pawnCache: make([]pawnEntry, pawnCacheSize), terms2: w.Search != nil && w.Search.EvalTerms2,
		endgames: w.Search != nil && w.Search.EndgameScale, materialPhase: w.Search != nil && w.Search.MaterialPhase}
	if w.Search != nil {
		e.mobilityArea, e.kingRing = w.Search.MobilityArea, w.Search.KingRing
	}
	if e.endgames {
		kpkOnce.Do(kpkBuild) // now rather than inside a timed search
	}
	for c := White; c <= Black; c++ {
		for pt := Pawn; pt <= King; pt++ {
			for sq := Square(0); sq < 64; sq++ {
				e.psq[MakePiece(c, pt)][sq] = w.Material[pt] + w.PST[pt][relativeSquare(c, sq)]
			}
		}
	}
	for pt := Knight; pt <= Queen; pt++ {
		for n := range e.mobility[pt] {
			e.mobility[pt][n] = w.Mobility[pt].Scale(n-w.MobilityOffset[pt]) + w.Terms3.MobilityTable[pt][n]
		}
	}
	e.terms3 = w.Terms3.active()
	e.terms4 = w.Terms4.active()
	for pt := Knight; pt <= Queen; pt++ {
		for n := 1; n < len(e.zoneUnits[pt]); n++ {
			e.zoneUnits[pt][n] = uint64(uint32(w.KingAttackWeight[pt]*n)) |
				uint64(uint16(w.Terms5.Attacker[pt]))<<32 | uint64(uint16(w.Terms5.KingHits*n))<<48
		}
	}
	e.terms5 = w.Terms5.active()
	e.terms6, e.imbalance, e.threats6 = w.Terms6.active(), w.Terms6.imbalanceActive(), w.Terms6.threatsActive()
	if e.imbalance {
		e.imbalanceCache = make([]uint64, imbalanceCacheSize)
	}
	e.terms7 = w.Terms7.active()
	e.terms8 = w.Terms8.active()
	e.kingDanger = kingDangerTable(w)
	e.kingDangerZero = e.kingDanger == [kingDangerSize]Score{}
	// Weights stays comparable (arrays, numbers, pointers): a slice field
	// would stop this from compiling rather than make it wrong.
	shared := *w
	shared.Seed000, shared.Seed003, shared.Seed004, shared.Search = nil, nil, nil, nil
	e.seedOnly = shared == Weights{}
	return e
}

// Weights returns the weights the evaluator uses.
func (e *Evaluator) Weights() *Weights { return e.w }

// evalSide collects, for one colour, what the other side's terms need.
type evalSide struct {
	attacks     Bitboard // every square attacked (pawns, pieces, king)
	pawnAttacks Bitboard
	// by[pt]: the squares the pieces of type pt attack, knight … queen
	// (the EvalTerms2 terms need them). pieceTerms gathers them and
	// attacks from them: as cheap as gathering attacks alone.
	by       [Queen + 1]Bitboard
	kingZone Bitboard // squares around this side's king
	// twice: the squares this side attacks twice — by two pawns, or two
	// of its pawns, pieces and king (eval_terms4, 5 and 6 read it); attacks,
	// gathered piece by piece, holds the squares attacked once so far.
	twice         Bitboard
	kingUnits     int // attack units the enemy brings on this king
	kingAttackers int
	// zoneUnits gathers, piece by piece, the units of the enemy pieces
	// attacking the king zone: kingUnits' in its low 32 bits,
	// eval_terms5's two above (Evaluator.zoneUnits); kingUnits is set from it
	// once the enemy's pieceTerms is done.
	zoneUnits uint64
	mobility  Score // this side's mobility score
	// blockers: kingBlockers of this side's king, found by pieceTerms
	// with MobilityArea only (terms5King reads them then).
	blockers Bitboard
}

// evaluate computes Evaluate's score.
func (e *Evaluator) evaluate(p *Position) int {
	w := e.w
	v, phase, phaseMax := 0, 0, maxPhase
	if !e.seedOnly {
		var sides [2]evalSide
		pe := e.pawnStructure(p)
		sides[White].start(p, White, pe, e.kingRing)
		sides[Black].start(p, Black, pe, e.kingRing)
		occ := p.Occupied()
		var score Score
		score += pe.score
		score += e.pieceTerms(p, White, &sides, pe, occ) - e.pieceTerms(p, Black, &sides, pe, occ)
		score += e.kingTerms(p, White, &sides) - e.kingTerms(p, Black, &sides)
		if e.terms3 || e.terms4 || e.terms5 {
			e.refreshKings(p, pe)
		}
		if e.terms5 {
			score += e.terms5King(p, White, &sides, pe) - e.terms5King(p, Black, &sides, pe)
		}
		if e.terms4 {
			score += e.terms4Terms(p, &sides, pe)
		}
		if e.threats6 {
			score += e.terms6Threats(p, White, &sides) - e.terms6Threats(p, Black, &sides)
		}
		if e.imbalance {
			v := e.terms6Imbalance(p)
			score += S(v, v)
		}
		if e.terms2 {
			score += e.terms2Terms(p, &sides, pe, occ)
		} else {
			score += e.passedTerms(p, pe.passed&p.colors[White], White, occ) - e.passedTerms(p, pe.passed&p.colors[Black], Black, occ)
		}
		if e.materialPhase {
			phase, phaseMax = p.materialPhase(), materialPhaseMax
		} else {
			phase = p.gamePhase()
		}
		var eg int
		if e.terms3 {
			score += e.terms3Placement(p, pe)
			eg = e.terms3EndGame(p, score.EG(), pe.passed)
		} else {
			eg = score.EG()
		}
		if e.endgames {
			eg = endgameScale(p, eg)
		}
		v = taperBy(S(score.MG(), eg), phase, phaseMax)
	}
	// Seed-specific terms, each computed in its own block (eval_seed*.go).
	if w.Seed000 != nil {
		v += e.seed000(p)
	}
	if w.Seed003 != nil {
		v += e.seed003(p)
	}
	if w.Seed004 != nil {
		v += e.seed004(p)
	}
	if p.side == Black {
		v = -v
	}
	return v + taperBy(w.Tempo, phase, phaseMax)
}

// start starts colour c's side, zero as declared, with what its pawns
// and king attack, its king zone KingRing's with ring. Set in place, not
// copied from a literal: since by, the copy cost the bench without
// EvalTerms2 0.9 % more instructions.
func (s *evalSide) start(p *Position, c Color, pe *pawnEntry, ring bool) {
	s.pawnAttacks = pawnAttacksBB(p.pieces[Pawn]&p.colors[c], c)
	ksq := p.kings[c]
	if ring {
		// pawnsTwice again rather than pe.pawnTwice, which the pawn entry
		// fills only for the terms that read it.
		s.kingZone = kingRingBB[ksq] &^ pawnsTwice(c, p.pieces[Pawn]&p.colors[c])
	} else {
		s.kingZone = kingAttacks[ksq] | SquareBB(ksq)
	}
	s.attacks = s.pawnAttacks | kingAttacks[ksq]
	s.twice = pe.pawnTwice[c] | s.pawnAttacks&kingAttacks[ksq]
}

// pieceTerms scores material, placement, mobility and piece features of
// colour c's pieces and king, and records c's attacks on the enemy king.
// It runs at every evaluated node: one loop per piece type, each with its
// own attacks and features, spares the per-piece switches on the type.
// The eval_terms4 placement terms of each piece ride in the same loops
// (pieceTerms4), which spares them a second pass over the pieces and
// their attacks: 2.5 % fewer instructions a node in the bench with set 6.
func (e *Evaluator) pieceTerms(p *Position, c Color, sides *[2]evalSide, pe *pawnEntry, occ Bitboard) Score {
	w := e.w
	own := p.colors[c]
	pt := pieceTermsCtx{e: e, us: &sides[c], them: &sides[c^1], safe: ^own &^ sides[c^1].pawnAttacks}
	area := e.mobilityArea
	if area {
		pt.us.blockers = kingBlockers(p, c)
		pt.safe = mobilityArea(p, c, occ, pt.us.blockers, pt.them.pawnAttacks)
	}
	ownPawns := p.pieces[Pawn] & own
	enemyPawns := p.pieces[Pawn] &^ own
	// The pawns' material and placement come with the pawn structure.
	ksq := p.kings[c]
	s := e.psq[MakePiece(c, King)][ksq]
	t4 := e.terms4
	var p4 pieceTerms4
	if t4 {
		p4 = pieceTerms4{t: &e.w.Terms4, ksq: ksq, own: own, outposts: pe.outposts[c]}
		s += p4.start(p, c)
	}

	var mob Score
	psq := &e.psq[MakePiece(c, Knight)]
	for b := p.pieces[Knight] & own; b != 0; {
		sq := b.PopLSB()
		att := knightAttacks[sq]
		if area && pt.us.blockers.Has(sq) {
			att = 0 // pinned: a knight never moves along its pin
		}
		m := pt.attacks(Knight, att)
		s += psq[sq] + m
		mob += m
		if pt.outpost(c, sq, enemyPawns) {
			s += w.KnightOutpost
		}
		if t4 {
			s += p4.knight(sq, att)
		}
	}
	psq = &e.psq[MakePiece(c, Bishop)]
	for b := p.pieces[Bishop] & own; b != 0; {
		sq := b.PopLSB()
		att := pt.sliderAttacks(p, c, Bishop, sq, occ)
		m := pt.attacks(Bishop, att)
		s += psq[sq] + m
		mob += m
		if pt.outpost(c, sq, enemyPawns) {
			s += w.BishopOutpost
		}
		if t4 {
			s += p4.bishop(p, sq)
		}
	}
	psq = &e.psq[MakePiece(c, Rook)]
	for b := p.pieces[Rook] & own; b != 0; {
		sq := b.PopLSB()
		att := pt.sliderAttacks(p, c, Rook, sq, occ)
		m := pt.attacks(Rook, att)
		s += psq[sq] + m
		mob += m
		if t4 {
			s += p4.rook(p, c, sq, att&pt.safe)
		}
		file := FileA << uint(sq.File())
		if file&ownPawns == 0 {
			if file&enemyPawns == 0 {
				s += w.RookOpenFile
			} else {
				s += w.RookSemiOpenFile
			}
		}
		if relativeRank(c, sq) == 6 {
			s += w.RookSeventh
		}
	}
	psq = &e.psq[MakePiece(c, Queen)]
	for b := p.pieces[Queen] & own; b != 0; {
		sq := b.PopLSB()
		att := QueenAttacks(sq, occ)
		if area && pt.us.blockers.Has(sq) {
			att &= lineBB[ksq][sq]
		}
		m := pt.attacks(Queen, att)
		s += psq[sq] + m
		mob += m
	}
	if (p.pieces[Bishop] & own).Several() {
		s += w.BishopPair
	}
	pt.us.mobility = mob
	pt.them.kingUnits = int(uint32(pt.them.zoneUnits))
	return s
}

// pieceTermsCtx is what pieceTerms' loops share: the evaluator, both
// sides, and the squares that count for mobility.
type pieceTermsCtx struct {
	e        *Evaluator
	us, them *evalSide
	safe     Bitboard // not own, not attacked by enemy pawns
}

// attacks records the attacks att of one piece of type pt (its side's
// attacks, by type, and twice; the enemy king zone's attackers and
// units) and returns its mobility score.
func (c *pieceTermsCtx) attacks(pt PieceType, att Bitboard) Score {
	c.us.by[pt] |= att
	c.us.twice |= c.us.attacks & att
	c.us.attacks |= att
	if z := att & c.them.kingZone; z != 0 {
		c.them.kingAttackers++
		c.them.zoneUnits += c.e.zoneUnits[pt][z.Count()]
	}
	return c.e.mobility[pt][(att & c.safe).Count()]
}

// sliderAttacks is the attacks of colour col's bishop or rook (pt) on
// sq as the evaluation reads them: MobilityArea's with the switch
// (areaAttacks, the king's blockers found), else the plain lookup.
func (c *pieceTermsCtx) sliderAttacks(p *Position, col Color, pt PieceType, sq Square, occ Bitboard) Bitboard {
	switch {
	case c.e.mobilityArea:
		return areaAttacks(p, col, pt, sq, occ, c.us.blockers)
	case pt == Bishop:
		return BishopAttacks(sq, occ)
	}
	return RookAttacks(sq, occ)
}

// outpost reports whether a knight or bishop of colour col on sq is on an
// outpost: defended by a pawn, on the 4th to 6th rank, no enemy pawn able
// to chase it away.
func (c *pieceTermsCtx) outpost(col Color, sq Square, enemyPawns Bitboard) bool {
	if !c.us.pawnAttacks.Has(sq) {
		return false
	}
	rr := relativeRank(col, sq)
	return rr >= 3 && rr <= 5 && passedMask[col][sq]&adjacentFiles[sq.File()]&enemyPawns == 0
}

// kingTerms scores colour c's king safety (run after both pieceTerms).
func (e *Evaluator) kingTerms(p *Position, c Color, sides *[2]evalSide) Score {
	w := e.w
	var s Score
	us, them := &sides[c], &sides[c^1]
	own := p.colors[c]
	ksq := p.kings[c]
	// Shield: own pawns on the king's and adjacent files, one or two ranks ahead.
	front := pawnPush(SquareBB(ksq), c)
	front |= front.east() | front.west()
	front |= pawnPush(front, c)
	s += w.KingShield.Scale((front & p.pieces[Pawn] & own).Count())
	if us.kingAttackers >= 2 {
		s -= w.KingAttack.Scale(us.kingUnits * us.kingUnits / 64)
	}
	nonPawns := own &^ p.pieces[Pawn] &^ p.pieces[King]
	s += w.PawnThreat.Scale((nonPawns & them.pawnAttacks).Count())
	s += w.HangingPiece.Scale((nonPawns & them.attacks &^ us.attacks).Count())
	return s
}

// passedTerms adds the king-distance part of passed pawns of colour c.
func (e *Evaluator) passedTerms(p *Position, passed Bitboard, c Color, occ Bitboard) Score {
	w := e.w
	if passed == 0 || w.PassedKingDistance == 0 {
		return 0
	}
	var s Score
	for passed != 0 {
		sq := passed.PopLSB()
		stop := pawnPush(SquareBB(sq), c).LSB()
		if stop >= 64 {
			continue
		}
		d := int(distance[p.kings[c^1]][stop]) - int(distance[p.kings[c]][stop])
		s += w.PassedKingDistance.Scale(d * relativeRank(c, sq) / 2)
	}
	return s
}
