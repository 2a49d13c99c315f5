package arena

import (
	"bufio"
	"context"
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
	// declared unresponsive (the referee forfeits it on time first).
	Margin time.Duration

	mu     sync.Mutex // guards proc for Close from another goroutine
	proc   *uciProcess
	idName string // the engine's "id name"
}

type uciProcess struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan string   // closed when stdout ends
	exited chan struct{} // closed when the process has been reaped
}

// NewUCIPlayer returns a player for the engine at path, started with args
// and configured with setoption name/value pairs.
func NewUCIPlayer(name, path string, args []string, options [][2]string) *UCIPlayer {
	return &UCIPlayer{name: name, path: path, args: args, options: options,
		HandshakeTimeout: 10 * time.Second, MoveTimeout: 60 * time.Second, Margin: 2 * time.Second}
}

func (u *UCIPlayer) Name() string { return u.name }

// EngineName returns the engine's own name (from "id name"), once started.
func (u *UCIPlayer) EngineName() string { return u.idName }

func (u *UCIPlayer) start(ctx context.Context) error {
	cmd := exec.Command(u.path, u.args...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("%s: %w", u.path, err)
	}
	p := &uciProcess{cmd: cmd, stdin: stdin, lines: make(chan string, 1024), exited: make(chan struct{})}
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
	u.mu.Lock()
	u.proc = p
	u.mu.Unlock()
	if err := u.send("uci"); err != nil {
		return u.fail(ErrEngineCrashed)
	}
	deadline := time.After(u.HandshakeTimeout)
	for {
		line, err := u.readLine(ctx, deadline)
		if err != nil {
			return u.fail(err)
		}
		if name, ok := strings.CutPrefix(line, "id name "); ok {
			u.idName = strings.TrimSpace(name)
		}
		if strings.TrimSpace(line) == "uciok" {
			break
		}
	}
	for _, o := range u.options {
		if err := u.send(fmt.Sprintf("setoption name %s value %s", o[0], o[1])); err != nil {
			return u.fail(ErrEngineCrashed)
		}
	}
	return u.ready(ctx)
}

// ready sends isready and waits for readyok.
func (u *UCIPlayer) ready(ctx context.Context) error {
	if err := u.send("isready"); err != nil {
		return u.fail(ErrEngineCrashed)
	}
	deadline := time.After(u.HandshakeTimeout)
	for {
		line, err := u.readLine(ctx, deadline)
		if err != nil {
			return u.fail(err)
		}
		if strings.TrimSpace(line) == "readyok" {
			return nil
		}
	}
}

func (u *UCIPlayer) send(line string) error {
	_, err := io.WriteString(u.proc.stdin, line+"\n")
	return err
}

// readLine returns the next line, ErrEngineCrashed when the engine's output
// ended, ErrEngineUnresponsive at the deadline, or the context's error.
func (u *UCIPlayer) readLine(ctx context.Context, deadline <-chan time.Time) (string, error) {
	select {
	case line, ok := <-u.proc.lines:
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

// fail stops the process after an error so NewGame starts a fresh one.
func (u *UCIPlayer) fail(err error) error {
	u.kill()
	return err
}

func (u *UCIPlayer) kill() {
	u.mu.Lock()
	p := u.proc
	u.proc = nil
	u.mu.Unlock()
	if p == nil {
		return
	}
	p.stdin.Close()
	if p.cmd.Process != nil {
		p.cmd.Process.Kill()
	}
	for range p.lines { // drain so the reader can finish
	}
	<-p.exited
}

// NewGame starts the engine if needed and tells it a new game begins.
func (u *UCIPlayer) NewGame(ctx context.Context) error {
	if u.proc == nil {
		if err := u.start(ctx); err != nil {
			return err
		}
	}
	if err := u.send("ucinewgame"); err != nil {
		return u.fail(ErrEngineCrashed)
	}
	return u.ready(ctx)
}

// Play sends the position and the limits and waits for bestmove.
func (u *UCIPlayer) Play(ctx context.Context, g GameView, lim core.Limits) (MoveReply, error) {
	if u.proc == nil {
		if err := u.start(ctx); err != nil {
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
	if err := u.send(b.String()); err != nil {
		return MoveReply{}, u.fail(ErrEngineCrashed)
	}
	if err := u.send(goCommand(lim)); err != nil {
		return MoveReply{}, u.fail(ErrEngineCrashed)
	}
	timer := time.NewTimer(u.moveDeadline(g.Pos.SideToMove(), lim))
	defer timer.Stop()
	var reply MoveReply
	for {
		line, err := u.readLine(ctx, timer.C)
		if err != nil {
			if err != ErrEngineCrashed {
				u.fail(nil) // hung or cancelled mid-search: a fresh process next game
			} else {
				u.kill()
			}
			return MoveReply{}, err
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
				return MoveReply{}, fmt.Errorf("bestmove without a move")
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

// Close asks the engine to quit and makes sure the process is gone.
func (u *UCIPlayer) Close() error {
	u.mu.Lock()
	p := u.proc
	u.mu.Unlock()
	if p == nil {
		return nil
	}
	io.WriteString(p.stdin, "quit\n")
	select {
	case <-p.exited:
		u.mu.Lock()
		u.proc = nil
		u.mu.Unlock()
	case <-time.After(time.Second):
		u.kill()
	}
	return nil
}
