package core

import (
	"fmt"
	"strconv"
	"strings"
)

// FENError reports which field of a FEN string is wrong and why.
type FENError struct {
	Field  int    // 1–6; 0 for the string as a whole
	Value  string // the offending text
	Reason string
}

var fenFieldNames = [...]string{"", "piece placement", "side to move", "castling", "en passant", "halfmove clock", "fullmove number"}

func (e *FENError) Error() string {
	if e.Field == 0 {
		return "FEN: " + e.Reason
	}
	return fmt.Sprintf("FEN field %d (%s): %q %s", e.Field, fenFieldNames[e.Field], e.Value, e.Reason)
}

func fenErr(field int, value, reason string, args ...any) *FENError {
	return &FENError{Field: field, Value: value, Reason: fmt.Sprintf(reason, args...)}
}

// ParseFEN reads a position in Forsyth–Edwards Notation. The halfmove and
// fullmove fields may be omitted (as in EPD), defaulting to 0 and 1. Every
// field is checked, and so is the position: one king each, no pawns on the
// back ranks, castling rights that match the king and rook squares, an
// en-passant square that a pawn can have just passed, and the side not to
// move not in check.
func ParseFEN(fen string) (*Position, error) {
	fields := strings.Fields(fen)
	if len(fields) < 4 {
		return nil, &FENError{Reason: fmt.Sprintf("has %d fields, needs at least 4 (placement, side, castling, en passant)", len(fields))}
	}
	if len(fields) > 6 {
		return nil, &FENError{Reason: fmt.Sprintf("has %d fields, at most 6 allowed", len(fields))}
	}
	p := &Position{ep: NoSquare, fullmove: 1, history: make([]undoInfo, 0, 256)}
	if err := p.parsePlacement(fields[0]); err != nil {
		return nil, err
	}
	switch fields[1] {
	case "w":
		p.side = White
	case "b":
		p.side = Black
	default:
		return nil, fenErr(2, fields[1], "must be w or b")
	}
	if err := p.parseCastling(fields[2]); err != nil {
		return nil, err
	}
	if err := p.parseEnPassant(fields[3]); err != nil {
		return nil, err
	}
	if len(fields) > 4 {
		n, ok := plainNumber(fields[4])
		if !ok || n > 10000 {
			return nil, fenErr(5, fields[4], "is not a number of plies from 0 to 10000")
		}
		if n != 0 && fields[3] != "-" {
			return nil, fenErr(5, fields[4], "must be 0 right after a double pawn push (en passant square %s)", fields[3])
		}
		p.halfmove = n
	}
	if len(fields) > 5 {
		n, ok := plainNumber(fields[5])
		if !ok || n < 1 || n > 100000 {
			return nil, fenErr(6, fields[5], "is not a move number from 1 to 100000")
		}
		p.fullmove = n
	}
	if p.attackedBy(p.kings[p.side^1], p.side, p.Occupied()) {
		return nil, fenErr(2, fields[1], "is impossible: the side not to move (%s) is in check", p.side.Other())
	}
	if p.Checkers().Count() > 2 {
		return nil, fenErr(1, fields[0], "is impossible: %s is in check from more than two pieces", p.side)
	}
	p.key = p.computeKey()
	return p, nil
}

// plainNumber reads a decimal number written plainly: digits only, no
// sign, no leading zeros.
func plainNumber(s string) (int, bool) {
	if s == "" || len(s) > 1 && s[0] == '0' || len(s) > 9 {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

func (p *Position) parsePlacement(s string) error {
	ranks := strings.Split(s, "/")
	if len(ranks) != 8 {
		return fenErr(1, s, "has %d ranks, needs 8 separated by /", len(ranks))
	}
	var count [16]int
	for i, row := range ranks {
		rank := 7 - i
		file := 0
		for j := 0; j < len(row); j++ {
			ch := row[j]
			switch {
			case ch >= '1' && ch <= '8':
				if j > 0 && row[j-1] >= '1' && row[j-1] <= '8' {
					return fenErr(1, s, "rank %d has two digits in a row", rank+1)
				}
				file += int(ch - '0')
			default:
				pc, ok := pieceFromChar(ch)
				if !ok {
					return fenErr(1, s, "has %q in rank %d, which is not a piece letter or digit", ch, rank+1)
				}
				if file >= 8 {
					return fenErr(1, s, "rank %d has more than 8 squares", rank+1)
				}
				if pc.Type() == Pawn && (rank == 0 || rank == 7) {
					return fenErr(1, s, "has a pawn on rank %d", rank+1)
				}
				sq := MakeSquare(file, rank)
				p.rawPut(pc, sq)
				if pc.Type() == King {
					p.kings[pc.Color()] = sq
				}
				count[pc]++
				file++
			}
			if file > 8 {
				return fenErr(1, s, "rank %d has more than 8 squares", rank+1)
			}
		}
		if file != 8 {
			return fenErr(1, s, "rank %d has %d squares, needs 8", rank+1, file)
		}
	}
	for _, c := range []Color{White, Black} {
		if n := count[MakePiece(c, King)]; n != 1 {
			return fenErr(1, s, "has %d %s kings, needs exactly 1", n, c)
		}
		if n := count[MakePiece(c, Pawn)]; n > 8 {
			return fenErr(1, s, "has %d %s pawns, at most 8 allowed", n, c)
		}
		if n := p.colors[c].Count(); n > 16 {
			return fenErr(1, s, "has %d %s pieces, at most 16 allowed", n, c)
		}
	}
	return nil
}

func (p *Position) parseCastling(s string) error {
	if s == "-" {
		return nil
	}
	type right struct {
		bit        uint8
		king, rook Square
		c          Color
	}
	rights := map[byte]right{
		'K': {WhiteKingSide, E1, H1, White}, 'Q': {WhiteQueenSide, E1, A1, White},
		'k': {BlackKingSide, E8, H8, Black}, 'q': {BlackQueenSide, E8, A8, Black},
	}
	for i := 0; i < len(s); i++ {
		r, ok := rights[s[i]]
		if !ok {
			return fenErr(3, s, "has %q; only K, Q, k, q or - are allowed", s[i])
		}
		if p.castling&r.bit != 0 {
			return fenErr(3, s, "repeats %q", s[i])
		}
		if p.board[r.king] != MakePiece(r.c, King) || p.board[r.rook] != MakePiece(r.c, Rook) {
			return fenErr(3, s, "gives %q but the %s king is not on %s with a rook on %s", s[i], r.c, r.king, r.rook)
		}
		p.castling |= r.bit
	}
	return nil
}

func (p *Position) parseEnPassant(s string) error {
	if s == "-" {
		return nil
	}
	sq, ok := ParseSquare(s)
	if !ok {
		return fenErr(4, s, "is not a square")
	}
	wantRank, pawnSq, fromSq := 5, sq-8, sq+8
	if p.side == Black {
		wantRank, pawnSq, fromSq = 2, sq+8, sq-8
	}
	if sq.Rank() != wantRank {
		return fenErr(4, s, "must be on rank %d when %s is to move", wantRank+1, p.side)
	}
	if p.board[pawnSq] != MakePiece(p.side^1, Pawn) || p.board[sq] != NoPiece || p.board[fromSq] != NoPiece {
		return fenErr(4, s, "does not follow a double pawn push: needs a %s pawn on %s and %s, %s empty", p.side.Other(), pawnSq, sq, fromSq)
	}
	// Keep the square only when a capture there is legal, as MakeMove does.
	if p.epCaptureLegal(sq) {
		p.ep = sq
	}
	return nil
}

// FEN returns the position in Forsyth–Edwards Notation.
func (p *Position) FEN() string {
	var b strings.Builder
	writePlacement(&b, &p.board)
	if p.side == White {
		b.WriteString(" w ")
	} else {
		b.WriteString(" b ")
	}
	if p.castling == 0 {
		b.WriteByte('-')
	}
	for i, ch := range "KQkq" {
		if p.castling&(1<<i) != 0 {
			b.WriteRune(ch)
		}
	}
	fmt.Fprintf(&b, " %s %d %d", p.ep, p.halfmove, p.fullmove)
	return b.String()
}

// writePlacement writes FEN's first field for a board.
func writePlacement(b *strings.Builder, board *[64]Piece) {
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			pc := board[MakeSquare(file, rank)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(pc.Char())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
}
