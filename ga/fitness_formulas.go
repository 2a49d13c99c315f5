package ga

import (
	"context"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// ReferenceFitness is seed 000's score of one game against the reference
// opponent, from the individual's side: 1000 for a win, −1000 plus the
// number of moves the individual made for a loss (a long resistance
// scores better), and the material balance in pawns (1/3/3/5/9) for a draw.
func ReferenceFitness(r *arena.GameResult, individualWhite bool) float64 {
	won := r.Outcome == core.WhiteWins && individualWhite || r.Outcome == core.BlackWins && !individualWhite
	lost := r.Outcome == core.WhiteWins && !individualWhite || r.Outcome == core.BlackWins && individualWhite
	switch {
	case won:
		return 1000
	case lost:
		own := len(r.Moves) / 2
		if individualWhite {
			own = (len(r.Moves) + 1) / 2
		}
		return -1000 + float64(own)
	}
	p, err := core.ParseFEN(r.FinalFEN)
	if err != nil {
		return 0
	}
	me := core.White
	if !individualWhite {
		me = core.Black
	}
	return float64(materialPawns(p, me) - materialPawns(p, me^1))
}

func materialPawns(p *core.Position, c core.Color) int {
	n := 0
	for pt, v := range [...]int{core.Pawn: 1, core.Knight: 3, core.Bishop: 3, core.Rook: 5, core.Queen: 9} {
		n += v * p.Pieces(c, core.PieceType(pt)).Count()
	}
	return n
}

// SolveProblems searches every problem with the weights at the limit and
// reports which were solved (the best move found is a "bm" move and no
// "am" move). Each problem starts with fresh tables, so the answer does
// not depend on the order.
func SolveProblems(ctx context.Context, w *core.Weights, recs []*core.EPDRecord, lim core.Limits, mode core.SearchMode) []bool {
	s := core.NewSearcher(w, 4)
	s.Mode = mode
	out := make([]bool, len(recs))
	for i, r := range recs {
		if ctx.Err() != nil {
			break
		}
		s.NewGame()
		res := s.Search(ctx, r.Position.Clone(), lim)
		out[i] = r.Solves(res.Move)
	}
	return out
}
