package online

import (
	"fmt"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/arena/lobby"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/components"
)

// lobbyClock is a time control the lobby offers: minutes + seconds a move,
// as chess players write them (3+2 is three minutes and two seconds).
type lobbyClock struct {
	label     string
	base, inc time.Duration
}

var lobbyClocks = []lobbyClock{
	{"3+2", 3 * time.Minute, 2 * time.Second},
	{"5+0", 5 * time.Minute, 0},
	{"10+0", 10 * time.Minute, 0},
	{"15+10", 15 * time.Minute, 10 * time.Second},
}

var colorChoices = []string{"random", "white", "black"}

// What a lobby form asks for.
type lobbyFormKind int

const (
	formSeek lobbyFormKind = iota
	formChallenge
	formBot
)

// lobbyForm sets up a seek, a challenge or a game with the bot: the time
// control, the colour, rated or not, the bot's strength; its last line
// sends it, esc drops it.
type lobbyForm struct {
	kind     lobbyFormKind
	to       lobby.User // the challenged
	f        components.Form
	clock    int
	color    int
	rated    bool
	strength int
	maxStr   int
	canRate  bool // guests play unrated games only
	sent     bool // the send line was chosen
}

func newLobbyForm(st *common.Styles, kind lobbyFormKind, me lobby.User, to lobby.User, strengths int) *lobbyForm {
	lf := &lobbyForm{kind: kind, to: to, f: components.Form{St: st}, clock: 1, canRate: me.Kind == lobby.Human && to.Kind != lobby.Anonymous,
		strength: min(4, strengths), maxStr: strengths}
	lf.rated = lf.canRate
	lf.f.Fields = []components.Field{
		components.ChoiceField("time", clockLabels(), &lf.clock),
		components.ChoiceField("colour", colorChoices, &lf.color),
		{Label: "rated", Value: lf.ratedText, Adjust: func(int) { lf.toggleRated() }, Toggle: lf.toggleRated},
	}
	if kind == formBot {
		lf.f.Fields = append(lf.f.Fields, components.Field{Label: "strength", Value: lf.strengthText,
			Adjust: func(d int) { lf.strength = min(max(lf.strength+d, 1), lf.maxStr) }})
	}
	lf.f.Fields = append(lf.f.Fields, components.Field{Value: func() string { return "[ " + lf.sendText() + " ]" }, Toggle: func() { lf.sent = true }})
	return lf
}

func clockLabels() []string {
	out := make([]string, len(lobbyClocks))
	for i, c := range lobbyClocks {
		out[i] = c.label
	}
	return out
}

func (lf *lobbyForm) toggleRated() {
	if lf.canRate {
		lf.rated = !lf.rated
	}
}

func (lf *lobbyForm) ratedText() string {
	switch {
	case !lf.canRate:
		return "no (guests play unrated games)"
	case lf.rated:
		return "yes"
	}
	return "no"
}

func (lf *lobbyForm) strengthText() string {
	return fmt.Sprintf("%d of %d  (%s nodes a move, less if the clock is short)", lf.strength, lf.maxStr, countText(common.BotNodes(lf.strength)))
}

func (lf *lobbyForm) sendText() string {
	switch lf.kind {
	case formChallenge:
		return "challenge " + lf.to.Name
	case formBot:
		return "play the evolved best"
	}
	return "seek a game"
}

// spec is what the form asks for.
func (lf *lobbyForm) spec() lobby.SeekSpec {
	c := lobbyClocks[lf.clock]
	return lobby.SeekSpec{TC: arena.TimeControl{Base: c.base, Inc: c.inc}, Color: lobby.ColorChoice(lf.color), Rated: lf.rated && lf.canRate}
}

// key takes the form's keys; done is true when it is sent (sent) or
// dropped (esc).
func (lf *lobbyForm) key(msg tea.KeyMsg, k common.KeyMap) (done bool) {
	if key.Matches(msg, k.Back) {
		return true
	}
	lf.f.Key(msg, k)
	return lf.sent
}

func (lf *lobbyForm) view(st *common.Styles) string {
	lf.f.Begin()
	title := map[lobbyFormKind]string{formSeek: "Seek a game", formChallenge: "Challenge " + lf.to.Name, formBot: "Play the evolved best"}[lf.kind]
	lf.f.Text(st.Title.Render(title), "")
	for i := range lf.f.Fields {
		lf.f.Field(i)
	}
	lf.f.Text("")
	switch lf.kind {
	case formSeek:
		lf.f.Text(st.Dim.Render("anyone may take it; a matching seek already open starts the game at once"))
	case formBot:
		lf.f.Text(st.Dim.Render("the strongest saved player on the ladder (else full); strength s searches"),
			st.Dim.Render("500·4^(s−1) nodes a move: 1 is 500, 4 is 32k, 8 is 8M, capped by the clock"))
	}
	lf.f.Text(st.Dim.Render("↑↓ choose · ←→ change · enter on the last line sends · esc drops"))
	return lf.f.View()
}

// countText is a count for people: 500, 32k, 8.2M.
func countText(n uint64) string {
	switch {
	case n >= 1_000_000:
		return common.TrimZero(float64(n)/1e6) + "M"
	case n >= 1000:
		return common.TrimZero(float64(n)/1e3) + "k"
	}
	return fmt.Sprint(n)
}
