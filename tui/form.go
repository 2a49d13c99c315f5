package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/tui/common"
)

// formField is one choice of a set-up form: a label and its value, which
// ←→ change (adjust) and enter or a click toggle (toggle); either is nil
// where the field has no such action.
type formField struct {
	label  string // "": the value alone (a player's tick box)
	value  func() string
	adjust func(d int) // d is -1 for ←, +1 for →
	toggle func()
}

// form is a set-up screen's fields with a focus: ↑↓ move it (wrapping
// round), ←→ adjust the focused field, enter toggles it, a click focuses
// a field (and toggles it). The page lays the form out, fields among
// lines of text; the form notes the field on each line it draws, so that
// a click needs no row numbers.
type form struct {
	st     *common.Styles
	fields []formField
	focus  int

	lines []string // the drawing under way
	rows  []int    // the field on each line of it (-1: text), for clicks
}

// labelWidth lines the values up in a column after the labels.
const labelWidth = 12

// begin starts a new drawing.
func (f *form) begin() { f.lines, f.rows = f.lines[:0], f.rows[:0] }

// text adds lines that are no field (titles, blanks, a status).
func (f *form) text(lines ...string) {
	for _, s := range lines {
		f.lines, f.rows = append(f.lines, s), append(f.rows, -1)
	}
}

// field adds field i, marked when it has the focus.
func (f *form) field(i int) {
	fl := f.fields[i]
	s := fl.value()
	if fl.label != "" {
		s = fmt.Sprintf("%-*s %s", labelWidth, fl.label, s)
	}
	if i == f.focus {
		s = f.st.Header.Render("› " + s)
	} else {
		s = "  " + s
	}
	f.lines, f.rows = append(f.lines, s), append(f.rows, i)
}

// height is how many lines the drawing has so far.
func (f *form) height() int { return len(f.lines) }

// view is the drawing.
func (f *form) view() string { return strings.Join(f.lines, "\n") }

// key takes ↑↓, ←→ and enter; false: msg is none of them.
func (f *form) key(msg tea.KeyMsg, k common.KeyMap) bool {
	n := len(f.fields)
	if n == 0 {
		return false
	}
	switch {
	case key.Matches(msg, k.Up):
		f.focus = (f.focus + n - 1) % n
	case key.Matches(msg, k.Down):
		f.focus = (f.focus + 1) % n
	case key.Matches(msg, k.Left):
		f.adjust(-1)
	case key.Matches(msg, k.Right):
		f.adjust(+1)
	case key.Matches(msg, k.Select):
		if t := f.fields[f.focus].toggle; t != nil {
			t()
		}
	default:
		return false
	}
	return true
}

func (f *form) adjust(d int) {
	if a := f.fields[f.focus].adjust; a != nil {
		a(d)
	}
}

// click focuses the field drawn on line msg.Y of the last drawing, and
// toggles it if it toggles; false: no field there (or not a left press).
func (f *form) click(msg tea.MouseMsg) bool {
	if msg.Action != tea.MouseActionPress || msg.Button != tea.MouseButtonLeft || msg.Y < 0 || msg.Y >= len(f.rows) {
		return false
	}
	i := f.rows[msg.Y]
	if i < 0 || i >= len(f.fields) { // text, or a field gone since (a refreshed list)
		return false
	}
	f.focus = i
	if t := f.fields[i].toggle; t != nil {
		t()
	}
	return true
}

// focusOn moves the focus to the field labelled label, if there is one.
func (f *form) focusOn(label string) {
	for i, fl := range f.fields {
		if fl.label == label {
			f.focus = i
			return
		}
	}
}

// clampFocus keeps the focus on a field after the list has shrunk.
func (f *form) clampFocus() { f.focus = max(min(f.focus, len(f.fields)-1), 0) }

// choiceField picks one of list, *i its index: ←→ cycle through it.
func choiceField(label string, list []string, i *int) formField {
	return formField{label: label, value: func() string { return list[*i] }, adjust: func(d int) { *i = cycle(*i, d, len(list)) }}
}

// numberField is a number from lo to hi that ←→ move by step.
func numberField(label string, v *int, step, lo, hi int) formField {
	return formField{label: label, value: func() string { return fmt.Sprint(*v) }, adjust: func(d int) { *v = min(max(*v+d*step, lo), hi) }}
}

// workersField is a number of workers, up to the session's share, which
// changes as other sessions come and go.
func workersField(label string, v *int, env *common.Env) formField {
	return formField{label: label, value: func() string { return fmt.Sprint(*v) }, adjust: func(d int) { *v = min(max(*v+d, 1), env.CPU.Max()) }}
}

// cycle is v moved by d round n values.
func cycle(v, d, n int) int { return (v + d + n) % n }
