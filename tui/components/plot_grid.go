package components

import (
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/evochess/evochess/tui/common"
)

// PlotPanel is one small plot of a grid: a title line over its lines.
type PlotPanel struct {
	Title string
	Lines []PlotLine
}

// Grid sizes: a panel is at least minPanelW cells wide; the grid takes as
// few columns as leave every panel comfortPanelH rows, so that plots stay
// tall enough to read a trend (a 6-gene schema: 2 × 3 at 80 × 24).
const (
	minPanelW     = 36
	minPanelH     = 5 // a title and 4 rows of dots
	comfortPanelH = 7
)

// GridCapacity is how many panels fit in w × h cells at the minimum size.
func GridCapacity(w, h int) int {
	return max(1, w/minPanelW) * max(1, h/minPanelH)
}

// PlotGrid draws panels in a grid filling w × h cells, row by row.
func PlotGrid(st *common.Styles, panels []PlotPanel, w, h int) string {
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
			cell := padRight(st.Header.Render(Truncate(p.Title, pw)), pw) + "\n" + braillePlot(st, p.Lines, pw, ph-1)
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
