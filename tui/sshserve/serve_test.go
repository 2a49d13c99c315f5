package sshserve

import (
	"context"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/evochess/evochess/arena/syncbuf"
	"github.com/evochess/evochess/saves"
)

// guestAuth answers keyboard-interactive's questions (there are none).
var guestAuth = gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) { return nil, nil })

func startSSH(t *testing.T) (string, context.CancelFunc) {
	t.Helper()
	return startSSHLogged(t, nil)
}

// startSSHLogged serves over a fresh data directory, the log to logs.
func startSSHLogged(t *testing.T, logs io.Writer) (string, context.CancelFunc) {
	t.Helper()
	addr, _, cancel := startSSHWith(t, func(c *Config) { c.Log = logs })
	return addr, cancel
}

// startSSHWith serves over a fresh data directory (returned) with the
// configuration set changes.
func startSSHWith(t *testing.T, set func(*Config)) (string, *saves.Dir, context.CancelFunc) {
	t.Helper()
	d, err := saves.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	addrc := make(chan string, 1)
	done := make(chan error, 1)
	c := Config{Addr: "127.0.0.1:0", Data: d, Idle: time.Minute, Ready: func(a string) { addrc <- a }}
	set(&c)
	go func() { done <- Serve(ctx, c) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	})
	select {
	case a := <-addrc:
		return a, d, cancel
	case err := <-done:
		t.Fatal(err)
	}
	return "", d, cancel
}

func dial(t *testing.T, addr string) *gossh.Client {
	t.Helper()
	return dialAs(t, addr, "tester")
}

// dialAs connects as user without a key: a guest, let in by
// keyboard-interactive with no questions.
func dialAs(t *testing.T, addr, user string) *gossh.Client {
	t.Helper()
	c, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{User: user, Auth: []gossh.AuthMethod{guestAuth}, HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// sshTerm is a PTY session: what is typed to it, what it shows.
type sshTerm struct {
	*gossh.Session
	in  io.Writer
	out *syncbuf.Buffer
}

// waitFor waits for text in the session's output.
func (s *sshTerm) waitFor(t *testing.T, text string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(s.out.String(), text) {
		if time.Now().After(deadline) {
			t.Fatalf("no %q on the session: %q", text, s.out.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// session opens a PTY session and waits until the arena has drawn its tabs.
func session(t *testing.T, c *gossh.Client) *sshTerm {
	t.Helper()
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.RequestPty("xterm-256color", 30, 100, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	out := &syncbuf.Buffer{}
	s.Stdout = out
	in, err := s.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Shell(); err != nil {
		t.Fatal(err)
	}
	// Answer the server's terminal queries as a terminal would: the
	// background colour (OSC 11) and the device attributes.
	in.Write([]byte("\x1b]11;rgb:0000/0000/0000\x07\x1b[?62;22c"))
	term := &sshTerm{Session: s, in: in, out: out}
	term.waitFor(t, "Tournament")
	return term
}

func TestSSHRefusesWithoutPTY(t *testing.T) {
	addr, _ := startSSH(t)
	c := dial(t, addr)
	defer c.Close()
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	out, _ := s.CombinedOutput("")
	if !strings.Contains(string(out), "Requires an active PTY") {
		t.Fatalf("no PTY: %q", out)
	}
}

// Ten sessions opened and closed leave goroutines and memory where they
// were.
func TestSSHSessionsLeaveNothingBehind(t *testing.T) {
	addr, _ := startSSH(t)
	settle := func() (int, uint64) {
		var ms runtime.MemStats
		for i := 0; i < 3; i++ {
			runtime.GC()
			time.Sleep(50 * time.Millisecond)
		}
		runtime.ReadMemStats(&ms)
		return runtime.NumGoroutine(), ms.HeapAlloc
	}
	// One session first, so lazily built tables count in the baseline.
	c := dial(t, addr)
	session(t, c).Close()
	c.Close()
	g0, h0 := settle()
	var clients []*gossh.Client
	var sessions []*sshTerm
	for i := 0; i < 10; i++ {
		c := dial(t, addr)
		clients = append(clients, c)
		sessions = append(sessions, session(t, c))
	}
	gOpen, hOpen := settle()
	for i := range sessions {
		sessions[i].Close()
		clients[i].Close()
	}
	deadline := time.Now().Add(10 * time.Second)
	g1, h1 := settle()
	for g1 > g0 && time.Now().Before(deadline) {
		g1, h1 = settle()
	}
	t.Logf("goroutines %d → %d with 10 sessions → %d; heap %.1f → %.1f → %.1f MiB", g0, gOpen, g1, mib(h0), mib(hOpen), mib(h1))
	if g1 > g0 {
		t.Errorf("%d goroutines after the sessions closed, %d before", g1, g0)
	}
	if h1 > h0+4<<20 {
		t.Errorf("heap %.1f MiB after, %.1f MiB before", mib(h1), mib(h0))
	}
}

func mib(b uint64) float64 { return float64(b) / (1 << 20) }
