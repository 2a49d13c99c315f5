package core

import "encoding/binary"

// UnpackForEval sets q to the packed position for static evaluation only:
// pieces, side to move, castling rights and en passant, without
// ParseFEN's checks and without the Zobrist key (q.Key() is 0: q must not
// be searched, hashed or played on). Tuning evaluates millions of stored
// positions per chromosome, and the checks and the key were half of that
// cost; the data was checked once already (dataset.ReadBinary unpacks
// every record with Unpack). It reports false, leaving q unspecified,
// when the bytes cannot even be placed (a code that is no piece).
func (pp *PackedPosition) UnpackForEval(q *Position) bool {
	occ := Bitboard(binary.LittleEndian.Uint64(pp[packOccupancy:]))
	if occ.Count() > packMaxPieces {
		return false
	}
	q.pieces, q.colors, q.board = [8]Bitboard{}, [2]Bitboard{}, [64]Piece{}
	for i, b := 0, occ; b != 0; i++ {
		s := b.PopLSB()
		pc := Piece(pp[packPieces+i/2] >> (4 * (i & 1)) & 15)
		if t := pc.Type(); t < Pawn || t > King {
			return false
		}
		q.rawPut(pc, s)
		if pc.Type() == King {
			q.kings[pc.Color()] = s
		}
	}
	flags := pp[packFlags]
	q.side, q.castling = Color(flags&1), flags>>1&AllCastling
	q.ep = NoSquare
	if e := pp[packEP]; e < byte(NoSquare) {
		q.ep = Square(e)
	}
	q.halfmove = int(pp[packHalfmove])
	q.fullmove = int(binary.LittleEndian.Uint16(pp[packFullmove:]))
	q.key, q.sinceNull, q.history = 0, 0, q.history[:0]
	return true
}
