package tui

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// plotLabelW is the width of a braillePlot's y labels, left of its dots.
const plotLabelW = 9

// braillePlot draws series as lines on a w × h cell canvas of Braille
// dots (2 × 4 per cell), all on one y scale, with the range on the left.
func braillePlot(series [][]float64, w, h int) string {
	lo, hi := math.Inf(1), math.Inf(-1)
	n := 0
	for _, s := range series {
		for _, v := range s {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
		n = max(n, len(s))
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
	dots := make([][]bool, dh)
	for i := range dots {
		dots[i] = make([]bool, dw)
	}
	set := func(x, y int) {
		if x >= 0 && x < dw && y >= 0 && y < dh {
			dots[y][x] = true
		}
	}
	for _, s := range series {
		prevX, prevY := -1, -1
		for i, v := range s {
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
		for col := 0; col < cw; col++ {
			r := rune(0x2800)
			for dy := 0; dy < 4; dy++ {
				for dx := 0; dx < 2; dx++ {
					if dots[row*4+dy][col*2+dx] {
						r |= bits[dy][dx]
					}
				}
			}
			b.WriteRune(r)
		}
		if row < h-1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
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

// plotPanel is one small plot of a grid: a title line over its series.
type plotPanel struct {
	title  string
	series [][]float64
}

// Grid sizes: a panel is at least minPanelW cells wide; the grid takes as
// few columns as leave every panel comfortPanelH rows, so that plots stay
// tall enough to read a trend (a 6-gene schema: 2 × 3 at 80 × 24).
const (
	minPanelW     = 36
	minPanelH     = 5 // a title and 4 rows of dots
	comfortPanelH = 7
)

// gridCapacity is how many panels fit in w × h cells at the minimum size.
func gridCapacity(w, h int) int {
	return max(1, w/minPanelW) * max(1, h/minPanelH)
}

// plotGrid draws panels in a grid filling w × h cells, row by row.
func plotGrid(st *Styles, panels []plotPanel, w, h int) string {
	n := len(panels)
	if n == 0 {
		return ""
	}
	cols := max(1, min(n, w/minPanelW))
	for cols > 1 && (n+cols-2)/(cols-1)*comfortPanelH <= h {
		cols--
	}
	rows := (n + cols - 1) / cols
	pw := (w - 2*(cols-1)) / cols // two spaces between columns
	ph := max(h/rows, 3)
	var out []string
	for r := 0; r < rows; r++ {
		var cells []string
		for c := 0; c < cols && r*cols+c < n; c++ {
			p := panels[r*cols+c]
			cell := padRight(st.Header.Render(truncate(p.title, pw)), pw) + "\n" + braillePlot(p.series, pw, ph-1)
			if c > 0 {
				cells = append(cells, "  ")
			}
			cells = append(cells, cell)
		}
		out = append(out, lipgloss.JoinHorizontal(lipgloss.Top, cells...))
	}
	return strings.Join(out, "\n")
}

// padRight pads s with spaces to w cells.
func padRight(s string, w int) string {
	return s + strings.Repeat(" ", max(w-lipgloss.Width(s), 0))
}
