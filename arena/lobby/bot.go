package lobby

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// botSeat is the lobby's side of a game against a bot: the goroutine that
// asks the bot's Player for moves.
type botSeat struct {
	color  core.Color
	cancel context.CancelFunc // ends the driver: the game is over
	wake   chan struct{}      // capacity 1: the game changed
	// searchCancel stops the search in flight (nil: none), when a takeback
	// makes the position it searches go away.
	searchCancel context.CancelFunc
}

// PlayBot starts a game against the BotProvider's player at strength; the
// spec's colour is the session's user's.
func (s *Session) PlayBot(spec SeekSpec, strength int) (GameID, error) {
	l := s.l
	bots := l.cfg.Bots
	if bots == nil {
		return 0, errors.New("this server has no bots")
	}
	if most := bots.MaxStrength(); strength < 1 || strength > most {
		return 0, fmt.Errorf("bot strength %d is not from 1 to %d", strength, most)
	}
	check := func() error {
		if err := l.checkSpec(s.u, spec); err != nil {
			return err
		}
		return l.checkRoom(s.u)
	}
	// Check first, so no engine is started for nothing, and again once it
	// has: the lobby may have changed while the provider worked.
	if err := s.begin(); err != nil {
		return 0, err
	}
	err := check()
	l.unlock()
	if err != nil {
		return 0, err
	}
	who, p, err := bots.Bot(l.ctx, strength)
	if err != nil {
		return 0, fmt.Errorf("the bot cannot play: %w", err)
	}
	if p == nil {
		return 0, errors.New("the bot cannot play: no player")
	}
	if err := s.begin(); err != nil {
		p.Close()
		return 0, err
	}
	if err := check(); err != nil || l.closed {
		l.unlock()
		p.Close()
		return 0, cmpOr(err, ErrClosed)
	}
	defer l.unlock()
	who.Kind, who.Name = Bot, cleanName(who.Name)
	if who.ID == "" {
		who.ID = UserID("bot:" + who.Name)
	}
	botUser := &user{User: who, games: make(map[GameID]*game)}
	players := [2]*user{s.u, botUser}
	if spec.Color == AsBlack || spec.Color == RandomColor && coin() {
		players[0], players[1] = botUser, s.u
	}
	g, err := l.startGame(players, spec, core.StartFEN)
	if err != nil {
		l.later(func() { p.Close() })
		return 0, err
	}
	l.seatBot(g, p)
	return g.id, nil
}

// cmpOr is the first error that is not nil.
func cmpOr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// seatBot starts the goroutine that plays g's bot side with p. Called
// with the lock held, on a lobby not closed.
func (l *Lobby) seatBot(g *game, p arena.Player) {
	ctx, cancel := context.WithCancel(l.ctx)
	c := core.White
	if g.players[1].Kind == Bot {
		c = core.Black
	}
	g.bot = &botSeat{color: c, cancel: cancel, wake: make(chan struct{}, 1)}
	l.wg.Add(1)
	go l.driveBot(ctx, g, g.bot, p)
}

// driveBot asks p for a move on each of the bot's turns and plays it
// through the same clock and legality checks as a human's move, until the
// game or the lobby ends; then it closes p.
func (l *Lobby) driveBot(ctx context.Context, g *game, seat *botSeat, p arena.Player) {
	defer l.wg.Done()
	defer p.Close()
	defer seat.cancel()
	if err := p.NewGame(ctx); err != nil {
		l.botFails(ctx, g, seat, err)
		return
	}
	for {
		l.mu.Lock()
		if l.closed || g.over {
			l.unlock()
			return
		}
		if g.pos.SideToMove() != seat.color {
			l.unlock()
			select {
			case <-seat.wake:
				continue
			case <-ctx.Done():
				return
			}
		}
		view := arena.GameView{StartFEN: g.startFEN, Moves: slices.Clone(g.moves), Pos: g.pos.Clone()}
		lim := g.limits(time.Now())
		version := g.version
		search, stop := context.WithCancel(ctx)
		seat.searchCancel = stop
		l.unlock()

		reply, err := p.Play(search, view, lim)
		stop()
		if ctx.Err() != nil {
			return
		}
		l.mu.Lock()
		seat.searchCancel = nil
		switch {
		case l.closed || g.over:
			l.unlock()
			return
		case g.version != version:
			l.unlock() // a takeback: think again about the new position
			continue
		case err != nil:
			l.unlock()
			l.botFails(ctx, g, seat, err)
			return
		case !slices.Contains(g.pos.LegalMoves(), reply.Move):
			l.unlock()
			l.botFails(ctx, g, seat, fmt.Errorf("illegal move %v", reply.Move))
			return
		}
		// A move that fails here lost on time, which ends the game.
		_ = l.play(g, seat.color, reply.Move, 0, time.Now())
		l.unlock()
	}
}

// botFails ends g as the bot's resignation when its player cannot move
// (an engine that crashed or answered nonsense), unless the game or the
// lobby ended anyway.
func (l *Lobby) botFails(ctx context.Context, g *game, seat *botSeat, err error) {
	if ctx.Err() != nil {
		return
	}
	l.mu.Lock()
	defer l.unlock()
	if l.closed || g.over {
		return
	}
	l.logf("lobby: game %d: the bot %s cannot move: %v", g.id, l.shownName(g.who[seat.color].ID, g.who[seat.color].Name), err)
	l.endGame(g, winFor(seat.color.Other()), "resignation", time.Now())
}

// botAnswers settles an offer just made to g's bot: it never agrees to a
// draw, and grants takebacks in unrated games only.
func (l *Lobby) botAnswers(g *game) error {
	o := g.offer
	accept := o.Kind == TakebackOffer && !g.rated
	l.answer(g, accept, time.Now())
	switch {
	case accept:
		return nil
	case o.Kind == DrawOffer:
		return errors.New("the bot declines the draw: play on, or resign")
	}
	return errors.New("the bot grants no takebacks in rated games")
}
