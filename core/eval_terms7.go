package core

// The seventh batch of classical terms (issue 26), from Stockfish 11's
// pawns.cpp and evaluate.cpp (2020): candidate passed pawns — a pawn the
// enemy pawns cannot stop for long, because only pawns it can trade
// with stand in its way, or fewer of them than the pawns beside it, or
// one blocker a supporting pawn can lever — and a passed pawn's file (a
// rook pawn is worth less: the defending king reaches its corner, the
// attacking king has one side to help from). Stockfish scores a
// candidate as a passed pawn at half its bonus; here each rank has its
// own gene, which a retune learns. As the batches before, every gene's
// default is 0 and neutral: the code runs only where a gene has moved
// (Evaluator.terms7). The pawns alone decide both, so the pawn entry
// holds their score.

// Terms7Weights are the compiled genes of those terms.
type Terms7Weights struct {
	// CandidatePassed[r]: per candidate passed pawn (candidatePassers)
	// on relative rank r (1 … 5; a pawn on the seventh is passed or
	// blocked by a pawn it cannot trade with).
	CandidatePassed [7]Score
	// PassedFile: times min(file, 7 − file), per passed or candidate
	// passed pawn (0 on the rook files, 3 on the centre files).
	PassedFile Score
}

// Terms7Family tags every gene of these terms: "--evolve eval_terms7"
// names them all.
const Terms7Family = "eval_terms7"

// active reports whether any term can change an evaluation.
func (t *Terms7Weights) active() bool { return *t != Terms7Weights{} }

// candidatePassers returns colour c's candidate passed pawns among own,
// enemy the other side's pawns: pawns not passed (passed, the pure
// passers, are left out), with no own pawn ahead on their file, whose
// stoppers — the enemy pawns ahead on their own and the adjacent files —
// are (a) only pawns they can take (levers), or (b) only the pawns
// attacking their stop square, no more of them than own pawns beside
// it, or (c) on the fifth rank and beyond, a single pawn blocking them
// that an own pawn beside and behind can lever from a square the enemy
// pawns do not hold: Stockfish 11's three conditions.
func candidatePassers(c Color, own, enemy, passed Bitboard) Bitboard {
	var out Bitboard
	enemyTwice := pawnsTwice(c^1, enemy)
	for b := own &^ passed; b != 0; {
		sq := b.PopLSB()
		if forwardMask[c][sq]&own != 0 {
			continue
		}
		stoppers := passedMask[c][sq] & enemy
		if stoppers == 0 {
			continue // passed but for an own pawn ahead: not a candidate
		}
		stop := pawnPush(SquareBB(sq), c)
		lever := enemy & pawnAttacksBB(SquareBB(sq), c)
		leverPush := enemy & pawnAttacksBB(stop, c)
		neighbours := own & adjacentFiles[sq.File()]
		phalanx := neighbours & rankMask(sq)
		support := neighbours & pawnPush(rankMask(sq), c^1)
		blocked := enemy & stop
		switch {
		case stoppers&^lever == 0:
			out |= SquareBB(sq)
		case stoppers&^leverPush == 0 && phalanx.Count() >= leverPush.Count():
			out |= SquareBB(sq)
		case stoppers == blocked && relativeRank(c, sq) >= 4 && pawnPush(support, c)&^(enemy|enemyTwice) != 0:
			out |= SquareBB(sq)
		}
	}
	return out
}

// terms7Pawns scores colour c's candidate passed pawns and the files of
// its passed and candidate pawns; own and enemy are the pawns, passed
// c's pure passers.
func (t *Terms7Weights) terms7Pawns(c Color, own, enemy, passed Bitboard) Score {
	var s Score
	candidates := candidatePassers(c, own, enemy, passed)
	for b := candidates; b != 0; {
		s += t.CandidatePassed[relativeRank(c, b.PopLSB())]
	}
	if t.PassedFile != 0 {
		for b := candidates | passed; b != 0; {
			f := b.PopLSB().File()
			s += t.PassedFile.Scale(min(f, 7-f))
		}
	}
	return s
}
