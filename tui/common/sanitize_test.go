package common

import (
	"strings"
	"testing"
	"unicode"
)

func TestSanitize(t *testing.T) {
	cases := []struct {
		name, in string
		max      int
		want     string
	}{
		{"plain", "alice@127.0.0.1:5555", 64, "alice@127.0.0.1:5555"},
		{"unicode kept", "zoë 棋手 ♞", 64, "zoë 棋手 ♞"},
		{"OSC title, BEL", "mallory\x1b]2;PWNED\x07", 64, "mallory"},
		{"OSC title, ST", "mallory\x1b]0;PWNED\x1b\\!", 64, "mallory!"},
		{"OSC 8 hyperlink", "\x1b]8;;http://x\x1b\\click\x1b]8;;\x1b\\", 64, "click"},
		{"CSI clear and colour", "a\x1b[2J\x1b[31;1mb\x1b[0m", 64, "ab"},
		{"CSI private mode", "a\x1b[?1049hb", 64, "ab"},
		{"DCS", "a\x1bPq#0;2;0;0;0\x1b\\b", 64, "ab"},
		{"two-byte escapes", "a\x1bcb\x1b(Bc", 64, "abc"},
		{"escape cut short", "a\x1b", 64, "a"},
		{"OSC never ended", "a\x1b]2;PWNED", 64, "a"},
		{"8-bit CSI", "a\u009b2Jb", 64, "ab"},
		{"8-bit OSC", "a\u009d2;PWNED\u009cb", 64, "ab"},
		{"other C1", "a\u0086b\u0084c", 64, "abc"},
		{"NEL is a line break", "a\u0085b", 64, "a b"},
		{"C0 and DEL", "a\x00b\x07c\x08d\x7fe", 64, "abcde"},
		{"log forging newline", "eve\nssh: connect root@10.0.0.1", 64, "eve ssh: connect root@10.0.0.1"},
		{"CR, tab", "a\rb\tc", 64, "a b c"},
		{"bidi override", "abc\u202edcba", 64, "abcdcba"},
		{"not UTF-8", "a\x9bb\xffc", 64, "a\ufffdb\ufffdc"},
		{"capped", strings.Repeat("x", 70), 64, strings.Repeat("x", 63) + "…"},
		{"exactly the cap", strings.Repeat("x", 64), 64, strings.Repeat("x", 64)},
		{"controls do not count", strings.Repeat("x\x07", 64), 64, strings.Repeat("x", 64)},
		{"no cap", strings.Repeat("x", 70), 0, strings.Repeat("x", 70)},
		{"empty", "", 64, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Sanitize(c.in, c.max)
			if got != c.want {
				t.Errorf("Sanitize(%q, %d) = %q, want %q", c.in, c.max, got, c.want)
			}
			for _, r := range got {
				if !unicode.IsPrint(r) {
					t.Errorf("%q keeps %U", got, r)
				}
			}
		})
	}
}

func FuzzSanitize(f *testing.F) {
	for _, s := range []string{"mallory\x1b]2;PWNED\x07", "eve\n", "\u009b1m", "a\x1b[", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Sanitize(s, MaxNameRunes)
		if n := len([]rune(got)); n > MaxNameRunes {
			t.Fatalf("%d runes", n)
		}
		for _, r := range got {
			if !unicode.IsPrint(r) {
				t.Fatalf("Sanitize(%q) = %q keeps %U", s, got, r)
			}
		}
	})
}
