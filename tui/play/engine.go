package play

import (
	"context"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/common"
)

// engineLevels are the engine strengths "+" and "-" move between; the
// last ones are clocks (seconds + increment) that both sides play on.
var engineLevels = []string{"depth=1", "depth=2", "depth=3", "depth=4", "nodes=20000", "movetime=300", "movetime=1000", "movetime=3000", "60+1", "180+2", "300+3"}

// opponent is an engine the Play tab can set against you.
type opponent struct {
	name string
	make func() (arena.Player, error)
}

// opponents lists the named players, the saved players and the external
// engines, and the run genome sent from the Evolution tab, if any.
func (p *Page) opponents() []opponent {
	var out []opponent
	builtin := func(name string, w func() (*core.Weights, error)) opponent {
		return opponent{name, func() (arena.Player, error) {
			weights, err := w()
			if err != nil {
				return nil, err
			}
			return arena.NewEnginePlayer(name, weights, arena.EngineOptions{HashMB: p.env.PlayHash()}), nil
		}}
	}
	for _, n := range core.PlayerNames() {
		out = append(out, builtin(n, func() (*core.Weights, error) { return core.LoadWeights(n) }))
	}
	switch {
	case p.customEngine != nil:
		ps := *p.customEngine
		out = append(out, opponent{p.customName, func() (arena.Player, error) { return p.playerOf(p.customName, ps) }})
	case p.custom != nil:
		c := p.custom
		out = append(out, builtin(p.customName, c.Compile))
	}
	env := p.env
	for _, name := range env.SavedNames(saves.Players) {
		label := "player " + name
		out = append(out, opponent{label, func() (arena.Player, error) {
			ps, err := env.LoadPlayer(name)
			if err != nil {
				return nil, err
			}
			return p.playerOf(label, ps)
		}})
	}
	for _, path := range p.env.Engines {
		name := common.EngineName(path)
		out = append(out, opponent{common.EngineLabel(path), func() (arena.Player, error) {
			return arena.NewExternalPlayer(name, path, common.EngineArgs(path), nil, common.EngineProto(path)), nil
		}})
	}
	return out
}

// playerOf makes a saved player (or one sent from the Evolution tab) play:
// a built-in one with its chromosome and search at the Play tab's hash, an
// external engine (a tuned engine's setting) with its arguments and
// options. The Play tab's level is its limit, not the player's own.
func (p *Page) playerOf(name string, ps arena.PlayerSpec) (arena.Player, error) {
	if ps.External() {
		return arena.NewExternalPlayer(name, ps.Engine, ps.Args, ps.Options, ps.Proto), nil
	}
	w, err := ps.Weights()
	if err != nil {
		return nil, err
	}
	return arena.NewEnginePlayer(name, w, arena.EngineOptions{HashMB: p.env.PlayHash(), Mode: ps.Mode, PlainQuiescence: ps.PlainQuiescence}), nil
}

// engineSlot is the built-in engine of one side, with a lock so that a
// cancelled search has finished before the next one starts.
type engineSlot struct {
	mu     sync.Mutex
	player arena.Player
	name   string
	unhook func() bool // stops the app-end hook that closes player
}

// Messages of the page's engine work; gen tells stale ones from current.
type engineMoveMsg struct {
	gen   int
	reply arena.MoveReply
	err   error
}

type engineInfoMsg struct {
	gen  int
	info core.Info
}

// flag ends the game: side's time ran out.
func (p *Page) flag(side core.Color) {
	p.stopThinking()
	p.flagged = int(side) + 1
	p.clock[side] = 0
	p.say(false, "%s", p.timeText())
}

func (p *Page) timeText() string {
	if p.flagged == int(core.White)+1 {
		return "game over: 0-1, white lost on time"
	}
	return "game over: 1-0, black lost on time"
}

// maybeThink starts the engine when it is to move.
func (p *Page) maybeThink() tea.Cmd {
	side := p.pos.SideToMove()
	if p.thinking || p.sideKind(side) != engine || p.over() {
		return nil
	}
	slot := p.engines[side]
	var opp opponent
	for _, o := range p.opponents() {
		if o.name == p.oppName {
			opp = o
		}
	}
	if opp.make == nil {
		p.say(true, "engine %q is gone", p.oppName)
		return nil
	}
	tc, _ := arena.ParseTimeControl(engineLevels[p.level])
	lim := tc.Limits()
	if p.clockTC != nil {
		lim = core.Limits{WTime: max(p.clock[core.White]-time.Since(p.turnStart)*btod(side == core.White), time.Millisecond),
			BTime: max(p.clock[core.Black]-time.Since(p.turnStart)*btod(side == core.Black), time.Millisecond),
			WInc:  p.clockTC.Inc, BInc: p.clockTC.Inc}
	}
	p.gen++
	gen := p.gen
	ctx, cancel := context.WithCancel(p.env.Ctx)
	p.cancel, p.thinking = cancel, true
	p.info, p.infoPos = core.Info{}, p.pos.Clone()
	view := arena.GameView{StartFEN: p.startFEN, Moves: p.pos.Moves(), Pos: p.pos.Clone()}
	infos := make(chan core.Info, 4)
	appCtx, cpu := p.env.Ctx, p.env.CPU
	search := func() tea.Msg {
		defer close(infos)
		// A worker of the session's share: it waits while the session's
		// tournament or run holds them all.
		give, err := cpu.Wait(ctx)
		if err != nil {
			return engineMoveMsg{gen: gen, err: err}
		}
		defer give()
		slot.mu.Lock()
		defer slot.mu.Unlock()
		if slot.player == nil || slot.name != opp.name {
			if slot.player != nil {
				slot.unhook()
				slot.player.Close()
			}
			pl, err := opp.make()
			if err != nil {
				slot.player = nil
				return engineMoveMsg{gen: gen, err: err}
			}
			slot.player, slot.name = pl, opp.name
			slot.unhook = context.AfterFunc(appCtx, func() { pl.Close() }) // an engine process ends with the app
			if err := pl.NewGame(ctx); err != nil {
				return engineMoveMsg{gen: gen, err: err}
			}
		}
		if ep, ok := slot.player.(*arena.EnginePlayer); ok {
			ep.SetInfo(func(in core.Info) {
				select {
				case infos <- in:
				default: // the UI is behind: it sees the next one
				}
			})
			defer ep.SetInfo(nil)
		}
		reply, err := slot.player.Play(ctx, view, lim)
		return engineMoveMsg{gen: gen, reply: reply, err: err}
	}
	return tea.Batch(search, common.Forward(p.env.Ctx, infos, func(in core.Info) tea.Msg { return engineInfoMsg{gen, in} }))
}

func btod(b bool) time.Duration {
	if b {
		return 1
	}
	return 0
}

// startClocks sets both clocks to the level's when it is a clock (from
// now), or stops them.
func (p *Page) startClocks() {
	tc, _ := arena.ParseTimeControl(engineLevels[p.level])
	if !tc.HasClock() {
		p.clockTC = nil
		return
	}
	p.clockTC = &tc
	p.clock = [2]time.Duration{tc.Base, tc.Base}
	p.turnStart = time.Now()
}

// clockTick redraws running clocks and ends the game when one runs out.
type clockTick struct{}

func tick() tea.Cmd {
	return tea.Tick(200*time.Millisecond, func(time.Time) tea.Msg { return clockTick{} })
}

// left is the time the side has, counting the running turn.
func (p *Page) left(c core.Color) time.Duration {
	t := p.clock[c]
	if c == p.pos.SideToMove() && !p.over() {
		t -= time.Since(p.turnStart)
	}
	return t
}

// over: ended by the rules or on time.
func (p *Page) over() bool { return p.flagged != 0 || p.pos.Status().Over() }
func (p *Page) stopThinking() {
	if p.cancel != nil {
		p.cancel()
	}
	p.gen++
	p.thinking, p.cancel = false, nil
}

func (p *Page) engineMoved(msg engineMoveMsg) tea.Cmd {
	if msg.gen != p.gen {
		return nil // a search given up (take back, new game)
	}
	p.thinking = false
	if p.cancel != nil {
		p.cancel()
		p.cancel = nil
	}
	if msg.err != nil {
		p.say(true, "engine: %v", msg.err)
		return nil
	}
	if !p.pos.IsLegal(msg.reply.Move) {
		p.say(true, "engine played an illegal move %s", msg.reply.Move)
		return nil
	}
	return p.play(msg.reply.Move)
}

// engineName is the engine the Play tab plays with.
func (p *Page) engineName() string { return p.oppName }
