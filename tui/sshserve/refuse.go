package sshserve

import (
	"context"
	"io"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// refuse tells a client why it gets no session: it accepts the channel
// only to write msg once the client asks for a shell or command (a
// rejected channel shows as a bare "open failed", before the terminal is
// set up), exits with status 1 and closes. A client that asks for nothing
// within wait (0: until the connection ends) is closed anyway.
func refuse(ctx context.Context, nc gossh.NewChannel, msg string, wait time.Duration) {
	ch, reqs, err := nc.Accept()
	if err != nil {
		return
	}
	var timeout <-chan time.Time
	if wait > 0 {
		t := time.NewTimer(wait)
		defer t.Stop()
		timeout = t.C
	}
	defer drain(ctx, reqs) // until the client has seen the close
	defer ch.Close()
	for {
		select {
		case req, ok := <-reqs:
			if !ok {
				return
			}
			switch req.Type {
			case "shell", "exec", "subsystem":
				req.Reply(true, nil)
				io.WriteString(ch.Stderr(), msg+"\r\n")
				ch.SendRequest("exit-status", false, gossh.Marshal(struct{ Status uint32 }{1}))
				return
			case "pty-req", "env", "window-change":
				req.Reply(true, nil) // as a session would, so that the client goes on to ask
			default:
				req.Reply(false, nil)
			}
		case <-timeout:
			return
		case <-ctx.Done():
			return
		}
	}
}

// drain answers a closed channel's last requests (no) until the client
// closes it too or the connection ends: an unread request would hold up
// the connection's other channels.
func drain(ctx context.Context, reqs <-chan *gossh.Request) {
	for {
		select {
		case req, ok := <-reqs:
			if !ok {
				return
			}
			req.Reply(false, nil)
		case <-ctx.Done():
			return
		}
	}
}
