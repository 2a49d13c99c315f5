package components

import (
	"fmt"
	"strings"

	"github.com/evochess/evochess/tui/common"
)

// maxWorkerLines caps the workers listed under a run.
const maxWorkerLines = 6

// WorkersView lists the remote workers under a run's or a tournament's
// head: name, host, games/s and games in flight. It is read from the
// cluster at each redraw, so workers come and go without the run knowing.
// It starts with a newline, and is empty without a cluster.
func WorkersView(st *common.Styles, env *common.Env, width int) string {
	if env == nil || env.Cluster == nil {
		return ""
	}
	ws := env.Cluster.Workers()
	if len(ws) == 0 {
		return "\n" + st.Dim.Render(Truncate("remote workers: none yet (evochess worker --cluster URL joins)", width))
	}
	var b strings.Builder
	rate, playing, slots := 0.0, 0, 0
	for _, w := range ws {
		if w.Refused == "" {
			rate += w.GamesPerSec
			playing += w.InFlight
			slots += w.Slots
		}
	}
	fmt.Fprintf(&b, "\n%s %s", st.Header.Render("remote workers"),
		st.Dim.Render(fmt.Sprintf("%d · %.2f games/s · %d of %d slots playing", len(ws), rate, playing, slots)))
	for i, w := range ws {
		if i == maxWorkerLines {
			b.WriteString("\n" + st.Dim.Render(fmt.Sprintf("  and %d more", len(ws)-i)))
			break
		}
		line := fmt.Sprintf("  %-16s %-20s %6.2f games/s  %d/%d playing", common.Sanitize(w.Name, 32), common.Sanitize(w.Host, 32), w.GamesPerSec, w.InFlight, w.Slots)
		if w.Refused != "" {
			line = fmt.Sprintf("  %-16s %-20s refused: %s", common.Sanitize(w.Name, 32), common.Sanitize(w.Host, 32), common.Sanitize(w.Refused, 200))
		}
		b.WriteString("\n" + Truncate(line, width))
	}
	return b.String()
}
