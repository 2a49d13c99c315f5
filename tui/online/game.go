package online

import (
	"fmt"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/arena/lobby"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/components"
)

// Game is a lobby game as this session sees it: the server's view
// (position, clocks, offers, absence, result) and, for a player, the
// move input and the keys that offer, resign, abort and answer. The
// server is the referee: a move is sent, and shown once it says so.
type Game struct {
	env  *common.Env
	st   *common.Styles
	keys common.KeyMap
	id   lobby.GameID

	view   lobby.GameView
	loaded bool
	pos    *core.Position // view's moves played from its start

	in         components.MoveInput
	confirming bool // "resign? y/n"

	status    string
	statusBad bool
	saving    bool   // the game ended: its PGN is being written
	saved     string // "saved as games/…", or why not
}

func newOnlineGame(env *common.Env, st *common.Styles, keys common.KeyMap, id lobby.GameID) *Game {
	return &Game{env: env, st: st, keys: keys, id: id, in: components.NewMoveInput(st, keys), pos: core.NewPosition()}
}

func (g *Game) say(bad bool, format string, args ...any) {
	g.status, g.statusBad = fmt.Sprintf(format, args...), bad
}

// refresh reads the game from the session; when it has just ended, the
// wait for its PGN to be saved starts.
func (g *Game) refresh(s *lobby.Session) tea.Cmd {
	v, ok := s.Game(g.id)
	if !ok {
		if !g.loaded {
			g.say(true, "%s", lobby.ErrNoSuchGame)
		}
		return nil // gone from the server: the last view stays
	}
	first, wasOver := !g.loaded, g.view.Over
	moved := first || len(v.Moves) != len(g.view.Moves) || v.StartFEN != g.view.StartFEN
	g.view, g.loaded = v, true
	if first {
		g.in.Flipped = v.Role == lobby.PlaysBlack // my side at the bottom; white for spectators
	}
	if moved {
		g.rebuild()
		g.in.Reset() // a half-made move was for the position before
	}
	if v.Over && !wasOver {
		g.confirming = false
		g.in.ClosePrompt()
		// A game seen ending is being saved now; one opened after it
		// ended was saved already, if the recorder still remembers it.
		return g.waitSaved(!first)
	}
	return nil
}

// rebuild plays the view's moves from its start.
func (g *Game) rebuild() {
	pos, err := core.ParseFEN(g.view.StartFEN)
	if err != nil {
		pos = core.NewPosition()
	}
	for _, m := range g.view.Moves {
		if !pos.IsLegal(m) { // the server's moves are legal; a broken view is not drawn past one
			break
		}
		pos.MakeMove(m)
	}
	g.pos = pos
}

// waitSaved waits, off the Update goroutine, for the PGN of a game this
// session played to be written (not for an aborted game: none is).
func (g *Game) waitSaved(live bool) tea.Cmd {
	if g.env.LobbyGames == nil || g.view.Role == lobby.Spectator || g.view.Reason == "aborted" {
		return nil
	}
	gs, known := g.env.LobbyGames.Lookup(g.id)
	if !known {
		if !live {
			return nil // forgotten, or never saved (the lobby shut down)
		}
		gs = g.env.LobbyGames.Saving(g.id)
	}
	g.saving = true
	id, ctx := g.id, g.env.Ctx
	return func() tea.Msg {
		select {
		case <-gs.Done():
			return gameSavedMsg{id: id, saved: gs}
		case <-ctx.Done():
			return nil
		}
	}
}

// savedDone shows where the game was saved for me.
func (g *Game) savedDone(gs *common.GameSaved, me lobby.UserID) {
	g.saving = false
	if name, ok := gs.NameFor(me); ok {
		g.saved = "saved as " + name
	} else if err := gs.Err(); err != nil {
		g.saved = "not saved: " + g.env.ErrText(err)
	}
}

func (g *Game) over() bool { return g.loaded && g.view.Over }

// Seen is the game as the server last showed it; Flipped: its board is
// drawn black at the bottom. (For a look from outside: the app's tests.)
func (g *Game) Seen() lobby.GameView { return g.view }
func (g *Game) Flipped() bool        { return g.in.Flipped }

// mine is my colour, if I play in the game.
func (g *Game) mine() (core.Color, bool) {
	if !g.loaded || g.view.Role == lobby.Spectator {
		return core.White, false
	}
	return roleColor(g.view.Role), true
}

// canMove says whether I may move now, and why not.
func (g *Game) canMove() (bool, string) {
	c, plays := g.mine()
	switch {
	case !g.loaded:
		return false, "the game has not arrived yet"
	case !plays:
		return false, "you are watching this game"
	case g.view.Over:
		return false, "the game is over: esc goes back to the lobby"
	case g.view.ToMove != c:
		return false, lobby.ErrNotYourTurn.Error()
	}
	return true, ""
}

// ticks: something shown counts down (a running clock, an absent
// player's time to return): a tick redraws it.
func (g *Game) ticks() bool {
	v := g.view
	return g.loaded && !v.Over && (v.Running || !v.FirstMoveBy.IsZero() || !v.Absent[0].IsZero() || !v.Absent[1].IsZero())
}

// tickIn is how long until what ticks shows another figure: a clock or
// countdown over ten seconds shows whole seconds, so it changes once a
// second (redrawn ten times a second, 40 sessions drew 400 frames a second
// of which 360 were the same); under ten seconds, tenths.
func (g *Game) tickIn(now time.Time) time.Duration {
	const fine = 100 * time.Millisecond
	next := time.Second
	var left []time.Duration
	if g.view.Running {
		left = append(left, g.ClockLeft(g.view.ToMove, now))
	}
	for _, by := range append(g.view.Absent[:], g.view.FirstMoveBy) {
		if !by.IsZero() {
			left = append(left, by.Sub(now))
		}
	}
	for _, d := range left {
		if d <= 10*time.Second+fine {
			return fine
		}
		// The figure shown is the second d is in: it changes as d passes
		// a whole second.
		step := d % time.Second
		if step == 0 {
			step = time.Second
		}
		next = min(next, step)
	}
	return next + time.Millisecond
}

func (g *Game) capturing() bool { return g.in.Capturing() }

func (g *Game) key(msg tea.KeyMsg) tea.Cmd {
	s, k := g.env.Session, g.keys
	if g.confirming {
		g.confirming = false
		if key.Matches(msg, k.Yes) {
			return g.do("resign", s.Resign(g.id), "you resigned")
		}
		g.say(false, "you play on")
		return nil
	}
	ok, why := g.canMove()
	if r, handled := g.in.Key(msg, g.pos, ok, why); handled {
		return g.result(r)
	}
	_, plays := g.mine()
	action := key.Matches(msg, k.OfferDraw) || key.Matches(msg, k.Resign) || key.Matches(msg, k.AskTakeback) ||
		key.Matches(msg, k.Abort) || key.Matches(msg, k.Yes) || key.Matches(msg, k.No)
	switch {
	case !action:
		return nil
	case !plays:
		g.say(true, "you are watching this game")
		return nil
	case g.view.Over:
		g.say(true, "the game is over")
		return nil
	}
	switch {
	case key.Matches(msg, k.OfferDraw):
		return g.do("offer a draw", s.Offer(g.id, lobby.DrawOffer), "draw offered")
	case key.Matches(msg, k.AskTakeback):
		return g.do("ask to take back", s.Offer(g.id, lobby.TakebackOffer), "takeback asked for")
	case key.Matches(msg, k.Resign):
		g.confirming = true
		g.say(false, "resign this game? y resigns, any other key plays on")
	case key.Matches(msg, k.Abort):
		return g.do("abort", s.Abort(g.id), "game aborted")
	case key.Matches(msg, k.Yes), key.Matches(msg, k.No):
		if !g.offerToMe() {
			g.say(true, "there is no offer to answer")
			return nil
		}
		yes := key.Matches(msg, k.Yes)
		return g.do("answer", s.Reply(g.id, yes), map[bool]string{true: "accepted", false: "declined"}[yes])
	}
	return nil
}

func (g *Game) mouse(msg tea.MouseMsg) tea.Cmd {
	ok, why := g.canMove()
	return g.result(g.in.Mouse(msg, g.pos, ok, why))
}

// result acts on what the move input did: a move goes to the server.
func (g *Game) result(r components.MoveResult) tea.Cmd {
	if r.Say != "" || r.Bad {
		g.say(r.Bad, "%s", r.Say)
	}
	if !r.Chosen {
		return r.Cmd
	}
	return tea.Batch(r.Cmd, g.do("move", g.env.Session.Move(g.id, r.Move.String()), ""))
}

// do shows how a lobby call went and reads the game again at once (the
// change notice follows, but the player should not wait for it).
func (g *Game) do(what string, err error, done string) tea.Cmd {
	if err != nil {
		g.say(true, "%s: %s", what, common.Sanitize(err.Error(), 0))
		return nil
	}
	g.say(false, "%s", done)
	return g.refresh(g.env.Session)
}

// offerToMe: the opponent's offer waits for my answer.
func (g *Game) offerToMe() bool {
	c, plays := g.mine()
	return plays && g.view.Offer.Kind != lobby.NoOffer && g.view.Offer.By != c
}

// roleColor is the colour a player's role plays.
func roleColor(r lobby.Role) core.Color {
	if r == lobby.PlaysBlack {
		return core.Black
	}
	return core.White
}

// opponentOf is who I play in g.
func opponentOf(g lobby.GameView) lobby.User {
	if g.Role == lobby.PlaysBlack {
		return g.White
	}
	return g.Black
}
