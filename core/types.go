package core

// Color is the side a piece belongs to.
type Color uint8

const (
	White Color = 0
	Black Color = 1
)

// Other returns the opposite colour.
func (c Color) Other() Color { return c ^ 1 }

func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// PieceType is a kind of piece regardless of colour. Zero means none, so
// that Piece&7 yields the type directly.
type PieceType uint8

const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// Piece is a coloured piece: colour<<3 | type. Zero is an empty square.
type Piece uint8

const NoPiece Piece = 0

// MakePiece combines a colour and a type.
func MakePiece(c Color, t PieceType) Piece { return Piece(c)<<3 | Piece(t) }

// Type returns the piece's type.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Color returns the piece's colour; meaningless for NoPiece.
func (p Piece) Color() Color { return Color(p >> 3) }

const pieceLetters = " PNBRQK  pnbrqk"

// Char returns the FEN letter of the piece (upper case for white), or ' '.
func (p Piece) Char() byte {
	if int(p) >= len(pieceLetters) {
		return ' '
	}
	return pieceLetters[p]
}

// pieceFromChar parses a FEN piece letter.
func pieceFromChar(ch byte) (Piece, bool) {
	for i := 1; i < len(pieceLetters); i++ {
		if pieceLetters[i] == ch && ch != ' ' {
			return Piece(i), true
		}
	}
	return NoPiece, false
}

// typeLetters maps a PieceType to its upper-case SAN letter.
const typeLetters = " PNBRQK"

// Square is a board square, a1 = 0, b1 = 1, … h8 = 63.
type Square uint8

// NoSquare marks an absent square (no en-passant target).
const NoSquare Square = 64

const (
	A1 Square = iota
	B1
	C1
	D1
	E1
	F1
	G1
	H1
	A8 Square = 56 + iota - 8
	B8
	C8
	D8
	E8
	F8
	G8
	H8
)

// MakeSquare builds a square from file (0–7) and rank (0–7).
func MakeSquare(file, rank int) Square { return Square(rank*8 + file) }

// File returns 0 for the a-file … 7 for the h-file.
func (s Square) File() int { return int(s & 7) }

// Rank returns 0 for the first rank … 7 for the eighth.
func (s Square) Rank() int { return int(s >> 3) }

// Mirror flips the square vertically (a1 <-> a8).
func (s Square) Mirror() Square { return s ^ 56 }

func (s Square) String() string {
	if s >= NoSquare {
		return "-"
	}
	return string([]byte{'a' + byte(s.File()), '1' + byte(s.Rank())})
}

// ParseSquare reads a square in algebraic form such as "e4".
func ParseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, false
	}
	return MakeSquare(int(s[0]-'a'), int(s[1]-'1')), true
}

// Castling rights bits.
const (
	WhiteKingSide  uint8 = 1
	WhiteQueenSide uint8 = 2
	BlackKingSide  uint8 = 4
	BlackQueenSide uint8 = 8
	AllCastling    uint8 = 15
)
