package tui

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// Idle is measured on what the user does (keys, clicks), not on what the
// screen does: a running evolution redraws for hours, and a session whose
// user has gone must still end (Env.Idle).

// idleCheckMsg comes when the idle time since the last input may be up.
type idleCheckMsg struct{}

// input notes a key or a click.
func (a *App) input() { a.lastInput = time.Now() }

// idleWait waits until the idle time after the last input is up, or the
// app ends (its context): one such wait at a time, none left behind.
func (a *App) idleWait() tea.Cmd {
	if a.env.Idle <= 0 {
		return nil
	}
	d, ctx := time.Until(a.lastInput.Add(a.env.Idle)), a.env.Ctx
	return func() tea.Msg {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
			return idleCheckMsg{}
		case <-ctx.Done():
			return nil
		}
	}
}

// idleCheck ends the app when no input has come for the idle time, and
// otherwise waits for the rest of it.
func (a *App) idleCheck() tea.Cmd {
	if time.Since(a.lastInput) < a.env.Idle {
		return a.idleWait()
	}
	a.idleClosed = true
	return tea.Quit
}

// IdleClosed says whether the app ended because its user was idle.
func (a *App) IdleClosed() bool { return a.idleClosed }
