package lobby

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
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

// displayName is a client's name as the lobby keeps it: clean (cleanName),
// in its compatibility form (NFKC: fullwidth and styled letters are plain
// ones, cleaned again as NFKC may lengthen a name), with no tag mark
// (untag) and none of the marks the screens add (unmark).
func displayName(s string) string {
	return unmark(untag(cleanName(norm.NFKC.String(cleanName(s)))))
}

// screenMarks are what the screens put after a name: who is not a keyed
// person, and which side is yours.
var screenMarks = []string{"(bot)", "(guest)", "(you)"}

// unmark takes the screens' marks off the end of a name, so that nobody
// passes for the server's bot, a guest, or the one reading the screen.
func unmark(name string) string {
	for {
		name = strings.TrimSpace(name)
		cut := false
		for _, m := range screenMarks {
			if len(name) >= len(m) && strings.EqualFold(name[len(name)-len(m):], m) {
				name, cut = name[:len(name)-len(m)], true
			}
		}
		if !cut {
			return name
		}
	}
}
