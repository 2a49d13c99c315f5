package lobby

import (
	"time"

	"github.com/evochess/evochess/core"
)

// A player whose last session closed has Config.Reconnect to come back to
// each game in progress; their clock keeps running meanwhile. Not coming
// back loses the game ("abandoned"), or draws it when the opponent could
// not mate, or aborts it before both sides have moved. An anonymous user
// can never come back (a new session is a new user), so their games are
// decided at once.

// left starts the absent deadline of each game of u, whose last session
// has just closed.
func (l *Lobby) left(u *user, now time.Time) {
	for _, g := range u.games {
		c, _ := g.colorOf(u.ID)
		if u.Kind == Anonymous {
			l.abandon(g, c, now)
			continue
		}
		g.absent[c] = now.Add(l.cfg.Reconnect)
		if g.absentTimer[c] != nil {
			g.absentTimer[c].Stop()
		}
		g.absentTimer[c] = time.AfterFunc(l.cfg.Reconnect, func() { l.absenceLapsed(g, c) })
		l.pokeGame(g)
	}
}

// returned clears the absent deadlines of u, who has a session again.
func (l *Lobby) returned(u *user) {
	for _, g := range u.games {
		c, _ := g.colorOf(u.ID)
		if g.absent[c].IsZero() {
			continue
		}
		g.absent[c] = time.Time{}
		if g.absentTimer[c] != nil {
			g.absentTimer[c].Stop()
		}
		l.pokeGame(g)
	}
}

// absenceLapsed is the absent timer of c in g going off.
func (l *Lobby) absenceLapsed(g *game, c core.Color) {
	l.mu.Lock()
	defer l.unlock()
	now := time.Now()
	// The player may have come back (and maybe left again, with a later
	// deadline) while the timer fired.
	if l.closed || g.over || g.absent[c].IsZero() || now.Before(g.absent[c]) {
		return
	}
	l.abandon(g, c, now)
}

// abandon ends g for c's not coming back.
func (l *Lobby) abandon(g *game, c core.Color, now time.Time) {
	if len(g.moves) < 2 {
		l.endGame(g, core.Ongoing, "aborted", now)
		return
	}
	l.forfeit(g, c, "abandoned", now)
}
