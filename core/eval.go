package core

// Evaluator scores positions with compiled Weights. It owns a pawn cache,
// so each searcher uses its own Evaluator (the Weights may be shared).
type Evaluator struct {
	w         *Weights
	pawnCache []pawnEntry
}

// NewEvaluator returns an evaluator over the given weights.
func NewEvaluator(w *Weights) *Evaluator {
	return &Evaluator{w: w, pawnCache: make([]pawnEntry, pawnCacheSize)}
}

// Weights returns the weights the evaluator uses.
func (e *Evaluator) Weights() *Weights { return e.w }

// evalSide collects, for one colour, what the other side's terms need.
type evalSide struct {
	attacks       Bitboard // every square attacked (pawns, pieces, king)
	pawnAttacks   Bitboard
	kingZone      Bitboard // squares around this side's king
	kingUnits     int      // attack units the enemy brings on this king
	kingAttackers int
	moves         int // pseudo-legal moves, for LegalMobility
}

// Evaluate returns the score of the position in centipawns from the side
// to move's point of view. Mate and draw scores are the search's business.
func (e *Evaluator) Evaluate(p *Position) int {
	w := e.w
	var sides [2]evalSide
	occ := p.Occupied()
	for c := White; c <= Black; c++ {
		s := &sides[c]
		s.pawnAttacks = pawnAttacksBB(p.pieces[Pawn]&p.colors[c], c)
		ksq := p.kings[c]
		s.kingZone = kingAttacks[ksq] | SquareBB(ksq)
		s.attacks = s.pawnAttacks | kingAttacks[ksq]
	}
	var score Score
	pe := e.pawnStructure(p)
	score += pe.score
	score += e.pieceTerms(p, White, &sides, occ) - e.pieceTerms(p, Black, &sides, occ)
	score += e.kingTerms(p, White, &sides) - e.kingTerms(p, Black, &sides)
	score += e.passedTerms(p, pe.passed&p.colors[White], White, occ) - e.passedTerms(p, pe.passed&p.colors[Black], Black, occ)
	if w.LegalMobility != 0 {
		score += w.LegalMobility.Scale(sides[White].moves - sides[Black].moves)
	}
	v := taper(score, p.gamePhase())
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
	return v + taper(w.Tempo, p.gamePhase())
}

// pieceTerms scores material, placement, mobility and piece features of
// colour c, and records c's attacks on the enemy king.
func (e *Evaluator) pieceTerms(p *Position, c Color, sides *[2]evalSide, occ Bitboard) Score {
	w := e.w
	var s Score
	own := p.colors[c]
	us, them := &sides[c], &sides[c^1]
	safe := ^own &^ them.pawnAttacks
	ownPawns := p.pieces[Pawn] & own
	enemyPawns := p.pieces[Pawn] &^ own
	for b := ownPawns; b != 0; {
		sq := b.PopLSB()
		s += w.Material[Pawn] + w.PST[Pawn][relativeSquare(c, sq)]
	}
	// Pawn moves for Shannon-style mobility: pushes and captures.
	if w.LegalMobility != 0 {
		us.moves += (pawnPush(ownPawns, c) &^ occ).Count() + (us.pawnAttacks & p.colors[c^1]).Count()
	}
	ksq := p.kings[c]
	s += w.PST[King][relativeSquare(c, ksq)]
	us.moves += (kingAttacks[ksq] &^ own).Count()

	for pt := Knight; pt <= Queen; pt++ {
		for b := p.pieces[pt] & own; b != 0; {
			sq := b.PopLSB()
			rsq := relativeSquare(c, sq)
			s += w.Material[pt] + w.PST[pt][rsq]
			var att Bitboard
			switch pt {
			case Knight:
				att = knightAttacks[sq]
			case Bishop:
				att = BishopAttacks(sq, occ)
			case Rook:
				att = RookAttacks(sq, occ)
			default:
				att = QueenAttacks(sq, occ)
			}
			us.attacks |= att
			us.moves += (att &^ own).Count()
			s += w.Mobility[pt].Scale((att & safe).Count() - w.MobilityOffset[pt])
			if z := att & them.kingZone; z != 0 {
				them.kingAttackers++
				them.kingUnits += w.KingAttackWeight[pt] * z.Count()
			}
			switch pt {
			case Knight, Bishop:
				if pt == Knight && (sq.File() == 0 || sq.File() == 7) {
					s += w.KnightRim
				}
				if us.pawnAttacks.Has(sq) {
					if pt == Knight {
						s += w.KnightDefended
					}
					if rr := relativeRank(c, sq); rr >= 3 && rr <= 5 &&
						passedMask[c][sq]&adjacentFiles[sq.File()]&enemyPawns == 0 {
						if pt == Knight {
							s += w.KnightOutpost
						} else {
							s += w.BishopOutpost
						}
					}
				}
			case Rook:
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
		}
	}
	if (p.pieces[Bishop] & own).Several() {
		s += w.BishopPair
	}
	if w.TwoRooksSeventh != 0 {
		seventh := Rank7
		if c == Black {
			seventh = Rank2
		}
		if (p.pieces[Rook] & own & seventh).Several() {
			s += w.TwoRooksSeventh
		}
	}
	return s
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
	if w.KingAttackerMat != 0 || w.KingDefenderMat != 0 {
		zone := kingZone2[ksq]
		var ownMat, enemyMat int
		for pt := Knight; pt <= Queen; pt++ {
			ownMat += (p.pieces[pt] & own & zone).Count() * EvalPieceValues[pt]
			enemyMat += (p.pieces[pt] &^ own & zone).Count() * EvalPieceValues[pt]
		}
		s += w.KingDefenderMat.Scale(ownMat/100) + w.KingAttackerMat.Scale(enemyMat/100)
	}
	if w.Castled != 0 && relativeRank(c, ksq) == 0 && (ksq.File() >= 6 || ksq.File() <= 2) {
		s += w.Castled
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
