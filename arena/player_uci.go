package arena

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/evochess/evochess/core"
)

// UCIPlayer runs an external engine speaking UCI. The process is started
// on first use and restarted by NewGame after a crash or a hang, so a
// misbehaving engine costs the game it misbehaved in and nothing more.
type UCIPlayer struct {
	name    string
	path    string
	args    []string
	options [][2]string

	// HandshakeTimeout bounds start-up ("uci" … "uciok", "isready" … "readyok").
	HandshakeTimeout time.Duration
	// MoveTimeout bounds a move searched by depth or nodes, where no clock
	// says when the engine is late.
	MoveTimeout time.Duration
	// Margin is the grace beyond a clock or movetime before the engine is
	// killed as unresponsive. The referee's own margin (shorter) forfeits
	// it on time first; this one only guards against a hung process.
	Margin time.Duration

	mu     sync.Mutex // guards proc, closed and idName
	proc   *uciProcess
	closed bool
	idName string
}

// uciProcess is one run of the engine. Every method works on the process
// it started with, so a Close from another goroutine can never pull a
// process out from under a running Play.
type uciProcess struct {
	cmd      *exec.Cmd
	stdin    io.WriteCloser
	stdout   io.ReadCloser
	lines    chan string   // closed when stdout ends
	exited   chan struct{} // closed when the process has been reaped
	killOnce sync.Once
}

// errClosed: the player was closed and will not start its engine again.
var errClosed = errors.New("engine player closed")

// NewUCIPlayer returns a player for the engine at path, started with args
// and configured with setoption name/value pairs.
func NewUCIPlayer(name, path string, args []string, options [][2]string) *UCIPlayer {
	return &UCIPlayer{name: name, path: path, args: args, options: options,
		HandshakeTimeout: 10 * time.Second, MoveTimeout: 60 * time.Second, Margin: 2 * time.Second}
}

func (u *UCIPlayer) Name() string { return u.name }

// EngineName returns the engine's own name (from "id name"), once started.
func (u *UCIPlayer) EngineName() string {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.idName
}

func (u *UCIPlayer) current() *uciProcess {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.proc
}

// start launches the engine and completes the handshake.
func (u *UCIPlayer) start(ctx context.Context) (*uciProcess, error) {
	cmd := exec.Command(u.path, u.args...)
	ownProcessGroup(cmd)
	cmd.WaitDelay = time.Second // Wait returns even if a grandchild keeps a pipe open
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	u.mu.Lock()
	if u.closed {
		u.mu.Unlock()
		return nil, errClosed
	}
	if err := cmd.Start(); err != nil {
		u.mu.Unlock()
		return nil, fmt.Errorf("%s: %w", u.path, err)
	}
	p := &uciProcess{cmd: cmd, stdin: stdin, stdout: stdout, lines: make(chan string, 1024), exited: make(chan struct{})}
	u.proc = p
	u.mu.Unlock()
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
		cmd.Wait()
		close(p.exited)
	}()
	if err := p.send("uci"); err != nil {
		return nil, u.fail(p, ErrEngineCrashed)
	}
	deadline := time.After(u.HandshakeTimeout)
	for {
		line, err := p.readLine(ctx, deadline)
		if err != nil {
			return nil, u.fail(p, err)
		}
		if name, ok := strings.CutPrefix(line, "id name "); ok {
			u.mu.Lock()
			u.idName = strings.TrimSpace(name)
			u.mu.Unlock()
		}
		if strings.TrimSpace(line) == "uciok" {
			break
		}
	}
	for _, o := range u.options {
		if err := p.send(fmt.Sprintf("setoption name %s value %s", o[0], o[1])); err != nil {
			return nil, u.fail(p, ErrEngineCrashed)
		}
	}
	if err := u.ready(ctx, p); err != nil {
		return nil, err
	}
	return p, nil
}

// ready sends isready and waits for readyok.
func (u *UCIPlayer) ready(ctx context.Context, p *uciProcess) error {
	if err := p.send("isready"); err != nil {
		return u.fail(p, ErrEngineCrashed)
	}
	deadline := time.After(u.HandshakeTimeout)
	for {
		line, err := p.readLine(ctx, deadline)
		if err != nil {
			return u.fail(p, err)
		}
		if strings.TrimSpace(line) == "readyok" {
			return nil
		}
	}
}

func (p *uciProcess) send(line string) error {
	_, err := io.WriteString(p.stdin, line+"\n")
	return err
}

// readLine returns the next line, ErrEngineCrashed when the engine's output
// ended, ErrEngineUnresponsive at the deadline, or the context's error.
func (p *uciProcess) readLine(ctx context.Context, deadline <-chan time.Time) (string, error) {
	select {
	case line, ok := <-p.lines:
		if !ok {
			return "", ErrEngineCrashed
		}
		return line, nil
	case <-deadline:
		return "", ErrEngineUnresponsive
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

func (p *uciProcess) dead() bool {
	select {
	case <-p.exited:
		return true
	default:
		return false
	}
}

// fail kills the process after an error, so the next game starts afresh.
func (u *UCIPlayer) fail(p *uciProcess, err error) error {
	u.kill(p)
	return err
}

// kill stops process p (its whole process group) and waits until it is
// reaped; safe to call more than once and from several goroutines.
func (u *UCIPlayer) kill(p *uciProcess) {
	if p == nil {
		return
	}
	u.mu.Lock()
	if u.proc == p {
		u.proc = nil
	}
	u.mu.Unlock()
	p.killOnce.Do(func() {
		p.stdin.Close()
		killGroup(p.cmd)
		p.stdout.Close() // wake the reader even if a grandchild holds the pipe
	})
	for range p.lines { // let the reader finish
	}
	<-p.exited
}

// NewGame starts the engine if needed (again, if it died since the last
// game) and tells it a new game begins.
func (u *UCIPlayer) NewGame(ctx context.Context) error {
	for attempt := 0; ; attempt++ {
		p := u.current()
		if p != nil && p.dead() {
			u.kill(p)
			p = nil
		}
		if p == nil {
			var err error
			if p, err = u.start(ctx); err != nil {
				return err
			}
		}
		if err := p.send("ucinewgame"); err == nil {
			if err = u.ready(ctx, p); err == nil {
				return nil
			} else if err != ErrEngineCrashed || attempt > 0 {
				return err
			}
		} else if attempt > 0 {
			return u.fail(p, ErrEngineCrashed)
		}
		u.kill(p) // it died between games: one fresh start before giving up
	}
}

// Play sends the position and the limits and waits for bestmove.
func (u *UCIPlayer) Play(ctx context.Context, g GameView, lim core.Limits) (MoveReply, error) {
	p := u.current()
	if p == nil {
		var err error
		if p, err = u.start(ctx); err != nil {
			return MoveReply{}, err
		}
	}
	var b strings.Builder
	if g.StartFEN == core.StartFEN {
		b.WriteString("position startpos")
	} else {
		b.WriteString("position fen " + g.StartFEN)
	}
	if len(g.Moves) > 0 {
		b.WriteString(" moves")
		for _, m := range g.Moves {
			b.WriteString(" " + m.String())
		}
	}
	if err := p.send(b.String()); err != nil {
		return MoveReply{}, u.fail(p, ErrEngineCrashed)
	}
	if err := p.send(goCommand(lim)); err != nil {
		return MoveReply{}, u.fail(p, ErrEngineCrashed)
	}
	timer := time.NewTimer(u.moveDeadline(g.Pos.SideToMove(), lim))
	defer timer.Stop()
	var reply MoveReply
	for {
		line, err := p.readLine(ctx, timer.C)
		if err != nil {
			// Crashed, hung or cancelled mid-search: a fresh process next game.
			return MoveReply{}, u.fail(p, err)
		}
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		switch fields[0] {
		case "info":
			parseInfo(fields[1:], &reply)
		case "bestmove":
			if len(fields) < 2 {
				return MoveReply{}, &IllegalMoveError{Text: "", Err: errors.New("bestmove without a move")}
			}
			m, err := g.Pos.ParseUCIMove(fields[1])
			if err != nil {
				return MoveReply{}, &IllegalMoveError{Text: fields[1], Err: err}
			}
			reply.Move = m
			return reply, nil
		}
	}
}

// IllegalMoveError is an engine's move the referee cannot accept.
type IllegalMoveError struct {
	Text string
	Err  error
}

func (e *IllegalMoveError) Error() string { return fmt.Sprintf("illegal move %q: %v", e.Text, e.Err) }

func (u *UCIPlayer) moveDeadline(side core.Color, lim core.Limits) time.Duration {
	switch {
	case lim.MoveTime > 0:
		return lim.MoveTime + u.Margin
	case lim.WTime > 0 || lim.BTime > 0:
		left := lim.WTime
		if side == core.Black {
			left = lim.BTime
		}
		return left + u.Margin
	}
	return u.MoveTimeout
}

func goCommand(lim core.Limits) string {
	var b strings.Builder
	b.WriteString("go")
	ms := func(d time.Duration) string { return strconv.FormatInt(max(d.Milliseconds(), 1), 10) }
	switch {
	case lim.Depth > 0:
		b.WriteString(" depth " + strconv.Itoa(lim.Depth))
	case lim.Nodes > 0:
		b.WriteString(" nodes " + strconv.FormatUint(lim.Nodes, 10))
	case lim.MoveTime > 0:
		b.WriteString(" movetime " + ms(lim.MoveTime))
	default:
		b.WriteString(" wtime " + ms(lim.WTime) + " btime " + ms(lim.BTime))
		if lim.WInc > 0 || lim.BInc > 0 {
			b.WriteString(" winc " + ms(lim.WInc) + " binc " + ms(lim.BInc))
		}
		if lim.MovesToGo > 0 {
			b.WriteString(" movestogo " + strconv.Itoa(lim.MovesToGo))
		}
	}
	return b.String()
}

// parseInfo keeps the depth, score and nodes of an info line.
func parseInfo(f []string, r *MoveReply) {
	for i := 0; i+1 < len(f); i++ {
		switch f[i] {
		case "depth":
			if n, err := strconv.Atoi(f[i+1]); err == nil {
				r.Depth = n
			}
		case "nodes":
			if n, err := strconv.ParseUint(f[i+1], 10, 64); err == nil {
				r.Nodes = n
			}
		case "score":
			if i+2 < len(f) {
				n, err := strconv.Atoi(f[i+2])
				if err != nil {
					continue
				}
				switch f[i+1] {
				case "cp":
					r.Score = n
				case "mate":
					if n > 0 {
						r.Score = core.MateScore - (2*n - 1)
					} else {
						r.Score = -core.MateScore + 2*(-n)
					}
				}
			}
		case "pv", "string":
			return // the rest are moves or free text
		}
	}
}

// Close asks the engine to quit, makes sure the process is gone, and
// keeps the player from starting it again. A Play blocked on the engine
// returns (as a crash).
func (u *UCIPlayer) Close() error {
	u.mu.Lock()
	u.closed = true
	p := u.proc
	u.mu.Unlock()
	if p == nil {
		return nil
	}
	p.send("quit")
	select {
	case <-p.exited:
	case <-time.After(time.Second):
	}
	u.kill(p)
	return nil
}
