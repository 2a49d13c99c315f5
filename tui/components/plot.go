package components

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/evochess/evochess/tui/common"
)

// plotLabelW is the width of a braillePlot's y labels, left of its dots.
const plotLabelW = 9

// PlotLine is one line of a plot: a value per point, the points evenly
// spaced along x.
type PlotLine struct {
	Name   string // in the legend; "" leaves the line out of it
	Values []float64
	Minor  bool // the second kind of line: see braillePlot
}

// What a dot of the canvas belongs to: a main line, a minor one, or both.
const (
	dotMain = 1 << iota
	dotMinor
)

// minorMark draws a minor line without colour: a cell's worth of
// resolution is the price of telling it apart from the Braille of the
// main lines on a terminal that cannot colour them.
const minorMark = '·'

// braillePlot draws lines on a w × h cell canvas of Braille dots (2 × 4
// per cell), all on one y scale, with the range on the left. Main lines
// are in st.PlotMain and minor ones in st.PlotMinor; without colour the
// minor lines are minorMark wherever no main line passes.
func braillePlot(st *common.Styles, lines []PlotLine, w, h int) string {
	lo, hi := math.Inf(1), math.Inf(-1)
	n := 0
	for _, l := range lines {
		for _, v := range l.Values {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
		n = max(n, len(l.Values))
	}
	if n == 0 || w < 4 || h < 2 {
		return ""
	}
	if hi == lo {
		hi, lo = hi+1, lo-1
	}
	label := plotLabelW
	cw := w - label
	dw, dh := cw*2, h*4
	dots := make([][]uint8, dh)
	for i := range dots {
		dots[i] = make([]uint8, dw)
	}
	for _, l := range lines {
		kind := uint8(dotMain)
		if l.Minor {
			kind = dotMinor
		}
		set := func(x, y int) {
			if x >= 0 && x < dw && y >= 0 && y < dh {
				dots[y][x] |= kind
			}
		}
		prevX, prevY := -1, -1
		for i, v := range l.Values {
			x := 0
			if n > 1 {
				x = i * (dw - 1) / (n - 1)
			}
			y := dh - 1 - int(math.Round((v-lo)/(hi-lo)*float64(dh-1)))
			if prevX >= 0 { // join to the previous point
				steps := max(abs(x-prevX), abs(y-prevY), 1)
				for k := 0; k <= steps; k++ {
					set(prevX+(x-prevX)*k/steps, prevY+(y-prevY)*k/steps)
				}
			}
			set(x, y)
			prevX, prevY = x, y
		}
	}
	bits := [4][2]rune{{0x01, 0x08}, {0x02, 0x10}, {0x04, 0x20}, {0x40, 0x80}}
	var b strings.Builder
	for row := 0; row < h; row++ {
		switch row {
		case 0:
			b.WriteString(fmt.Sprintf("%8.4g ", hi))
		case h - 1:
			b.WriteString(fmt.Sprintf("%8.4g ", lo))
		default:
			b.WriteString(strings.Repeat(" ", label))
		}
		// Cells of one kind are styled as one run, not one by one.
		var run []rune
		runKind := uint8(0)
		flush := func() {
			switch runKind {
			case dotMain:
				b.WriteString(st.PlotMain.Render(string(run)))
			case dotMinor:
				b.WriteString(st.PlotMinor.Render(string(run)))
			default:
				b.WriteString(string(run))
			}
			run = run[:0]
		}
		for col := 0; col < cw; col++ {
			var main, minor rune
			for dy := 0; dy < 4; dy++ {
				for dx := 0; dx < 2; dx++ {
					d := dots[row*4+dy][col*2+dx]
					if d&dotMain != 0 {
						main |= bits[dy][dx]
					}
					if d&dotMinor != 0 {
						minor |= bits[dy][dx]
					}
				}
			}
			r, kind := brailleCell(main, minor, st.Color)
			if kind != runKind && len(run) > 0 {
				flush()
			}
			run, runKind = append(run, r), kind
		}
		flush()
		if row < h-1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// brailleCell is the glyph of a cell whose main and minor lines set the
// given Braille dots, and which kind of line it is drawn as (0: none). A
// cell both pass through is the main line's: in colour it shows all the
// dots, without colour only the main line's, which keeps its shape.
func brailleCell(main, minor rune, color bool) (rune, uint8) {
	switch {
	case main == 0 && minor == 0:
		return 0x2800, 0
	case color && main != 0:
		return 0x2800 | main | minor, dotMain
	case main != 0:
		return 0x2800 | main, dotMain
	case color:
		return 0x2800 | minor, dotMinor
	}
	return minorMark, dotMinor
}

// PlotLegend names the lines, each after a sample of how it is drawn.
func PlotLegend(st *common.Styles, lines []PlotLine) string {
	var parts []string
	for _, l := range lines {
		if l.Name == "" {
			continue
		}
		sample := st.PlotMain.Render("⠒⠒")
		if l.Minor {
			sample = "⠒⠒"
			if !st.Color {
				sample = strings.Repeat(string(minorMark), 2)
			}
			sample = st.PlotMinor.Render(sample)
		}
		parts = append(parts, sample+" "+l.Name)
	}
	return strings.Join(parts, "  ")
}

// PlotFigure is a plot that says what it shows: the title and the legend,
// the lines on h rows of w cells with their y range, and under them the
// generation axis from first to last; h + 2 lines in all. The title gives
// way to the legend when both do not fit.
func PlotFigure(st *common.Styles, title string, lines []PlotLine, first, last, w, h int) string {
	head := st.Header.Render(title)
	if legend := PlotLegend(st, lines); legend != "" {
		head += "  " + legend
		if lipgloss.Width(head) > w {
			head = legend
		}
	}
	return head + "\n" + braillePlot(st, lines, w, h) + "\n" + st.Dim.Render(plotAxis("generation", first, last, w))
}

// plotAxis is the x axis under a braillePlot w cells wide whose points
// run from first to last: first under the left edge of the dots, last
// under the right one, the axis's name between them when it fits.
func plotAxis(name string, first, last, w int) string {
	pad := strings.Repeat(" ", plotLabelW)
	if first == last {
		return pad + name + " " + strconv.Itoa(first)
	}
	l, r := strconv.Itoa(first), strconv.Itoa(last)
	gap := w - plotLabelW - len(l) - len(r)
	if gap < 1 {
		return pad + l + "…" + r
	}
	mid := strings.Repeat(" ", gap)
	if gap >= len(name)+2 {
		left := (gap - len(name)) / 2
		mid = strings.Repeat(" ", left) + name + strings.Repeat(" ", gap-left-len(name))
	}
	return pad + l + mid + r
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
