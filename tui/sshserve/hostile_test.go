package sshserve

import (
	"strings"
	"testing"
	"unicode"

	"github.com/evochess/evochess/arena/syncbuf"
)

// A client's user name reaches another session ("live in another
// session: … by USER@ADDR") and the server's log only sanitized: a title
// escape does not retitle the other terminal, a newline forges no line.
func TestSSHHostileUserNames(t *testing.T) {
	cases := []struct {
		name, user string
		shown      string // in the other session's view
		raw        string // must reach neither the view nor the log
	}{
		{"OSC title", "mallory\x1b]2;PWNED\x07", "by mallory@127.0.0.1:", "PWNED"},
		{"newline", "eve\nssh: connect root@10.0.0.1", "by eve ssh: connect root", "eve\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			logs := &syncbuf.Buffer{}
			addr, _ := startSSHLogged(t, logs)
			owner := dialAs(t, addr, c.user)
			defer owner.Close()
			o := session(t, owner)
			defer o.Close()
			o.in.Write([]byte("2"))
			o.waitFor(t, "New tournament")
			o.in.Write([]byte("s"))
			o.waitFor(t, "Playing now") // running: the first games are on the board (an ETA needs a finished game, slow under -race)

			viewer := dial(t, addr)
			defer viewer.Close()
			v := session(t, viewer)
			defer v.Close()
			v.in.Write([]byte("2"))
			v.waitFor(t, "live in another session")
			seen := v.out.String()
			i := strings.Index(seen, "live in another session")
			if line := seen[i:min(i+120, len(seen))]; !strings.Contains(line, c.shown) || strings.Contains(seen, c.raw) || strings.Contains(seen, "\x1b]2;") {
				t.Errorf("the other session was sent the raw name: %q", line)
			}

			log := logs.String()
			if !strings.Contains(log, "ssh: connect ") {
				t.Fatalf("no session logged: %q", log)
			}
			if strings.Contains(log, c.raw) {
				t.Errorf("the log holds the raw name: %q", log)
			}
			for _, line := range strings.Split(strings.TrimSuffix(log, "\n"), "\n") {
				if !strings.Contains(line, " ssh: ") {
					t.Errorf("a forged log line: %q", line)
				}
				for _, r := range line {
					if !unicode.IsPrint(r) {
						t.Errorf("log line %q holds %U", line, r)
					}
				}
			}
		})
	}
}
