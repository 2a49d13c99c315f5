package components

import (
	"fmt"
	"io"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/evochess/evochess/tui/common"
)

// testForm is a form of three fields, a choice, a number and a tick box,
// drawn under a title with a blank line between the number and the box:
// lines 0 title, 1 choice, 2 number, 3 blank, 4 box.
type testForm struct {
	f      Form
	choice int
	number int
	on     bool
}

func newTestForm() *testForm {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.Ascii)
	tf := &testForm{number: 1}
	tf.f = Form{St: common.NewStyles(r, true), Fields: []Field{
		ChoiceField("choice", []string{"a", "b", "c"}, &tf.choice),
		NumberField("number", &tf.number, 1, 0, 3),
		{Value: func() string { return fmt.Sprint("box ", tf.on) }, Toggle: func() { tf.on = !tf.on }},
	}}
	return tf
}

func (tf *testForm) draw() string {
	tf.f.Begin()
	tf.f.Text("title")
	tf.f.Field(0)
	tf.f.Field(1)
	tf.f.Text("")
	tf.f.Field(2)
	return tf.f.View()
}

func (tf *testForm) state() string {
	return fmt.Sprintf("focus %d choice %d number %d on %v", tf.f.Focus, tf.choice, tf.number, tf.on)
}

// The keys move the focus round the fields, change the focused one within
// its bounds and tick the box; other keys are not the form's.
func TestFormKeys(t *testing.T) {
	enter := tea.KeyMsg{Type: tea.KeyEnter}
	cases := []struct {
		keys  string // runes; "\r" is enter
		taken bool   // the last key is the form's
		want  string
	}{
		{"", false, "focus 0 choice 0 number 1 on false"},
		{"j", true, "focus 1 choice 0 number 1 on false"},
		{"k", true, "focus 2 choice 0 number 1 on false"},   // up from the first: the last
		{"jjj", true, "focus 0 choice 0 number 1 on false"}, // down from the last: the first
		{"l", true, "focus 0 choice 1 number 1 on false"},
		{"h", true, "focus 0 choice 2 number 1 on false"}, // a choice cycles round
		{"jllll", true, "focus 1 choice 0 number 3 on false"},
		{"jhhhh", true, "focus 1 choice 0 number 0 on false"}, // a number stops at its bounds
		{"kl", true, "focus 2 choice 0 number 1 on false"},    // a box has no ←→
		{"k\r", true, "focus 2 choice 0 number 1 on true"},
		{"k\r\r", true, "focus 2 choice 0 number 1 on false"},
		{"\r", true, "focus 0 choice 0 number 1 on false"}, // a choice has no enter
		{"s", false, "focus 0 choice 0 number 1 on false"},
	}
	for _, c := range cases {
		tf := newTestForm()
		taken := false
		for _, r := range c.keys {
			msg := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}}
			if r == '\r' {
				msg = enter
			}
			taken = tf.f.Key(msg, common.DefaultKeyMap())
		}
		if got := tf.state(); got != c.want || taken != c.taken {
			t.Errorf("keys %q: %s, taken %v; want %s, taken %v", c.keys, got, taken, c.want, c.taken)
		}
	}
}

// A click on a field's line focuses it (and ticks a box); a click on a
// line of text or below the form, or not a left press, does nothing.
func TestFormClicks(t *testing.T) {
	left := func(y int) tea.MouseMsg {
		return tea.MouseMsg{Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft}
	}
	cases := []struct {
		name  string
		msgs  []tea.MouseMsg
		taken bool
		want  string
	}{
		{"the title", []tea.MouseMsg{left(0)}, false, "focus 0 choice 0 number 1 on false"},
		{"the number", []tea.MouseMsg{left(2)}, true, "focus 1 choice 0 number 1 on false"},
		{"the blank line", []tea.MouseMsg{left(3)}, false, "focus 0 choice 0 number 1 on false"},
		{"the box", []tea.MouseMsg{left(4)}, true, "focus 2 choice 0 number 1 on true"},
		{"the box twice", []tea.MouseMsg{left(4), left(4)}, true, "focus 2 choice 0 number 1 on false"},
		{"the box, then the choice", []tea.MouseMsg{left(4), left(1)}, true, "focus 0 choice 0 number 1 on true"},
		{"below the form", []tea.MouseMsg{left(5)}, false, "focus 0 choice 0 number 1 on false"},
		{"above it", []tea.MouseMsg{left(-1)}, false, "focus 0 choice 0 number 1 on false"},
		{"a right click", []tea.MouseMsg{{Y: 4, Action: tea.MouseActionPress, Button: tea.MouseButtonRight}}, false, "focus 0 choice 0 number 1 on false"},
		{"a release", []tea.MouseMsg{{Y: 4, Action: tea.MouseActionRelease, Button: tea.MouseButtonLeft}}, false, "focus 0 choice 0 number 1 on false"},
	}
	for _, c := range cases {
		tf := newTestForm()
		tf.draw()
		taken := false
		for _, m := range c.msgs {
			taken = tf.f.Click(m)
		}
		if got := tf.state(); got != c.want || taken != c.taken {
			t.Errorf("%s: %s, taken %v; want %s, taken %v", c.name, got, taken, c.want, c.taken)
		}
	}
}

// The form draws its fields' labels in one column, marks the focused one,
// and leaves text lines as they are.
func TestFormDraws(t *testing.T) {
	tf := newTestForm()
	tf.f.Key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'j'}}, common.DefaultKeyMap())
	want := strings.Join([]string{
		"title",
		"  choice       a",
		"› number       1",
		"",
		"  box false",
	}, "\n")
	if got := tf.draw(); got != want {
		t.Errorf("drawn:\n%s\nwant:\n%s", got, want)
	}
	if got := tf.draw(); got != want { // a drawing starts afresh
		t.Errorf("drawn again:\n%s\nwant:\n%s", got, want)
	}
}

// FocusOn finds a field by its label; ClampFocus keeps the focus on a
// field when the list shrinks.
func TestFormFocus(t *testing.T) {
	cases := []struct {
		label  string
		fields int // the fields kept after focusing
		want   int
	}{
		{"number", 3, 1},
		{"choice", 3, 0},
		{"no such field", 3, 2}, // the focus stays
		{"number", 1, 0},
	}
	for _, c := range cases {
		tf := newTestForm()
		tf.f.Focus = 2
		tf.f.FocusOn(c.label)
		tf.f.Fields = tf.f.Fields[:c.fields]
		tf.f.ClampFocus()
		if tf.f.Focus != c.want {
			t.Errorf("focus on %q, %d fields: %d, want %d", c.label, c.fields, tf.f.Focus, c.want)
		}
	}
}
