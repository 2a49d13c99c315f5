package arena

import (
	"crypto/rand"
	"encoding/hex"
	"net"
	"net/http"
	"time"

	"github.com/evochess/evochess/core"
)

// The session table. Room is made for a new game only by dropping games
// that are not being played: those that never moved go first, then the
// longest unasked-about; a game that moved within ActiveWindow is never
// dropped for room. When nothing can go the newcomer is refused (429 when
// its own address is full, 503 when the server is), so a flood of new
// games from strangers cannot end games people are playing.

// lookup returns the client's game (noting the request), or nil.
func (a *RESTAPI) lookup(r *http.Request) *restGame {
	c, err := r.Cookie(restCookie)
	if err != nil {
		return nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	g := a.sessions[c.Value]
	if g != nil {
		g.seen = time.Now()
	}
	return g
}

// touch notes a request, and a move if moved.
func (a *RESTAPI) touch(g *restGame, moved bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	g.seen = time.Now()
	if moved {
		g.moved = g.seen
	}
}

// admit starts a game for a client at addr if there is room, returning
// its key and 200, or the status refusing it.
func (a *RESTAPI) admit(addr string, now time.Time) (string, int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	for k, g := range a.sessions {
		if now.Sub(g.seen) > a.IdleTimeout {
			delete(a.sessions, k)
		}
	}
	mine := 0
	for _, g := range a.sessions {
		if g.addr == addr {
			mine++
		}
	}
	if mine >= a.MaxPerAddress && !a.evict(now, addr) {
		return "", http.StatusTooManyRequests
	}
	if len(a.sessions) >= a.MaxSessions && !a.evict(now, "") {
		return "", http.StatusServiceUnavailable
	}
	var id [16]byte
	rand.Read(id[:])
	key := hex.EncodeToString(id[:])
	a.sessions[key] = &restGame{lock: make(chan struct{}, 1), pos: core.NewPosition(), addr: addr, seen: now}
	return key, http.StatusOK
}

// evict drops the game of addr (any address if "") most worth dropping,
// reporting whether there was one that may go.
func (a *RESTAPI) evict(now time.Time, addr string) bool {
	victim := ""
	worse := func(g, than *restGame) bool { // g goes before than
		if g.moved.IsZero() != than.moved.IsZero() {
			return g.moved.IsZero()
		}
		return g.seen.Before(than.seen)
	}
	for k, g := range a.sessions {
		if addr != "" && g.addr != addr || !g.moved.IsZero() && now.Sub(g.moved) < a.ActiveWindow {
			continue
		}
		if victim == "" || worse(g, a.sessions[victim]) {
			victim = k
		}
	}
	if victim == "" {
		return false
	}
	delete(a.sessions, victim)
	return true
}

// Sessions returns how many games are open.
func (a *RESTAPI) Sessions() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.sessions)
}

// clientAddr is what the per-address cap counts: see ClientAddress.
func clientAddr(r *http.Request) string { return ClientAddress(r.RemoteAddr) }

// ClientAddress is what a per-address cap counts of a client's host:port:
// its IP, or its /64 for IPv6, since anyone with one IPv6 address has the
// whole /64. (Behind a reverse proxy every client is the proxy: raise the
// cap.)
func ClientAddress(hostport string) string {
	host, _, err := net.SplitHostPort(hostport)
	if err != nil {
		host = hostport
	}
	ip := net.ParseIP(host)
	if ip == nil {
		return host
	}
	if ip.To4() == nil {
		return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
	}
	return ip.String()
}
