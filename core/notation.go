package core

import (
	"fmt"
	"strings"
)

// MoveError reports a move that could not be read or is not legal.
type MoveError struct {
	Input  string
	Reason string
}

func (e *MoveError) Error() string { return fmt.Sprintf("move %q: %s", e.Input, e.Reason) }

func moveErr(in, reason string, args ...any) *MoveError {
	return &MoveError{Input: in, Reason: fmt.Sprintf(reason, args...)}
}

// ParseUCIMove reads a move in UCI long algebraic notation ("e2e4",
// "e7e8q", castling as the king's move "e1g1" or, leniently, king takes own
// rook "e1h1") and checks that it is legal here.
func (p *Position) ParseUCIMove(s string) (Move, error) {
	if len(s) != 4 && len(s) != 5 {
		return NullMove, moveErr(s, "UCI moves have 4 or 5 characters, like e2e4 or e7e8q")
	}
	from, ok1 := ParseSquare(s[0:2])
	to, ok2 := ParseSquare(s[2:4])
	if !ok1 || !ok2 {
		return NullMove, moveErr(s, "does not name two squares")
	}
	promo := NoPieceType
	if len(s) == 5 {
		i := strings.IndexByte("nbrq", s[4]|0x20)
		if i < 0 {
			return NullMove, moveErr(s, "promotion piece %q is not one of n, b, r, q", s[4])
		}
		promo = Knight + PieceType(i)
	}
	pc := p.board[from]
	if pc == NoPiece || pc.Color() != p.side {
		return NullMove, moveErr(s, "no %s piece on %s", p.side, from)
	}
	// King takes own rook: the castling form some GUIs send.
	if pc.Type() == King && p.board[to] == MakePiece(p.side, Rook) && from.Rank() == to.Rank() {
		if to > from {
			to = from + 2
		} else {
			to = from - 2
		}
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	needsPromo := false
	for _, m := range ml.Slice() {
		if m.From() == from && m.To() == to {
			if m.Promotion() == promo {
				return m, nil
			}
			needsPromo = m.IsPromotion()
		}
	}
	if needsPromo && promo == NoPieceType {
		return NullMove, moveErr(s, "a pawn reaching the last rank needs a promotion piece (e.g. %sq)", s)
	}
	if p.InCheck() {
		return NullMove, moveErr(s, "is not legal here (%s is in check)", p.side)
	}
	return NullMove, moveErr(s, "is not legal in this position")
}

// SAN returns the move in Standard Algebraic Notation with minimal
// disambiguation and a check (+) or mate (#) suffix. The move must be legal.
func (p *Position) SAN(m Move) string {
	var b []byte
	from, to := m.From(), m.To()
	pc := p.board[from]
	switch {
	case m.Flags() == FlagKingCastle:
		b = append(b, "O-O"...)
	case m.Flags() == FlagQueenCastle:
		b = append(b, "O-O-O"...)
	case pc.Type() == Pawn:
		if m.IsCapture() {
			b = append(b, 'a'+byte(from.File()), 'x')
		}
		b = append(b, to.String()...)
		if pt := m.Promotion(); pt != NoPieceType {
			b = append(b, '=', typeLetters[pt])
		}
	default:
		b = append(b, typeLetters[pc.Type()])
		b = p.appendDisambiguation(b, m, pc)
		if m.IsCapture() {
			b = append(b, 'x')
		}
		b = append(b, to.String()...)
	}
	p.MakeMove(m)
	if p.InCheck() {
		if p.HasLegalMove() {
			b = append(b, '+')
		} else {
			b = append(b, '#')
		}
	}
	p.UnmakeMove()
	return string(b)
}

// appendDisambiguation adds the file, rank or square that tells m apart
// from other legal moves of the same kind of piece to the same square.
func (p *Position) appendDisambiguation(b []byte, m Move, pc Piece) []byte {
	var ml MoveList
	p.GenerateLegal(&ml)
	from := m.From()
	others, sameFile, sameRank := 0, false, false
	for _, o := range ml.Slice() {
		if o.To() != m.To() || o.From() == from || p.board[o.From()] != pc {
			continue
		}
		others++
		sameFile = sameFile || o.From().File() == from.File()
		sameRank = sameRank || o.From().Rank() == from.Rank()
	}
	switch {
	case others == 0:
	case !sameFile:
		b = append(b, 'a'+byte(from.File()))
	case !sameRank:
		b = append(b, '1'+byte(from.Rank()))
	default:
		b = append(b, from.String()...)
	}
	return b
}

// ParseSAN reads a move in Standard Algebraic Notation and checks it is
// legal. It accepts the common sloppy forms: 0-0 for O-O, a promotion
// without "=" (e8Q, e8q), a missing or wrong check sign, annotation marks
// (!, ?), "x" or "-" anywhere between the parts, and a full origin square
// (Ng1f3, e2e4). An ambiguous move is an error listing the candidates.
func (p *Position) ParseSAN(s string) (Move, error) {
	t := strings.TrimRight(s, "+#!?")
	t = strings.TrimSuffix(t, "e.p.")
	t = strings.TrimSpace(t)
	switch t {
	case "O-O", "0-0", "o-o":
		return p.findCastle(s, FlagKingCastle)
	case "O-O-O", "0-0-0", "o-o-o":
		return p.findCastle(s, FlagQueenCastle)
	}
	if t == "" {
		return NullMove, moveErr(s, "is empty")
	}
	pt := Pawn
	if i := strings.IndexByte("NBRQK", t[0]); i >= 0 {
		pt = Knight + PieceType(i)
		t = t[1:]
	}
	// Promotion suffix: "=Q", "Q" or "q" after the destination square.
	promo := NoPieceType
	if n := len(t); n >= 3 && pt == Pawn {
		if i := strings.IndexByte("NBRQnbrq", t[n-1]); i >= 0 && t[n-2] >= '1' && t[n-2] <= '8' || i >= 0 && t[n-2] == '=' {
			promo = Knight + PieceType(i%4)
			t = strings.TrimSuffix(t[:n-1], "=")
		}
	}
	t = sanSeparators.Replace(t)
	if len(t) < 2 || len(t) > 4 {
		return NullMove, moveErr(s, "is not a move in SAN (like e4, Nf3, exd5, O-O, e8=Q)")
	}
	to, ok := ParseSquare(t[len(t)-2:])
	if !ok {
		return NullMove, moveErr(s, "does not end with a destination square")
	}
	fromFile, fromRank := -1, -1
	for _, ch := range []byte(t[:len(t)-2]) {
		switch {
		case ch >= 'a' && ch <= 'h' && fromFile < 0:
			fromFile = int(ch - 'a')
		case ch >= '1' && ch <= '8' && fromRank < 0:
			fromRank = int(ch - '1')
		default:
			return NullMove, moveErr(s, "has %q where a file or rank was expected", ch)
		}
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	var found []Move
	needsPromo := false
	for _, m := range ml.Slice() {
		f := m.From()
		if m.To() != to || p.board[f].Type() != pt || m.IsCastle() ||
			fromFile >= 0 && f.File() != fromFile || fromRank >= 0 && f.Rank() != fromRank {
			continue
		}
		if m.Promotion() != promo {
			needsPromo = needsPromo || promo == NoPieceType
			continue
		}
		found = append(found, m)
	}
	switch {
	case len(found) == 1:
		return found[0], nil
	case len(found) > 1:
		alts := make([]string, len(found))
		for i, m := range found {
			alts[i] = p.SAN(m)
		}
		return NullMove, moveErr(s, "is ambiguous: could be %s", strings.Join(alts, " or "))
	case needsPromo:
		return NullMove, moveErr(s, "a pawn reaching the last rank needs a promotion piece (e.g. %s=Q)", to)
	}
	name := strings.ToLower(pieceNames[pt])
	if p.InCheck() {
		return NullMove, moveErr(s, "no legal %s move to %s (%s is in check)", name, to, p.side)
	}
	return NullMove, moveErr(s, "no legal %s move to %s", name, to)
}

// sanSeparators strips capture marks and dashes; built once (a Replacer is
// safe for concurrent use and costly to build).
var sanSeparators = strings.NewReplacer("x", "", "X", "", "-", "", ":", "")

var pieceNames = [...]string{"", "pawn", "knight", "bishop", "rook", "queen", "king"}

func (p *Position) findCastle(s string, flag int) (Move, error) {
	var ml MoveList
	p.GenerateLegal(&ml)
	for _, m := range ml.Slice() {
		if m.Flags() == flag {
			return m, nil
		}
	}
	return NullMove, moveErr(s, "castling is not legal here")
}

// ParseMove reads a move in SAN or UCI notation, whichever fits.
func (p *Position) ParseMove(s string) (Move, error) {
	s = strings.TrimSpace(s)
	if m, err := p.ParseSAN(s); err == nil {
		return m, nil
	} else if len(s) < 4 || len(s) > 5 {
		return NullMove, err
	} else if m, uerr := p.ParseUCIMove(s); uerr == nil {
		return m, nil
	} else {
		return NullMove, err
	}
}
