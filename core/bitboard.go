package core

import "math/bits"

// Bitboard is a set of squares, bit i standing for Square(i).
type Bitboard uint64

const (
	FileA Bitboard = 0x0101010101010101
	FileH Bitboard = FileA << 7
	Rank1 Bitboard = 0xFF
	Rank2 Bitboard = Rank1 << 8
	Rank3 Bitboard = Rank1 << 16
	Rank4 Bitboard = Rank1 << 24
	Rank5 Bitboard = Rank1 << 32
	Rank6 Bitboard = Rank1 << 40
	Rank7 Bitboard = Rank1 << 48
	Rank8 Bitboard = Rank1 << 56

	notFileA Bitboard = ^FileA
	notFileH Bitboard = ^FileH

	lightSquares Bitboard = 0x55AA55AA55AA55AA
	darkSquares  Bitboard = ^lightSquares
)

// SquareBB returns the bitboard holding only s.
func SquareBB(s Square) Bitboard { return 1 << (s & 63) }

// Has reports whether s is in the set.
func (b Bitboard) Has(s Square) bool { return b&(1<<(s&63)) != 0 }

// Count returns the number of squares in the set.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// LSB returns the lowest square of a non-empty set.
func (b Bitboard) LSB() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// PopLSB removes and returns the lowest square of a non-empty set.
func (b *Bitboard) PopLSB() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

// Several reports whether the set holds more than one square.
func (b Bitboard) Several() bool { return b&(b-1) != 0 }

func (b Bitboard) north() Bitboard { return b << 8 }
func (b Bitboard) south() Bitboard { return b >> 8 }
func (b Bitboard) east() Bitboard  { return (b & notFileH) << 1 }
func (b Bitboard) west() Bitboard  { return (b & notFileA) >> 1 }

// pawnPush shifts a set of pawns one rank forward for colour c.
func pawnPush(b Bitboard, c Color) Bitboard {
	if c == White {
		return b << 8
	}
	return b >> 8
}

// pawnAttacksBB returns the squares attacked by a set of pawns of colour c.
func pawnAttacksBB(b Bitboard, c Color) Bitboard {
	if c == White {
		return (b&notFileA)<<7 | (b&notFileH)<<9
	}
	return (b&notFileA)>>9 | (b&notFileH)>>7
}
