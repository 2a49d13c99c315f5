package components

import (
	"testing"
	"time"

	"github.com/evochess/evochess/tui/common"
)

func TestProgressBar(t *testing.T) {
	cases := []struct {
		done, total, width int
		want               string
	}{
		{0, 40, 10, "[..........]"},
		{12, 40, 10, "[###.......]"},
		{40, 40, 10, "[##########]"},
		{45, 40, 10, "[##########]"}, // more than planned: full, not wider
		{3, 0, 10, "[##########]"},   // no total: as the command line always drew it
		{0, 0, 10, "[..........]"},
	}
	for _, c := range cases {
		if got := ProgressBar(c.done, c.total, c.width); got != c.want {
			t.Errorf("ProgressBar(%d, %d, %d) = %q, want %q", c.done, c.total, c.width, got, c.want)
		}
	}
}

func TestTournamentProgressBar(t *testing.T) {
	cases := []struct {
		done, total int
		want        string
	}{
		{12, 40, "[#########.....................] 12/40  ETA 2m25s"},
		{0, 40, "[..............................] 0/40"},
		{40, 40, "[##############################] 40/40"},
		{7, 0, "7 games"}, // an open-ended tournament schedules no total
	}
	for _, c := range cases {
		if got := Progress(testStyles(false), c.done, c.total, 30, 62*time.Second); got != c.want {
			t.Errorf("progressBar(%d, %d) = %q, want %q", c.done, c.total, got, c.want)
		}
	}
	goldenStyled(t, "progress-bar-30", func(st *common.Styles) string {
		return Progress(st, 12, 40, 30, 62*time.Second)
	})
}
