package evolution

import (
	"context"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/ga"
)

// An engine run starts in two steps: s checks the form's settings as ga
// would and asks the engine, in the background, to take every fixed
// option and every gene at its start and bounds (arena's Verify); its
// answer starts the run, or says what the engine refused, before any game
// and before anything is saved.

// verifyTimeout bounds the engine's check: a setoption and isready for
// each option and bound, each bounded by arena.ProbeTimeout too.
const verifyTimeout = time.Minute

// verifiedMsg is the engine's answer to the check before a start.
type verifiedMsg struct {
	n        int
	s        ga.Settings
	warnings []string
	err      error
}

// startEngine checks the settings and asks the engine.
func (e *Page) startEngine() tea.Cmd {
	c := e.engine()
	switch {
	case e.verifying != 0:
		e.Status = "the engine is being asked already…"
		return nil
	case c == nil:
		e.Status = "not started: type the engine's path first (enter on the chromosome row)"
		return nil
	case c.state != probeReady:
		e.Status = "not started: " + e.probeLine()
		return nil
	}
	t, err := c.tuning()
	if err != nil {
		e.Status = "not started: " + err.Error()
		return nil
	}
	s := e.newSettings(t)
	s.Workers = 1 // the workers the run gets are set when it starts
	if err := s.Check(); err != nil {
		e.Status = "not started: " + err.Error()
		return nil
	}
	e.probes++
	e.verifying = e.probes
	n, ctx := e.verifying, e.Env.Ctx
	e.Status = "asking " + e.engineName(c) + " to take the options…"
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, verifyTimeout)
		defer cancel()
		warnings, err := t.Verify(ctx) // t is this goroutine's until the message
		return verifiedMsg{n: n, s: s, warnings: warnings, err: err}
	}
}

// verified starts the run the engine has taken, or says what it refused.
func (e *Page) verified(msg verifiedMsg) tea.Cmd {
	if msg.n != e.verifying {
		return nil // the page has moved on
	}
	e.verifying = 0
	if e.mode != evoSetup {
		e.Status = "not started: the form was left while the engine was asked (s asks again)"
		return nil
	}
	if msg.err != nil {
		e.Status = "not started: " + e.Env.ErrText(msg.err)
		return nil
	}
	cmd := e.startWith(&msg.s)
	if cmd != nil && len(msg.warnings) > 0 {
		e.Status += "; warning: " + strings.Join(msg.warnings, "; ")
	}
	return cmd
}
