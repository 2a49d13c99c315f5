package core

// Correction history (the option CorrectionHistory): the static
// evaluation's error, as the searches below a node measured it, averaged
// per pawn structure and side to move, and added to the static
// evaluation that pruning and the improving flag read. An evaluation
// that keeps misjudging a structure (a blocked centre, a weak king's
// pawn cover) is corrected by what the searches found there. The table
// entry's key is the pawns alone, as Stockfish's and Ethereal's are; the
// transposition table keeps the raw evaluation.

const (
	corrHistSize  = 1 << 14
	corrHistGrain = 256                // entries are 1/256 centipawn
	corrHistLimit = 64 * corrHistGrain // a correction is at most 64 centipawns
	corrHistScale = 256                // an update's weight is out of this
	corrHistMaxW  = 16                 // and at most this (from depth+1)
)

// corrHistTable holds the corrections by side to move and pawn index.
type corrHistTable [2][corrHistSize]int32

// pawnIndex is the position's pawn structure's slot in the table.
func pawnIndex(p *Position) uint64 {
	wp := uint64(p.pieces[Pawn] & p.colors[White])
	bp := uint64(p.pieces[Pawn] & p.colors[Black])
	return (wp*0x9E3779B97F4A7C15 ^ bp*0xC2B2AE3D27D4EB4F) >> 50 & (corrHistSize - 1)
}

// correct returns the raw static evaluation corrected (with the option
// off, unchanged).
func (s *Searcher) correct(p *Position, raw int) int {
	if !s.params.CorrectionHistory {
		return raw
	}
	v := raw + int(s.corrHist[p.side][pawnIndex(p)])/corrHistGrain
	return max(-MateBound+1, min(v, MateBound-1))
}

// updateCorrection moves the entry of p towards the error the search at
// depth found: score (of bound) less the raw static evaluation. Only
// what the bound proves counts: a fail high below the evaluation or a
// fail low above it says nothing about the evaluation's error.
func (s *Searcher) updateCorrection(p *Position, depth, bound, score, raw int) {
	if abs(score) >= MateBound || bound == boundLower && score <= raw || bound == boundUpper && score >= raw {
		return
	}
	w := int64(min(depth+1, corrHistMaxW))
	e := &s.corrHist[p.side][pawnIndex(p)]
	v := (int64(*e)*(corrHistScale-w) + int64(score-raw)*corrHistGrain*w) / corrHistScale
	*e = int32(max(-corrHistLimit, min(v, corrHistLimit)))
}
