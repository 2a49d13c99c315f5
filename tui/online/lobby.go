package online

import (
	"context"
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/arena/lobby"
	"github.com/evochess/evochess/tui/common"
)

// Lobby is the Play tab's other side (L): who is online, seeks,
// challenges, games, the ladder; and the game this session plays or
// watches. It draws what the lobby session shows and calls its methods,
// which are quick (the lobby checks and answers; nothing there waits for
// a search or the disk), so they run on Update.
type Lobby struct {
	env  *common.Env
	st   *common.Styles
	keys common.KeyMap
	w, h int

	view   lobby.View
	sel    rowKey // the line chosen, kept across refreshes
	rows   []lobbyRow
	lines  []int // the row on each line of the list as last drawn (-1: none), for clicks
	form   *lobbyForm
	game   *Game                 // the game shown (nil: the list)
	opened map[lobby.GameID]bool // my games opened once already: not again by themselves
	// autoOpened: refresh has just opened a game of mine by itself (the
	// tab turns to it).
	autoOpened bool
	recent     []lobby.GameView           // my games that ended since I joined, newest first
	asked      map[lobby.ChallengeID]bool // challenges to me seen already

	status    string
	statusBad bool
	closed    bool   // the session has left the lobby
	turn      string // "your move against bob" when a game of mine waits for me

	shown   bool // the Play tab is in front with the lobby side showing: clocks tick
	ticking bool
	tickGen int
}

func New(env *common.Env, st *common.Styles, keys common.KeyMap) *Lobby {
	return &Lobby{env: env, st: st, keys: keys, opened: map[lobby.GameID]bool{}, asked: map[lobby.ChallengeID]bool{}}
}

// Messages of the lobby, owned by the Play tab whichever tab is in front.
type (
	// lobbyChangedMsg: something the session sees changed (Changed fired).
	lobbyChangedMsg struct{}
	// lobbyClosedMsg: the session has left the lobby (its channel closed).
	lobbyClosedMsg struct{}
	// gameTickMsg redraws a running clock; gen tells the current chain.
	gameTickMsg struct{ gen int }
	// gameSavedMsg: a finished game's PGN has been written (or not).
	gameSavedMsg struct {
		id    lobby.GameID
		saved *common.GameSaved
	}
)

// Owns: the lobby's changes and end, the clock's ticks and a game's
// saving, whichever tab is in front.
func (m *Lobby) Owns(msg tea.Msg) bool {
	switch msg.(type) {
	case lobbyChangedMsg, lobbyClosedMsg, gameTickMsg, gameSavedMsg:
		return true
	}
	return false
}

// TakeOpened says whether a game of mine has opened by itself since it
// was last asked (the tab turns to it).
func (m *Lobby) TakeOpened() bool {
	opened := m.autoOpened
	m.autoOpened = false
	return opened
}

// Game is the game shown, nil while the lists are; Ended are my games
// that ended since I joined, newest first. (For a look from outside: the
// app's tests.)
func (m *Lobby) Game() *Game             { return m.game }
func (m *Lobby) Ended() []lobby.GameView { return m.recent }

// available says whether there is a lobby to show.
func (m *Lobby) available() bool { return m.env.Session != nil }

// unavailable says why there is none.
func (m *Lobby) unavailable() string {
	if m.env.LobbyErr != nil {
		return "the lobby is not open to this session: " + m.env.LobbyErr.Error()
	}
	return "there is no lobby in this app"
}

// Init reads the lobby and waits for its changes.
func (m *Lobby) Init() tea.Cmd {
	if !m.available() {
		return nil
	}
	return tea.Batch(m.refresh(), waitLobby(m.env.Ctx, m.env.Session))
}

// waitLobby waits for the session's next change, or the app's end: one
// wait at a time (the next is started when this one's message arrives),
// and none left behind (soft-serve style: a closed session leaks
// nothing; Changed being closed ends the chain too).
func waitLobby(ctx context.Context, s *lobby.Session) tea.Cmd {
	ch := s.Changed()
	return func() tea.Msg {
		select {
		case _, ok := <-ch:
			if !ok {
				return lobbyClosedMsg{}
			}
			return lobbyChangedMsg{}
		case <-ctx.Done():
			return nil
		}
	}
}

// Update takes the lobby's own messages (Owns); keys and clicks come
// through Key and Mouse.
func (m *Lobby) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case lobbyChangedMsg:
		return tea.Batch(m.refresh(), waitLobby(m.env.Ctx, m.env.Session))
	case lobbyClosedMsg:
		m.closed = true
		m.say(true, "%s", lobby.ErrClosed)
		return nil
	case gameTickMsg:
		if msg.gen != m.tickGen {
			return nil
		}
		m.ticking = false
		return m.ensureTick()
	case gameSavedMsg:
		if g := m.gameByID(msg.id); g != nil {
			g.savedDone(msg.saved, m.view.Me.ID)
		}
		return nil
	}
	return nil
}

// SetShown notes whether the lobby side is in front (L, tab changes).
func (m *Lobby) SetShown(shown bool) tea.Cmd {
	m.shown = shown
	return m.ensureTick()
}

// refresh reads the session's view and the game shown; a game of mine
// that has begun (here, in another session, or before a reconnection)
// opens by itself, once.
func (m *Lobby) refresh() tea.Cmd {
	if !m.available() || m.closed {
		return nil
	}
	s := m.env.Session
	m.view = s.View()
	m.recent = m.recent[:0]
	for _, id := range m.view.Ended {
		if g, ok := s.Game(id); ok {
			m.recent = append(m.recent, g)
		}
	}
	m.rows = lobbyRows(m.view, m.recent)
	asked := map[lobby.ChallengeID]bool{} // those standing now: ids are never used again
	for _, c := range m.view.Challenges {
		if !c.ToMe {
			continue
		}
		if !m.asked[c.ID] { // a new challenge to me is chosen: "L, then a" answers it
			m.sel = rowKey{kind: rowChallenge, id: int(c.ID)}
		}
		asked[c.ID] = true
	}
	m.asked = asked
	var cmds []tea.Cmd
	for _, id := range m.view.Mine {
		if m.opened[id] {
			continue
		}
		m.opened[id] = true
		if m.game == nil || m.game.over() {
			m.open(id)
			m.autoOpened = true
		}
	}
	m.turn = ""
	for _, id := range m.view.Mine {
		if g, ok := s.Game(id); ok && !g.Over && g.Role != lobby.Spectator && roleColor(g.Role) == g.ToMove {
			m.turn = "your move against " + opponentOf(g).Name
		}
	}
	if m.game != nil {
		cmds = append(cmds, m.game.refresh(s))
	}
	cmds = append(cmds, m.ensureTick())
	return tea.Batch(cmds...)
}

// open shows game id (mine, or one to watch).
func (m *Lobby) open(id lobby.GameID) {
	if m.game != nil && m.game.id == id {
		return
	}
	m.leaveGame()
	m.game = newOnlineGame(m.env, m.st, m.keys, id)
}

// leaveGame goes back to the list; a game watched is no longer watched.
func (m *Lobby) leaveGame() {
	if m.game == nil {
		return
	}
	if m.game.view.Role == lobby.Spectator && !m.game.over() {
		m.env.Session.Unwatch(m.game.id)
	}
	m.game = nil
}

func (m *Lobby) gameByID(id lobby.GameID) *Game {
	if m.game != nil && m.game.id == id {
		return m.game
	}
	return nil
}

// ensureTick starts the clock's tick when a running game is in front,
// and lets it stop otherwise: a clock ticks only while someone sees it.
func (m *Lobby) ensureTick() tea.Cmd {
	if m.ticking || !m.shown || m.game == nil || !m.game.ticks() {
		return nil
	}
	m.ticking = true
	m.tickGen++
	gen := m.tickGen
	return tea.Tick(m.game.tickIn(time.Now()), func(time.Time) tea.Msg { return gameTickMsg{gen} })
}

func (m *Lobby) say(bad bool, format string, args ...any) {
	m.status, m.statusBad = fmt.Sprintf(format, args...), bad
}

// fail shows a lobby method's error, if any; ok when there was none.
func (m *Lobby) fail(what string, err error) bool {
	if err == nil {
		return true
	}
	m.say(true, "%s: %s", what, common.Sanitize(err.Error(), 0))
	return false
}

// Capturing: a move prompt or a promotion takes every key (a form does
// not: it has no text, and ? and q work there as anywhere).
func (m *Lobby) Capturing() bool {
	return m.form == nil && m.game != nil && m.game.capturing()
}

// Notice is what the tab bar says when this session is wanted: a
// challenge to it, its move in a game not in front.
func (m *Lobby) Notice(inFront bool) string {
	if !m.available() || m.closed {
		return ""
	}
	for _, c := range m.view.Challenges {
		if c.ToMe {
			if inFront && m.game == nil && m.form == nil {
				return "" // the list shows it
			}
			return fmt.Sprintf("challenge from %s: %s (L, then a)", c.From.Name, challengeTerms(c))
		}
	}
	if !inFront {
		return m.turn
	}
	return ""
}
