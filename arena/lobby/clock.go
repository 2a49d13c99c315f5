package lobby

import (
	"time"

	"github.com/evochess/evochess/core"
)

// The server keeps the clocks. A side's first move is not timed (the game
// may still be aborted then; FirstMove bounds the wait for it); from each
// side's second move on, the side to move's clock runs from when its turn
// began, and a move is refunded its sender's measured lag up to LagMargin
// and then given the increment. A timer per turn makes the flag fall
// even when nobody moves.

// timed reports whether the side to move's clock is running.
func (g *game) timed() bool { return len(g.moves) >= 2 && !g.over }

// beginTurn starts the side to move's turn at now and arms its timer: the
// first-move timer before both sides have moved, else the flag.
func (l *Lobby) beginTurn(g *game, now time.Time) {
	g.turnStart = now
	g.turnGen++
	if g.turnTimer != nil {
		g.turnTimer.Stop()
	}
	gen := g.turnGen
	wait := l.cfg.FirstMove
	if g.timed() {
		c := g.pos.SideToMove()
		wait = g.clk[c] + l.grace(g, c)
	}
	g.turnTimer = time.AfterFunc(wait, func() { l.turnLapsed(g, gen) })
}

// turnLapsed is the turn timer of turn gen going off.
func (l *Lobby) turnLapsed(g *game, gen int) {
	l.mu.Lock()
	defer l.unlock()
	if l.closed || g.over || g.turnGen != gen {
		return // the turn ended while the timer fired
	}
	now := time.Now()
	if !g.timed() {
		l.endGame(g, core.Ongoing, "aborted", now) // a first move never came
		return
	}
	c := g.pos.SideToMove()
	// The grace may have grown since the timer was armed (a new lag
	// measurement): wait for the rest of it.
	if left := g.clk[c] + l.grace(g, c) - now.Sub(g.turnStart); left > 0 {
		g.turnTimer = time.AfterFunc(left, func() { l.turnLapsed(g, gen) })
		return
	}
	l.flag(g, c, now)
}

// grace is how long past c's clock the server waits for c's move: the
// most lag any of the player's sessions could be refunded, so a move sent
// in time is not beaten by the flag.
func (l *Lobby) grace(g *game, c core.Color) time.Duration {
	var lag time.Duration
	for _, s := range g.players[c].sessions {
		lag = max(lag, s.lag)
	}
	return min(lag, l.cfg.LagMargin)
}

// left is each side's time left at now.
func (g *game) left(now time.Time) [2]time.Duration {
	clk := g.clk
	if g.timed() {
		c := g.pos.SideToMove()
		clk[c] = max(clk[c]-now.Sub(g.turnStart), 0)
	}
	return clk
}

// limits are a bot's search limits from the clocks at now.
func (g *game) limits(now time.Time) core.Limits {
	clk := g.left(now)
	inc := g.spec.TC.Inc
	lim := core.Limits{WTime: max(clk[core.White], time.Millisecond), BTime: max(clk[core.Black], time.Millisecond),
		WInc: inc, BInc: inc}
	if mtg := g.spec.TC.MovesToGo; mtg > 0 {
		lim.MovesToGo = mtg - g.count[g.pos.SideToMove()]%mtg
	}
	return lim
}
