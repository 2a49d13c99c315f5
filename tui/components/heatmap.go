package components

import (
	"fmt"
	"math"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/tui/common"
)

// TableStarts finds the 64-gene piece-square tables of a schema.
func TableStarts(s *core.Schema) []int {
	var out []int
	for i := 0; i+63 < len(s.Genes); i++ {
		if strings.HasSuffix(s.Genes[i].Name, "_a1") && strings.HasSuffix(s.Genes[i+63].Name, "_h8") {
			out = append(out, i)
			i += 63
		}
	}
	return out
}

// HeatMap draws 64 values as an 8 × 8 board, white's view (rank 8 on
// top): a shade per square in colour, a digit 0–9 of the range without.
// The line under it is the key from the lowest value to the highest.
func HeatMap(st *common.Styles, v []float64) string {
	lo, hi := v[0], v[0]
	for _, x := range v {
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	span := hi - lo
	if span == 0 { // a flat table: every square the lowest shade
		span = 1
	}
	shades := []string{"17", "18", "19", "25", "31", "37", "43", "149", "185", "221", "220"}
	shade := func(c, s string) string { return st.NewStyle().Background(lipgloss.Color(c)).Render(s) }
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		for f := 0; f < 8; f++ {
			x := (v[r*8+f] - lo) / span
			if st.Color {
				b.WriteString(shade(shades[int(x*float64(len(shades)-1))], "  "))
			} else {
				b.WriteString(fmt.Sprintf("%d ", int(x*9.99)))
			}
		}
		b.WriteByte('\n')
	}
	if !st.Color {
		b.WriteString(st.Dim.Render(fmt.Sprintf("0 = %.3g … 9 = %.3g", lo, hi)))
		return b.String()
	}
	b.WriteString(st.Dim.Render(fmt.Sprintf("%.3g ", lo)))
	for _, c := range shades {
		b.WriteString(shade(c, " "))
	}
	b.WriteString(st.Dim.Render(fmt.Sprintf(" %.3g", hi)))
	return b.String()
}
