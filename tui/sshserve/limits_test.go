package sshserve

import (
	"errors"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/evochess/evochess/arena/syncbuf"
)

// closedWithin waits for the server to close a raw connection.
func closedWithin(t *testing.T, conn net.Conn, d time.Duration) {
	t.Helper()
	conn.SetReadDeadline(time.Now().Add(d))
	_, err := io.Copy(io.Discard, conn)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Fatalf("the connection is still open after %s", d)
	}
}

// A connection that says nothing, and one that completes the handshake
// but opens no session, are closed after the handshake time, and logged.
func TestSSHHandshakeTimeout(t *testing.T) {
	logs := &syncbuf.Buffer{}
	addr, _, _ := startSSHWith(t, func(c *Config) {
		c.Log, c.Limits.Handshake = logs, 300*time.Millisecond
	})
	silent, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	closedWithin(t, silent, 5*time.Second)

	c := dial(t, addr)
	defer c.Close()
	waited := make(chan error, 1)
	go func() { waited <- c.Wait() }()
	select {
	case <-waited:
	case <-time.After(5 * time.Second):
		t.Fatal("a connection without a session is still open after 5s")
	}
	if got := strings.Count(logs.String(), ": no session for 300ms"); got != 2 {
		t.Errorf("%d closed connections logged, want 2: %q", got, logs.String())
	}
}

// A session that runs keeps its connection past the handshake time.
func TestSSHHandshakeTimeoutSparesSessions(t *testing.T) {
	addr, _, _ := startSSHWith(t, func(c *Config) { c.Limits.Handshake = 200 * time.Millisecond })
	c := dial(t, addr)
	defer c.Close()
	s := session(t, c)
	defer s.Close()
	time.Sleep(600 * time.Millisecond)
	s.in.Write([]byte("2"))
	s.waitFor(t, "New tournament")
}

// refused opens a PTY session that the server refuses: what it wrote, and
// its exit status.
func refused(t *testing.T, c *gossh.Client) (string, int) {
	t.Helper()
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.RequestPty("xterm-256color", 30, 100, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	out := &syncbuf.Buffer{}
	s.Stdout, s.Stderr = out, out
	if err := s.Shell(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- s.Wait() }()
	select {
	case err := <-done:
		var ee *gossh.ExitError
		if !errors.As(err, &ee) {
			t.Fatalf("refused session ended with %v: %q", err, out.String())
		}
		return out.String(), ee.ExitStatus()
	case <-time.After(10 * time.Second):
		t.Fatalf("the session was not refused: it shows %d bytes of the app", len(out.String()))
	}
	return "", 0
}

// One connection opens at most PerConnection sessions: the next channel is
// rejected, with the reason.
func TestSSHSessionsPerConnection(t *testing.T) {
	logs := &syncbuf.Buffer{}
	addr, _, _ := startSSHWith(t, func(c *Config) { c.Log, c.Limits.PerConnection = logs, 1 })
	c := dial(t, addr)
	defer c.Close()
	first := session(t, c)
	defer first.Close()
	if s, err := c.NewSession(); err == nil {
		s.Close()
		t.Fatal("a second session opened on one connection")
	} else if !strings.Contains(err.Error(), "at most 1 sessions on one connection") {
		t.Fatalf("second session: %v", err)
	}
	if !strings.Contains(logs.String(), "ssh: refused tester@127.0.0.1:") {
		t.Errorf("refusal not logged: %q", logs.String())
	}
	// A session closed on a connection that stays open (a multiplexing
	// client) ends its app and gives its place back.
	first.Close()
	deadline := time.Now().Add(10 * time.Second)
	for {
		s, err := c.NewSession()
		if err == nil {
			s.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no session after the first closed: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Beyond the server's sessions, and beyond an address's, a client is told
// why and its session ends with status 1; the places come back when
// sessions end.
func TestSSHSessionCaps(t *testing.T) {
	cases := []struct {
		name string
		lim  Limits
		says string
	}{
		{"server full", Limits{Sessions: 2}, "evochess: the server is full (2 sessions); try again later"},
		{"address full", Limits{PerAddress: 2}, "evochess: your address has 2 sessions open already; close one or try again later"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			logs := &syncbuf.Buffer{}
			addr, _, _ := startSSHWith(t, func(c *Config) { c.Log, c.Limits = logs, tc.lim })
			var clients []*gossh.Client
			var sessions []*sshTerm
			for range 2 {
				c := dial(t, addr)
				defer c.Close()
				clients = append(clients, c)
				sessions = append(sessions, session(t, c))
			}
			third := dial(t, addr)
			defer third.Close()
			out, status := refused(t, third)
			if !strings.Contains(out, tc.says) || status != 1 {
				t.Fatalf("refused with status %d: %q, want %q", status, out, tc.says)
			}
			if !strings.Contains(logs.String(), "refused tester@127.0.0.1:") {
				t.Errorf("refusal not logged: %q", logs.String())
			}
			sessions[0].Close()
			clients[0].Close()
			deadline := time.Now().Add(10 * time.Second)
			for {
				c := dial(t, addr)
				s, err := c.NewSession()
				if err != nil {
					t.Fatal(err)
				}
				s.RequestPty("xterm-256color", 30, 100, gossh.TerminalModes{})
				out := &syncbuf.Buffer{}
				s.Stdout, s.Stderr = out, out
				in, _ := s.StdinPipe()
				s.Shell()
				in.Write([]byte("\x1b]11;rgb:0000/0000/0000\x07\x1b[?62;22c"))
				for i := 0; i < 100 && !strings.Contains(out.String(), "Tournament") && !strings.Contains(out.String(), "evochess:"); i++ {
					time.Sleep(20 * time.Millisecond)
				}
				admitted := strings.Contains(out.String(), "Tournament")
				s.Close()
				c.Close()
				if admitted {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("no place after a session ended: %q", out.String())
				}
			}
		})
	}
}
