package sshserve

import (
	"strings"
	"testing"
	"time"

	"github.com/evochess/evochess/arena/syncbuf"
)

// --idle counts the user's keys, not the screen's redraws: a session whose
// evolution keeps redrawing its screen, but whose user types nothing more,
// is closed after the idle time, and told why.
func TestSSHIdleIsMeasuredOnInput(t *testing.T) {
	const idle = 2 * time.Second
	logs := &syncbuf.Buffer{}
	addr, _, _ := startSSHWith(t, func(c *Config) { c.Idle, c.Log = idle, logs })
	c := dial(t, addr)
	defer c.Close()
	s := session(t, c)
	defer s.Close()
	typed := time.Now()
	s.in.Write([]byte("3s")) // the last input: start an evolution
	s.waitFor(t, "running")
	ended := make(chan error, 1)
	go func() { ended <- s.Wait() }()
	time.Sleep(idle / 2)
	drawn := len(s.out.String())
	select {
	case <-ended:
		if since := time.Since(typed); since < idle {
			t.Fatalf("closed after %s, before the idle time", since)
		}
	case <-time.After(idle + 15*time.Second):
		t.Fatalf("a session without input for %s is still open", idle+15*time.Second)
	}
	out := s.out.String()
	if len(out) <= drawn {
		t.Fatalf("the screen did not redraw while idle (%d → %d bytes): the test proves nothing", drawn, len(out))
	}
	if !strings.Contains(out, "evochess: closed after 2s without input") {
		t.Errorf("the user was not told why: %q", out[max(len(out)-300, 0):])
	}
	if !strings.Contains(logs.String(), "ssh: idle tester@127.0.0.1:") {
		t.Errorf("idle close not logged: %q", logs.String())
	}
}
