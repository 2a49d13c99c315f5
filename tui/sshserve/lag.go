package sshserve

import (
	"context"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// LagEvery is how often a session's round trip is measured.
const LagEvery = 3 * time.Second

// lagMeter turns round-trip samples into the lag the lobby refunds: the
// mean of the last few, so that one slow reply neither refunds a whole
// move nor is forgotten at once, capped so that a reply that never came
// in time cannot buy a player minutes.
type lagMeter struct {
	samples []time.Duration
}

const (
	lagSamples = 4
	maxLag     = 5 * time.Second
)

// add records a sample and returns the estimate.
func (m *lagMeter) add(d time.Duration) time.Duration {
	d = min(max(d, 0), maxLag)
	m.samples = append(m.samples, d)
	if len(m.samples) > lagSamples {
		m.samples = m.samples[1:]
	}
	var sum time.Duration
	for _, s := range m.samples {
		sum += s
	}
	return sum / time.Duration(len(m.samples))
}

// measureLag times a "keepalive@openssh.com" request (OpenSSH answers it,
// as does any client: an unknown request with want-reply gets a failure
// reply) every `every` on conn, and gives set the estimate, until ctx ends
// or the connection does. It is the session's own goroutine: a request
// that is never answered holds it only until the connection closes.
func measureLag(ctx context.Context, conn gossh.Conn, every time.Duration, set func(time.Duration)) {
	var m lagMeter
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		start := time.Now()
		if _, _, err := conn.SendRequest("keepalive@openssh.com", true, nil); err != nil {
			return // the connection has closed
		}
		if ctx.Err() != nil {
			return
		}
		set(m.add(time.Since(start)))
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
