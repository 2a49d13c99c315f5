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
	if !waitUntil(out, func(s string) bool { return strings.Contains(s, text) }) {
		t.Fatalf("no %q on screen", text)
	}
}

// waitForMatch waits up to a minute for a match of re in the output: for a
// figure that changes faster than the screen is drawn, where any of its
// values will do.
func waitForMatch(t *testing.T, out *screen, re *regexp.Regexp) {
	t.Helper()
	if !waitUntil(out, re.MatchString) {
		t.Fatalf("nothing on screen matches %q", re)
	}
}

// waitUntil polls the output for up to a minute until ok says yes.
func waitUntil(out *screen, ok func(string) bool) bool {
	deadline := time.Now().Add(60 * time.Second)
	for !ok(out.String()) {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(20 * time.Millisecond)
	}
	return true
}
