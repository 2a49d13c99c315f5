package play

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
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/components"
)

// Who plays a side.
type sideKind int

const (
	human sideKind = iota
	engine
)

// playModes are the line-ups "m" cycles through.
var playModes = [][2]sideKind{{human, engine}, {engine, human}, {engine, engine}, {human, human}}

// Page is the Play tab's board: a game, a human or the engine on each
// side. The lobby is the tab's other side (package online); the root
// composes the two.
type Page struct {
	env  *common.Env
	st   *common.Styles
	keys common.KeyMap
	w, h int

	pos      *core.Position
	startFEN string
	sans     []string

	mode         int
	oppName      string // the engine's name in opponents()
	custom       *core.Chromosome
	customEngine *arena.PlayerSpec // a player sent instead of a bare chromosome (UseChromosomeMsg.Engine)
	customName   string
	level        int
	engines      [2]*engineSlot

	// Clocks, when the level is one: time left, since when the side to
	// move has been thinking, and who lost on time.
	clock     [2]time.Duration
	clockTC   *arena.TimeControl
	turnStart time.Time
	flagged   int // 0 none, 1 white lost on time, 2 black

	// in is the board's cursor, clicks, promotion choice and move prompt,
	// the same as a lobby game's; setup is the prompt for a FEN or PGN.
	in        components.MoveInput
	setup     textinput.Model
	settingUp bool

	thinking bool
	gen      int
	cancel   context.CancelFunc
	info     core.Info
	infoPos  *core.Position

	status    string
	statusBad bool
}

func New(env *common.Env, st *common.Styles, keys common.KeyMap) *Page {
	ti := components.NewPrompt(st, ": ", "a FEN, or a PGN game on one line", 400)
	p := &Page{env: env, st: st, keys: keys, level: 5, in: components.NewMoveInput(st, keys), setup: ti,
		engines: [2]*engineSlot{{}, {}}}
	p.oppName = "full"
	p.reset(core.StartFEN)
	return p
}

func (p *Page) Title() string { return "Play" }

// Owns: the engine's moves and thoughts, the clock's ticks, and a
// chromosome sent from the Evolution tab.
func (p *Page) Owns(msg tea.Msg) bool {
	switch msg.(type) {
	case engineMoveMsg, engineInfoMsg, common.UseChromosomeMsg, clockTick:
		return true
	}
	return false
}

func (p *Page) SetSize(w, h int) { p.w, p.h = w, h }

func (p *Page) Init() tea.Cmd { return tea.Batch(p.maybeThink(), tick()) }

// reset starts a new game from fen (checked by the caller).
func (p *Page) reset(fen string) {
	p.stopThinking()
	pos, _ := core.ParseFEN(fen)
	p.pos, p.startFEN, p.sans = pos, fen, nil
	p.in.Reset()
	p.info, p.infoPos = core.Info{}, nil
	p.flagged = 0
	p.startClocks()
}

func (p *Page) sideKind(c core.Color) sideKind { return playModes[p.mode][c] }

func (p *Page) humanToMove() bool {
	return p.sideKind(p.pos.SideToMove()) == human && !p.over()
}

// ShortHelp lists the page's main keys.
func (p *Page) ShortHelp() []key.Binding {
	k := p.keys
	return []key.Binding{k.Select, k.Prompt, k.Undo, k.NewGame, k.Mode, k.Stronger, k.Lobby}
}

// FullHelp lists every key of the page.
func (p *Page) FullHelp() [][]key.Binding {
	k := p.keys
	return [][]key.Binding{{k.Up, k.Down, k.Left, k.Right, k.Select, k.Prompt}, {k.Undo, k.NewGame, k.LoadFEN, k.SavePGN}, {k.Mode, k.Stronger, k.Weaker, k.Preset}, {k.Flip, k.Letters, k.Lobby}}
}

// Capturing reports whether the page wants every key (a prompt is open).
func (p *Page) Capturing() bool { return p.settingUp || p.in.Capturing() }

func (p *Page) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
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
	case common.UseChromosomeMsg:
		p.custom, p.customEngine, p.customName, p.oppName = msg.Chromosome, msg.Engine, msg.Name, msg.Name
		p.say(false, "the engine now plays %s", msg.Name)
		return p, p.maybeThink()
	case tea.MouseMsg:
		return p, p.mouse(msg)
	case tea.KeyMsg:
		return p, p.key(msg)
	}
	return p, nil
}

func (p *Page) say(bad bool, format string, args ...any) {
	p.status, p.statusBad = fmt.Sprintf(format, args...), bad
}

func (p *Page) key(msg tea.KeyMsg) tea.Cmd {
	if p.settingUp {
		return p.setupKey(msg)
	}
	canMove, why := p.canMove()
	if r, handled := p.in.Key(msg, p.pos, canMove, why); handled {
		return p.moved(r)
	}
	k := p.keys
	switch {
	case key.Matches(msg, k.LoadFEN):
		p.settingUp = true
		p.setup.SetValue("")
		return p.setup.Focus()
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
		p.in.Reset()
	}
	return nil
}

func (p *Page) mouse(msg tea.MouseMsg) tea.Cmd {
	if p.settingUp {
		return nil
	}
	canMove, why := p.canMove()
	return p.moved(p.in.Mouse(msg, p.pos, canMove, why))
}

// canMove says whether the person at the board may move now, and why not.
func (p *Page) canMove() (bool, string) {
	switch {
	case p.humanToMove():
		return true, ""
	case p.over():
		return false, "the game is over: n starts a new one, u takes back"
	}
	return false, "the engine is to move"
}

// moved acts on what a key or click on the board did: a move to play, or
// something to say.
func (p *Page) moved(r components.MoveResult) tea.Cmd {
	if r.Say != "" {
		p.say(r.Bad, "%s", r.Say)
	}
	if r.Chosen {
		return tea.Batch(r.Cmd, p.play(r.Move))
	}
	return r.Cmd
}

// play makes a legal move and lets the engine answer.
func (p *Page) play(m core.Move) tea.Cmd {
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
func (p *Page) takeBack() tea.Cmd {
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
	p.in.Reset()
	p.say(false, "took back %d move(s)", n)
	return p.maybeThink()
}

// setupKey is a key while the FEN/PGN prompt is open.
func (p *Page) setupKey(msg tea.KeyMsg) tea.Cmd {
	switch msg.Type {
	case tea.KeyEsc:
		p.settingUp = false
		p.setup.Blur()
		return nil
	case tea.KeyEnter:
		if err := p.setUp(strings.TrimSpace(p.setup.Value())); err != nil {
			p.say(true, "%v", err)
			return nil // the prompt stays open with the text, the game unchanged
		}
		p.settingUp = false
		p.setup.Blur()
		return p.maybeThink()
	}
	var cmd tea.Cmd
	p.setup, cmd = p.setup.Update(msg)
	return cmd
}

// setUp starts a game from a FEN, or replays a PGN game.
func (p *Page) setUp(text string) error {
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

func (p *Page) savePGN() {
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
		p.say(true, "save: %s", p.env.ErrText(err))
		return
	}
	p.say(false, "saved as %s/%s in the data directory", saves.Games, name)
}
