package core

// Precomputed attack tables for the leaping pieces and the geometry of
// lines between squares. Filled once at package initialisation.
var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard
	// betweenBB[a][b] holds the squares strictly between a and b when
	// they share a rank, file or diagonal, else nothing.
	betweenBB [64][64]Bitboard
	// lineBB[a][b] holds the whole line through a and b (edge to edge),
	// including both, when they are aligned, else nothing.
	lineBB [64][64]Bitboard
)

func init() {
	for s := Square(0); s < 64; s++ {
		b := SquareBB(s)
		knightAttacks[s] = (b&notFileH)<<17 | (b&notFileA)<<15 |
			(b&^(FileH|FileH>>1))<<10 | (b&^(FileA|FileA<<1))<<6 |
			(b&notFileH)>>15 | (b&notFileA)>>17 |
			(b&^(FileH|FileH>>1))>>6 | (b&^(FileA|FileA<<1))>>10
		k := b.east() | b.west() | b
		kingAttacks[s] = (k | k.north() | k.south()) &^ b
		pawnAttacks[White][s] = pawnAttacksBB(b, White)
		pawnAttacks[Black][s] = pawnAttacksBB(b, Black)
	}
	initMagics()
	for a := Square(0); a < 64; a++ {
		for b := Square(0); b < 64; b++ {
			if a == b {
				continue
			}
			ab, bb := SquareBB(a), SquareBB(b)
			if bishopAttacksSlow(a, 0).Has(b) {
				lineBB[a][b] = (bishopAttacksSlow(a, 0) & bishopAttacksSlow(b, 0)) | ab | bb
				betweenBB[a][b] = bishopAttacksSlow(a, bb) & bishopAttacksSlow(b, ab)
			} else if rookAttacksSlow(a, 0).Has(b) {
				lineBB[a][b] = (rookAttacksSlow(a, 0) & rookAttacksSlow(b, 0)) | ab | bb
				betweenBB[a][b] = rookAttacksSlow(a, bb) & rookAttacksSlow(b, ab)
			}
		}
	}
}

// KnightAttacks returns the squares a knight on s attacks.
func KnightAttacks(s Square) Bitboard { return knightAttacks[s&63] }

// KingAttacks returns the squares a king on s attacks.
func KingAttacks(s Square) Bitboard { return kingAttacks[s&63] }

// PawnAttacks returns the squares a pawn of colour c on s attacks.
func PawnAttacks(c Color, s Square) Bitboard { return pawnAttacks[c&1][s&63] }

// Between returns the squares strictly between two aligned squares.
func Between(a, b Square) Bitboard { return betweenBB[a&63][b&63] }

// Line returns the full line through two aligned squares.
func Line(a, b Square) Bitboard { return lineBB[a&63][b&63] }

// pieceAttacks returns the squares a piece of type pt (not a pawn) on sq
// attacks with occupancy occ.
func pieceAttacks(pt PieceType, sq Square, occ Bitboard) Bitboard {
	switch pt {
	case Knight:
		return knightAttacks[sq]
	case Bishop:
		return BishopAttacks(sq, occ)
	case Rook:
		return RookAttacks(sq, occ)
	case Queen:
		return QueenAttacks(sq, occ)
	case King:
		return kingAttacks[sq]
	}
	return 0
}
