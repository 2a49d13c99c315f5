package lobby

import (
	"fmt"
	"slices"
	"time"

	"github.com/evochess/evochess/core"
)

// game is one game between two users (one may be a bot); the lobby's lock
// guards all of it.
type game struct {
	id       GameID
	players  [2]*user // by colour; a bot's user has no session
	who      [2]User  // the players as they were when the game started
	spec     SeekSpec
	rated    bool
	elo      [2]float64 // ratings before the game, when rated
	started  time.Time
	startFEN string

	pos     *core.Position
	moves   []core.Move
	san     []string
	count   [2]int // moves made by each side
	version int    // bumps whenever the position changes

	clk       [2]time.Duration // time left; the side to move's as of turnStart
	turnStart time.Time
	turnGen   int // bumps each turn, so a timer of an earlier turn does nothing
	turnTimer *time.Timer
	moved     time.Time
	before    [][2]time.Duration // both clocks before each move, for takebacks
	after     []time.Duration    // the mover's clock after each move, for the record

	offer   Offer
	offered [2][3]int // by side and OfferKind: 1 + the ply of the side's last such offer

	absent      [2]time.Time
	absentTimer [2]*time.Timer

	over        bool
	shownWho    [2]string // the players' shown names when it ended (display.go)
	result      core.Outcome
	reason      string
	ended       time.Time
	ratingDelta [2]float64

	spectators map[*Session]struct{}
	bot        *botSeat
}

// colorOf is the side u plays in g, or false.
func (g *game) colorOf(id UserID) (core.Color, bool) {
	for c := range 2 {
		if g.who[c].ID == id {
			return core.Color(c), true
		}
	}
	return 0, false
}

// startGame starts a game between players (white, black), whose room for
// it the caller checked, from fen.
func (l *Lobby) startGame(players [2]*user, spec SeekSpec, fen string) (*game, error) {
	pos, err := core.ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	now := time.Now()
	l.lastGame++
	g := &game{id: l.lastGame, players: players, spec: spec, started: now, startFEN: pos.FEN(), pos: pos,
		clk: [2]time.Duration{spec.TC.Base, spec.TC.Base}, spectators: make(map[*Session]struct{})}
	for c, u := range players {
		g.who[c] = u.User
		l.nameRef(u.User, 1) // shown apart from namesakes while the game is on
	}
	if lad := l.cfg.Ladder; lad != nil && spec.Rated && players[0].Kind != Anonymous && players[1].Kind != Anonymous {
		g.rated = true
		for c, u := range players {
			g.elo[c] = initialRating
			if st, ok := lad.Lookup(u.ID); ok {
				g.elo[c] = st.Rating
			}
		}
	}
	g.spec.Rated = g.rated
	l.games[g.id] = g
	l.live++
	for _, u := range players {
		u.games[g.id] = g
	}
	// Players who found a game stop seeking one.
	l.seeks = slices.DeleteFunc(l.seeks, func(k *seek) bool { return k.by.u == players[0] || k.by.u == players[1] })
	l.beginTurn(g, now)
	l.pokeAll()
	rated := "unrated"
	if g.rated {
		rated = "rated"
	}
	l.logf("lobby: game %d started: %s v %s, %s %s", g.id, l.shownName(g.who[0].ID, g.who[0].Name), l.shownName(g.who[1].ID, g.who[1].Name), spec.TC.PGNTag(), rated)
	return g, nil
}

// stop ends g's play at now (timers, bot, offer, the mover's clock) for
// reason; the result is the caller's.
func (g *game) stop(now time.Time, reason string) {
	if g.timed() {
		c := g.pos.SideToMove()
		g.clk[c] = max(g.clk[c]-now.Sub(g.turnStart), 0)
	}
	g.over, g.reason, g.ended = true, reason, now
	g.turnGen++
	if g.turnTimer != nil {
		g.turnTimer.Stop()
	}
	for c := range 2 {
		if g.absentTimer[c] != nil {
			g.absentTimer[c].Stop()
		}
		g.absent[c] = time.Time{}
	}
	g.offer = Offer{}
	if g.bot != nil {
		g.bot.cancel()
	}
}

// endGame ends g with result for reason ("aborted": no result, no record).
// A game that ends before both sides have moved, however it ends (a
// resignation, an agreement, a bot that cannot move), is aborted: one
// move is no game to rate or record.
func (l *Lobby) endGame(g *game, result core.Outcome, reason string, now time.Time) {
	if len(g.moves) < 2 {
		result, reason = core.Ongoing, "aborted"
	}
	g.stop(now, reason)
	g.result = result
	l.live--
	for c, u := range g.who {
		g.shownWho[c] = l.shownName(u.ID, u.Name)
	}
	for _, u := range g.who {
		l.nameRef(u, -1)
	}
	for _, u := range g.players {
		delete(u.games, g.id)
		for _, s := range u.sessions {
			s.ended = append(s.ended, g.id)
			if len(s.ended) > maxEndedPerSession {
				s.ended = slices.Delete(s.ended, 0, len(s.ended)-maxEndedPerSession)
			}
		}
		if u.Kind != Bot {
			l.forget(u)
		}
	}
	l.endedKept = append(l.endedKept, g.id)
	l.prune()
	l.pokeAll()
	l.pokeGame(g)
	l.logf("lobby: game %d ended: %s v %s, %s by %s", g.id, g.shownWho[0], g.shownWho[1], result, reason)
	if reason != "aborted" && !l.closed && (l.cfg.OnGameEnd != nil || g.rated) {
		l.wg.Add(1)
		go l.finish(g)
	}
}

// prune forgets the oldest games over beyond what views may still want.
func (l *Lobby) prune() {
	keep := max(2*l.cfg.MaxGames, minEndedKept)
	for len(l.endedKept) > keep {
		id := l.endedKept[0]
		l.endedKept = l.endedKept[1:]
		if g := l.games[id]; g != nil {
			for s := range g.spectators {
				delete(s.watching, id)
			}
			delete(l.games, id)
		}
	}
}

// pokeGame tells everyone who sees g that it changed, and wakes its bot.
func (l *Lobby) pokeGame(g *game) {
	for _, u := range g.players {
		u.poke()
	}
	for s := range g.spectators {
		s.poke()
	}
	if g.bot != nil {
		select {
		case g.bot.wake <- struct{}{}:
		default:
		}
	}
}

// seat finds a game in progress that u plays, and u's side in it.
func (l *Lobby) seat(u *user, id GameID) (*game, core.Color, error) {
	g := l.games[id]
	if g == nil {
		return nil, 0, fmt.Errorf("%w: %d", ErrNoSuchGame, id)
	}
	c, ok := g.colorOf(u.ID)
	if !ok {
		return nil, 0, ErrNotPlaying
	}
	if g.over {
		return nil, 0, ErrGameOver
	}
	return g, c, nil
}

// Game is one game (in progress, or over and still remembered) as the
// session sees it.
func (s *Session) Game(id GameID) (GameView, bool) {
	l := s.l
	l.mu.Lock()
	defer l.unlock()
	g := l.games[id]
	if s.closed || g == nil {
		return GameView{}, false
	}
	v := GameView{ID: g.id, White: l.shown(g.who[0]), Black: l.shown(g.who[1]), Spec: g.spec, StartFEN: g.startFEN,
		Moves: slices.Clone(g.moves), SAN: slices.Clone(g.san), FEN: g.pos.FEN(), ToMove: g.pos.SideToMove(),
		Clock: g.clk, AsOf: g.turnStart, Running: g.timed(), Moved: g.moved, Offer: g.offer,
		Absent: g.absent, Over: g.over, Result: g.result, Reason: g.reason, Spectators: len(g.spectators),
		RatingDelta: g.ratingDelta}
	if g.over {
		v.AsOf = g.ended
	} else if !g.timed() {
		v.FirstMoveBy = g.turnStart.Add(l.cfg.FirstMove)
	}
	if c, ok := g.colorOf(s.u.ID); ok {
		v.Role = PlaysWhite
		if c == core.Black {
			v.Role = PlaysBlack
		}
	}
	return v, true
}

// Move plays a move (UCI "e2e4", "e7e8q", or SAN "Nf3") in a game this
// session's user plays, on their turn.
func (s *Session) Move(id GameID, move string) error {
	return s.inGame(id, func(l *Lobby, g *game, c core.Color) error {
		if g.pos.SideToMove() != c {
			return ErrNotYourTurn
		}
		m, err := readMove(g.pos, move)
		if err != nil {
			return err
		}
		return l.play(g, c, m, s.lag, time.Now())
	})
}

// inGame runs f under the lobby's lock on game id, which the session's
// user plays as c: every action of a player in their game starts so.
func (s *Session) inGame(id GameID, f func(l *Lobby, g *game, c core.Color) error) error {
	if err := s.begin(); err != nil {
		return err
	}
	l := s.l
	defer l.unlock()
	g, c, err := l.seat(s.u, id)
	if err != nil {
		return err
	}
	return f(l, g, c)
}

// maxMoveText is longer than any move in SAN or UCI ("exd8=Q+!!" is 9).
const maxMoveText = 16

// readMove reads a move in SAN or UCI and checks it is legal in pos.
func readMove(pos *core.Position, text string) (core.Move, error) {
	if len(text) > maxMoveText {
		return core.NullMove, fmt.Errorf("%q is not a move: too long", clip(text))
	}
	m, err := pos.ParseMove(text)
	if err != nil {
		return core.NullMove, err
	}
	if !slices.Contains(pos.LegalMoves(), m) {
		return core.NullMove, fmt.Errorf("move %q is not legal here", text)
	}
	return m, nil
}

// play makes m, a legal move of c, the side to move, at now; lag is the
// mover's measured round trip.
func (l *Lobby) play(g *game, c core.Color, m core.Move, lag time.Duration, now time.Time) error {
	before := g.clk
	if g.timed() {
		used := max(now.Sub(g.turnStart)-min(lag, l.cfg.LagMargin), 0)
		if used >= g.clk[c] {
			l.flag(g, c, now)
			return fmt.Errorf("%w: your time ran out before the move arrived", ErrGameOver)
		}
		g.clk[c] += g.spec.TC.Inc - used
	}
	g.count[c]++
	if mtg := g.spec.TC.MovesToGo; mtg > 0 && g.count[c]%mtg == 0 {
		g.clk[c] += g.spec.TC.Base
	}
	g.san = append(g.san, g.pos.SAN(m))
	g.pos.MakeMove(m)
	g.moves = append(g.moves, m)
	g.before = append(g.before, before)
	g.after = append(g.after, g.clk[c])
	g.moved = now
	g.version++
	// A takeback asked for means another move now; a draw offer stands
	// until the side it was made to has moved.
	if g.offer.Kind == TakebackOffer || g.offer.Kind == DrawOffer && g.offer.By != c {
		g.offer = Offer{}
	}
	if st := g.pos.Status(); st.Over() {
		l.endGame(g, st.Outcome, ruleReason(st.Reason), now)
		return nil
	}
	l.beginTurn(g, now)
	l.pokeGame(g)
	return nil
}

// ruleReason names a termination by the rules as GameView.Reason does.
func ruleReason(t core.Termination) string {
	switch t {
	case core.Checkmate:
		return "checkmate"
	case core.Stalemate:
		return "stalemate"
	case core.FiftyMoveRule:
		return "fifty moves"
	case core.ThreefoldRepetition:
		return "repetition"
	case core.InsufficientMaterial:
		return "insufficient material"
	}
	return t.String()
}

// winFor is the outcome of a win by c.
func winFor(c core.Color) core.Outcome {
	if c == core.White {
		return core.WhiteWins
	}
	return core.BlackWins
}

// forfeit ends g as lost by c for reason, or drawn when c's opponent has
// too little material to mate (FIDE 6.9 for time; the same for abandoning).
func (l *Lobby) forfeit(g *game, c core.Color, reason string, now time.Time) {
	result := winFor(c.Other())
	if cannotMate(g.pos, c.Other()) {
		result = core.Draw
	}
	l.endGame(g, result, reason, now)
}

// flag ends g on c's time.
func (l *Lobby) flag(g *game, c core.Color, now time.Time) { l.forfeit(g, c, "time", now) }

// Watch makes the session a spectator of a game in progress (Changed then
// fires on its moves); Unwatch stops it. A player's own game needs no
// watching: its sessions see it anyway.
func (s *Session) Watch(id GameID) error {
	if err := s.begin(); err != nil {
		return err
	}
	l := s.l
	defer l.unlock()
	g := l.games[id]
	switch {
	case g == nil:
		return fmt.Errorf("%w: %d", ErrNoSuchGame, id)
	case g.over:
		return ErrGameOver
	}
	if _, ok := g.colorOf(s.u.ID); ok {
		return nil
	}
	g.spectators[s] = struct{}{}
	s.watching[id] = g
	l.pokeGame(g)
	return nil
}

// Unwatch stops the session watching a game.
func (s *Session) Unwatch(id GameID) {
	l := s.l
	l.mu.Lock()
	defer l.unlock()
	g := s.watching[id]
	if g == nil {
		return
	}
	delete(s.watching, id)
	delete(g.spectators, s)
	l.pokeGame(g)
}
