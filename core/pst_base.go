package core

// The evochess base piece-square shapes of docs/chromosomes.md Appendix B,
// in centipawns, white's view, stored a1 … h8. They are written as the
// appendix's formulas so the tables can be regenerated and tested; seed001
// adds them to material for its default tables (and `full` may use them as
// its bonuses).

// ringDistance is 0 on d4, e4, d5, e5 and grows by one per ring to 3 on
// the edge.
func ringDistance(sq Square) int {
	f, r := 2*sq.File()-7, 2*sq.Rank()-7
	return max(f, -f, r, -r) / 2
}

// onLongDiagonal reports whether sq is on a1–h8 or h1–a8.
func onLongDiagonal(sq Square) bool {
	return sq.File() == sq.Rank() || sq.File()+sq.Rank() == 7
}

// baseShapeCP returns the Appendix B table of piece type pt for the middle
// game (mg) or the end game.
func baseShapeCP(pt PieceType, mg bool) [64]int {
	kingSide := [8]int{10, 20, 10, -10, -10, 0, 20, 10}
	pawnEG := [8]int{0, 0, 5, 10, 15, 25, 40, 0}
	var t [64]int
	for sq := Square(0); sq < 64; sq++ {
		f, rr, cd := sq.File(), sq.Rank(), ringDistance(sq)
		centre := f == 3 || f == 4
		var v int
		switch {
		case pt == Pawn && mg:
			if rr == 0 || rr == 7 {
				break
			}
			v = 5 * (rr - 1)
			switch {
			case centre && (rr == 3 || rr == 4):
				v += 15
			case (f == 2 || f == 5) && (rr == 3 || rr == 4):
				v += 5
			case centre && rr == 1:
				v -= 5
			}
		case pt == Pawn:
			v = pawnEG[rr]
		case pt == Knight && mg:
			v = 15 - 15*cd
		case pt == Knight:
			v = 10 - 10*cd
		case pt == Bishop && mg:
			v = 10 - 8*cd
			if onLongDiagonal(sq) {
				v += 5
			}
		case pt == Bishop:
			v = 8 - 6*cd
		case pt == Rook && mg:
			if rr == 6 {
				v += 15
			}
			if centre {
				v += 5
			}
		case pt == Rook:
			if rr == 6 {
				v = 10
			}
		case pt == Queen && mg:
			v = 4 - 4*cd
		case pt == Queen:
			v = 10 - 8*cd
		case pt == King && mg:
			v = kingSide[f] - 25*min(rr, 3)
		case pt == King:
			v = 24 - 12*cd
		}
		t[sq] = v
	}
	return t
}
