package components

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/tui/common"
)

// FilterList is a long list narrowed by a typed filter, with a cursor and
// a window that scrolls to keep it in view: an engine's options to pick
// genes from. "/" starts typing the filter (every word of it must be in an
// item, case aside), enter keeps it and esc clears it; ↑↓ (kj), pgup/pgdn,
// home/end move among the items shown. What an item is and how it is
// drawn is the caller's: the list knows each item's text to match.
type FilterList struct {
	st        *common.Styles
	items     []string
	shown     []int // the items the filter lets through
	cursor    int   // index into shown
	top       int   // first of shown in the window
	filter    textinput.Model
	filtering bool
	rows      int // the window's rows, as last drawn
}

// NewFilterList is an empty list in the session's styles.
func NewFilterList(st *common.Styles) FilterList {
	return FilterList{st: st, filter: NewPrompt(st, "/ ", "type to filter", 60), rows: 10}
}

// SetItems replaces the items (the text each is matched by), keeping the
// filter, the cursor on the same index when it is still shown.
func (l *FilterList) SetItems(items []string) {
	at := l.Current()
	l.items = items
	l.apply(at)
}

// apply recomputes what the filter shows, the cursor on item at if shown.
func (l *FilterList) apply(at int) {
	words := strings.Fields(strings.ToLower(l.filter.Value()))
	l.shown = l.shown[:0]
	for i, it := range l.items {
		text := strings.ToLower(it)
		ok := true
		for _, w := range words {
			ok = ok && strings.Contains(text, w)
		}
		if ok {
			l.shown = append(l.shown, i)
		}
	}
	l.cursor = 0
	for k, i := range l.shown {
		if i == at {
			l.cursor = k
		}
	}
	l.scroll()
}

// Shown are the items the filter lets through, in order.
func (l *FilterList) Shown() []int { return l.shown }

// Current is the item under the cursor (-1: none shown).
func (l *FilterList) Current() int {
	if l.cursor < 0 || l.cursor >= len(l.shown) {
		return -1
	}
	return l.shown[l.cursor]
}

// Filter is the filter typed.
func (l *FilterList) Filter() string { return l.filter.Value() }

// Capturing: the filter is being typed, so every key is the list's.
func (l *FilterList) Capturing() bool { return l.filtering }

// Key moves the cursor or edits the filter; false: msg is none of the
// list's keys (the caller's, then).
func (l *FilterList) Key(msg tea.KeyMsg, keys common.KeyMap) (bool, tea.Cmd) {
	if l.filtering {
		switch msg.Type {
		case tea.KeyEnter:
			l.filtering = false
			l.filter.Blur()
		case tea.KeyEsc:
			l.filtering = false
			l.filter.Blur()
			l.filter.SetValue("")
			l.apply(l.Current())
		case tea.KeyUp, tea.KeyDown, tea.KeyPgUp, tea.KeyPgDown:
			return l.move(msg, keys), nil
		default:
			var cmd tea.Cmd
			l.filter, cmd = l.filter.Update(msg)
			l.apply(l.Current())
			return true, cmd
		}
		return true, nil
	}
	if msg.String() == "/" {
		l.filtering = true
		return true, l.filter.Focus()
	}
	return l.move(msg, keys), nil
}

// move takes the cursor keys.
func (l *FilterList) move(msg tea.KeyMsg, keys common.KeyMap) bool {
	n := len(l.shown)
	switch {
	case key.Matches(msg, keys.Up):
		l.cursor = max(l.cursor-1, 0)
	case key.Matches(msg, keys.Down):
		l.cursor = min(l.cursor+1, max(n-1, 0))
	case msg.Type == tea.KeyPgUp:
		l.cursor = max(l.cursor-l.rows, 0)
	case msg.Type == tea.KeyPgDown:
		l.cursor = min(l.cursor+l.rows, max(n-1, 0))
	case msg.Type == tea.KeyHome:
		l.cursor = 0
	case msg.Type == tea.KeyEnd:
		l.cursor = max(n-1, 0)
	default:
		return false
	}
	l.scroll()
	return true
}

// scroll keeps the cursor in the window.
func (l *FilterList) scroll() {
	l.top = min(max(l.top, l.cursor-l.rows+1), l.cursor)
	l.top = max(min(l.top, len(l.shown)-l.rows), 0)
}

// View draws the filter line, head (the columns' names; "": none) and rows
// rows of the items shown, each by row (its index, whether the cursor is
// on it), and says which of them the window holds: rows + 1 lines, and
// head's.
func (l *FilterList) View(rows int, head string, row func(i int, cursor bool) string) string {
	l.rows = max(rows, 1)
	l.scroll()
	var b strings.Builder
	switch {
	case l.filtering:
		b.WriteString(l.filter.View())
	case l.filter.Value() != "":
		b.WriteString(l.st.Dim.Render("/ " + l.filter.Value() + "  (/ changes it, esc in it clears it)"))
	default:
		b.WriteString(l.st.Dim.Render("/ filters"))
	}
	if n := len(l.shown); n > l.rows {
		b.WriteString(l.st.Dim.Render(fmt.Sprintf("   %d–%d of %d", l.top+1, min(l.top+l.rows, n), n)))
	} else if n < len(l.items) {
		b.WriteString(l.st.Dim.Render(fmt.Sprintf("   %d of %d", n, len(l.items))))
	}
	if head != "" {
		b.WriteString("\n" + head)
	}
	if len(l.shown) == 0 {
		b.WriteString("\n" + l.st.Dim.Render("  nothing matches"))
	}
	for k := l.top; k < min(l.top+l.rows, len(l.shown)); k++ {
		b.WriteString("\n" + row(l.shown[k], k == l.cursor))
	}
	return b.String()
}
