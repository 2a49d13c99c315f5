package arena

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"sync"
	"sync/atomic"
	"time"
)

// engineProcess is one run of an external engine, whatever protocol it
// speaks. Every method works on the process it started with, so a Close
// from another goroutine can never pull a process out from under a
// running Play.
type engineProcess struct {
	path     string
	cmd      *exec.Cmd
	stdin    io.WriteCloser
	stdout   io.ReadCloser
	lines    chan string   // closed when stdout ends
	exited   chan struct{} // closed when the process has been reaped
	killOnce sync.Once
	// tooLong is set (before lines closes) when the engine wrote a line
	// longer than maxEngineLine: no engine's, and not read further.
	tooLong atomic.Bool
}

// Bounds of what an engine's output may hold in memory: a line (UCI's
// longest, an info line with a long PV or an option with many choices,
// is a few KB) and the lines read but not yet taken. A program that
// writes megabytes without a newline is stopped at the first bound.
const (
	maxEngineLine   = 64 << 10
	maxPendingLines = 256
	engineLineKiB   = maxEngineLine >> 10
)

// errClosed: the player was closed and will not start its engine again.
var errClosed = errors.New("engine player closed")

// launchEngine starts path in a process group of its own and reads its
// output line by line. The reader goroutine ends when the output does,
// which kill guarantees.
func launchEngine(path string, args []string) (*engineProcess, error) {
	cmd := exec.Command(path, args...)
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
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	p := &engineProcess{path: path, cmd: cmd, stdin: stdin, stdout: stdout, lines: make(chan string, maxPendingLines), exited: make(chan struct{})}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 4096), maxEngineLine)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		if errors.Is(sc.Err(), bufio.ErrTooLong) {
			p.tooLong.Store(true)
		}
		close(p.lines)
		cmd.Wait()
		close(p.exited)
	}()
	return p, nil
}

func (p *engineProcess) send(line string) error {
	_, err := io.WriteString(p.stdin, line+"\n")
	return err
}

// readLine returns the next line, ErrEngineCrashed when the engine's output
// ended (or held a line too long to be an engine's), ErrEngineUnresponsive
// at the deadline, or the context's error.
func (p *engineProcess) readLine(ctx context.Context, deadline <-chan time.Time) (string, error) {
	select {
	case line, ok := <-p.lines:
		if !ok {
			return "", p.ended()
		}
		return line, nil
	case <-deadline:
		return "", ErrEngineUnresponsive
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// ended is why the output ended: ErrEngineCrashed, saying so when the
// engine wrote a line longer than any engine's.
func (p *engineProcess) ended() error {
	if p.tooLong.Load() {
		return &handshakeFault{fmt.Sprintf("%s: not a chess engine: it wrote a line of more than %d KiB", p.path, engineLineKiB),
			[]error{ErrEngineCrashed, ErrNotEngine}}
	}
	return ErrEngineCrashed
}

// pending returns a line already written, without waiting; ok is false
// when there is none (or the output has ended).
func (p *engineProcess) pending() (line string, ok bool) {
	select {
	case line, ok = <-p.lines:
		return line, ok
	default:
		return "", false
	}
}

func (p *engineProcess) dead() bool {
	select {
	case <-p.exited:
		return true
	default:
		return false
	}
}

// kill stops the process (its whole process group) and waits until it is
// reaped; safe to call more than once and from several goroutines.
func (p *engineProcess) kill() {
	p.killOnce.Do(func() {
		p.stdin.Close()
		killGroup(p.cmd)
		p.stdout.Close() // wake the reader even if a grandchild holds the pipe
	})
	for range p.lines { // let the reader finish
	}
	<-p.exited
}

// engineHost owns the current process of an external engine player: it
// starts one, hands it out, forgets it after a fault, and after Close
// starts no other.
type engineHost struct {
	path string
	args []string

	mu       sync.Mutex // guards proc, closed, idName and idAuthor
	proc     *engineProcess
	closed   bool
	idName   string
	idAuthor string
}

func (h *engineHost) current() *engineProcess {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.proc
}

// launch starts a new process as the current one (unless closed).
func (h *engineHost) launch() (*engineProcess, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil, errClosed
	}
	p, err := launchEngine(h.path, h.args)
	if err != nil {
		return nil, err
	}
	h.proc = p
	return p, nil
}

// kill stops p and forgets it, so the next game starts afresh.
func (h *engineHost) kill(p *engineProcess) {
	if p == nil {
		return
	}
	h.mu.Lock()
	if h.proc == p {
		h.proc = nil
	}
	h.mu.Unlock()
	p.kill()
}

// fail kills the process after an error and returns the error.
func (h *engineHost) fail(p *engineProcess, err error) error {
	h.kill(p)
	return err
}

// The engine's name and author, as its handshake says them.
func (h *engineHost) setID(name string)       { h.set(&h.idName, name) }
func (h *engineHost) setAuthor(author string) { h.set(&h.idAuthor, author) }
func (h *engineHost) id() string              { return h.get(&h.idName) }
func (h *engineHost) author() string          { return h.get(&h.idAuthor) }

// set and get a field that mu guards.
func (h *engineHost) set(field *string, v string) {
	h.mu.Lock()
	*field = v
	h.mu.Unlock()
}

func (h *engineHost) get(field *string) string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return *field
}

// close asks the engine to quit with its protocol's command, makes sure
// the process is gone, and keeps the host from starting another. A Play
// blocked on the engine returns (as a crash).
func (h *engineHost) close(quit string) {
	h.mu.Lock()
	h.closed = true
	p := h.proc
	h.mu.Unlock()
	if p == nil {
		return
	}
	p.send(quit)
	select {
	case <-p.exited:
	case <-time.After(time.Second):
	}
	h.kill(p)
}
