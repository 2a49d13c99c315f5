package tuitest

import (
	"bytes"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"
)

// Screen accumulates everything a program has written to R (its output
// reader returns what is new each time, EOF when nothing is).
type Screen struct {
	R io.Reader
	b bytes.Buffer
}

func (s *Screen) String() string {
	io.Copy(&s.b, s.R)
	return s.b.String()
}

// WaitFor waits up to a minute for text to appear in the output.
func WaitFor(t *testing.T, out *Screen, text string) {
	t.Helper()
	if !WaitUntil(out, func(s string) bool { return strings.Contains(s, text) }) {
		t.Fatalf("no %q on screen", text)
	}
}

// WaitForMatch waits up to a minute for a match of re in the output: for a
// figure that changes faster than the screen is drawn, where any of its
// values will do.
func WaitForMatch(t *testing.T, out *Screen, re *regexp.Regexp) {
	t.Helper()
	if !WaitUntil(out, re.MatchString) {
		t.Fatalf("nothing on screen matches %q", re)
	}
}

// WaitUntil polls the output for up to a minute until ok says yes.
func WaitUntil(out *Screen, ok func(string) bool) bool {
	deadline := time.Now().Add(60 * time.Second)
	for !ok(out.String()) {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(20 * time.Millisecond)
	}
	return true
}
