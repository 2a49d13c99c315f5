package core

// The eighth batch of classical terms (issue 26): a passed pawn as
// Stockfish 11's evaluate.cpp (2020) scores it beyond its rank. From the
// fourth rank on, with w = 5r − 13 (r its relative rank counted from
// 0: 2, 7, 12, 17 on ranks 4 … 7), the kings' distances to the square
// in front, each capped at 5 (a king further off is as far as it
// matters), the own king's to the square after it too, a span — the
// path and the files beside it ahead — that no enemy attacks, and the
// square in front defended (or an own rook or queen behind the pawn).
// An enemy rook or queen behind it makes every square of the span
// unsafe: it x-rays the path. eval_terms2's passers2 has a shape of
// its own for the distances (uncapped, times rank / 2, on every rank)
// and a path that enemy pieces as well as attacks spoil; these genes sit
// beside them, neutral at 0 (their default), and a retune weighs the
// two. The code runs only where one has moved (Evaluator.terms8), and
// only with EvalTerms2 on, as passers2.

// Terms8Weights are the compiled genes of those terms.
type Terms8Weights struct {
	// Per passed pawn from the fourth rank, times w: the enemy king's
	// distance to the square in front (KingProximity, a bonus as
	// distance grows with a positive weight), the own king's to it and
	// to the square after it (subtracted: a positive weight pulls the
	// king close).
	KingProximity, OwnKingProximity, OwnKingSecond Score
	// With the square in front empty, times w: a span no enemy attacks,
	// else a path to promotion none attacks, else a square in front
	// none attacks (Stockfish's 35, 20 and 9); and, on top, the square
	// in front defended or an own rook or queen behind (its 5).
	FreeSpan, FreePath, SafeStop, DefendedStop Score
}

// Terms8Family tags every gene of these terms: "--evolve eval_terms8"
// names them all.
const Terms8Family = "eval_terms8"

// active reports whether any term can change an evaluation.
func (t *Terms8Weights) active() bool { return *t != Terms8Weights{} }

// passers8 scores colour c's passed pawns (passed, not empty) by these
// terms; sides holds both sides' attacks (run after both pieceTerms).
func (t *Terms8Weights) passers8(p *Position, passed Bitboard, c Color, sides *[2]evalSide, occ Bitboard) Score {
	us, them := &sides[c], &sides[c^1]
	heavy := p.pieces[Rook] | p.pieces[Queen]
	var s Score
	for b := passed & passedFromRank4[c]; b != 0; {
		sq := b.PopLSB()
		rank := relativeRank(c, sq)
		w := 5*rank - 13
		stop := pawnPush(SquareBB(sq), c).LSB()
		s += t.KingProximity.Scale(kingProximity(p.kings[c^1], stop) * w)
		s -= t.OwnKingProximity.Scale(kingProximity(p.kings[c], stop) * w)
		if rank != 6 {
			s -= t.OwnKingSecond.Scale(kingProximity(p.kings[c], pawnPush(SquareBB(stop), c).LSB()) * w)
		}
		if occ.Has(stop) {
			continue
		}
		path := forwardMask[c][sq]
		unsafe := passedMask[c][sq]
		behind := forwardMask[c^1][sq] & heavy
		if behind&p.colors[c^1] == 0 {
			unsafe &= them.attacks
		}
		switch {
		case unsafe == 0:
			s += t.FreeSpan.Scale(w)
		case unsafe&path == 0:
			s += t.FreePath.Scale(w)
		case !unsafe.Has(stop):
			s += t.SafeStop.Scale(w)
		}
		if behind&p.colors[c] != 0 || us.attacks.Has(stop) {
			s += t.DefendedStop.Scale(w)
		}
	}
	return s
}

// kingProximity is the king's distance to sq, capped at 5.
func kingProximity(king, sq Square) int { return min(int(distance[king][sq]), 5) }

// passedFromRank4[c]: colour c's relative ranks 4 … 7, where passers8
// scores a passed pawn.
var passedFromRank4 = [2]Bitboard{
	Rank4 | Rank5 | Rank6 | Rank7,
	Rank5 | Rank4 | Rank3 | Rank2,
}
