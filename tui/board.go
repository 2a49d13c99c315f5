package tui

import (
	"strings"

	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/tui/common"
)

// boardView is what a board shows: a position and its highlights.
type boardView struct {
	pos      *core.Position
	flipped  bool
	letters  bool        // letters instead of Unicode figures
	cursor   core.Square // NoSquare: no cursor
	selected core.Square // NoSquare: nothing picked up
	targets  core.Bitboard
	last     core.Move
	sqW, sqH int // cell size of a square
}

var figures = map[byte]string{'K': "♔", 'Q': "♕", 'R': "♖", 'B': "♗", 'N': "♘", 'P': "♙",
	'k': "♚", 'q': "♛", 'r': "♜", 'b': "♝", 'n': "♞", 'p': "♟"}

// fitSquares picks the largest square size that fits w × h cells.
func fitSquares(w, h int) (int, int) {
	for _, s := range [][2]int{{7, 3}, {5, 2}, {3, 1}} {
		if 2+8*s[0] <= w && 8*s[1]+1 <= h {
			return s[0], s[1]
		}
	}
	return 3, 1
}

// size returns the rendered board's width and height in cells.
func (b boardView) size() (int, int) { return 2 + 8*b.sqW, 8*b.sqH + 1 }

// squareAt maps a cell (x, y) of the rendered board to a square.
func (b boardView) squareAt(x, y int) (core.Square, bool) {
	x -= 2
	if x < 0 || y < 0 || x >= 8*b.sqW || y >= 8*b.sqH {
		return core.NoSquare, false
	}
	file, row := x/b.sqW, y/b.sqH
	rank := 7 - row
	if b.flipped {
		file, rank = 7-file, row
	}
	return core.MakeSquare(file, rank), true
}

// render draws the board with rank and file labels. Without colour the
// squares are told apart by pattern (dark squares dotted) and highlights
// by brackets: [x] cursor, <x> picked up, *x* a legal target.
func (b boardView) render(st *common.Styles) string {
	var out strings.Builder
	inCheck := b.pos.InCheck()
	king := b.pos.KingSquare(b.pos.SideToMove())
	for row := 0; row < 8; row++ {
		for line := 0; line < b.sqH; line++ {
			mid := line == b.sqH/2
			if mid {
				rank := 7 - row
				if b.flipped {
					rank = row
				}
				out.WriteString(st.Dim.Render(string(rune('1'+rank)) + " "))
			} else {
				out.WriteString("  ")
			}
			for col := 0; col < 8; col++ {
				file, rank := col, 7-row
				if b.flipped {
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
		if b.flipped {
			file = 7 - col
		}
		pad := (b.sqW - 1) / 2
		out.WriteString(st.Dim.Render(strings.Repeat(" ", pad) + string(rune('a'+file)) + strings.Repeat(" ", b.sqW-1-pad)))
	}
	return out.String()
}

func (b boardView) cell(st *common.Styles, sq core.Square, mid, check bool) string {
	pc := b.pos.PieceAt(sq)
	dark := (sq.File()+sq.Rank())%2 == 0
	glyph := " "
	if pc != core.NoPiece {
		glyph = string(pc.Char())
		if !b.letters {
			glyph = figures[pc.Char()]
		}
	}
	lastMove := b.last != core.NullMove && (sq == b.last.From() || sq == b.last.To())
	isTarget := b.targets.Has(sq)
	if !st.Color {
		// Letters and patterns: every mark fits in the cell's width.
		fill := " "
		if dark {
			fill = ":"
		}
		if pc == core.NoPiece {
			glyph = fill
			if b.sqW > 3 {
				glyph = fill
			}
		}
		left, right := fill, fill
		switch {
		case sq == b.cursor:
			left, right = "[", "]"
		case sq == b.selected:
			left, right = "<", ">"
		case isTarget:
			left, right = "*", "*"
		case check:
			left, right = "!", "!"
		case lastMove:
			left, right = "(", ")"
		}
		if !mid {
			return strings.Repeat(fill, b.sqW)
		}
		side := strings.Repeat(fill, (b.sqW-3)/2)
		return side + left + glyph + right + strings.Repeat(fill, b.sqW-3-len(side))
	}
	style := st.Light
	if dark {
		style = st.Dark
	}
	switch {
	case sq == b.cursor:
		style = st.Cursor
	case sq == b.selected:
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
		return style.Render(strings.Repeat(" ", b.sqW))
	}
	left := (b.sqW - 1) / 2
	return style.Render(strings.Repeat(" ", left) + glyph + strings.Repeat(" ", b.sqW-1-left))
}
