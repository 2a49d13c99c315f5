package lobby

import (
	"errors"
	"fmt"
	"time"

	"github.com/evochess/evochess/core"
)

// Offer asks the opponent for a draw or a takeback (of the asker's last
// move, and the opponent's reply if they made one); Reply answers the
// opponent's pending offer. A side makes each kind of offer at most once
// per move of the game, so a declined offer cannot be repeated as spam.
func (s *Session) Offer(id GameID, k OfferKind) error {
	return s.inGame(id, func(l *Lobby, g *game, c core.Color) error {
		switch k {
		case DrawOffer, TakebackOffer:
		default:
			return fmt.Errorf("unknown kind of offer %d", k)
		}
		if k == TakebackOffer && g.count[c] == 0 {
			return errors.New("you have no move to take back")
		}
		switch {
		case g.offer.Kind == DrawOffer && k == DrawOffer && g.offer.By != c:
			l.endGame(g, core.Draw, "agreement", time.Now()) // both offered: agreed
			return nil
		case g.offer.Kind != NoOffer && g.offer.By == c:
			return errors.New("your offer is waiting for an answer")
		case g.offer.Kind != NoOffer:
			return errors.New("answer your opponent's offer first")
		case g.offered[c][k] == len(g.moves)+1:
			return errors.New("you already made that offer at this move")
		}
		g.offered[c][k] = len(g.moves) + 1
		g.offer = Offer{Kind: k, By: c}
		if g.bot != nil {
			return l.botAnswers(g)
		}
		l.pokeGame(g)
		return nil
	})
}

// Reply answers the opponent's pending offer.
func (s *Session) Reply(id GameID, accept bool) error {
	return s.inGame(id, func(l *Lobby, g *game, c core.Color) error {
		if g.offer.Kind == NoOffer || g.offer.By == c {
			return errors.New("there is no offer of your opponent's to answer")
		}
		l.answer(g, accept, time.Now())
		return nil
	})
}

// answer settles g's pending offer.
func (l *Lobby) answer(g *game, accept bool, now time.Time) {
	o := g.offer
	g.offer = Offer{}
	switch {
	case !accept:
	case o.Kind == DrawOffer:
		l.endGame(g, core.Draw, "agreement", now)
		return
	case o.Kind == TakebackOffer:
		l.takeBack(g, o.By, now)
	}
	l.pokeGame(g)
}

// takeBack undoes by's last move, and the opponent's reply if they made
// one, restoring the clocks as they were before it; the side then to move
// starts its turn afresh.
func (l *Lobby) takeBack(g *game, by core.Color, now time.Time) {
	n := 1
	if g.pos.SideToMove() == by {
		n = 2 // the opponent replied
	}
	for range min(n, len(g.moves)) {
		last := len(g.moves) - 1
		g.pos.UnmakeMove()
		g.count[g.pos.SideToMove()]--
		g.clk = g.before[last]
		g.moves, g.san = g.moves[:last], g.san[:last]
		g.before, g.after = g.before[:last], g.after[:last]
	}
	g.moved = now // the position changed now
	if len(g.moves) == 0 {
		g.moved = time.Time{}
	}
	g.version++
	if g.bot != nil && g.bot.searchCancel != nil {
		g.bot.searchCancel() // its search is of a position that is gone
	}
	l.beginTurn(g, now)
}

// Resign gives the game up.
func (s *Session) Resign(id GameID) error {
	return s.inGame(id, func(l *Lobby, g *game, c core.Color) error {
		l.endGame(g, winFor(c.Other()), "resignation", time.Now())
		return nil
	})
}

// Abort ends a game before both sides have made their first move, with no
// result and no rating change.
func (s *Session) Abort(id GameID) error {
	return s.inGame(id, func(l *Lobby, g *game, _ core.Color) error {
		if len(g.moves) >= 2 {
			return errors.New("too late to abort: both sides have moved (resign or offer a draw)")
		}
		l.endGame(g, core.Ongoing, "aborted", time.Now())
		return nil
	})
}
