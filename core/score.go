package core

// Score packs a middle-game and an end-game value into one int32 so the
// evaluator adds both with one instruction; the phase blends them at the end.
type Score int32

// S builds a Score from middle-game and end-game centipawns.
func S(mg, eg int) Score { return Score(int32(uint32(eg)<<16) + int32(mg)) }

// MG returns the middle-game part.
func (s Score) MG() int { return int(int16(uint16(s))) }

// EG returns the end-game part.
func (s Score) EG() int { return int(int16(uint16((uint32(s) + 0x8000) >> 16))) }

// Scale multiplies both parts by n.
func (s Score) Scale(n int) Score { return s * Score(n) }

// maxPhase is the game phase of the starting material: knights and bishops
// count 1, rooks 2, queens 4.
const maxPhase = 24

// taper blends a Score by phase (maxPhase = middle game, 0 = end game).
func taper(s Score, phase int) int { return taperBy(s, phase, maxPhase) }

// taperBy blends a Score by phase out of max (max = middle game, 0 = end
// game): MaterialPhase's phase counts in 128ths.
func taperBy(s Score, phase, max int) int {
	return (s.MG()*phase + s.EG()*(max-phase)) / max
}

// gamePhase returns the phase of the material on the board, capped at maxPhase.
func (p *Position) gamePhase() int {
	ph := (p.pieces[Knight] | p.pieces[Bishop]).Count() + 2*p.pieces[Rook].Count() + 4*p.pieces[Queen].Count()
	return min(ph, maxPhase)
}
