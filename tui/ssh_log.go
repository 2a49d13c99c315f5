package tui

import (
	"fmt"
	"io"
	"log"
	"strings"
	"time"

	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/wish"
)

// sshWho names a session for other sessions and the log: the client's
// user name and address, sanitized (the client chose the name).
func sshWho(s ssh.Session) string {
	return Sanitize(s.User(), MaxNameRunes) + "@" + Sanitize(s.RemoteAddr().String(), MaxNameRunes)
}

// logSessions writes one line when a session starts and one when it
// ends. It replaces wish's logging middleware, which prints the user name,
// command and terminal type as the client sent them: escape sequences on
// the operator's terminal and forged lines in the log. Here every field
// a client supplies is sanitized. w nil: nothing is logged.
func logSessions(w io.Writer) wish.Middleware {
	if w == nil {
		return func(next ssh.Handler) ssh.Handler { return next }
	}
	l := log.New(w, "", log.LstdFlags) // one Write per line, safe across sessions
	return func(next ssh.Handler) ssh.Handler {
		return func(s ssh.Session) {
			start := time.Now()
			who := sshWho(s)
			pty, _, _ := s.Pty()
			l.Printf("ssh: connect %s term %q %s command %q key %v client %q", who,
				Sanitize(pty.Term, MaxNameRunes), windowSize(pty.Window), Sanitize(strings.Join(s.Command(), " "), 2*MaxNameRunes),
				s.PublicKey() != nil, Sanitize(s.Context().ClientVersion(), MaxNameRunes))
			next(s)
			l.Printf("ssh: disconnect %s after %s", who, time.Since(start).Round(time.Second))
		}
	}
}

func windowSize(w ssh.Window) string { return fmt.Sprintf("%d×%d", w.Width, w.Height) }
