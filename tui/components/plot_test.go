package components

import (
	"math"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"

	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/internal/tuitest"
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
	plot := strings.Split(braillePlot(testStyles(false), []PlotLine{{Values: []float64{1, 2, 3}}}, 40, 2), "\n")
	if a := plotAxis("generation", 0, 2, 40); lipgloss.Width(a) != lipgloss.Width(plot[0]) {
		t.Errorf("axis %d cells, plot %d", lipgloss.Width(a), lipgloss.Width(plot[0]))
	}
}

func TestBrailleCell(t *testing.T) {
	const dot1, dot8 = 0x01, 0x80
	cases := []struct {
		name        string
		main, minor rune
		color       bool
		want        rune
		kind        uint8
	}{
		{"empty", 0, 0, true, '⠀', 0},
		{"empty without colour", 0, 0, false, '⠀', 0},
		{"main", dot1, 0, true, '⠁', dotMain},
		{"main without colour", dot1, 0, false, '⠁', dotMain},
		{"minor", 0, dot8, true, '⢀', dotMinor},
		{"minor without colour: a mark", 0, dot8, false, minorMark, dotMinor},
		{"both: all dots in main's colour", dot1, dot8, true, '⢁', dotMain},
		{"both without colour: main's dots", dot1, dot8, false, '⠁', dotMain},
	}
	for _, c := range cases {
		r, kind := brailleCell(c.main, c.minor, c.color)
		if r != c.want || kind != c.kind {
			t.Errorf("%s: %q kind %d, want %q kind %d", c.name, r, kind, c.want, c.kind)
		}
	}
}

// The legend names the named lines after a sample drawn as each line
// is: by colour, or without colour by glyph.
func TestPlotLegend(t *testing.T) {
	lines := []PlotLine{{Name: "best"}, {Name: "mean", Minor: true}, {Minor: true}}
	cases := []struct {
		color bool
		want  func(*common.Styles) string
	}{
		{false, func(*common.Styles) string { return "⠒⠒ best  ·· mean" }},
		{true, func(st *common.Styles) string {
			return st.PlotMain.Render("⠒⠒") + " best  " + st.PlotMinor.Render("⠒⠒") + " mean"
		}},
	}
	for _, c := range cases {
		st := testStyles(c.color)
		if got, want := PlotLegend(st, lines), c.want(st); got != want {
			t.Errorf("colour %v: legend %q, want %q", c.color, got, want)
		}
	}
}

// The fitness figure of a run: best rising to meet a noisy mean, so
// that the lines cross cells apart and share cells at the end.
func TestPlotFigureGolden(t *testing.T) {
	var best, mean []float64
	for g := range 60 {
		b := 1 - math.Exp(-float64(g)/12)
		best = append(best, b)
		mean = append(mean, b-0.4*math.Exp(-float64(g)/25)*(1+0.3*math.Sin(float64(g))))
	}
	lines := []PlotLine{{Name: "best", Values: best}, {Name: "mean", Values: mean, Minor: true}}
	goldenStyled(t, "plot-fitness-40x8", func(st *common.Styles) string {
		v := PlotFigure(st, "fitness", lines, 0, 59, 40, 6)
		tuitest.FitsWindow(t, v, 40, 8)
		return v
	})
}
