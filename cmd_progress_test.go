package main

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"
)

// On a terminal the progress is one line redrawn with carriage returns; in
// a log (not a terminal) it is plain lines, at most one per interval, and
// the last state when the job ends — never a carriage return.
func TestProgressLine(t *testing.T) {
	t.Run("terminal", func(t *testing.T) {
		var b strings.Builder
		p := &progressLine{w: &b, terminal: true, every: plainProgressEvery, now: time.Now}
		p.show(3, 10, "3/10 games")
		p.show(4, 10, "4/10 games")
		p.finish()
		if want := regexp.MustCompile(`^\r\[#+\.+\] 3/10 games   \r\[#+\.+\] 4/10 games   \n$`); !want.MatchString(b.String()) {
			t.Errorf("terminal progress %q does not match %s", b.String(), want)
		}
	})
	t.Run("log", func(t *testing.T) {
		var b strings.Builder
		clock := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
		p := &progressLine{w: &b, terminal: false, every: 5 * time.Second, now: func() time.Time { return clock }}
		for i := 1; i <= 100; i++ { // 100 games, one every 100 ms
			p.show(i, 100, fmt.Sprintf("%d/100 games", i))
			clock = clock.Add(100 * time.Millisecond)
		}
		p.finish()
		out := b.String()
		if strings.Contains(out, "\r") {
			t.Errorf("a log got carriage returns: %q", out)
		}
		// Game 1 at 0 s, game 51 at 5 s, then the last state at the end.
		if want := "1/100 games\n51/100 games\n100/100 games\n"; out != want {
			t.Errorf("log %q, want %q", out, want)
		}
		p.finish() // nothing left to say
		if b.String() != out {
			t.Errorf("a second finish wrote %q", strings.TrimPrefix(b.String(), out))
		}
	})
}
