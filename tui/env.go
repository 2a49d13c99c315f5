package tui

import (
	"context"
	"errors"
	"os"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/saves"
)

// Env is what every page of one app (one terminal, one SSH session)
// shares: a context that ends with the program, and the data directory.
type Env struct {
	Ctx  context.Context
	Data *saves.Dir // nil: nothing can be saved or loaded
}

// SaveGame stores a PGN game in the data directory.
func (e *Env) SaveGame(pgn []byte) (string, error) {
	if e.Data == nil {
		return "", errors.New("no data directory")
	}
	return e.Data.SaveGame(pgn)
}

// forwardMsg carries a message from a worker channel and the command that
// waits for the next one: the root model delivers msg to its page and runs
// next, so a channel is drained one message at a time without ever
// blocking Update.
type forwardMsg struct {
	msg  tea.Msg
	next tea.Cmd
}

// forward turns a channel into messages until it is closed or ctx ends
// (the program quit or the session closed): no goroutine is left behind.
func forward[T any](ctx context.Context, ch <-chan T, wrap func(T) tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	cmd = func() tea.Msg {
		select {
		case v, ok := <-ch:
			if !ok {
				return nil
			}
			return forwardMsg{msg: wrap(v), next: cmd}
		case <-ctx.Done():
			return nil
		}
	}
	return cmd
}

// PlainFromEnv reads https://no-color.org and dumb terminals from an
// environment (the process's, or an SSH session's).
func PlainFromEnv(environ []string) bool {
	for _, kv := range environ {
		if len(kv) >= 9 && kv[:9] == "NO_COLOR=" || kv == "TERM=dumb" {
			return true
		}
	}
	return false
}

// LocalPlain is PlainFromEnv of this process.
func LocalPlain() bool { return PlainFromEnv(os.Environ()) }
