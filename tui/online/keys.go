package online

import (
	"slices"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/arena/lobby"
)

// The lobby side's keys and clicks: the lists' (choose a line, seek,
// challenge, answer, watch, the bot), a form's, and the game's, which the
// game shown takes.

// Key takes a key of the lobby side.
func (m *Lobby) Key(msg tea.KeyMsg) tea.Cmd {
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

// Mouse takes a click on the lobby side.
func (m *Lobby) Mouse(msg tea.MouseMsg) tea.Cmd {
	if m.form != nil {
		if m.form.f.Click(msg) && m.form.sent {
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
func (m *Lobby) listKey(msg tea.KeyMsg) tea.Cmd {
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
func (m *Lobby) act(row lobbyRow) tea.Cmd {
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
		if m.fail("take the seek", s.AcceptSeek(row.seek.ID)) {
			m.say(false, "took %s's seek: %s", row.seek.By.Name, specText(row.seek.Spec))
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
func (m *Lobby) watch(g lobby.GameSummary) tea.Cmd {
	if !g.Mine {
		if !m.fail("watch", m.env.Session.Watch(g.ID)) {
			return nil
		}
	}
	m.open(g.ID)
	m.say(false, "")
	return m.refresh()
}

func (m *Lobby) formKey(msg tea.KeyMsg) tea.Cmd {
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
func (m *Lobby) send() tea.Cmd {
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
func (m *Lobby) selected() (lobbyRow, bool) {
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

func (m *Lobby) moveSel(down bool) {
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
