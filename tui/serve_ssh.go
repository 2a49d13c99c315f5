package tui

import (
	"context"
	"errors"
	"path/filepath"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/wish"
	"github.com/charmbracelet/wish/activeterm"
	bm "github.com/charmbracelet/wish/bubbletea"
	"github.com/charmbracelet/wish/logging"

	"github.com/evochess/evochess/saves"
)

// HostKeyFile is the server's persistent key, in the data directory.
const HostKeyFile = "ssh_host_ed25519"

// ServeSSH serves the arena over SSH on addr until ctx ends: one program
// and one lipgloss renderer per session (colours follow the client's
// terminal), sessions without a PTY refused, a persistent host key, every
// connection logged, idle sessions closed. There is no shell and no file
// access: a session is the app, and the app only reads and writes the
// data directory. Each session's games and searches end with it (its
// context is the session's).
func ServeSSH(ctx context.Context, addr string, data *saves.Dir, idle time.Duration, ready func(addr string)) error {
	if data == nil {
		return errors.New("serve: the SSH server needs a data directory (for its host key)")
	}
	engines := DefaultEngines()
	hub := &Hub{}
	srv, err := wish.NewServer(
		wish.WithAddress(addr),
		wish.WithHostKeyPath(filepath.Join(data.Root, HostKeyFile)),
		wish.WithIdleTimeout(idle),
		wish.WithMiddleware(
			bm.Middleware(func(s ssh.Session) (tea.Model, []tea.ProgramOption) {
				ctx, _ := s.Context().Value(sessionCtxKey{}).(context.Context)
				if ctx == nil {
					ctx = s.Context()
				}
				env := &Env{Ctx: ctx, Data: data, Engines: engines, Hub: hub, Who: s.User() + "@" + s.RemoteAddr().String()}
				app := New(env, bm.MakeRenderer(s), PlainFromEnv(s.Environ()))
				return app, []tea.ProgramOption{tea.WithAltScreen(), tea.WithMouseCellMotion()}
			}),
			sessionContext,          // the app's work ends with its session, not its connection
			activeterm.Middleware(), // no PTY: "Requires an active PTY", and the session ends
			logging.Middleware(),
		),
	)
	if err != nil {
		return err
	}
	ln, err := (&netListenConfig{}).listen(ctx, addr)
	if err != nil {
		return err
	}
	if ready != nil {
		ready(ln.Addr().String())
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
