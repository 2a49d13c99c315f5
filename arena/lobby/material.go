package lobby

import "github.com/evochess/evochess/core"

// lightSquares are b1, d1, … (a1 is dark).
const lightSquares core.Bitboard = 0x55AA55AA55AA55AA

// cannotMate reports whether c could not checkmate by any series of legal
// moves (FIDE 6.9: a flag fall, or here an abandonment, is then a draw).
// It is exact enough to be safe: it says so only when c has a bare king,
// a lone minor piece against a bare king, or bishops that, with every
// other bishop on the board, stand on squares of one colour while the
// opponent has nothing else that could block a flight square. Every other
// case counts as a possible mate (a knight can mate a king hemmed in by
// its own pieces), so the flag loses.
func cannotMate(p *core.Position, c core.Color) bool {
	if p.Pieces(c, core.Pawn)|p.Pieces(c, core.Rook)|p.Pieces(c, core.Queen) != 0 {
		return false
	}
	minors := p.Pieces(c, core.Knight) | p.Pieces(c, core.Bishop)
	if minors == 0 {
		return true
	}
	o := c.Other()
	oppKingOnly := p.ColorBB(o) == core.SquareBB(p.KingSquare(o))
	if !minors.Several() && oppKingOnly {
		return true
	}
	if p.Pieces(c, core.Knight) != 0 {
		return false
	}
	oppOthers := p.ColorBB(o) &^ core.SquareBB(p.KingSquare(o)) &^ p.Pieces(o, core.Bishop)
	bishops := p.PiecesOfType(core.Bishop)
	return oppOthers == 0 && (bishops&lightSquares == 0 || bishops&^lightSquares == 0)
}
