package tui

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/core/pgn"
	"github.com/evochess/evochess/saves"
)

// Who plays a side.
type sideKind int

const (
	human sideKind = iota
	engine
)

// playModes are the line-ups "m" cycles through.
var playModes = [][2]sideKind{{human, engine}, {engine, human}, {engine, engine}, {human, human}}

// Prompt purposes.
const (
	promptMove = iota
	promptSetup
)

// playPage is the Play tab: a board, a human or engine on each side.
type playPage struct {
	env  *Env
	st   *Styles
	keys KeyMap
	w, h int

	pos      *core.Position
	startFEN string
	sans     []string

	mode       int
	oppName    string // the engine's name in opponents()
	custom     *core.Chromosome
	customName string
	level      int
	engines    [2]*engineSlot

	// Clocks, when the level is one: time left, since when the side to
	// move has been thinking, and who lost on time.
	clock     [2]time.Duration
	clockTC   *arena.TimeControl
	turnStart time.Time
	flagged   int // 0 none, 1 white lost on time, 2 black

	flipped, letters bool
	cursor, selected core.Square
	promo            []core.Move // choices waiting for a promotion piece

	prompt     textinput.Model
	prompting  bool
	promptKind int

	thinking bool
	gen      int
	cancel   context.CancelFunc
	info     core.Info
	infoPos  *core.Position

	status    string
	statusBad bool
	board     boardView // as last drawn, for mouse clicks
	boardX    int       // where the board starts in the page
	boardY    int

	// The tab's other side (L): the lobby, its games. active: the tab is
	// in front.
	lobby   *lobbyModel
	inLobby bool
	active  bool
}

func newPlayPage(env *Env, st *Styles, keys KeyMap) *playPage {
	ti := textinput.New()
	ti.PromptStyle, ti.TextStyle, ti.CompletionStyle = st.r.NewStyle(), st.r.NewStyle(), st.r.NewStyle()
	ti.PlaceholderStyle = st.r.NewStyle().Faint(true)
	ti.Cursor.Style, ti.Cursor.TextStyle = st.r.NewStyle().Reverse(true), st.r.NewStyle()
	ti.Prompt = ": "
	ti.CharLimit = 400
	p := &playPage{env: env, st: st, keys: keys, level: 5, cursor: core.MakeSquare(4, 1), selected: core.NoSquare, prompt: ti,
		engines: [2]*engineSlot{{}, {}}, lobby: newLobbyModel(env, st, keys), active: true} // Play is the first tab
	p.oppName = "full"
	p.reset(core.StartFEN)
	return p
}

func (p *playPage) Title() string { return "Play" }

func (p *playPage) SetSize(w, h int) { p.w, p.h = w, h }

func (p *playPage) Init() tea.Cmd {
	lobbyCmd := p.lobby.Init()
	if p.lobby.autoOpened { // back after a reconnection: the game comes first
		p.lobby.autoOpened = false
		lobbyCmd = tea.Batch(lobbyCmd, p.showLobby(true))
	}
	return tea.Batch(p.maybeThink(), tick(), lobbyCmd)
}

// reset starts a new game from fen (checked by the caller).
func (p *playPage) reset(fen string) {
	p.stopThinking()
	pos, _ := core.ParseFEN(fen)
	p.pos, p.startFEN, p.sans = pos, fen, nil
	p.selected, p.promo, p.info, p.infoPos = core.NoSquare, nil, core.Info{}, nil
	p.flagged = 0
	p.startClocks()
}

func (p *playPage) sideKind(c core.Color) sideKind { return playModes[p.mode][c] }

func (p *playPage) humanToMove() bool {
	return p.sideKind(p.pos.SideToMove()) == human && !p.over()
}

// ShortHelp lists the page's main keys.
func (p *playPage) ShortHelp() []key.Binding {
	if p.inLobby {
		return p.lobby.shortHelp()
	}
	k := p.keys
	return []key.Binding{k.Select, k.Prompt, k.Undo, k.NewGame, k.Mode, k.Stronger, k.Lobby}
}

// FullHelp lists every key of the page.
func (p *playPage) FullHelp() [][]key.Binding {
	if p.inLobby {
		return p.lobby.fullHelp()
	}
	k := p.keys
	return [][]key.Binding{{k.Up, k.Down, k.Left, k.Right, k.Select, k.Prompt}, {k.Undo, k.NewGame, k.LoadFEN, k.SavePGN}, {k.Mode, k.Stronger, k.Weaker, k.Preset}, {k.Flip, k.Letters, k.Lobby}}
}

// Capturing reports whether the page wants every key (a prompt is open).
func (p *playPage) Capturing() bool {
	if p.inLobby {
		return p.lobby.capturing()
	}
	return p.prompting || len(p.promo) > 0
}

// notice is the lobby's call for the user, for the tab bar.
func (p *playPage) notice(active bool) string { return p.lobby.notice(active && p.inLobby) }

// showLobby turns the tab to the lobby side or back to the board.
func (p *playPage) showLobby(on bool) tea.Cmd {
	p.inLobby = on
	return p.lobby.setShown(p.active && on)
}

// lobbyUpdate hands the lobby a message, and turns the tab to it when a
// game of mine has just opened by itself (it started, or I came back).
func (p *playPage) lobbyUpdate(msg tea.Msg) tea.Cmd {
	cmd := p.lobby.update(msg)
	if p.lobby.autoOpened {
		p.lobby.autoOpened = false
		if !p.inLobby {
			return tea.Batch(cmd, p.showLobby(true))
		}
	}
	return cmd
}

func (p *playPage) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case lobbyChangedMsg, lobbyClosedMsg, gameTickMsg, gameSavedMsg:
		return p, p.lobbyUpdate(msg)
	case tabShownMsg:
		p.active = true
		return p, p.lobby.setShown(p.inLobby)
	case tabHiddenMsg:
		p.active = false
		return p, p.lobby.setShown(false)
	case clockTick:
		if p.clockTC != nil && !p.over() && p.left(p.pos.SideToMove()) <= 0 {
			p.flag(p.pos.SideToMove())
		}
		return p, tick()
	case engineInfoMsg:
		if msg.gen != p.gen || !p.thinking {
			return p, nil
		}
		p.info = msg.info
		return p, nil
	case engineMoveMsg:
		return p, p.engineMoved(msg)
	case useChromosomeMsg:
		p.custom, p.customName, p.oppName = msg.c, msg.name, msg.name
		p.say(false, "the engine now plays %s", msg.name)
		return p, p.maybeThink()
	case tea.MouseMsg:
		if p.inLobby {
			return p, p.lobby.mouse(msg)
		}
		return p, p.mouse(msg)
	case tea.KeyMsg:
		if key.Matches(msg, p.keys.Lobby) && !p.Capturing() {
			return p, p.showLobby(!p.inLobby)
		}
		if p.inLobby {
			return p, p.lobbyKey(msg)
		}
		return p, p.key(msg)
	}
	return p, nil
}

// lobbyKey hands the lobby side a key; a game it opens stays in front.
func (p *playPage) lobbyKey(msg tea.KeyMsg) tea.Cmd {
	cmd := p.lobby.key(msg)
	p.lobby.autoOpened = false
	return cmd
}

func (p *playPage) say(bad bool, format string, args ...any) {
	p.status, p.statusBad = fmt.Sprintf(format, args...), bad
}

func (p *playPage) key(msg tea.KeyMsg) tea.Cmd {
	if p.prompting {
		return p.promptKey(msg)
	}
	if len(p.promo) > 0 {
		return p.promotionKey(msg)
	}
	k := p.keys
	switch {
	case key.Matches(msg, k.Up):
		p.moveCursor(0, 1)
	case key.Matches(msg, k.Down):
		p.moveCursor(0, -1)
	case key.Matches(msg, k.Left):
		p.moveCursor(-1, 0)
	case key.Matches(msg, k.Right):
		p.moveCursor(1, 0)
	case key.Matches(msg, k.Select):
		return p.pick(p.cursor)
	case key.Matches(msg, k.Prompt):
		return p.openPrompt(promptMove, "")
	case key.Matches(msg, k.LoadFEN):
		return p.openPrompt(promptSetup, "")
	case key.Matches(msg, k.Flip):
		p.flipped = !p.flipped
	case key.Matches(msg, k.Letters):
		p.letters = !p.letters
	case key.Matches(msg, k.Undo):
		return p.takeBack()
	case key.Matches(msg, k.NewGame):
		p.reset(core.StartFEN)
		p.say(false, "new game")
		return p.maybeThink()
	case key.Matches(msg, k.Mode):
		p.stopThinking()
		p.mode = (p.mode + 1) % len(playModes)
		p.say(false, "%s", p.lineup())
		return p.maybeThink()
	case key.Matches(msg, k.Stronger), key.Matches(msg, k.Weaker):
		if key.Matches(msg, k.Stronger) {
			p.level = min(p.level+1, len(engineLevels)-1)
		} else {
			p.level = max(p.level-1, 0)
		}
		p.say(false, "engine level %s (from its next move)", engineLevels[p.level])
		p.startClocks()
	case key.Matches(msg, k.Preset):
		opps := p.opponents()
		i := slices.IndexFunc(opps, func(o opponent) bool { return o.name == p.oppName })
		p.oppName = opps[(i+1)%len(opps)].name
		p.say(false, "engine: %s (from its next move)", p.oppName)
	case key.Matches(msg, k.SavePGN):
		p.savePGN()
	case key.Matches(msg, k.Back):
		p.selected = core.NoSquare
	}
	return nil
}

func (p *playPage) moveCursor(df, dr int) {
	if p.flipped {
		df, dr = -df, -dr
	}
	f := min(max(p.cursor.File()+df, 0), 7)
	r := min(max(p.cursor.Rank()+dr, 0), 7)
	p.cursor = core.MakeSquare(f, r)
}

func (p *playPage) mouse(msg tea.MouseMsg) tea.Cmd {
	if msg.Action != tea.MouseActionPress || msg.Button != tea.MouseButtonLeft || p.Capturing() {
		return nil
	}
	sq, ok := p.board.squareAt(msg.X-p.boardX, msg.Y-p.boardY)
	if !ok {
		return nil
	}
	p.cursor = sq
	return p.pick(sq)
}

// legalFrom returns the legal moves of the piece on sq.
func (p *playPage) legalFrom(sq core.Square) []core.Move { return legalFrom(p.pos, sq) }

// pick is enter or a click on sq: pick up a piece, or put the picked one
// down there.
func (p *playPage) pick(sq core.Square) tea.Cmd {
	if !p.humanToMove() {
		if p.pos.Status().Over() {
			p.say(true, "the game is over: n starts a new one, u takes back")
		} else {
			p.say(true, "the engine is to move")
		}
		return nil
	}
	own := p.pos.PieceAt(sq) != core.NoPiece && p.pos.PieceAt(sq).Color() == p.pos.SideToMove()
	if p.selected == core.NoSquare || own && sq != p.selected {
		if !own {
			return nil
		}
		if len(p.legalFrom(sq)) == 0 {
			p.say(true, "%s has no legal move", sq)
			return nil
		}
		p.selected = sq
		return nil
	}
	if sq == p.selected {
		p.selected = core.NoSquare
		return nil
	}
	var choices []core.Move
	for _, m := range p.legalFrom(p.selected) {
		if m.To() == sq {
			choices = append(choices, m)
		}
	}
	switch len(choices) {
	case 0:
		p.say(true, "%s%s is not a legal move", p.selected, sq)
		return nil
	case 1:
		p.selected = core.NoSquare
		return p.play(choices[0])
	}
	p.promo = choices
	p.say(false, "promote to: q r b n (esc: cancel)")
	return nil
}

func (p *playPage) promotionKey(msg tea.KeyMsg) tea.Cmd {
	if key.Matches(msg, p.keys.Back) {
		p.promo, p.selected = nil, core.NoSquare
		p.say(false, "")
		return nil
	}
	want := map[string]core.PieceType{"q": core.Queen, "r": core.Rook, "b": core.Bishop, "n": core.Knight}[strings.ToLower(msg.String())]
	for _, m := range p.promo {
		if m.Promotion() == want {
			p.promo, p.selected = nil, core.NoSquare
			return p.play(m)
		}
	}
	return nil
}

// play makes a legal move and lets the engine answer.
func (p *playPage) play(m core.Move) tea.Cmd {
	if p.clockTC != nil {
		side := p.pos.SideToMove()
		p.clock[side] -= time.Since(p.turnStart)
		if p.clock[side] <= 0 {
			p.flag(side)
			return nil
		}
		p.clock[side] += p.clockTC.Inc
		p.turnStart = time.Now()
	}
	p.sans = append(p.sans, p.pos.SAN(m))
	p.pos.MakeMove(m)
	p.say(false, "")
	if st := p.pos.Status(); st.Over() {
		p.say(false, "%s", gameOverText(st))
		return nil
	}
	return p.maybeThink()
}

// takeBack undoes the last move, and more until a person is to move
// (engine against engine: one move). The engine then moves if it is its
// turn; clocks keep their time.
func (p *playPage) takeBack() tea.Cmd {
	p.stopThinking()
	if len(p.sans) == 0 {
		p.say(true, "nothing to take back")
		return nil
	}
	n := 0
	for len(p.sans) > 0 && (n == 0 || p.sideKind(p.pos.SideToMove()) == engine && playModes[p.mode] != [2]sideKind{engine, engine}) {
		p.pos.UnmakeMove()
		p.sans = p.sans[:len(p.sans)-1]
		n++
	}
	p.flagged = 0
	if p.clockTC != nil {
		p.turnStart = time.Now()
	}
	p.selected, p.promo = core.NoSquare, nil
	p.say(false, "took back %d move(s)", n)
	return p.maybeThink()
}

func (p *playPage) openPrompt(kind int, text string) tea.Cmd {
	p.prompting, p.promptKind = true, kind
	p.prompt.SetValue(text)
	p.prompt.Placeholder = "a move: e4, Nf3, exd5, O-O, e7e8q"
	if kind == promptSetup {
		p.prompt.Placeholder = "a FEN, or a PGN game on one line"
	}
	p.prompt.CursorEnd()
	return p.prompt.Focus()
}

func (p *playPage) promptKey(msg tea.KeyMsg) tea.Cmd {
	switch msg.Type {
	case tea.KeyEsc:
		p.prompting = false
		p.prompt.Blur()
		return nil
	case tea.KeyTab:
		if p.promptKind == promptMove {
			if pre := commonPrefix(p.completions(p.prompt.Value())); len(pre) > len(p.prompt.Value()) {
				p.prompt.SetValue(pre)
				p.prompt.CursorEnd()
			}
		}
		return nil
	case tea.KeyEnter:
		text := strings.TrimSpace(p.prompt.Value())
		if p.promptKind == promptSetup {
			if err := p.setup(text); err != nil {
				p.say(true, "%v", err)
				return nil // the prompt stays open with the text, the game unchanged
			}
			p.prompting = false
			p.prompt.Blur()
			return p.maybeThink()
		}
		if !p.humanToMove() {
			p.say(true, "not your move")
			return nil
		}
		m, err := p.pos.ParseMove(text)
		if err != nil {
			if c := p.completions(text); len(c) > 1 && len(c) <= 8 {
				p.say(true, "%q is ambiguous: %s", text, strings.Join(c, " "))
			} else {
				p.say(true, "%v", err)
			}
			return nil
		}
		p.prompting = false
		p.prompt.Blur()
		return p.play(m)
	}
	var cmd tea.Cmd
	p.prompt, cmd = p.prompt.Update(msg)
	return cmd
}

// completions lists the legal moves whose SAN or UCI form starts with text.
func (p *playPage) completions(text string) []string { return moveCompletions(p.pos, text) }

func commonPrefix(words []string) string {
	if len(words) == 0 {
		return ""
	}
	pre := strings.TrimRight(words[0], "+#")
	for _, w := range words[1:] {
		for !strings.HasPrefix(w, pre) {
			pre = pre[:len(pre)-1]
		}
	}
	return pre
}

// setup starts a game from a FEN, or replays a PGN game.
func (p *playPage) setup(text string) error {
	if _, err := core.ParseFEN(text); err == nil {
		p.reset(text)
		p.say(false, "position set up")
		return nil
	} else if !strings.Contains(text, "1.") && !strings.HasPrefix(text, "[") {
		return err
	}
	g, err := pgn.NewReader(strings.NewReader(text)).Next()
	if err != nil {
		return fmt.Errorf("not a FEN, and as PGN: %w", err)
	}
	start, err := g.StartPosition()
	if err != nil {
		return err
	}
	p.reset(start.FEN())
	for _, m := range g.Moves {
		p.sans = append(p.sans, p.pos.SAN(m))
		p.pos.MakeMove(m)
	}
	p.say(false, "PGN game loaded: %d moves", len(g.Moves))
	return nil
}

func (p *playPage) savePGN() {
	g := &pgn.Game{}
	start, _ := core.ParseFEN(p.startFEN)
	g.SetStartPosition(start)
	names := map[sideKind]string{human: "Human", engine: "evochess " + p.engineName()}
	g.SetTag("Event", "evochess game")
	g.SetTag("Date", time.Now().Format("2006.01.02"))
	g.SetTag("White", names[p.sideKind(core.White)])
	g.SetTag("Black", names[p.sideKind(core.Black)])
	for _, m := range p.pos.Moves() {
		g.AddMove(m, "")
	}
	g.Result = p.pos.Status().Outcome
	var b bytes.Buffer
	if err := pgn.Write(&b, g); err != nil {
		p.say(true, "save: %v", err)
		return
	}
	name, err := p.env.SaveGame(b.Bytes())
	if err != nil {
		p.say(true, "save: %s", p.env.errText(err))
		return
	}
	p.say(false, "saved as %s/%s in the data directory", saves.Games, name)
}
