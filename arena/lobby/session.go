package lobby

import (
	"cmp"
	"slices"
	"time"
)

// Session is one terminal's place in the lobby.
type Session struct {
	l       *Lobby
	u       *user
	changed chan struct{}

	// Guarded by l.mu.
	closed   bool
	lag      time.Duration
	acted    time.Time
	watching map[GameID]*game
	ended    []GameID // newest last
}

// maxLag bounds a measured lag so a bogus measurement cannot overflow
// anything; only LagMargin of it is ever refunded anyway.
const maxLag = time.Minute

// begin locks the lobby for an action of the session; the caller unlocks
// (l.unlock) unless it gets an error.
func (s *Session) begin() error {
	s.l.mu.Lock()
	if s.closed {
		s.l.unlock()
		return ErrClosed
	}
	s.acted = time.Now()
	return nil
}

// User is who the session is (its name as the lobby cleaned it).
func (s *Session) User() User {
	s.l.mu.Lock()
	defer s.l.unlock()
	return s.u.User
}

// Changed receives when something the session can see has changed.
func (s *Session) Changed() <-chan struct{} { return s.changed }

// SetLag records the session's measured round trip (the SSH server times
// keepalive requests); moves are refunded up to Config.LagMargin of it.
// A move is refunded the lag of the session that sent it.
func (s *Session) SetLag(d time.Duration) {
	s.l.mu.Lock()
	defer s.l.unlock()
	s.lag = min(max(d, 0), maxLag)
}

// Close leaves the lobby: the session's seeks and challenges go, its games
// go on, and a player with no session left in a game has Config.Reconnect
// to come back.
func (s *Session) Close() {
	l := s.l
	l.mu.Lock()
	defer l.unlock()
	if s.closed {
		return
	}
	s.closed = true
	u := s.u
	u.sessions = slices.DeleteFunc(u.sessions, func(o *Session) bool { return o == s })
	l.seeks = slices.DeleteFunc(l.seeks, func(k *seek) bool { return k.by == s })
	now := time.Now()
	l.challenges = slices.DeleteFunc(l.challenges, func(c *challenge) bool {
		if c.from == s {
			l.coolDown(c, false, now) // withdrawn by leaving
		}
		return c.from == s
	})
	for _, g := range s.watching {
		delete(g.spectators, s)
		l.pokeGame(g)
	}
	clear(s.watching)
	if len(u.sessions) == 0 {
		// An offline user can answer no challenge.
		l.challenges = slices.DeleteFunc(l.challenges, func(c *challenge) bool { return c.to == u })
		l.left(u, now)
	}
	l.forget(u)
	l.pokeAll()
}

// View is what the session sees of the lobby now.
func (s *Session) View() View {
	l := s.l
	// Bots and the ladder are asked before the lobby is locked: nothing
	// outside the lobby is called with its lock held.
	strengths := 0
	if l.cfg.Bots != nil {
		strengths = max(l.cfg.Bots.MaxStrength(), 0)
	}
	var ladder []Standing
	if l.cfg.Ladder != nil {
		ladder = l.cfg.Ladder.Standings()
	}
	rated := make(map[UserID]*Standing, len(ladder))
	for i := range ladder {
		rated[ladder[i].ID] = &ladder[i]
	}

	l.mu.Lock()
	defer l.unlock()
	v := View{Me: l.shown(s.u.User), Ladder: ladder, Strengths: strengths}
	for i := range v.Ladder {
		v.Ladder[i].Name = l.shownName(v.Ladder[i].ID, v.Ladder[i].Name)
	}
	if s.closed {
		return v
	}
	now := time.Now()
	for _, u := range l.users {
		if len(u.sessions) == 0 {
			continue
		}
		p := Presence{User: l.shown(u.User), Playing: len(u.games), Idle: true}
		if st, ok := rated[u.ID]; ok {
			cp := *st
			p.Rating = &cp
		}
		for _, o := range u.sessions {
			if now.Sub(o.acted) < idleAfter {
				p.Idle = false
			}
		}
		v.Online = append(v.Online, p)
	}
	slices.SortFunc(v.Online, func(a, b Presence) int {
		return cmp.Or(cmp.Compare(a.User.Name, b.User.Name), cmp.Compare(a.User.ID, b.User.ID))
	})
	for _, k := range l.seeks {
		v.Seeks = append(v.Seeks, Seek{ID: k.id, By: l.shown(k.by.u.User), Spec: k.spec, Mine: k.by.u == s.u})
	}
	for _, c := range l.challenges {
		if c.from.u == s.u || c.to == s.u {
			v.Challenges = append(v.Challenges, Challenge{ID: c.id, From: l.shown(c.from.u.User), To: l.shown(c.to.User),
				Spec: c.spec, ToMe: c.to == s.u})
		}
	}
	for _, g := range l.games {
		if g.over {
			continue
		}
		_, mine := s.u.games[g.id]
		v.Games = append(v.Games, GameSummary{ID: g.id, White: l.shown(g.who[0]), Black: l.shown(g.who[1]), Spec: g.spec,
			Plies: len(g.moves), Spectators: len(g.spectators), Mine: mine})
		if mine {
			v.Mine = append(v.Mine, g.id)
		}
	}
	slices.SortFunc(v.Games, func(a, b GameSummary) int { return cmp.Compare(b.ID, a.ID) })
	slices.Sort(v.Mine)
	for i := len(s.ended) - 1; i >= 0; i-- {
		v.Ended = append(v.Ended, s.ended[i])
	}
	return v
}
