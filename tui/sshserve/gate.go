package sshserve

import (
	"context"
	"fmt"
	"net"
	"sync"
	"time"

	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/tui/common"
)

// Limits bound what clients may hold open; a zero field is no bound.
// Without them one TCP connection opened 3000 sessions (567 MB), and 300
// silent connections stayed open for the whole idle time.
type Limits struct {
	// Handshake closes a connection that has no session running this
	// long after it was opened, or after its last session ended: one that
	// never completes the handshake, never opens a session, or only
	// holds refused ones.
	Handshake     time.Duration
	PerConnection int // session channels open on one connection
	PerAddress    int // sessions from one client address (IPv6: its /64)
	Sessions      int // sessions on the server
}

// gate admits session channels within the limits and closes connections
// without a session.
type gate struct {
	lim Limits
	log *sshLog

	mu      sync.Mutex
	total   int
	perAddr map[string]int
}

func newGate(lim Limits, log *sshLog) *gate {
	return &gate{lim: lim, log: log, perAddr: map[string]int{}}
}

// connStateKey finds a connection's connState in its context.
type connStateKey struct{}

// connState is one connection: its channels and running sessions, and
// the timer that closes it when it has had no session for too long.
type connState struct {
	addr     string // the per-address key
	shown    string // the address for the log
	mu       sync.Mutex
	channels int
	running  int
	closed   bool        // the connection has ended: the timer stays off
	timer    *time.Timer // nil without a Handshake limit
}

// connected is the server's ConnCallback: it starts the connection's
// timer, stopped for good when the connection closes (ctx ends).
func (g *gate) connected(ctx ssh.Context, conn net.Conn) net.Conn {
	st := &connState{addr: arena.ClientAddress(conn.RemoteAddr().String()), shown: common.Sanitize(conn.RemoteAddr().String(), common.MaxNameRunes)}
	ctx.SetValue(connStateKey{}, st)
	if d := g.lim.Handshake; d > 0 {
		st.timer = time.AfterFunc(d, func() {
			st.mu.Lock()
			idle := st.running == 0 && !st.closed
			st.mu.Unlock()
			if idle {
				g.log.printf("closed %s: no session for %s", st.shown, d)
				conn.Close()
			}
		})
		context.AfterFunc(ctx, func() {
			st.mu.Lock()
			defer st.mu.Unlock()
			st.closed = true
			st.timer.Stop()
		})
	}
	return conn
}

// sessionStarted and sessionEnded keep the timer off while a session
// runs, and start it again when the last one ends.
func (st *connState) sessionStarted() {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.running++
	if st.timer != nil {
		st.timer.Stop()
	}
}

func (st *connState) sessionEnded(d time.Duration) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.running--
	if st.running == 0 && st.timer != nil && !st.closed {
		st.timer.Reset(d)
	}
}

// openChannel counts a channel on the connection, if it has room.
func (st *connState) openChannel(limit int) bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	if limit > 0 && st.channels >= limit {
		return false
	}
	st.channels++
	return true
}

func (st *connState) closeChannel() {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.channels--
}

// admit counts a session of a client address on the server; why says
// what is full when it does not fit.
func (g *gate) admit(addr string) (release func(), why string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if n := g.lim.Sessions; n > 0 && g.total >= n {
		return nil, fmt.Sprintf("the server is full (%d sessions); try again later", n)
	}
	if n := g.lim.PerAddress; n > 0 && g.perAddr[addr] >= n {
		return nil, fmt.Sprintf("your address has %d sessions open already; close one or try again later", n)
	}
	g.total++
	g.perAddr[addr]++
	var once sync.Once
	return func() {
		once.Do(func() {
			g.mu.Lock()
			defer g.mu.Unlock()
			g.total--
			if g.perAddr[addr]--; g.perAddr[addr] <= 0 {
				delete(g.perAddr, addr)
			}
		})
	}, ""
}

// slotKey finds a channel's sessionSlot in its context.
type slotKey struct{}

// sessionSlot is one admitted channel: whether its session (the app) has
// started, and when it has ended, so that the channel's place is given
// back only once its app is gone.
type sessionSlot struct {
	mu      sync.Mutex
	closed  bool
	running bool
	done    chan struct{}
}

// start marks the session running; false when its channel has closed.
func (s *sessionSlot) start() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false
	}
	s.running, s.done = true, make(chan struct{})
	return true
}

func (s *sessionSlot) finish() { close(s.done) }

// close marks the channel closed and waits for its session, if one runs.
func (s *sessionSlot) close() {
	s.mu.Lock()
	s.closed = true
	done := s.done
	s.mu.Unlock()
	if done != nil {
		<-done
	}
}

// sessionChannel is the server's "session" channel handler: within the
// limits it is a session like any other, with a context that ends with
// its channel; beyond them the client is told why, and the channel closed.
func (g *gate) sessionChannel(srv *ssh.Server, conn *gossh.ServerConn, nc gossh.NewChannel, ctx ssh.Context) {
	st, _ := ctx.Value(connStateKey{}).(*connState)
	if st == nil { // the connection bypassed connected: no way to count it
		nc.Reject(gossh.ConnectionFailed, "evochess: not served")
		return
	}
	who := common.Sanitize(conn.User(), common.MaxNameRunes) + "@" + st.shown
	if !st.openChannel(g.lim.PerConnection) {
		g.log.printf("refused %s: %d sessions on one connection", who, g.lim.PerConnection)
		nc.Reject(gossh.ResourceShortage, fmt.Sprintf("evochess: at most %d sessions on one connection", g.lim.PerConnection))
		return
	}
	defer st.closeChannel()
	release, why := g.admit(st.addr)
	if why != "" {
		g.log.printf("refused %s: %s", who, why)
		refuse(ctx, nc, "evochess: "+why, g.lim.Handshake)
		return
	}
	defer release()
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	slot := &sessionSlot{}
	chCtx := newChannelContext(ctx, cctx)
	chCtx.SetValue(slotKey{}, slot)
	ssh.DefaultSessionHandler(srv, conn, nc, chCtx)
	cancel() // the channel has closed: its app ends with it
	slot.close()
}

// track runs a session's handler in its slot, with its connection's timer
// off meanwhile.
func (g *gate) track(next ssh.Handler) ssh.Handler {
	return func(s ssh.Session) {
		slot, _ := s.Context().Value(slotKey{}).(*sessionSlot)
		st, _ := s.Context().Value(connStateKey{}).(*connState)
		if slot == nil || st == nil || !slot.start() {
			return
		}
		defer slot.finish()
		st.sessionStarted()
		defer st.sessionEnded(g.lim.Handshake)
		next(s)
	}
}
