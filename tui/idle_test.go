package tui

import (
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// A key, or a click, starts the idle time again.
func TestIdleInputKeepsTheAppOpen(t *testing.T) {
	a := testApp(t, 100, 30)
	a.env.Idle = 50 * time.Millisecond
	quits := func(cmd tea.Cmd) bool {
		_, quit := cmd().(tea.QuitMsg)
		return quit
	}
	for _, input := range []tea.Msg{tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'f'}}, tea.MouseMsg{X: 5, Y: 5, Action: tea.MouseActionMotion}} {
		a.lastInput = time.Now().Add(-time.Minute)
		a.Update(input)
		if _, cmd := a.Update(idleCheckMsg{}); quits(cmd) || a.IdleClosed() {
			t.Fatalf("closed right after %T", input)
		}
	}
	time.Sleep(60 * time.Millisecond)
	if _, cmd := a.Update(idleCheckMsg{}); !quits(cmd) || !a.IdleClosed() {
		t.Fatal("not closed after the idle time without input")
	}
}
