package components

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/tui/common"
)

// Field is one choice of a set-up form: a label and its value, which
// ←→ change (adjust) and enter or a click toggle (toggle); either is nil
// where the field has no such action.
type Field struct {
	Label  string // "": the value alone (a player's tick box)
	Value  func() string
	Adjust func(d int) // d is -1 for ←, +1 for →
	Toggle func()
}

// Form is a set-up screen's fields with a focus: ↑↓ move it (wrapping
// round), ←→ adjust the focused field, enter toggles it, a click focuses
// a field (and toggles it). The page lays the form out, fields among
// lines of text; the form notes the field on each line it draws, so that
// a click needs no row numbers.
type Form struct {
	St     *common.Styles
	Fields []Field
	Focus  int

	lines []string // the drawing under way
	rows  []int    // the field on each line of it (-1: text), for clicks
}

// LabelWidth lines the values up in a column after the labels.
const LabelWidth = 12

// Begin starts a new drawing.
func (f *Form) Begin() { f.lines, f.rows = f.lines[:0], f.rows[:0] }

// Text adds lines that are no field (titles, blanks, a status).
func (f *Form) Text(lines ...string) {
	for _, s := range lines {
		f.lines, f.rows = append(f.lines, s), append(f.rows, -1)
	}
}

// Field adds field i, marked when it has the focus.
func (f *Form) Field(i int) {
	fl := f.Fields[i]
	s := fl.Value()
	if fl.Label != "" {
		s = fmt.Sprintf("%-*s %s", LabelWidth, fl.Label, s)
	}
	if i == f.Focus {
		s = f.St.Header.Render("› " + s)
	} else {
		s = "  " + s
	}
	f.lines, f.rows = append(f.lines, s), append(f.rows, i)
}

// Height is how many lines the drawing has so far.
func (f *Form) Height() int { return len(f.lines) }

// View is the drawing.
func (f *Form) View() string { return strings.Join(f.lines, "\n") }

// Key takes ↑↓, ←→ and enter; false: msg is none of them.
func (f *Form) Key(msg tea.KeyMsg, k common.KeyMap) bool {
	n := len(f.Fields)
	if n == 0 {
		return false
	}
	switch {
	case key.Matches(msg, k.Up):
		f.Focus = (f.Focus + n - 1) % n
	case key.Matches(msg, k.Down):
		f.Focus = (f.Focus + 1) % n
	case key.Matches(msg, k.Left):
		f.adjust(-1)
	case key.Matches(msg, k.Right):
		f.adjust(+1)
	case key.Matches(msg, k.Select):
		if t := f.Fields[f.Focus].Toggle; t != nil {
			t()
		}
	default:
		return false
	}
	return true
}

func (f *Form) adjust(d int) {
	if a := f.Fields[f.Focus].Adjust; a != nil {
		a(d)
	}
}

// Click focuses the field drawn on line msg.Y of the last drawing, and
// toggles it if it toggles; false: no field there (or not a left press).
func (f *Form) Click(msg tea.MouseMsg) bool {
	if msg.Action != tea.MouseActionPress || msg.Button != tea.MouseButtonLeft || msg.Y < 0 || msg.Y >= len(f.rows) {
		return false
	}
	i := f.rows[msg.Y]
	if i < 0 || i >= len(f.Fields) { // text, or a field gone since (a refreshed list)
		return false
	}
	f.Focus = i
	if t := f.Fields[i].Toggle; t != nil {
		t()
	}
	return true
}

// FocusOn moves the focus to the field labelled label, if there is one.
func (f *Form) FocusOn(label string) {
	for i, fl := range f.Fields {
		if fl.Label == label {
			f.Focus = i
			return
		}
	}
}

// ClampFocus keeps the focus on a field after the list has shrunk.
func (f *Form) ClampFocus() { f.Focus = max(min(f.Focus, len(f.Fields)-1), 0) }

// ChoiceField picks one of list, *i its index: ←→ cycle through it.
func ChoiceField(label string, list []string, i *int) Field {
	return Field{Label: label, Value: func() string { return list[*i] }, Adjust: func(d int) { *i = Cycle(*i, d, len(list)) }}
}

// NumberField is a number from lo to hi that ←→ move by step.
func NumberField(label string, v *int, step, lo, hi int) Field {
	return Field{Label: label, Value: func() string { return fmt.Sprint(*v) }, Adjust: func(d int) { *v = min(max(*v+d*step, lo), hi) }}
}

// WorkersField is a number of workers, up to the session's share, which
// changes as other sessions come and go.
func WorkersField(label string, v *int, env *common.Env) Field {
	return Field{Label: label, Value: func() string { return fmt.Sprint(*v) }, Adjust: func(d int) { *v = min(max(*v+d, 1), env.CPU.Max()) }}
}

// Cycle is v moved by d round n values.
func Cycle(v, d, n int) int { return (v + d + n) % n }
