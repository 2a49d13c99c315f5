package tui

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/arena/lobby"
)

// lobbyModel is the Play tab's other side (L): who is online, seeks,
// challenges, games, the ladder; and the game this session plays or
// watches. It draws what the lobby session shows and calls its methods,
// which are quick (the lobby checks and answers; nothing there waits for
// a search or the disk), so they run on Update.
type lobbyModel struct {
	env  *Env
	st   *Styles
	keys KeyMap
	w, h int

	view   lobby.View
	sel    rowKey // the line chosen, kept across refreshes
	rows   []lobbyRow
	lines  []int // the row on each line of the list as last drawn (-1: none), for clicks
	form   *lobbyForm
	game   *onlineGame           // the game shown (nil: the list)
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

func newLobbyModel(env *Env, st *Styles, keys KeyMap) *lobbyModel {
	return &lobbyModel{env: env, st: st, keys: keys, opened: map[lobby.GameID]bool{}, asked: map[lobby.ChallengeID]bool{}}
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
		saved *gameSaved
	}
)

// available says whether there is a lobby to show.
func (m *lobbyModel) available() bool { return m.env.Session != nil }

// unavailable says why there is none.
func (m *lobbyModel) unavailable() string {
	if m.env.lobbyErr != nil {
		return "the lobby is not open to this session: " + m.env.lobbyErr.Error()
	}
	return "there is no lobby in this app"
}

// Init reads the lobby and waits for its changes.
func (m *lobbyModel) Init() tea.Cmd {
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

// update takes the lobby's data messages (keys come through key).
func (m *lobbyModel) update(msg tea.Msg) tea.Cmd {
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

// setShown notes whether the lobby side is in front (L, tab changes).
func (m *lobbyModel) setShown(shown bool) tea.Cmd {
	m.shown = shown
	return m.ensureTick()
}

// refresh reads the session's view and the game shown; a game of mine
// that has begun (here, in another session, or before a reconnection)
// opens by itself, once.
func (m *lobbyModel) refresh() tea.Cmd {
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
func (m *lobbyModel) open(id lobby.GameID) {
	if m.game != nil && m.game.id == id {
		return
	}
	m.leaveGame()
	m.game = newOnlineGame(m.env, m.st, m.keys, id)
}

// leaveGame goes back to the list; a game watched is no longer watched.
func (m *lobbyModel) leaveGame() {
	if m.game == nil {
		return
	}
	if m.game.view.Role == lobby.Spectator && !m.game.over() {
		m.env.Session.Unwatch(m.game.id)
	}
	m.game = nil
}

func (m *lobbyModel) gameByID(id lobby.GameID) *onlineGame {
	if m.game != nil && m.game.id == id {
		return m.game
	}
	return nil
}

// ensureTick starts the clock's tick when a running game is in front,
// and lets it stop otherwise: a clock ticks only while someone sees it.
func (m *lobbyModel) ensureTick() tea.Cmd {
	if m.ticking || !m.shown || m.game == nil || !m.game.ticks() {
		return nil
	}
	m.ticking = true
	m.tickGen++
	gen := m.tickGen
	return tea.Tick(100*time.Millisecond, func(time.Time) tea.Msg { return gameTickMsg{gen} })
}

func (m *lobbyModel) say(bad bool, format string, args ...any) {
	m.status, m.statusBad = fmt.Sprintf(format, args...), bad
}

// fail shows a lobby method's error, if any; ok when there was none.
func (m *lobbyModel) fail(what string, err error) bool {
	if err == nil {
		return true
	}
	m.say(true, "%s: %s", what, Sanitize(err.Error(), 0))
	return false
}

// capturing: a move prompt or a promotion takes every key (a form does
// not: it has no text, and ? and q work there as anywhere).
func (m *lobbyModel) capturing() bool {
	return m.form == nil && m.game != nil && m.game.capturing()
}

func (m *lobbyModel) key(msg tea.KeyMsg) tea.Cmd {
	if !m.available() {
		return nil
	}
	if m.closed {
		m.say(true, "%s", lobby.ErrClosed)
		return nil
	}
	if m.form != nil {
		return m.formKey(msg)
	}
	if m.game != nil {
		if key.Matches(msg, m.keys.Leave) && !m.game.capturing() && !m.game.confirming {
			m.leaveGame()
			m.say(false, "back in the lobby")
			return m.refresh()
		}
		return tea.Batch(m.game.key(msg), m.ensureTick())
	}
	return m.listKey(msg)
}

func (m *lobbyModel) mouse(msg tea.MouseMsg) tea.Cmd {
	if m.form != nil {
		if m.form.f.click(msg) && m.form.sent {
			return m.send()
		}
		return nil
	}
	if m.game != nil {
		return m.game.mouse(msg)
	}
	if msg.Action == tea.MouseActionPress && msg.Button == tea.MouseButtonLeft && msg.Y >= 0 && msg.Y < len(m.lines) {
		if i := m.lines[msg.Y]; i >= 0 && i < len(m.rows) {
			m.sel = m.rows[i].key
		}
	}
	return nil
}

// listKey: the keys of the lists.
func (m *lobbyModel) listKey(msg tea.KeyMsg) tea.Cmd {
	k, s := m.keys, m.env.Session
	row, has := m.selected()
	switch {
	case key.Matches(msg, k.Up), key.Matches(msg, k.Down):
		m.moveSel(key.Matches(msg, k.Down))
	case key.Matches(msg, k.Seek):
		m.form = newLobbyForm(m.st, formSeek, m.view.Me, lobby.User{}, 0)
	case key.Matches(msg, k.PlayBot):
		if m.view.Strengths == 0 {
			m.say(true, "there is no bot on this server")
			return nil
		}
		m.form = newLobbyForm(m.st, formBot, m.view.Me, lobby.User{Kind: lobby.Bot}, m.view.Strengths)
	case key.Matches(msg, k.Challenge):
		if !has || row.kind != rowUser {
			m.say(true, "choose someone online (↑↓) to challenge")
			return nil
		}
		if row.user.ID == m.view.Me.ID {
			m.say(true, "that is you")
			return nil
		}
		m.form = newLobbyForm(m.st, formChallenge, m.view.Me, row.user, 0)
	case key.Matches(msg, k.Accept):
		if !has || row.kind != rowChallenge || !row.challenge.ToMe {
			m.say(true, "choose a challenge to you (↑↓) to accept")
			return nil
		}
		if m.fail("accept", s.Answer(row.challenge.ID, true)) {
			m.say(false, "accepted %s's challenge", row.challenge.From.Name)
		}
		return m.refresh()
	case key.Matches(msg, k.Decline):
		if !has || row.kind != rowChallenge {
			m.say(true, "choose a challenge (↑↓) to decline or withdraw")
			return nil
		}
		if m.fail("decline", s.Answer(row.challenge.ID, false)) {
			m.say(false, "challenge %s", map[bool]string{true: "declined", false: "withdrawn"}[row.challenge.ToMe])
		}
		return m.refresh()
	case key.Matches(msg, k.Cancel):
		if !has || row.kind != rowSeek || !row.seek.Mine {
			m.say(true, "choose a seek of yours (↑↓) to cancel")
			return nil
		}
		if m.fail("cancel", s.CancelSeek(row.seek.ID)) {
			m.say(false, "seek cancelled")
		}
		return m.refresh()
	case key.Matches(msg, k.WatchGame):
		if !has || row.kind != rowGame {
			m.say(true, "choose a game (↑↓) to watch")
			return nil
		}
		return m.watch(row.game)
	case key.Matches(msg, k.Act):
		if !has {
			return nil
		}
		return m.act(row)
	}
	return nil
}

// act is enter on a line: what the line is for.
func (m *lobbyModel) act(row lobbyRow) tea.Cmd {
	s := m.env.Session
	switch row.kind {
	case rowUser:
		if row.user.ID != m.view.Me.ID {
			m.form = newLobbyForm(m.st, formChallenge, m.view.Me, row.user, 0)
		}
	case rowSeek:
		if row.seek.Mine {
			if m.fail("cancel", s.CancelSeek(row.seek.ID)) {
				m.say(false, "seek cancelled")
			}
			return m.refresh()
		}
		// Taking a seek is seeking its like: the lobby pairs the two.
		spec := row.seek.Spec
		spec.Color = map[lobby.ColorChoice]lobby.ColorChoice{lobby.AsWhite: lobby.AsBlack, lobby.AsBlack: lobby.AsWhite}[spec.Color]
		if _, err := s.Seek(spec); m.fail("take the seek", err) {
			m.say(false, "seeking %s", specText(spec))
		}
		return m.refresh()
	case rowChallenge:
		if row.challenge.ToMe {
			if m.fail("accept", s.Answer(row.challenge.ID, true)) {
				m.say(false, "accepted %s's challenge", row.challenge.From.Name)
			}
			return m.refresh()
		}
	case rowGame:
		return m.watch(row.game)
	case rowEnded:
		m.open(row.ended.ID) // how it ended, and where it was saved
		return m.refresh()
	}
	return nil
}

// watch opens a game: mine to play, another's to watch.
func (m *lobbyModel) watch(g lobby.GameSummary) tea.Cmd {
	if !g.Mine {
		if !m.fail("watch", m.env.Session.Watch(g.ID)) {
			return nil
		}
	}
	m.open(g.ID)
	m.say(false, "")
	return m.refresh()
}

func (m *lobbyModel) formKey(msg tea.KeyMsg) tea.Cmd {
	if !m.form.key(msg, m.keys) {
		return nil
	}
	if !m.form.sent { // esc
		m.form = nil
		return nil
	}
	return m.send()
}

// send does what the form was for.
func (m *lobbyModel) send() tea.Cmd {
	f, s := m.form, m.env.Session
	m.form = nil
	spec := f.spec()
	switch f.kind {
	case formSeek:
		if _, err := s.Seek(spec); m.fail("seek", err) {
			m.say(false, "seeking %s", specText(spec))
		}
	case formChallenge:
		if _, err := s.Challenge(f.to.ID, spec); m.fail("challenge", err) {
			m.say(false, "challenged %s to %s", f.to.Name, specText(spec))
		}
	case formBot:
		id, err := s.PlayBot(spec, f.strength)
		if !m.fail("play the bot", err) {
			return nil
		}
		m.opened[id] = true
		m.open(id)
	}
	return m.refresh()
}

// selected is the chosen line, if it is still there.
func (m *lobbyModel) selected() (lobbyRow, bool) {
	i := slices.IndexFunc(m.rows, func(r lobbyRow) bool { return r.key == m.sel })
	if i < 0 {
		if len(m.rows) == 0 {
			return lobbyRow{}, false
		}
		m.sel = m.rows[0].key
		return m.rows[0], true
	}
	return m.rows[i], true
}

func (m *lobbyModel) moveSel(down bool) {
	if len(m.rows) == 0 {
		return
	}
	i := max(slices.IndexFunc(m.rows, func(r lobbyRow) bool { return r.key == m.sel }), 0)
	if down {
		i = min(i+1, len(m.rows)-1)
	} else {
		i = max(i-1, 0)
	}
	m.sel = m.rows[i].key
}

// notice is what the tab bar says when this session is wanted: a
// challenge to it, its move in a game not in front.
func (m *lobbyModel) notice(inFront bool) string {
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
