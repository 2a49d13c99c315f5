package core

// Zobrist keys: one random number per (piece, square), side to move,
// castling-rights set and en-passant file. Generated from a fixed seed so
// keys are identical across runs and machines (hash files, books, tests).
var (
	zobristPiece    [16][64]uint64
	zobristSide     uint64
	zobristCastling [16]uint64
	zobristEP       [8]uint64
)

func init() {
	// splitmix64: a fixed, well-mixed sequence.
	state := uint64(0x5EED_C0DE_CAFE_F00D)
	next := func() uint64 {
		state += 0x9E3779B97F4A7C15
		z := state
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
		z = (z ^ (z >> 27)) * 0x94D049BB133111EB
		return z ^ (z >> 31)
	}
	for p := range zobristPiece {
		for s := range zobristPiece[p] {
			zobristPiece[p][s] = next()
		}
	}
	zobristSide = next()
	for i := range zobristCastling {
		zobristCastling[i] = next()
	}
	for i := range zobristEP {
		zobristEP[i] = next()
	}
}
