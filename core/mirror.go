package core

// Mirror returns the colour-flipped position: the board turned upside down
// with colours swapped and the other side to move. Evaluation symmetry and
// move-generation tests rely on eval(p) == -eval(mirror(p)) and on equal
// perft counts. The history is not carried over.
func (p *Position) Mirror() *Position {
	q := &Position{ep: NoSquare, halfmove: p.halfmove, fullmove: p.fullmove, side: p.side ^ 1,
		history: make([]undoInfo, 0, 256)}
	for s := Square(0); s < 64; s++ {
		if pc := p.board[s]; pc != NoPiece {
			q.rawPut(pc^8, s.Mirror())
		}
	}
	q.kings[White], q.kings[Black] = p.kings[Black].Mirror(), p.kings[White].Mirror()
	q.castling = (p.castling&3)<<2 | (p.castling>>2)&3
	if p.ep != NoSquare {
		q.ep = p.ep.Mirror()
	}
	q.key = q.computeKey()
	return q
}
