package main

import (
	"strings"
	"testing"
)

// The screen follows what Bubble Tea's renderer sends: the alternate
// screen, home, unchanged lines skipped with "\n", changed ones rewritten
// and erased to their end, colours and queries dropped, a rune split
// between writes.
func TestScreenFollowsRenderer(t *testing.T) {
	s := newScreen(4, 30)
	frame1 := "\x1b[?1049h\x1b[?25l\x1b[H\r\x1b[1mPlay\x1b[0m  Tournament\x1b[K\r\n\r\n  1. e4      e5\x1b[K\r\nWhite to move\x1b[K\x1b[4;1H"
	frame2 := "\x1b[H\n\n  1. e4      e5\x1b[K\r\n  2. Nf3\x1b[K\x1b]11;?\x07\x1b[4;1H"
	for _, w := range []string{frame1, frame2[:len(frame2)-3], frame2[len(frame2)-3:]} {
		s.Write([]byte(w))
	}
	s.Write([]byte("\x1b[3;15H\xe2\x80"))
	s.Write([]byte("\xa6"))
	want := []string{"Play  Tournament", "", "  1. e4      e…", "  2. Nf3"}
	if got := s.lines(); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("screen %q, want %q", got, want)
	}
	if w, b, ok := moveRow([]string{"8 r n b . k   White  you", "   ::: ♙    12. Nxe5+   Qh4#"}, 12); !ok || w != "Nxe5+" || b != "Qh4#" {
		t.Errorf("move row 12: %q %q %v", w, b, ok)
	}
	if _, b, ok := moveRow([]string{"  3. O-O-O"}, 3); !ok || b != "" {
		t.Errorf("move row 3 without black's move: %q %v", b, ok)
	}
}
