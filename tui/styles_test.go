package tui

import (
	"io"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// testStyles are a session's styles at a fixed profile: 256 colours on a
// dark background, or (color false) a dumb terminal's, as testApp's.
func testStyles(color bool) *Styles {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetHasDarkBackground(true)
	if !color {
		r.SetColorProfile(termenv.Ascii)
		return NewStyles(r, true)
	}
	r.SetColorProfile(termenv.ANSI256)
	return NewStyles(r, false)
}

// goldenStyled checks a drawing against its goldens with colour and
// without: name.golden and name-nocolor.golden.
func goldenStyled(t *testing.T, name string, draw func(*Styles) string) {
	t.Helper()
	golden(t, name, draw(testStyles(true)))
	golden(t, name+"-nocolor", draw(testStyles(false)))
}

// A plot's two kinds of line differ in colour, and only with colour on.
func TestPlotStyles(t *testing.T) {
	for _, color := range []bool{true, false} {
		st := testStyles(color)
		main, minor := st.PlotMain.Render("x"), st.PlotMinor.Render("x")
		if color && (main == minor || main == "x") {
			t.Errorf("with colour the lines are drawn %q and %q", main, minor)
		}
		if !color && (main != "x" || minor != "x") {
			t.Errorf("without colour the lines are drawn %q and %q", main, minor)
		}
	}
}
