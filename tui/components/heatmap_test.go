package components

import (
	"testing"

	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

// A knight-like table: low on the rim, high in the centre, a little
// higher for the side that has advanced (rank 8 is drawn on top).
func TestHeatMapGolden(t *testing.T) {
	v := make([]float64, 64)
	for sq := range v {
		f, r := float64(sq%8), float64(sq/8)
		v[sq] = -(f-3.5)*(f-3.5) - (r-3.5)*(r-3.5) + 0.5*r
	}
	goldenStyled(t, "heatmap", func(st *common.Styles) string {
		m := HeatMap(st, v)
		tuitest.FitsWindow(t, m, 22, 9)
		return m
	})
}

// A flat table (every gene at its default) draws, all in the lowest shade.
func TestHeatMapFlat(t *testing.T) {
	v := make([]float64, 64)
	for i := range v {
		v[i] = 3
	}
	m := HeatMap(testStyles(false), v)
	want := "0 0 0 0 0 0 0 0 \n"
	if m[:len(want)] != want || m[len(m)-len("0 = 3 … 9 = 3"):] != "0 = 3 … 9 = 3" {
		t.Errorf("flat table:\n%s", m)
	}
}
