package core

// castlingMask[s] keeps the rights that survive a move from or to s: moving
// a king or rook, or capturing a rook on its home square, removes rights.
var castlingMask [64]uint8

func init() {
	for i := range castlingMask {
		castlingMask[i] = AllCastling
	}
	castlingMask[E1] &^= WhiteKingSide | WhiteQueenSide
	castlingMask[H1] &^= WhiteKingSide
	castlingMask[A1] &^= WhiteQueenSide
	castlingMask[E8] &^= BlackKingSide | BlackQueenSide
	castlingMask[H8] &^= BlackKingSide
	castlingMask[A8] &^= BlackQueenSide
}

// MakeMove plays a move, which must be legal in this position (as produced
// by GenerateLegal or a parser). The position records what UnmakeMove
// needs to take it back.
func (p *Position) MakeMove(m Move) {
	from, to, flag := m.From(), m.To(), m.Flags()
	us := p.side
	pc := p.board[from]
	captured := p.board[to]

	p.history = append(p.history, undoInfo{
		key: p.key, move: m, castling: p.castling, ep: p.ep, halfmove: int32(p.halfmove), sinceNull: int32(p.sinceNull),
	})
	if p.ep != NoSquare {
		p.key ^= zobristEP[p.ep.File()]
		p.ep = NoSquare
	}
	p.halfmove++
	p.sinceNull++

	epCandidate := NoSquare
	switch {
	case flag == FlagEnPassant:
		capSq := to ^ 8
		captured = p.board[capSq]
		p.removePiece(capSq)
		p.movePiece(from, to)
		p.halfmove = 0
	case flag == FlagKingCastle || flag == FlagQueenCastle:
		rFrom, rTo := to+1, to-1
		if flag == FlagQueenCastle {
			rFrom, rTo = to-2, to+1
		}
		p.movePiece(from, to)
		p.movePiece(rFrom, rTo)
	default:
		if captured != NoPiece {
			p.removePiece(to)
			p.halfmove = 0
		}
		if m.IsPromotion() {
			p.removePiece(from)
			p.putPiece(MakePiece(us, m.Promotion()), to)
		} else {
			p.movePiece(from, to)
		}
		if pc.Type() == Pawn {
			p.halfmove = 0
			if flag == FlagDoublePush {
				epSq := (from + to) / 2
				if pawnAttacks[us][epSq]&p.pieces[Pawn]&p.colors[us^1] != 0 {
					epCandidate = epSq
				}
			}
		}
	}
	p.history[len(p.history)-1].captured = captured
	if pc.Type() == King {
		p.kings[us] = to
	}
	if nc := p.castling & castlingMask[from] & castlingMask[to]; nc != p.castling {
		p.key ^= zobristCastling[p.castling] ^ zobristCastling[nc]
		p.castling = nc
	}
	if us == Black {
		p.fullmove++
	}
	p.side ^= 1
	p.key ^= zobristSide
	// The en-passant square is kept only when the capture is really legal,
	// so that positions equal under the repetition rule hash equal.
	if epCandidate != NoSquare && p.epCaptureLegal(epCandidate) {
		p.ep = epCandidate
		p.key ^= zobristEP[epCandidate.File()]
	}
}

// keyAfter is the key of the position after m, except for what castling
// and en passant change: close enough to fetch its table entry early.
func (p *Position) keyAfter(m Move) uint64 {
	from, to := m.From(), m.To()
	pc := p.board[from]
	k := p.key ^ zobristSide ^ zobristPiece[pc][from]
	if c := p.board[to]; c != NoPiece {
		k ^= zobristPiece[c][to]
	}
	if m.IsPromotion() {
		pc = MakePiece(p.side, m.Promotion())
	}
	k ^= zobristPiece[pc][to]
	if p.ep != NoSquare {
		k ^= zobristEP[p.ep.File()]
	}
	return k
}

// UnmakeMove takes back the last move made with MakeMove.
func (p *Position) UnmakeMove() {
	n := len(p.history) - 1
	u := &p.history[n]
	m := u.move
	from, to, flag := m.From(), m.To(), m.Flags()
	p.side ^= 1
	us := p.side
	if us == Black {
		p.fullmove--
	}
	switch {
	case flag == FlagEnPassant:
		p.rawMove(to, from)
		p.rawPut(u.captured, to^8)
	case flag == FlagKingCastle || flag == FlagQueenCastle:
		rFrom, rTo := to+1, to-1
		if flag == FlagQueenCastle {
			rFrom, rTo = to-2, to+1
		}
		p.rawMove(to, from)
		p.rawMove(rTo, rFrom)
	default:
		if m.IsPromotion() {
			p.rawRemove(to)
			p.rawPut(MakePiece(us, Pawn), from)
		} else {
			p.rawMove(to, from)
		}
		if u.captured != NoPiece {
			p.rawPut(u.captured, to)
		}
	}
	if p.board[from].Type() == King {
		p.kings[us] = from
	}
	p.key, p.castling, p.ep, p.halfmove = u.key, u.castling, u.ep, int(u.halfmove)
	p.sinceNull = int(u.sinceNull)
	p.history = p.history[:n]
}

// MakeNullMove passes the turn (for null-move pruning); the side to move
// must not be in check.
func (p *Position) MakeNullMove() {
	p.history = append(p.history, undoInfo{
		key: p.key, move: NullMove, castling: p.castling, ep: p.ep, halfmove: int32(p.halfmove), sinceNull: int32(p.sinceNull),
	})
	if p.ep != NoSquare {
		p.key ^= zobristEP[p.ep.File()]
		p.ep = NoSquare
	}
	p.halfmove++
	p.sinceNull = 0
	p.side ^= 1
	p.key ^= zobristSide
}

// UnmakeNullMove takes back MakeNullMove.
func (p *Position) UnmakeNullMove() {
	n := len(p.history) - 1
	u := &p.history[n]
	p.side ^= 1
	p.key, p.ep, p.halfmove = u.key, u.ep, int(u.halfmove)
	p.sinceNull = int(u.sinceNull)
	p.history = p.history[:n]
}

func (p *Position) rawPut(pc Piece, s Square) {
	b := SquareBB(s)
	p.pieces[pc.Type()] |= b
	p.colors[pc.Color()] |= b
	p.board[s] = pc
}

func (p *Position) rawRemove(s Square) {
	pc := p.board[s]
	b := SquareBB(s)
	p.pieces[pc.Type()] &^= b
	p.colors[pc.Color()] &^= b
	p.board[s] = NoPiece
}

func (p *Position) rawMove(from, to Square) {
	pc := p.board[from]
	b := SquareBB(from) | SquareBB(to)
	p.pieces[pc.Type()] ^= b
	p.colors[pc.Color()] ^= b
	p.board[from] = NoPiece
	p.board[to] = pc
}
