package lobby

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxNameRunes bounds a shown name: a name is drawn in lists and on the
// board's edge, where a longer one would push everything else off.
const maxNameRunes = 32

// cleanName makes a client-supplied name safe to show on other users'
// terminals and in one log line: control and format characters go (an
// ESC cannot start a sequence without its ESC, a bidi override cannot
// reorder a line), invalid UTF-8 goes, runs of spaces become one, and at
// most maxNameRunes runes are kept.
func cleanName(s string) string {
	var b strings.Builder
	n := 0
	space := false
	for _, r := range s {
		switch {
		case r == utf8.RuneError:
			continue
		case unicode.IsSpace(r):
			space = b.Len() > 0
			continue
		case !unicode.IsPrint(r):
			continue
		}
		if space {
			if n+1 >= maxNameRunes {
				break
			}
			b.WriteByte(' ')
			n++
			space = false
		}
		if n == maxNameRunes {
			break
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}
