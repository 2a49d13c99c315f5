package core

// Geometry used by the evaluation, computed once.
var (
	adjacentFiles [8]Bitboard
	// passedMask[c][s]: squares an enemy pawn must avoid for a pawn of
	// colour c on s to be passed (same and adjacent files, ahead of it).
	passedMask [2][64]Bitboard
	// forwardMask[c][s]: the squares ahead of s on its file, seen by colour c.
	forwardMask [2][64]Bitboard
	distance    [64][64]int8
)

func init() {
	for f := 0; f < 8; f++ {
		if f > 0 {
			adjacentFiles[f] |= FileA << uint(f-1)
		}
		if f < 7 {
			adjacentFiles[f] |= FileA << uint(f+1)
		}
	}
	for s := Square(0); s < 64; s++ {
		file := FileA << uint(s.File())
		var aboveW, belowB Bitboard
		for r := s.Rank() + 1; r < 8; r++ {
			aboveW |= Rank1 << uint(8*r)
		}
		for r := s.Rank() - 1; r >= 0; r-- {
			belowB |= Rank1 << uint(8*r)
		}
		forwardMask[White][s] = file & aboveW
		forwardMask[Black][s] = file & belowB
		passedMask[White][s] = (file | adjacentFiles[s.File()]) & aboveW
		passedMask[Black][s] = (file | adjacentFiles[s.File()]) & belowB
		for t := Square(0); t < 64; t++ {
			df, dr := s.File()-t.File(), s.Rank()-t.Rank()
			distance[s][t] = int8(max(df, -df, dr, -dr))
		}
	}
}

// relativeRank returns the rank of s seen from colour c (0 = own back rank).
func relativeRank(c Color, s Square) int {
	if c == White {
		return s.Rank()
	}
	return 7 - s.Rank()
}

// relativeSquare maps a square to white's point of view.
func relativeSquare(c Color, s Square) Square {
	if c == White {
		return s
	}
	return s.Mirror()
}

// fileFill spreads every set bit over its whole file.
func fileFill(b Bitboard) Bitboard {
	b |= b << 8
	b |= b << 16
	b |= b << 32
	b |= b >> 8
	b |= b >> 16
	b |= b >> 32
	return b
}
