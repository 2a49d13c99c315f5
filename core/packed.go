package core

import (
	"encoding/binary"
	"fmt"
)

// PackedPosition is a position in 32 bytes, for datasets of millions of
// positions: what evaluation needs (pieces, side to move, castling, en
// passant, clocks), no history.
//
// Layout (multi-byte numbers little-endian):
//
//	[0:8]   occupancy bitboard, bit i for Square(i)
//	[8:24]  one 4-bit Piece code (colour<<3 | type) per occupied square,
//	        in ascending square order, the first in the low nibble of
//	        byte 8; nibbles past the last piece are 0
//	[24]    bit 0 side to move (1: black), bits 1–4 castling rights
//	        (WhiteKingSide…BlackQueenSide), bits 5–7 zero
//	[25]    en-passant square 0–63, or 64 (NoSquare) for none
//	[26]    halfmove clock, clamped to 255
//	[27:29] fullmove number, clamped to 1–65535
//	[29:32] zero
//
// Every packing of a Position is canonical: Unpack rejects bytes that
// Pack cannot produce (padding, reserved bits) apart from one case
// ParseFEN accepts too, an en-passant square no pawn can legally capture
// on, which Unpack drops just as ParseFEN does. So for any b that unpacks,
// packing the result gives b back, except that such a square's byte reads
// 64.
type PackedPosition [32]byte

// Byte offsets of the packed fields.
const (
	packOccupancy = 0
	packPieces    = 8
	packFlags     = 24
	packEP        = 25
	packHalfmove  = 26
	packFullmove  = 27
	packReserved  = 29
	packMaxPieces = 32
)

// PackError says which field of a packed position is wrong and why.
type PackError struct {
	Field  string // "pieces", "side to move", "castling", "en passant", "halfmove clock", "fullmove number", "reserved"
	Reason string
}

func (e *PackError) Error() string { return "packed position: " + e.Field + ": " + e.Reason }

func packErr(field, reason string, args ...any) *PackError {
	return &PackError{Field: field, Reason: fmt.Sprintf(reason, args...)}
}

// CanPack reports whether the position fits in a PackedPosition: at most
// 32 pieces. Every position ParseFEN accepts, and every one reached from
// it by moves, does (ParseFEN allows 16 pieces a side and moves never add
// pieces); the check exists for callers that want to be explicit.
func (p *Position) CanPack() bool { return p.Occupied().Count() <= packMaxPieces }

// Pack returns the position packed. The halfmove clock is clamped to 255
// (the 50- and 75-move rules need no more) and written as 0 while an
// en-passant square is set (a double push has just reset it; only an EPD
// hmvc opcode can say otherwise, and ParseFEN would refuse that FEN); the
// fullmove number is clamped to 1–65535. A position that cannot be packed
// (see CanPack) yields the zero PackedPosition, which Unpack rejects, so
// the mistake surfaces as an error instead of a wrong position.
func (p *Position) Pack() PackedPosition {
	var pp PackedPosition
	occ := p.Occupied()
	if occ.Count() > packMaxPieces {
		return pp
	}
	binary.LittleEndian.PutUint64(pp[packOccupancy:], uint64(occ))
	for i, b := 0, occ; b != 0; i++ {
		s := b.PopLSB()
		pp[packPieces+i/2] |= byte(p.board[s]&15) << (4 * (i & 1))
	}
	pp[packFlags] = byte(p.side&1) | (p.castling&AllCastling)<<1
	pp[packEP] = byte(p.ep)
	if p.ep != NoSquare {
		pp[packHalfmove] = 0
	} else {
		pp[packHalfmove] = byte(min(max(p.halfmove, 0), 255))
	}
	binary.LittleEndian.PutUint16(pp[packFullmove:], uint16(min(max(p.fullmove, 1), 65535)))
	return pp
}

// Unpack sets q to the packed position (history emptied, its capacity
// kept, so a reused q costs no allocation) after checking it is a legal
// set-up as ParseFEN would; on error q is unchanged.
func (pp *PackedPosition) Unpack(q *Position) error {
	// Built aside and copied in at the end, so q is untouched on error;
	// n does not escape, so this costs no allocation.
	var n Position
	n.ep = NoSquare
	if err := n.unpackPieces(pp); err != nil {
		return err
	}
	flags := pp[packFlags]
	if flags>>5 != 0 {
		return packErr("reserved", "flag bits 5–7 are %03b, must be 0", flags>>5)
	}
	n.side = Color(flags & 1)
	if err := n.unpackCastling(flags >> 1 & AllCastling); err != nil {
		return err
	}
	if err := n.unpackEnPassant(pp[packEP]); err != nil {
		return err
	}
	n.halfmove = int(pp[packHalfmove])
	if n.halfmove != 0 && pp[packEP] != byte(NoSquare) {
		return packErr("halfmove clock", "is %d, must be 0 right after a double pawn push (en passant square %s)", n.halfmove, Square(pp[packEP]))
	}
	n.fullmove = int(binary.LittleEndian.Uint16(pp[packFullmove:]))
	if n.fullmove == 0 {
		return packErr("fullmove number", "is 0, move numbers start at 1")
	}
	for i := packReserved; i < len(pp); i++ {
		if pp[i] != 0 {
			return packErr("reserved", "byte %d is %d, must be 0", i, pp[i])
		}
	}
	// The same position checks as ParseFEN, in the same order.
	if n.attackedBy(n.kings[n.side^1], n.side, n.Occupied()) {
		return packErr("side to move", "%s to move is impossible: the side not to move (%s) is in check", n.side, n.side.Other())
	}
	if n.Checkers().Count() > 2 {
		return packErr("pieces", "impossible: %s is in check from more than two pieces", n.side)
	}
	n.key = n.computeKey()
	n.history = q.history[:0]
	if n.history == nil {
		n.history = make([]undoInfo, 0, 256) // as ParseFEN gives
	}
	*q = n
	return nil
}

// unpackPieces places the pieces and checks them as parsePlacement does:
// valid codes, no pawn on a back rank, one king, at most 8 pawns and 16
// pieces a side.
func (p *Position) unpackPieces(pp *PackedPosition) error {
	occ := Bitboard(binary.LittleEndian.Uint64(pp[packOccupancy:]))
	total := occ.Count()
	if total > packMaxPieces {
		return packErr("pieces", "occupancy has %d squares, at most %d pieces fit", total, packMaxPieces)
	}
	var count [16]int
	for i, b := 0, occ; b != 0; i++ {
		s := b.PopLSB()
		pc := Piece(pp[packPieces+i/2] >> (4 * (i & 1)) & 15)
		if t := pc.Type(); t < Pawn || t > King {
			return packErr("pieces", "piece %d (on %s) has code %d, which is no piece", i, s, pc)
		}
		if pc.Type() == Pawn && (s.Rank() == 0 || s.Rank() == 7) {
			return packErr("pieces", "has a pawn on rank %d (%s)", s.Rank()+1, s)
		}
		p.rawPut(pc, s)
		if pc.Type() == King {
			p.kings[pc.Color()] = s
		}
		count[pc]++
	}
	for i := total; i < packMaxPieces; i++ {
		if pp[packPieces+i/2]>>(4*(i&1))&15 != 0 {
			return packErr("pieces", "piece code %d is set but only %d squares are occupied", i, total)
		}
	}
	for _, c := range [2]Color{White, Black} {
		if k := count[MakePiece(c, King)]; k != 1 {
			return packErr("pieces", "has %d %s kings, needs exactly 1", k, c)
		}
		if k := count[MakePiece(c, Pawn)]; k > 8 {
			return packErr("pieces", "has %d %s pawns, at most 8 allowed", k, c)
		}
		if k := p.colors[c].Count(); k > 16 {
			return packErr("pieces", "has %d %s pieces, at most 16 allowed", k, c)
		}
	}
	return nil
}

// castlingHomes: for each right, where its king and rook must stand.
var castlingHomes = [4]struct {
	king, rook Square
	c          Color
	letter     byte
}{{E1, H1, White, 'K'}, {E1, A1, White, 'Q'}, {E8, H8, Black, 'k'}, {E8, A8, Black, 'q'}}

// unpackCastling checks each right as parseCastling does.
func (p *Position) unpackCastling(rights uint8) error {
	for i, h := range castlingHomes {
		if rights&(1<<i) == 0 {
			continue
		}
		if p.board[h.king] != MakePiece(h.c, King) || p.board[h.rook] != MakePiece(h.c, Rook) {
			return packErr("castling", "gives %q but the %s king is not on %s with a rook on %s", h.letter, h.c, h.king, h.rook)
		}
	}
	p.castling = rights
	return nil
}

// unpackEnPassant checks the square as parseEnPassant does and, like it,
// keeps it only when a capture there is legal.
func (p *Position) unpackEnPassant(b byte) error {
	if b == byte(NoSquare) {
		return nil
	}
	if b > byte(NoSquare) {
		return packErr("en passant", "byte is %d, must be a square 0–63 or 64 for none", b)
	}
	sq := Square(b)
	wantRank, pawnSq, fromSq := 5, sq-8, sq+8
	if p.side == Black {
		wantRank, pawnSq, fromSq = 2, sq+8, sq-8
	}
	if sq.Rank() != wantRank {
		return packErr("en passant", "%s must be on rank %d when %s is to move", sq, wantRank+1, p.side)
	}
	if p.board[pawnSq] != MakePiece(p.side^1, Pawn) || p.board[sq] != NoPiece || p.board[fromSq] != NoPiece {
		return packErr("en passant", "%s does not follow a double pawn push: needs a %s pawn on %s and %s, %s empty", sq, p.side.Other(), pawnSq, sq, fromSq)
	}
	if p.epCaptureLegal(sq) {
		p.ep = sq
	}
	return nil
}
