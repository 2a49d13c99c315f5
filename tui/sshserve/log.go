package sshserve

import (
	"fmt"
	"io"
	"log"
	"strings"
	"time"

	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/wish"

	"github.com/evochess/evochess/tui/common"
)

// sshWho names a session for other sessions and the log: the client's
// user name and address, sanitized (the client chose the name).
func sshWho(s ssh.Session) string {
	return common.Sanitize(s.User(), common.MaxNameRunes) + "@" + common.Sanitize(s.RemoteAddr().String(), common.MaxNameRunes)
}

// sshLog is the server's log: one line per event, each starting "ssh: ".
// Whatever a client supplied goes into it only sanitized, by the callers.
type sshLog struct{ l *log.Logger }

// newSSHLog logs to w (nil: nowhere).
func newSSHLog(w io.Writer) *sshLog {
	if w == nil {
		return &sshLog{}
	}
	return &sshLog{log.New(w, "", log.LstdFlags)} // one Write per line, safe across sessions
}

func (l *sshLog) printf(format string, args ...any) {
	if l.l != nil {
		l.l.Printf("ssh: "+format, args...)
	}
}

// logSessions writes one line when a session starts and one when it
// ends. It replaces wish's logging middleware, which prints the user name,
// command and terminal type as the client sent them: escape sequences on
// the operator's terminal and forged lines in the log. Here every field
// a client supplies is sanitized. keyUser names the user of the key the
// connection authenticated with ("" for none).
func logSessions(l *sshLog, keyUser func(ssh.Session) string) wish.Middleware {
	return func(next ssh.Handler) ssh.Handler {
		return func(s ssh.Session) {
			start := time.Now()
			who := sshWho(s)
			pty, _, _ := s.Pty()
			key := keyUser(s)
			if key == "" {
				key = "none"
			}
			l.printf("connect %s term %q %s command %q key %s client %q", who,
				common.Sanitize(pty.Term, common.MaxNameRunes), windowSize(pty.Window), common.Sanitize(strings.Join(s.Command(), " "), 2*common.MaxNameRunes),
				key, common.Sanitize(s.Context().ClientVersion(), common.MaxNameRunes))
			next(s)
			l.printf("disconnect %s after %s", who, time.Since(start).Round(time.Second))
		}
	}
}

func windowSize(w ssh.Window) string { return fmt.Sprintf("%d×%d", w.Width, w.Height) }
