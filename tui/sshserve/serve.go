package sshserve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"path/filepath"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/wish"
	"github.com/charmbracelet/wish/activeterm"
	bm "github.com/charmbracelet/wish/bubbletea"
	"github.com/muesli/termenv"
	gossh "golang.org/x/crypto/ssh"

	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui"
	"github.com/evochess/evochess/tui/common"
)

// HostKeyFile is the server's persistent key, in the data directory.
const HostKeyFile = "ssh_host_ed25519"

// Config is how Serve serves. Zero limits are no limits.
type Config struct {
	Addr string     // where to listen, e.g. ":2222"
	Data *saves.Dir // the data directory, with the host key
	// Idle ends a session whose user has not typed or clicked for this
	// long, however busy its screen (0: never).
	Idle time.Duration
	// Log gets a line per session start and end, refusal and closed
	// connection, client-supplied fields sanitized (nil: no log).
	Log io.Writer
	// Ready, when set, is told the address once the server listens.
	Ready  func(addr string)
	Limits Limits
	// Workers is the CPU budget the sessions share (nil: each session up
	// to MaxWorkers).
	Workers *common.WorkerBudget
	// Quota (bytes) and SavesPerMinute bound each user's saves (0: none).
	Quota          int64
	SavesPerMinute int
	// Keys, when set, are the only keys let in, and each key's user saves
	// in a directory of its own (users/NAME) and reads the data directory
	// as a shared library. Without them anyone gets in, and the sessions
	// share the data directory.
	Keys *AuthorizedKeys
	// Cluster, when set, is remote workers every session's games may go to.
	Cluster common.Cluster
	// Reconnect and LagMargin are the lobby's (see lobby.Config; 0: its
	// defaults); LagEvery is how often each connection's round trip is
	// measured for it (0: LagEvery).
	Reconnect, LagMargin, LagEvery time.Duration
	// EnginePaths lets sessions name any engine by its path and set any
	// of its options (common.Env.EnginePaths); otherwise they start only
	// Debian's installed engines and tune only their playing settings.
	EnginePaths bool
	// EngineBots lets saved players that are external engines be the
	// lobby's bots (common.LobbyConfig.EngineBots).
	EngineBots bool
}

// Serve serves the arena over SSH until ctx ends: one program and one
// lipgloss renderer per session (colours follow the client's terminal),
// sessions without a PTY refused, a persistent host key, every session
// logged, idle sessions closed, sessions counted against the limits. There
// is no shell and no file access: a session is the app, and the app only
// reads and writes the data directory. Each session's games and searches
// end with it (its context is its channel's). What a client names itself
// reaches other sessions and the log only sanitized.
func Serve(ctx context.Context, c Config) error {
	if c.Data == nil {
		return errors.New("serve: the SSH server needs a data directory (for its host key)")
	}
	s := &sshServer{c: c, log: newSSHLog(c.Log), engines: common.DefaultEngines(), hub: &common.Hub{}}
	// The lobby outlives no server: its games stop, its bots and saves
	// end, before Serve returns.
	lctx, stopLobby := context.WithCancel(ctx)
	defer stopLobby()
	var err error
	s.lobby, err = common.StartLobby(lctx, common.LobbyConfig{Data: c.Data, UserDirs: c.Keys != nil, Quota: c.Quota, Workers: c.Workers,
		Reconnect: c.Reconnect, LagMargin: c.LagMargin, BotHashMB: sshPlayHashMB, Log: s.log.printf, EngineBots: c.EngineBots,
		Accounts: c.Keys.accounts()})
	if err != nil {
		return fmt.Errorf("serve: the lobby's ladder: %w", err)
	}
	defer s.lobby.Wait()
	defer stopLobby() // before Wait (deferred calls run last first)
	g := newGate(c.Limits, s.log)
	opts := []ssh.Option{
		wish.WithAddress(c.Addr),
		wish.WithHostKeyPath(filepath.Join(c.Data.Root, HostKeyFile)),
		func(srv *ssh.Server) error {
			srv.ConnCallback = g.connected
			srv.ChannelHandlers = map[string]ssh.ChannelHandler{"session": g.sessionChannel}
			srv.ConnectionFailedCallback = s.connectionFailed
			return nil
		},
		wish.WithMiddleware(
			func(ssh.Handler) ssh.Handler { return s.session },
			activeterm.Middleware(), // no PTY: "Requires an active PTY", and the session ends
			logSessions(s.log, s.keyUser),
			g.track,
		),
	}
	if c.Idle > 0 {
		// A backstop under the app's own idle time: a connection with no
		// traffic at all.
		opts = append(opts, wish.WithIdleTimeout(c.Idle+time.Minute))
	}
	if c.Keys != nil {
		opts = append(opts, wish.WithPublicKeyAuth(c.Keys.allow))
	} else {
		opts = append(opts, wish.WithPublicKeyAuth(acceptAnyKey), wish.WithKeyboardInteractiveAuth(acceptGuest))
	}
	srv, err := wish.NewServer(opts...)
	if err != nil {
		return err
	}
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", c.Addr)
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

// sshServer is what the sessions of Serve share.
type sshServer struct {
	c       Config
	log     *sshLog
	engines []string
	hub     *common.Hub
	lobby   *common.LobbyHost
	guests  atomic.Int64 // anonymous sessions so far, numbering the next
}

// session runs the app for one session, until its user quits, is idle,
// or its channel closes; its work ends with it.
func (s *sshServer) session(sess ssh.Session) {
	ctx, cancel := context.WithCancel(sess.Context())
	defer cancel()
	env, err := s.env(ctx, sess)
	if err != nil {
		s.log.printf("no session for %s: %s", sshWho(sess), common.Sanitize(err.Error(), 0))
		wish.Fatalln(sess, "evochess: your data directory cannot be opened; tell the server's operator")
		return
	}
	if env.Session != nil {
		defer env.Session.Close() // its games go on; the player has Reconnect to return
		if conn, ok := sess.Context().Value(ssh.ContextKeyConn).(gossh.Conn); ok {
			every := s.c.LagEvery
			if every <= 0 {
				every = LagEvery
			}
			go measureLag(ctx, conn, every, env.Session.SetLag)
		}
	}
	var app *tui.App
	run := bm.MiddlewareWithProgramHandler(func(sess ssh.Session) *tea.Program {
		app = tui.New(env, bm.MakeRenderer(sess), common.PlainFromEnv(sess.Environ()))
		return tea.NewProgram(app, append([]tea.ProgramOption{tea.WithAltScreen(), tea.WithMouseCellMotion()}, bm.MakeOptions(sess)...)...)
	}, termenv.Ascii)
	run(func(ssh.Session) {})(sess)
	if app != nil && app.IdleClosed() {
		s.log.printf("idle %s: closed after %s without input", sshWho(sess), s.c.Idle)
		fmt.Fprintf(sess, "evochess: closed after %s without input\r\n", s.c.Idle)
	}
	cancel() // the session's runs stop, and save where they stand
	if !env.Writing.Wait(common.WritingWait) {
		s.log.printf("session %s: a run was still saving after %s", sshWho(sess), common.WritingWait)
	}
}

// sshPlayHashMB is a served session's Play engine hash. A terminal's own
// 16 MB, doubled by the collector's headroom, made each SSH session cost
// 45 MiB (the soak, 20 sessions: 922 MiB); the Play tab's budgets (a few
// plies to a second a move) fill 2 MB without losing strength that a
// human across the board would notice.
const sshPlayHashMB = 2

// env is one session's: its data (its user's own directory and the shared
// library, or the shared directory), its share of the workers, its bounds.
func (s *sshServer) env(ctx context.Context, sess ssh.Session) (*common.Env, error) {
	env := &common.Env{Ctx: ctx, Data: s.c.Data, Engines: s.engines, EnginePaths: s.c.EnginePaths, Hub: s.hub, Who: sshWho(sess), Idle: s.c.Idle, Cluster: s.c.Cluster, Writing: &common.Writing{},
		Saves:      &common.SavePolicy{PerMinute: s.c.SavesPerMinute, Quota: s.c.Quota, Shared: true},
		PlayHashMB: sshPlayHashMB}
	if s.c.Workers != nil {
		env.CPU = s.c.Workers.Join(ctx)
	}
	if s.c.Keys != nil {
		user, ok := s.c.Keys.user(sess.PublicKey())
		if !ok { // authentication let in only these keys
			return nil, errors.New("a session without an authorized key")
		}
		d, err := common.UserData(s.c.Data, user)
		if err != nil {
			return nil, err
		}
		env.Data, env.Library, env.Saves.Shared = d, s.c.Data, false
		env.Who = user + "@" + common.Sanitize(sess.RemoteAddr().String(), common.MaxNameRunes) // the key's name, not the one the client gave
	}
	if u, ok := sshIdentity(sess.User(), sess.PublicKey(), s.c.Keys, &s.guests); ok {
		if err := s.lobby.Join(env, u); err != nil { // the app goes on without the lobby, and says why
			env.LobbyErr = err
			s.log.printf("no lobby for %s: %s", sshWho(sess), common.Sanitize(err.Error(), 0))
		}
	}
	return env, nil
}

// keyUser names the session's key for the log: its user in the authorized
// keys, its fingerprint in open access ("" for a session without one).
func (s *sshServer) keyUser(sess ssh.Session) string {
	if s.c.Keys == nil {
		// Open access: the key offered is still who the player is.
		if key := sess.PublicKey(); key != nil {
			return gossh.FingerprintSHA256(key)
		}
		return ""
	}
	name, _ := s.c.Keys.user(sess.PublicKey())
	return name
}

// connectionFailed logs a connection that did not complete the handshake
// (a scanner, a refused key); one the gate closed is logged already.
func (s *sshServer) connectionFailed(conn net.Conn, err error) {
	if errors.Is(err, net.ErrClosed) {
		return
	}
	s.log.printf("no handshake with %s: %s", common.Sanitize(conn.RemoteAddr().String(), common.MaxNameRunes), common.Sanitize(err.Error(), 2*common.MaxNameRunes))
}
