package common

import (
	"testing"

	"github.com/evochess/evochess/tui/internal/tuitest"
)

// A plot's two kinds of line differ in colour, and only with colour on.
func TestPlotStyles(t *testing.T) {
	for _, color := range []bool{true, false} {
		st := NewStyles(tuitest.Renderer(color), !color)
		main, minor := st.PlotMain.Render("x"), st.PlotMinor.Render("x")
		if color && (main == minor || main == "x") {
			t.Errorf("with colour the lines are drawn %q and %q", main, minor)
		}
		if !color && (main != "x" || minor != "x") {
			t.Errorf("without colour the lines are drawn %q and %q", main, minor)
		}
	}
}
