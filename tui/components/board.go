package components

import (
	"strings"

	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/tui/common"
)

// Board is what a board shows: a position and its highlights.
type Board struct {
	Pos      *core.Position
	Flipped  bool
	Letters  bool        // letters instead of Unicode figures
	Cursor   core.Square // NoSquare: no cursor
	Selected core.Square // NoSquare: nothing picked up
	Targets  core.Bitboard
	Last     core.Move
	SqW, SqH int // cell size of a square
}

var figures = map[byte]string{'K': "♔", 'Q': "♕", 'R': "♖", 'B': "♗", 'N': "♘", 'P': "♙",
	'k': "♚", 'q': "♛", 'r': "♜", 'b': "♝", 'n': "♞", 'p': "♟"}

// FitSquares picks the largest square size that fits w × h cells.
func FitSquares(w, h int) (int, int) {
	for _, s := range [][2]int{{7, 3}, {5, 2}, {3, 1}} {
		if 2+8*s[0] <= w && 8*s[1]+1 <= h {
			return s[0], s[1]
		}
	}
	return 3, 1
}

// size returns the rendered board's width and height in cells.
func (b Board) size() (int, int) { return 2 + 8*b.SqW, 8*b.SqH + 1 }

// squareAt maps a cell (x, y) of the rendered board to a square.
func (b Board) squareAt(x, y int) (core.Square, bool) {
	x -= 2
	if x < 0 || y < 0 || x >= 8*b.SqW || y >= 8*b.SqH {
		return core.NoSquare, false
	}
	file, row := x/b.SqW, y/b.SqH
	rank := 7 - row
	if b.Flipped {
		file, rank = 7-file, row
	}
	return core.MakeSquare(file, rank), true
}

// Render draws the board with rank and file labels. Without colour the
// squares are told apart by pattern (dark squares dotted) and highlights
// by brackets: [x] cursor, <x> picked up, *x* a legal target.
func (b Board) Render(st *common.Styles) string {
	var out strings.Builder
	inCheck := b.Pos.InCheck()
	king := b.Pos.KingSquare(b.Pos.SideToMove())
	for row := 0; row < 8; row++ {
		for line := 0; line < b.SqH; line++ {
			mid := line == b.SqH/2
			if mid {
				rank := 7 - row
				if b.Flipped {
					rank = row
				}
				out.WriteString(st.Dim.Render(string(rune('1'+rank)) + " "))
			} else {
				out.WriteString("  ")
			}
			for col := 0; col < 8; col++ {
				file, rank := col, 7-row
				if b.Flipped {
					file, rank = 7-col, row
				}
				sq := core.MakeSquare(file, rank)
				out.WriteString(b.cell(st, sq, mid, inCheck && sq == king))
			}
			out.WriteByte('\n')
		}
	}
	out.WriteString("  ")
	for col := 0; col < 8; col++ {
		file := col
		if b.Flipped {
			file = 7 - col
		}
		pad := (b.SqW - 1) / 2
		out.WriteString(st.Dim.Render(strings.Repeat(" ", pad) + string(rune('a'+file)) + strings.Repeat(" ", b.SqW-1-pad)))
	}
	return out.String()
}

func (b Board) cell(st *common.Styles, sq core.Square, mid, check bool) string {
	pc := b.Pos.PieceAt(sq)
	dark := (sq.File()+sq.Rank())%2 == 0
	glyph := " "
	if pc != core.NoPiece {
		glyph = string(pc.Char())
		if !b.Letters {
			glyph = figures[pc.Char()]
		}
	}
	lastMove := b.Last != core.NullMove && (sq == b.Last.From() || sq == b.Last.To())
	isTarget := b.Targets.Has(sq)
	if !st.Color {
		// Letters and patterns: every mark fits in the cell's width.
		fill := " "
		if dark {
			fill = ":"
		}
		if pc == core.NoPiece {
			glyph = fill
			if b.SqW > 3 {
				glyph = fill
			}
		}
		left, right := fill, fill
		switch {
		case sq == b.Cursor:
			left, right = "[", "]"
		case sq == b.Selected:
			left, right = "<", ">"
		case isTarget:
			left, right = "*", "*"
		case check:
			left, right = "!", "!"
		case lastMove:
			left, right = "(", ")"
		}
		if !mid {
			return strings.Repeat(fill, b.SqW)
		}
		side := strings.Repeat(fill, (b.SqW-3)/2)
		return side + left + glyph + right + strings.Repeat(fill, b.SqW-3-len(side))
	}
	style := st.Light
	if dark {
		style = st.Dark
	}
	switch {
	case sq == b.Cursor:
		style = st.Cursor
	case sq == b.Selected:
		style = st.Selected
	case check:
		style = st.Check
	case isTarget:
		style = st.Target
	case lastMove:
		style = st.LastMove
	}
	if pc != core.NoPiece {
		if pc.Color() == core.White {
			style = style.Inherit(st.WhitePiece)
		} else {
			style = style.Inherit(st.BlackP)
		}
	} else if isTarget {
		glyph = "·"
	}
	if !mid {
		return style.Render(strings.Repeat(" ", b.SqW))
	}
	left := (b.SqW - 1) / 2
	return style.Render(strings.Repeat(" ", left) + glyph + strings.Repeat(" ", b.SqW-1-left))
}
