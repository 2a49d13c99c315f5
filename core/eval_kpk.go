package core

import "sync"

// A bitbase of king and pawn against king, made by retrograde analysis
// the first time the EndgameScale switch meets such a position: for every
// placing of the kings and a pawn on files a–d (the others mirror onto
// them), with either side to move, whether the pawn's side wins. Stockfish
// 11 has the same (bitbase.cpp); a search at a fast time control cannot
// see the opposition a king-and-pawn ending turns on, so the evaluation
// answers instead.

// kpkSize: side to move (2) × weak king (64) × strong king (64) × pawn
// on files a–d, ranks 2–7 (24).
const kpkSize = 2 * 64 * 64 * 24

// Results of the analysis, as bits so that a position's successors can be
// or-ed together.
const (
	kpkInvalid uint8 = 0
	kpkUnknown uint8 = 1
	kpkDraw    uint8 = 2
	kpkWin     uint8 = 4
)

var (
	kpkOnce sync.Once
	kpkWins [kpkSize / 64]uint64 // a bit per index: the strong side wins
)

// kpkIndex numbers a normalised position: the strong side is white, its
// pawn on files a–d; stm is White when the strong side is to move.
func kpkIndex(stm Color, weakKing, strongKing, pawn Square) int {
	return int(stm) | int(weakKing)<<1 | int(strongKing)<<7 | (pawn.File()+4*(pawn.Rank()-1))<<13
}

// kpkBuild fills kpkWins.
func kpkBuild() {
	db := make([]uint8, kpkSize)
	for idx := range db {
		db[idx] = kpkClassify(idx)
	}
	for changed := true; changed; {
		changed = false
		for idx, r := range db {
			if r != kpkUnknown {
				continue
			}
			if r = kpkStep(db, idx); r != kpkUnknown {
				db[idx], changed = r, true
			}
		}
	}
	for idx, r := range db {
		if r == kpkWin {
			kpkWins[idx/64] |= 1 << (idx % 64)
		}
	}
}

// kpkSquares decodes an index.
func kpkSquares(idx int) (stm Color, weakKing, strongKing, pawn Square) {
	p := idx >> 13
	return Color(idx & 1), Square(idx >> 1 & 63), Square(idx >> 7 & 63), Square(8*(p/4+1) + p%4)
}

// kpkClassify is a position's result from itself alone: invalid (pieces
// on one square, kings touching, the weak king in check with the strong
// side to move), won (the pawn promotes and cannot be taken), drawn (the
// weak side stalemated, or taking the pawn), else unknown.
func kpkClassify(idx int) uint8 {
	stm, wk, sk, psq := kpkSquares(idx)
	if distance[wk][sk] <= 1 || wk == psq || sk == psq || stm == White && pawnAttacks[White][psq].Has(wk) {
		return kpkInvalid
	}
	if stm == White && psq.Rank() == 6 {
		promo := psq + 8
		if promo != wk && promo != sk && (distance[wk][promo] > 1 || distance[sk][promo] == 1) {
			return kpkWin
		}
	}
	if stm == Black {
		guarded := kingAttacks[sk] | pawnAttacks[White][psq]
		if kingAttacks[wk]&^guarded == 0 || kingAttacks[wk]&^kingAttacks[sk]&SquareBB(psq) != 0 {
			return kpkDraw
		}
	}
	return kpkUnknown
}

// kpkStep is a position's result from its successors': the side to move
// picks its best, and a side with no move (every successor invalid)
// loses what it plays for.
func kpkStep(db []uint8, idx int) uint8 {
	stm, wk, sk, psq := kpkSquares(idx)
	var r uint8
	if stm == White {
		for b := kingAttacks[sk]; b != 0; {
			r |= db[kpkIndex(Black, wk, b.PopLSB(), psq)]
		}
		if psq.Rank() < 6 {
			push := psq + 8
			if push != wk && push != sk {
				r |= db[kpkIndex(Black, wk, sk, push)]
				if psq.Rank() == 1 && push+8 != wk && push+8 != sk {
					r |= db[kpkIndex(Black, wk, sk, push+8)]
				}
			}
		}
		return kpkBest(r, kpkWin, kpkDraw)
	}
	for b := kingAttacks[wk] &^ kingAttacks[sk]; b != 0; {
		r |= db[kpkIndex(White, b.PopLSB(), sk, psq)]
	}
	return kpkBest(r, kpkDraw, kpkWin)
}

// kpkBest is the result of a side that plays for good, whose successors'
// results are or-ed in r: good if one reaches it, unknown while one is,
// else bad.
func kpkBest(r, good, bad uint8) uint8 {
	switch {
	case r&good != 0:
		return good
	case r&kpkUnknown != 0:
		return kpkUnknown
	}
	return bad
}

// kpkProbe reports whether the side with the pawn wins p, a king and a
// pawn against a king.
func kpkProbe(p *Position) bool {
	kpkOnce.Do(kpkBuild)
	strong := White
	if p.pieces[Pawn]&p.colors[Black] != 0 {
		strong = Black
	}
	sk, wk, psq := p.kings[strong], p.kings[strong^1], p.pieces[Pawn].LSB()
	if strong == Black {
		sk, wk, psq = sk^56, wk^56, psq^56
	}
	if psq.File() > 3 {
		sk, wk, psq = sk^7, wk^7, psq^7
	}
	stm := White
	if p.side != strong {
		stm = Black
	}
	idx := kpkIndex(stm, wk, sk, psq)
	return kpkWins[idx/64]&(1<<(idx%64)) != 0
}
