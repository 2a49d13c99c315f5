package core

// The MaterialPhase switch: the game phase as Stockfish 11 measures it
// (material.cpp), from the non-pawn material of both sides clamped
// between an end-game and a middle-game limit, in 128ths. The plain phase
// (gamePhase, 24ths: minors 1, rooks 2, queens 4) falls in steps from the
// first trade; this one stays a middle game until some 1 300 (a rook) of
// Stockfish's units have gone, and calls a rook and a minor piece a side
// an end game (the plain phase gives it a quarter of the middle game's
// score, which no end-game scaling reaches).

// Stockfish 11's middle-game piece values and phase limits (types.h).
const (
	phaseKnight = 781
	phaseBishop = 825
	phaseRook   = 1276
	phaseQueen  = 2538
	phaseEGEnd  = 3915  // EndgameLimit: at or below, phase 0
	phaseMGFull = 15258 // MidgameLimit: at or above, phase 128
	// materialPhaseMax is a full middle game's material phase.
	materialPhaseMax = 128
)

// materialPhase returns the phase of the non-pawn material on the board,
// 0 (end game) … materialPhaseMax.
func (p *Position) materialPhase() int {
	npm := phaseKnight*p.pieces[Knight].Count() + phaseBishop*p.pieces[Bishop].Count() +
		phaseRook*p.pieces[Rook].Count() + phaseQueen*p.pieces[Queen].Count()
	npm = min(max(npm, phaseEGEnd), phaseMGFull)
	return (npm - phaseEGEnd) * materialPhaseMax / (phaseMGFull - phaseEGEnd)
}

// setMaterialPhase switches the material phase on or off and reports a
// change; the evaluation cache holds scores of the setting it was filled
// with, so a change empties it.
func (e *Evaluator) setMaterialPhase(on bool) bool {
	if on == e.materialPhase {
		return false
	}
	e.materialPhase = on
	e.clearCache()
	return true
}
