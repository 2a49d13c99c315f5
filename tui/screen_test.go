package tui

import (
	"bytes"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"
)

// screen accumulates everything a program has written (its output
// reader returns what is new each time, EOF when nothing is).
type screen struct {
	r io.Reader
	b bytes.Buffer
}

func (s *screen) String() string {
	io.Copy(&s.b, s.r)
	return s.b.String()
}

// waitFor waits up to a minute for text to appear in the output.
func waitFor(t *testing.T, out *screen, text string) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !strings.Contains(out.String(), text) {
		if time.Now().After(deadline) {
			t.Fatalf("no %q on screen", text)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitForMatch waits up to a minute for a match of re in the output: for a
// figure that changes faster than the screen is drawn, where any of its
// values will do.
func waitForMatch(t *testing.T, out *screen, re *regexp.Regexp) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !re.MatchString(out.String()) {
		if time.Now().After(deadline) {
			t.Fatalf("nothing on screen matches %q", re)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
