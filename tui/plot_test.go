package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
)

func TestPlotAxis(t *testing.T) {
	sp := func(n int) string { return strings.Repeat(" ", n) }
	pad := sp(plotLabelW)
	cases := []struct {
		first, last, w int
		want           string
	}{
		{0, 519, 40, pad + "0" + sp(8) + "generation" + sp(9) + "519"}, // 31 cells under the dots
		{0, 519, 20, pad + "0" + sp(7) + "519"},                        // no room for the name
		{3, 3, 40, pad + "generation 3"},                               // one point
		{100000, 200000, 20, pad + "100000…200000"},                    // more than fits: shown anyway
	}
	for _, c := range cases {
		if got := plotAxis("generation", c.first, c.last, c.w); got != c.want {
			t.Errorf("plotAxis(%d, %d, %d) = %q, want %q", c.first, c.last, c.w, got, c.want)
		}
	}
	// The last generation ends where the dots end.
	plot := strings.Split(braillePlot([][]float64{{1, 2, 3}}, 40, 2), "\n")
	if a := plotAxis("generation", 0, 2, 40); lipgloss.Width(a) != lipgloss.Width(plot[0]) {
		t.Errorf("axis %d cells, plot %d", lipgloss.Width(a), lipgloss.Width(plot[0]))
	}
}
