package common

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxNameRunes caps a client-supplied name (an SSH user, a terminal type):
// enough for any real one, too little to fill another user's screen.
const MaxNameRunes = 64

// Sanitize makes text a client supplied (an SSH user name, terminal type,
// command, client version) safe to show on another session's terminal or
// to write into one line of the server's log. Escape sequences go whole
// (CSI, OSC, DCS and the other strings, 7- or 8-bit: a user named
// "mallory\x1b]2;PWNED\x07" must not retitle anyone's terminal), other
// control and format characters go (C0, DEL, C1, bidi overrides that
// reorder a log line), line breaks and other spaces become one space (a
// "\n" in a name must not forge a log line), bytes that are not UTF-8
// become U+FFFD (a lone 0x9B is CSI to a Latin-1 terminal), and at most
// max runes are kept, the last "…" when some were cut (max ≤ 0: no cap).
func Sanitize(s string, max int) string {
	var b strings.Builder
	n := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == 0x1b:
			i += escapeLen(s[i:])
			continue
		case r == 0x9b: // 8-bit CSI
			i += size + csiLen(s[i+size:])
			continue
		case r == 0x90 || r == 0x98 || r == 0x9d || r == 0x9e || r == 0x9f: // 8-bit DCS, SOS, OSC, PM, APC
			i += size + stringLen(s[i+size:])
			continue
		case unicode.IsSpace(r):
			r = ' '
		case !unicode.IsPrint(r):
			i += size
			continue
		}
		i += size
		if max > 0 && n == max {
			return strings.TrimRight(trimLastRune(b.String()), " ") + "…"
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}

func trimLastRune(s string) string {
	_, size := utf8.DecodeLastRuneInString(s)
	return s[:len(s)-size]
}

// escapeLen is the length of the escape sequence at the start of s (which
// begins with ESC), up to the end of s when it is cut short.
func escapeLen(s string) int {
	if len(s) < 2 {
		return len(s)
	}
	switch s[1] {
	case '[':
		return 2 + csiLen(s[2:])
	case ']', 'P', 'X', '^', '_':
		return 2 + stringLen(s[2:])
	}
	// ESC, intermediates (0x20–0x2F), a final byte: ESC c, ESC ( B …
	i := 1
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
		i++
	}
	if i < len(s) && s[i] >= 0x30 && s[i] <= 0x7e {
		i++
	}
	return i
}

// csiLen is the length of a control sequence's parameters, intermediates
// and final byte (0x40–0x7E); it stops before anything else.
func csiLen(s string) int {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 0x20 && c <= 0x3f:
		case c >= 0x40 && c <= 0x7e:
			return i + 1
		default:
			return i
		}
	}
	return len(s)
}

// stringLen is the length of a control string's body and terminator: BEL,
// ST (ESC \ or U+009C), or the end of s. Everything before it is the
// payload (a window title, a hyperlink), dropped with the sequence.
func stringLen(s string) int {
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == 0x07:
			return i + 1
		case s[i] == 0x1b && i+1 < len(s) && s[i+1] == '\\':
			return i + 2
		case strings.HasPrefix(s[i:], "\u009c"):
			return i + len("\u009c")
		}
	}
	return len(s)
}
