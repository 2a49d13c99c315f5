package online

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"

	"github.com/evochess/evochess/arena/lobby"
	"github.com/evochess/evochess/tui/components"
)

// A line of the lobby's lists that ↑↓ can choose.
type rowKind int

const (
	rowUser rowKind = iota
	rowChallenge
	rowSeek
	rowGame
	rowEnded
)

// rowKey names a line across refreshes: the choice stays on the same
// person, seek or game when the lists change around it.
type rowKey struct {
	kind rowKind
	user lobby.UserID
	id   int
}

type lobbyRow struct {
	key       rowKey
	kind      rowKind
	user      lobby.User
	challenge lobby.Challenge
	seek      lobby.Seek
	game      lobby.GameSummary
	ended     lobby.GameView
	presence  lobby.Presence
}

// lobbyRows are the lines that can be chosen, in the order drawn:
// challenges first (they wait for an answer), then seeks, games, my
// games that ended, people.
func lobbyRows(v lobby.View, recent []lobby.GameView) []lobbyRow {
	var rows []lobbyRow
	for _, c := range v.Challenges {
		rows = append(rows, lobbyRow{key: rowKey{kind: rowChallenge, id: int(c.ID)}, kind: rowChallenge, challenge: c})
	}
	for _, s := range v.Seeks {
		rows = append(rows, lobbyRow{key: rowKey{kind: rowSeek, id: int(s.ID)}, kind: rowSeek, seek: s})
	}
	for _, g := range v.Games {
		rows = append(rows, lobbyRow{key: rowKey{kind: rowGame, id: int(g.ID)}, kind: rowGame, game: g})
	}
	for _, g := range recent {
		rows = append(rows, lobbyRow{key: rowKey{kind: rowEnded, id: int(g.ID)}, kind: rowEnded, ended: g})
	}
	for _, p := range v.Online {
		rows = append(rows, lobbyRow{key: rowKey{kind: rowUser, user: p.User.ID}, kind: rowUser, user: p.User, presence: p})
	}
	return rows
}

// ratingText is a standing as the lists show it: rating ± twice its
// deviation (about a 95% interval), or "unrated".
func standingText(s *lobby.Standing) string {
	if s == nil {
		return "unrated"
	}
	return fmt.Sprintf("%.0f ± %.0f", s.Rating, 2*s.RD)
}

// kindTag marks who is not a keyed person.
func kindTag(k lobby.UserKind) string {
	switch k {
	case lobby.Bot:
		return " (bot)"
	case lobby.Anonymous:
		return " (guest)"
	}
	return ""
}

// listView draws the lobby: a line for me, the status, then the lists;
// lines notes the row on each line, for clicks.
func (m *Lobby) listView(w, h int) string {
	st, v := m.st, m.view
	var out []string
	m.lines = m.lines[:0]
	add := func(row int, s string) {
		out = append(out, components.Truncate(s, w))
		m.lines = append(m.lines, row)
	}
	me := fmt.Sprintf("Lobby · you are %s%s", v.Me.Name, kindTag(v.Me.Kind))
	for _, p := range v.Online {
		if p.User.ID == v.Me.ID && p.Rating != nil {
			me += " · " + standingText(p.Rating)
		}
	}
	add(-1, st.Title.Render(me))
	status := m.status
	if m.statusBad {
		status = st.Err.Render(components.Truncate(status, w))
	}
	add(-1, status)
	sel, _ := m.selected()
	index := map[rowKey]int{}
	for i, r := range m.rows {
		index[r.key] = i
	}
	line := func(r lobbyRow, text string) {
		prefix := "  "
		if r.key == sel.key {
			prefix = "› "
			text = st.Header.Render(components.Truncate(prefix+text, w))
		} else {
			text = prefix + text
		}
		add(index[r.key], text)
	}
	section := func(title string, n int, empty string) {
		add(-1, "")
		if n == 0 {
			add(-1, st.Header.Render(title)+"  "+st.Dim.Render(empty))
			return
		}
		add(-1, st.Header.Render(fmt.Sprintf("%s (%d)", title, n)))
	}
	// Each list gets a share of the room, scrolled to keep the chosen
	// line in view; the ladder gets what is left, at least three lines.
	room := max((h-2-5*2-5)/5, 2)
	rowsOf := func(kind rowKind) []lobbyRow {
		var rs []lobbyRow
		for _, r := range m.rows {
			if r.kind == kind {
				rs = append(rs, r)
			}
		}
		return window(rs, sel.key, room)
	}
	section("Challenges", len(v.Challenges), "none: c challenges the person chosen")
	for _, r := range rowsOf(rowChallenge) {
		line(r, challengeText(r.challenge))
	}
	section("Seeks", len(v.Seeks), "none: s opens one, b plays the evolved best")
	for _, r := range rowsOf(rowSeek) {
		s := r.seek
		who := s.By.Name + kindTag(s.By.Kind)
		if s.Mine {
			who = "you (x cancels)"
		}
		line(r, fmt.Sprintf("%-26s %s", components.Truncate(who, 26), specText(s.Spec)))
	}
	section("Games", len(v.Games), "none in progress")
	for _, r := range rowsOf(rowGame) {
		g := r.game
		text := fmt.Sprintf("%s v %s  %s  %d plies", g.White.Name, g.Black.Name, tcText(g.Spec), g.Plies)
		if g.Spectators > 0 {
			text += fmt.Sprintf("  %d watching", g.Spectators)
		}
		if g.Mine {
			text += "  yours: enter"
		}
		line(r, text)
	}
	if len(m.recent) > 0 {
		section("Ended", len(m.recent), "")
		for _, r := range rowsOf(rowEnded) {
			g := r.ended
			line(r, fmt.Sprintf("%s v %s  %s  %s", g.White.Name, g.Black.Name, tcText(g.Spec), strings.TrimPrefix(gameResultText(g), "game over: ")))
		}
	}
	section("Online", len(v.Online), "")
	for _, r := range rowsOf(rowUser) {
		p := r.presence
		name := p.User.Name + kindTag(p.User.Kind)
		if p.User.ID == v.Me.ID {
			name += " (you)"
		}
		text := fmt.Sprintf("%-26s %-11s", components.Truncate(name, 26), standingText(p.Rating))
		if p.Playing > 0 {
			text += fmt.Sprintf(" playing %d", p.Playing)
		}
		if p.Idle {
			text += " idle"
		}
		line(r, text)
	}
	if len(v.Ladder) > 0 {
		add(-1, "")
		add(-1, st.Header.Render("Ladder"))
		for i, s := range v.Ladder[:min(len(v.Ladder), max(h-len(out)-1, 3))] {
			add(-1, fmt.Sprintf("%3d. %-26s %-11s %d games", i+1, components.Truncate(s.Name+kindTag(s.Kind), 26), standingText(&s), s.Games))
		}
	}
	return strings.Join(out, "\n")
}

// window is at most n of rows, the chosen one among them.
func window(rows []lobbyRow, sel rowKey, n int) []lobbyRow {
	if len(rows) <= n {
		return rows
	}
	at := 0
	for i, r := range rows {
		if r.key == sel {
			at = i
		}
	}
	start := min(max(at-n/2, 0), len(rows)-n)
	return rows[start : start+n]
}

// challengeText is a challenge to or from me.
func challengeText(c lobby.Challenge) string {
	if c.ToMe {
		return fmt.Sprintf("from %s: %s  (a accepts, d declines)", c.From.Name+kindTag(c.From.Kind), challengeTerms(c))
	}
	return fmt.Sprintf("to %s: %s  (d withdraws)", c.To.Name+kindTag(c.To.Kind), challengeTerms(c))
}

// challengeTerms are a challenge's clock, rating and colours: "5+0
// rated, alice white" (the colour is the challenger's).
func challengeTerms(c lobby.Challenge) string {
	spec := c.Spec
	spec.Color = lobby.RandomColor
	out := specText(spec)
	switch c.Spec.Color {
	case lobby.AsWhite:
		out += ", " + c.From.Name + " white"
	case lobby.AsBlack:
		out += ", " + c.From.Name + " black"
	}
	return out
}

// View draws the lobby side in w×h: a form, the game shown, or the lists.
func (m *Lobby) View(w, h int) string {
	if !m.available() {
		return m.st.Title.Render("Lobby") + "\n\n" + m.unavailable()
	}
	switch {
	case m.form != nil:
		v := m.form.view(m.st)
		if m.status != "" {
			v += "\n" + m.status
		}
		return v
	case m.game != nil:
		return m.game.viewAt(w, h, time.Now())
	}
	return m.listView(w, h)
}

// ShortHelp and FullHelp are the lobby side's keys, by what is shown.
func (m *Lobby) ShortHelp() []key.Binding {
	k := m.keys
	switch {
	case m.form != nil:
		return []key.Binding{k.Choose, k.Change, k.Back}
	case m.game != nil && m.game.view.Role == lobby.Spectator:
		return []key.Binding{k.Flip, k.Leave, k.Lobby}
	case m.game != nil:
		return []key.Binding{k.Select, k.Prompt, k.OfferDraw, k.Resign, k.AskTakeback, k.Leave}
	}
	return []key.Binding{k.Choose, k.Seek, k.Challenge, k.Accept, k.WatchGame, k.PlayBot, k.Lobby}
}

func (m *Lobby) FullHelp() [][]key.Binding {
	k := m.keys
	switch {
	case m.form != nil:
		return [][]key.Binding{{k.Choose, k.Change, k.Select, k.Back}}
	case m.game != nil:
		return [][]key.Binding{{k.Up, k.Down, k.Left, k.Right, k.Select, k.Prompt}, {k.OfferDraw, k.AskTakeback, k.Resign, k.Abort, k.Yes, k.No},
			{k.Flip, k.Letters, k.Leave, k.Lobby}}
	}
	return [][]key.Binding{{k.Choose, k.Act}, {k.Seek, k.Cancel, k.PlayBot}, {k.Challenge, k.Accept, k.Decline}, {k.WatchGame, k.Lobby}}
}
