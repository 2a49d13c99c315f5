package components

import (
	"fmt"
	"strings"
	"time"

	"github.com/evochess/evochess/tui/common"
)

// ProgressBar draws done of total as "[####......]", width cells between
// the brackets: the one bar of the Tournament tab and of the command
// line's tournament and selfplay.
func ProgressBar(done, total, width int) string {
	same := func(s ...string) string { return strings.Join(s, "") }
	return paintedBar(done, total, width, same, same)
}

// paintedBar is ProgressBar with its filled and its empty part each passed
// through a paint (a style's Render).
func paintedBar(done, total, width int, full, empty func(...string) string) string {
	fill := max(0, min(width*done/max(total, 1), width))
	paint := func(p func(...string) string, s string) string {
		if s == "" { // a style would still wrap nothing in its codes
			return ""
		}
		return p(s)
	}
	return "[" + paint(full, strings.Repeat("#", fill)) + paint(empty, strings.Repeat(".", width-fill)) + "]"
}

// Progress is the Tournament tab's "[####......] 12/40  ETA 1m2s", the
// filled part in the header's colour.
func Progress(st *common.Styles, done, total, width int, elapsed time.Duration) string {
	if total <= 0 {
		return fmt.Sprintf("%d games", done)
	}
	s := paintedBar(done, total, width, st.Header.Render, st.Dim.Render) + fmt.Sprintf(" %d/%d", done, total)
	if done > 0 && done < total {
		eta := time.Duration(float64(elapsed) * float64(total-done) / float64(done))
		s += "  ETA " + eta.Round(time.Second).String()
	}
	return s
}
