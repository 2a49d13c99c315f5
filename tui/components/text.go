package components

import (
	"fmt"
	"time"

	"github.com/charmbracelet/lipgloss"
)

// Truncate cuts s to w cells, the last one "…" when it had to.
func Truncate(s string, w int) string {
	if lipgloss.Width(s) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && lipgloss.Width(string(r))+1 > w {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// ClockText shows m:ss, and tenths under ten seconds.
func ClockText(d time.Duration) string {
	d = max(d, 0)
	if d < 10*time.Second {
		return fmt.Sprintf("0:%04.1f", d.Seconds())
	}
	secs := int((d + time.Second - 1) / time.Second) // a clock shows the second it is in
	return fmt.Sprintf("%d:%02d", secs/60, secs%60)
}
