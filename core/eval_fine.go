package core

import "math"

// Seed presets carry fractional weights (pawn units, Table I's 297.29 cp,
// factors normalised by 27 or 3160), and docs/chromosomes.md 1.4 rounds
// their score to centipawns once, at the end. Their blocks therefore sum in
// fixed point: integers, so the total does not depend on the order pieces
// are visited and white's score is exactly the negation of the mirrored
// position's; 2⁻²⁴ cp resolution, far below anything a search can see.

// fineBits is the number of fractional bits of a fine centipawn.
const fineBits = 24

// toFine converts centipawns to fine centipawns.
func toFine(cp float64) int64 { return int64(math.Round(cp * (1 << fineBits))) }

// fineToCP rounds v / 2^shift to the nearest integer, halves away from
// zero, so that negating v negates the result.
func fineToCP(v int64, shift uint) int {
	half := int64(1) << (shift - 1)
	if v < 0 {
		return -int((-v + half) >> shift)
	}
	return int((v + half) >> shift)
}
