package tui

import (
	"context"
	"errors"
	"io"
	"path/filepath"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/wish"
	"github.com/charmbracelet/wish/activeterm"
	bm "github.com/charmbracelet/wish/bubbletea"

	"github.com/evochess/evochess/saves"
)

// HostKeyFile is the server's persistent key, in the data directory.
const HostKeyFile = "ssh_host_ed25519"

// SSHConfig is how ServeSSH serves.
type SSHConfig struct {
	Addr string        // where to listen, e.g. ":2222"
	Data *saves.Dir    // the data directory, with the host key
	Idle time.Duration // a session idle this long is closed
	// Log gets a line per session start and end, client-supplied fields
	// sanitized (nil: no log).
	Log io.Writer
	// Ready, when set, is told the address once the server listens.
	Ready func(addr string)
}

// ServeSSH serves the arena over SSH until ctx ends: one program and one
// lipgloss renderer per session (colours follow the client's terminal),
// sessions without a PTY refused, a persistent host key, every session
// logged, idle sessions closed. There is no shell and no file access: a
// session is the app, and the app only reads and writes the data
// directory. Each session's games and searches end with it (its context
// is the session's). What a client names itself reaches other sessions
// and the log only sanitized.
func ServeSSH(ctx context.Context, c SSHConfig) error {
	data := c.Data
	if data == nil {
		return errors.New("serve: the SSH server needs a data directory (for its host key)")
	}
	engines := DefaultEngines()
	hub := &Hub{}
	srv, err := wish.NewServer(
		wish.WithAddress(c.Addr),
		wish.WithHostKeyPath(filepath.Join(data.Root, HostKeyFile)),
		wish.WithIdleTimeout(c.Idle),
		wish.WithMiddleware(
			bm.Middleware(func(s ssh.Session) (tea.Model, []tea.ProgramOption) {
				ctx, _ := s.Context().Value(sessionCtxKey{}).(context.Context)
				if ctx == nil {
					ctx = s.Context()
				}
				env := &Env{Ctx: ctx, Data: data, Engines: engines, Hub: hub, Who: sshWho(s)}
				app := New(env, bm.MakeRenderer(s), PlainFromEnv(s.Environ()))
				return app, []tea.ProgramOption{tea.WithAltScreen(), tea.WithMouseCellMotion()}
			}),
			sessionContext,          // the app's work ends with its session, not its connection
			activeterm.Middleware(), // no PTY: "Requires an active PTY", and the session ends
			logSessions(c.Log),
		),
	)
	if err != nil {
		return err
	}
	ln, err := (&netListenConfig{}).listen(ctx, c.Addr)
	if err != nil {
		return err
	}
	if c.Ready != nil {
		c.Ready(ln.Addr().String())
	}
	done := make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
			sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			srv.Shutdown(sctx)
		case <-done:
		}
	}()
	err = srv.Serve(ln)
	close(done)
	if errors.Is(err, ssh.ErrServerClosed) {
		return nil
	}
	return err
}

type sessionCtxKey struct{}

// sessionContext gives each session a context of its own, cancelled when
// the session's app returns: ssh.Session.Context belongs to the
// connection, which a multiplexing client keeps open across sessions.
func sessionContext(next ssh.Handler) ssh.Handler {
	return func(s ssh.Session) {
		ctx, cancel := context.WithCancel(s.Context())
		defer cancel()
		s.Context().SetValue(sessionCtxKey{}, ctx)
		next(s)
	}
}
