package core

// Move is a 16-bit move: bits 0–5 from, 6–11 to, 12–15 a kind flag.
type Move uint16

// NullMove is the zero move; it never is a legal move.
const NullMove Move = 0

// Move kinds (the top four bits).
const (
	FlagQuiet       = 0
	FlagDoublePush  = 1
	FlagKingCastle  = 2
	FlagQueenCastle = 3
	FlagCapture     = 4
	FlagEnPassant   = 5
	FlagPromo       = 8 // + (promoted type - Knight); +4 more when capturing
	FlagPromoCap    = 12
)

// NewMove builds a move from its parts.
func NewMove(from, to Square, flag int) Move {
	return Move(uint16(from) | uint16(to)<<6 | uint16(flag)<<12)
}

// From returns the origin square.
func (m Move) From() Square { return Square(m & 63) }

// To returns the destination square.
func (m Move) To() Square { return Square(m>>6) & 63 }

// Flags returns the move kind.
func (m Move) Flags() int { return int(m >> 12) }

// IsCapture reports whether the move captures (en passant included).
func (m Move) IsCapture() bool { return m&(FlagCapture<<12) != 0 }

// IsPromotion reports whether the move promotes a pawn.
func (m Move) IsPromotion() bool { return m&(FlagPromo<<12) != 0 }

// IsCastle reports whether the move castles.
func (m Move) IsCastle() bool { f := m.Flags(); return f == FlagKingCastle || f == FlagQueenCastle }

// IsEnPassant reports whether the move captures en passant.
func (m Move) IsEnPassant() bool { return m.Flags() == FlagEnPassant }

// Promotion returns the promoted piece type, or NoPieceType.
func (m Move) Promotion() PieceType {
	if !m.IsPromotion() {
		return NoPieceType
	}
	return Knight + PieceType(m.Flags()&3)
}

// String returns the move in UCI long algebraic notation ("e2e4", "e7e8q",
// "e1g1"); the null move is "0000".
func (m Move) String() string {
	if m == NullMove {
		return "0000"
	}
	b := make([]byte, 0, 5)
	b = append(b, m.From().String()...)
	b = append(b, m.To().String()...)
	if pt := m.Promotion(); pt != NoPieceType {
		b = append(b, "  nbrq"[pt])
	}
	return string(b)
}
