package components

import (
	"slices"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/tui/common"
)

func keysTo(l *FilterList, s string) {
	km := common.DefaultKeyMap()
	for _, r := range s {
		msg := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}}
		switch r {
		case '\r':
			msg = tea.KeyMsg{Type: tea.KeyEnter}
		case '\x1b':
			msg = tea.KeyMsg{Type: tea.KeyEsc}
		case '↓':
			msg = tea.KeyMsg{Type: tea.KeyDown}
		case '⇟':
			msg = tea.KeyMsg{Type: tea.KeyPgDown}
		case '⇞':
			msg = tea.KeyMsg{Type: tea.KeyPgUp}
		case '⇥':
			msg = tea.KeyMsg{Type: tea.KeyEnd}
		}
		l.Key(msg, km)
	}
}

// The filter keeps the items holding every word typed, case aside; the
// cursor moves among them and stays on its item when the filter changes.
func TestFilterList(t *testing.T) {
	items := []string{"Mobility (Middle Game) spin", "Mobility (Endgame) spin", "Space spin", "King Safety Curve combo", "Threads spin", "Hash spin"}
	for _, c := range []struct {
		keys      string
		shown     []int
		current   int
		capturing bool
	}{
		{"", []int{0, 1, 2, 3, 4, 5}, 0, false},
		{"jj", []int{0, 1, 2, 3, 4, 5}, 2, false},
		{"jjjjjjjjjj", []int{0, 1, 2, 3, 4, 5}, 5, false},
		{"/mob", []int{0, 1}, 0, true},
		{"/MOB end\r", []int{1}, 1, false},
		{"/spin\rjj", []int{0, 1, 2, 4, 5}, 2, false},
		{"jj/spin\r", []int{0, 1, 2, 4, 5}, 2, false}, // the cursor stays on Space
		{"/mob\x1b", []int{0, 1, 2, 3, 4, 5}, 0, false},
		{"/zzz\r", nil, -1, false},
		{"⇥", []int{0, 1, 2, 3, 4, 5}, 5, false},
		{"⇟⇞", []int{0, 1, 2, 3, 4, 5}, 0, false},
		{"/s↓\r", []int{0, 1, 2, 3, 4, 5}, 1, false}, // arrows move while typing
	} {
		l := NewFilterList(testStyles(false))
		l.SetItems(items)
		keysTo(&l, c.keys)
		if !slices.Equal(l.Shown(), c.shown) || l.Current() != c.current || l.Capturing() != c.capturing {
			t.Errorf("%q: shown %v current %d capturing %v; want %v %d %v", c.keys, l.Shown(), l.Current(), l.Capturing(), c.shown, c.current, c.capturing)
		}
	}
}

// The window scrolls to keep the cursor in view and says which items it
// holds.
func TestFilterListWindow(t *testing.T) {
	var items []string
	for i := range 30 {
		items = append(items, "option "+string(rune('a'+i%26))+strings.Repeat("x", i/26))
	}
	l := NewFilterList(testStyles(false))
	l.SetItems(items)
	row := func(i int, cursor bool) string {
		if cursor {
			return "> " + items[i]
		}
		return "  " + items[i]
	}
	l.View(10, "", row) // the window's rows, as drawn
	keysTo(&l, strings.Repeat("j", 14))
	v := l.View(10, "head", row)
	lines := strings.Split(v, "\n")
	if len(lines) != 12 || !strings.Contains(lines[0], "6–15 of 30") || lines[1] != "head" || lines[11] != "> option o" {
		t.Errorf("after 14 downs in a window of 10:\n%s", v)
	}
}
