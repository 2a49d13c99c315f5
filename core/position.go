package core

// Position is a chess position with everything needed to continue the game:
// bitboards per piece type and colour, a mailbox, side to move, castling
// rights, en-passant square, move clocks, the Zobrist key and the history
// needed to unmake moves and detect repetitions.
type Position struct {
	pieces   [8]Bitboard // by PieceType; index 0 unused, 7 keeps any t&7 in range
	colors   [2]Bitboard
	board    [64]Piece
	side     Color
	castling uint8
	// ep is the en-passant target square, set only when a pawn of the side
	// to move stands ready to capture there (so equal positions hash equal).
	ep       Square
	halfmove int
	fullmove int
	// sinceNull counts plies since the last null move (or the set-up):
	// repetitions are only looked for within it, since a null move is no
	// move of the game and positions before it cannot repeat through it.
	sinceNull int
	key       uint64
	kings     [2]Square
	history   []undoInfo
}

// undoInfo is what MakeMove saves so UnmakeMove can restore the position.
type undoInfo struct {
	key       uint64
	move      Move
	captured  Piece
	castling  uint8
	ep        Square
	halfmove  int32
	sinceNull int32
}

// StartFEN is the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// KiwipeteFEN is the classic move-generation stress position (castling,
// en passant, promotions and pins within a few plies).
const KiwipeteFEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

// NewPosition returns the standard starting position.
func NewPosition() *Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic("core: start position does not parse: " + err.Error())
	}
	return p
}

// Clone returns an independent copy of the position, history included.
func (p *Position) Clone() *Position {
	q := *p
	q.history = make([]undoInfo, len(p.history), cap(p.history))
	copy(q.history, p.history)
	return &q
}

// SideToMove returns the colour to move.
func (p *Position) SideToMove() Color { return p.side }

// CastlingRights returns the castling-rights bits (WhiteKingSide, …).
func (p *Position) CastlingRights() uint8 { return p.castling }

// EnPassant returns the en-passant target square or NoSquare.
func (p *Position) EnPassant() Square { return p.ep }

// HalfmoveClock returns the number of plies since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return p.halfmove }

// FullmoveNumber returns the FEN move number.
func (p *Position) FullmoveNumber() int { return p.fullmove }

// Key returns the Zobrist hash of the position.
func (p *Position) Key() uint64 { return p.key }

// PieceAt returns the piece on s (NoPiece if empty).
func (p *Position) PieceAt(s Square) Piece { return p.board[s&63] }

// Pieces returns the squares of pieces of type t and colour c.
func (p *Position) Pieces(c Color, t PieceType) Bitboard { return p.pieces[t&7] & p.colors[c&1] }

// PiecesOfType returns the squares of pieces of type t of both colours.
func (p *Position) PiecesOfType(t PieceType) Bitboard { return p.pieces[t&7] }

// Occupied returns every occupied square.
func (p *Position) Occupied() Bitboard { return p.colors[White] | p.colors[Black] }

// ColorBB returns the squares of colour c's pieces.
func (p *Position) ColorBB(c Color) Bitboard { return p.colors[c&1] }

// KingSquare returns the square of colour c's king.
func (p *Position) KingSquare(c Color) Square { return p.kings[c&1] }

// Ply returns how many moves have been made on this Position since it was set up.
func (p *Position) Ply() int { return len(p.history) }

// LastMove returns the last move made, or NullMove at the root.
func (p *Position) LastMove() Move {
	if len(p.history) == 0 {
		return NullMove
	}
	return p.history[len(p.history)-1].move
}

// Moves returns the moves made since the position was set up, in order.
func (p *Position) Moves() []Move {
	out := make([]Move, len(p.history))
	for i, u := range p.history {
		out[i] = u.move
	}
	return out
}

func (p *Position) putPiece(pc Piece, s Square) {
	b := SquareBB(s)
	p.pieces[pc.Type()] |= b
	p.colors[pc.Color()] |= b
	p.board[s] = pc
	p.key ^= zobristPiece[pc][s]
}

func (p *Position) removePiece(s Square) {
	pc := p.board[s]
	b := SquareBB(s)
	p.pieces[pc.Type()] &^= b
	p.colors[pc.Color()] &^= b
	p.board[s] = NoPiece
	p.key ^= zobristPiece[pc][s]
}

func (p *Position) movePiece(from, to Square) {
	pc := p.board[from]
	b := SquareBB(from) | SquareBB(to)
	p.pieces[pc.Type()] ^= b
	p.colors[pc.Color()] ^= b
	p.board[from] = NoPiece
	p.board[to] = pc
	p.key ^= zobristPiece[pc][from] ^ zobristPiece[pc][to]
}

// AttackersTo returns the pieces of both colours attacking s given occupancy occ.
func (p *Position) AttackersTo(s Square, occ Bitboard) Bitboard {
	return pawnAttacks[Black][s]&p.pieces[Pawn]&p.colors[White] |
		pawnAttacks[White][s]&p.pieces[Pawn]&p.colors[Black] |
		knightAttacks[s]&p.pieces[Knight] |
		kingAttacks[s]&p.pieces[King] |
		RookAttacks(s, occ)&(p.pieces[Rook]|p.pieces[Queen]) |
		BishopAttacks(s, occ)&(p.pieces[Bishop]|p.pieces[Queen])
}

// attackedBy reports whether colour c attacks s given occupancy occ.
func (p *Position) attackedBy(s Square, c Color, occ Bitboard) bool {
	them := p.colors[c]
	if pawnAttacks[c^1][s]&p.pieces[Pawn]&them != 0 ||
		knightAttacks[s]&p.pieces[Knight]&them != 0 ||
		kingAttacks[s]&p.pieces[King]&them != 0 {
		return true
	}
	rq := (p.pieces[Rook] | p.pieces[Queen]) & them
	if rq != 0 && RookAttacks(s, occ)&rq != 0 {
		return true
	}
	bq := (p.pieces[Bishop] | p.pieces[Queen]) & them
	return bq != 0 && BishopAttacks(s, occ)&bq != 0
}

// Checkers returns the enemy pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard {
	return p.AttackersTo(p.kings[p.side], p.Occupied()) & p.colors[p.side^1]
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool {
	return p.attackedBy(p.kings[p.side], p.side^1, p.Occupied())
}

// computeKey recomputes the Zobrist key from scratch (used by FEN set-up
// and by tests that check the incremental key).
func (p *Position) computeKey() uint64 {
	var k uint64
	for s := Square(0); s < 64; s++ {
		if pc := p.board[s]; pc != NoPiece {
			k ^= zobristPiece[pc][s]
		}
	}
	if p.side == Black {
		k ^= zobristSide
	}
	k ^= zobristCastling[p.castling]
	if p.ep != NoSquare {
		k ^= zobristEP[p.ep.File()]
	}
	return k
}
