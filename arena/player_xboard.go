package arena

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/evochess/evochess/core"
)

// XboardPlayer runs an external engine speaking CECP (the xboard/WinBoard
// protocol, version 2, with protocol-1 engines tolerated): phalanx,
// hoichess, gnuchess, crafty, fairymax. Like the UCI player it starts the
// engine on first use, restarts it by NewGame after a crash or a hang, and
// turns every fault into an error the referee adjudicates the same way.
//
// The engine keeps a board of its own, so the player remembers what it
// holds: the next move of the same game sends only the moves played since,
// and anything else (a new game, a take-back, other limits) starts the
// engine's game again with new, setboard and every move.
type XboardPlayer struct {
	name    string
	options [][2]string

	// FeatureTimeout is how long the engine has to finish its feature
	// list (done=1) after "protover 2"; an engine silent for that long is
	// a protocol-1 engine and is used with CECP's defaults, as xboard does.
	FeatureTimeout time.Duration
	// HandshakeTimeout bounds an engine that asked for more time (done=0)
	// and the answer to a ping.
	HandshakeTimeout time.Duration
	// MoveTimeout bounds a move searched by depth or nodes, where no clock
	// says when the engine is late.
	MoveTimeout time.Duration
	// Margin is the grace beyond a clock or time per move before the
	// engine is killed as unresponsive (see UCIPlayer.Margin).
	Margin time.Duration

	host engineHost
	mu   sync.Mutex // guards xp
	xp   *xboardProcess

	// needFeatures: the engine must answer protover 2 with features (an
	// AutoPlayer's engine that said nothing to uci: a program that says
	// nothing to either is none).
	needFeatures bool
}

// xboardProcess is one run of the engine with what it announced and what
// its board holds.
type xboardProcess struct {
	*engineProcess
	feat xboardFeatures

	inGame   bool        // the engine's board is one of our games (false: send new)
	startFEN string      // that game's start
	known    []core.Move // the moves its board has had since
	limits   string      // the time-control commands in force since new
	games    int         // games begun on this process
	pings    int         // the last ping's number
	sticky   string      // "sd" or "nps" once sent: limits new does not lift
}

// errNoSetboard: a protocol-1 style engine without setboard cannot be
// given a position other than the standard start.
var errNoSetboard = errors.New("the engine cannot set up a position (no feature setboard=1): play it from the standard start (--openings \"\")")

// NewXboardPlayer returns a player for the xboard engine at path, started
// with args and given "option NAME=VALUE" for each option.
func NewXboardPlayer(name, path string, args []string, options [][2]string) *XboardPlayer {
	return &XboardPlayer{name: name, options: options, host: engineHost{path: path, args: args},
		FeatureTimeout: 5 * time.Second, HandshakeTimeout: 10 * time.Second,
		MoveTimeout: 60 * time.Second, Margin: 2 * time.Second}
}

func (x *XboardPlayer) Name() string { return x.name }

// EngineName returns the engine's own name (feature myname), once started.
func (x *XboardPlayer) EngineName() string { return x.host.id() }

// current is the running process, nil after a fault or before the start.
func (x *XboardPlayer) current() *xboardProcess {
	p := x.host.current()
	x.mu.Lock()
	defer x.mu.Unlock()
	if p == nil || x.xp == nil || x.xp.engineProcess != p {
		return nil
	}
	return x.xp
}

func (x *XboardPlayer) fail(p *xboardProcess, err error) error {
	return x.host.fail(p.engineProcess, err)
}

// start launches the engine and reads its features.
func (x *XboardPlayer) start(ctx context.Context) (*xboardProcess, error) {
	proc, err := x.host.launch()
	if err != nil {
		return nil, err
	}
	p := &xboardProcess{engineProcess: proc, feat: defaultXboardFeatures()}
	if p.send("xboard") != nil || p.send("protover 2") != nil {
		return nil, x.fail(p, ErrEngineCrashed)
	}
	deadline := time.After(x.FeatureTimeout)
	waitMore := false
features:
	for {
		line, err := p.readLine(ctx, deadline)
		switch {
		case errors.Is(err, ErrEngineUnresponsive) && !waitMore && x.needFeatures:
			return nil, x.fail(p, notEngine(x.host.path, "a chess engine", fmt.Sprintf(
				"no answer to uci within %v nor features to protover 2 within %v (a protocol-1 xboard engine that says nothing is given as xboard=%s)",
				DetectTimeout, x.FeatureTimeout, x.host.path)))
		case errors.Is(err, ErrEngineUnresponsive) && !waitMore:
			break features // protocol 1: no features, CECP's defaults
		case err != nil:
			return nil, x.fail(p, handshakeError(x.host.path, "", "feature done=1", x.HandshakeTimeout, err))
		}
		if echoes(line, "xboard", "protover 2") {
			return nil, x.fail(p, echoError(x.host.path, "an xboard engine", line))
		}
		switch x.features(p, line) {
		case 1:
			break features
		case 0:
			if !waitMore { // done=0: the engine needs longer, up to the handshake timeout
				waitMore, deadline = true, time.After(x.HandshakeTimeout)
			}
		}
	}
	x.host.setID(p.feat.myname)
	if !p.feat.playsChess() {
		return nil, x.fail(p, fmt.Errorf("%w: %s plays only %q, not chess", ErrEngineCrashed, x.host.path, p.feat.variants))
	}
	for _, o := range x.options {
		if err := p.send("option " + o[0] + "=" + o[1]); err != nil {
			return nil, x.fail(p, ErrEngineCrashed)
		}
	}
	x.mu.Lock()
	x.xp = p
	x.mu.Unlock()
	if err := x.sync(ctx, p); err != nil {
		return nil, err
	}
	return p, nil
}

// features answers a feature line (any other line is ignored) and
// returns the done value it carried: 1, 0, or -1 for none.
func (x *XboardPlayer) features(p *xboardProcess, line string) int {
	rest, ok := strings.CutPrefix(line, "feature ")
	if !ok {
		return -1
	}
	done := -1
	for _, f := range parseFeatures(rest) {
		if f.name == "done" {
			if n, err := strconv.Atoi(f.value); err == nil && (n == 0 || n == 1) {
				done = n
			}
		}
		p.send(p.feat.apply(f)) // a failed write shows as a crash at the next read
	}
	return done
}

// sync makes sure the engine has read everything sent so far: with ping,
// by waiting for the pong; without, by taking what it has already written.
// Either way, output left over from before is consumed here.
func (x *XboardPlayer) sync(ctx context.Context, p *xboardProcess) error {
	if !p.feat.ping {
		for {
			line, ok := p.pending()
			if !ok {
				break
			}
			x.features(p, line)
		}
		if p.dead() {
			return x.fail(p, ErrEngineCrashed)
		}
		return nil
	}
	p.pings++
	want := "pong " + strconv.Itoa(p.pings)
	if err := p.send("ping " + strconv.Itoa(p.pings)); err != nil {
		return x.fail(p, ErrEngineCrashed)
	}
	deadline := time.After(x.HandshakeTimeout)
	for {
		line, err := p.readLine(ctx, deadline)
		if err != nil {
			return x.fail(p, handshakeError(x.host.path, "", want, x.HandshakeTimeout, err))
		}
		if strings.TrimSpace(line) == want {
			return nil
		}
		x.features(p, line)
	}
}

// NewGame starts the engine if needed (again, if it died since the last
// game, or for every game when it asked for reuse=0) and checks that it
// answers.
func (x *XboardPlayer) NewGame(ctx context.Context) error {
	for attempt := 0; ; attempt++ {
		p := x.current()
		if p != nil && (p.dead() || !p.feat.reuse && p.games > 0) {
			x.host.kill(p.engineProcess)
			p = nil
		}
		if p == nil {
			var err error
			if p, err = x.start(ctx); err != nil {
				return err
			}
		}
		p.games++
		p.inGame = false
		err := x.sync(ctx, p)
		if err == nil {
			return nil
		}
		if !errors.Is(err, ErrEngineCrashed) || attempt > 0 {
			return err
		}
		// It died between games: one fresh start before giving up.
	}
}

// Play brings the engine's board to the game, sets its time control,
// sends go and waits for its move (or its resignation, or a fault).
func (x *XboardPlayer) Play(ctx context.Context, g GameView, lim core.Limits) (MoveReply, error) {
	p := x.current()
	if p == nil {
		var err error
		if p, err = x.start(ctx); err != nil {
			return MoveReply{}, err
		}
	}
	if sticky := stickyLimit(lim); p.sticky != "" && p.sticky != sticky {
		// Engines keep sd and nps across new (hoichess and fairymax do,
		// against CECP), and neither has a standard "no limit": only a
		// fresh process lifts them.
		x.host.kill(p.engineProcess)
		var err error
		if p, err = x.start(ctx); err != nil {
			return MoveReply{}, err
		}
	}
	if err := x.sync(ctx, p); err != nil {
		return MoveReply{}, err
	}
	side := g.Pos.SideToMove()
	limits, setup, perMove, err := x.limitCommands(p, side, lim)
	if err != nil {
		return MoveReply{}, err
	}
	cmds, sent, err := x.positionCommands(p, g, limits)
	if err != nil {
		return MoveReply{}, err
	}
	if cmds[0] == "new" {
		cmds = slices.Insert(cmds, 1, setup...) // after new, which resets the clocks
		p.sticky = stickyLimit(lim)
	}
	cmds = append(cmds, perMove...)
	cmds = append(cmds, "go")
	for _, c := range cmds {
		if err := p.send(c); err != nil {
			return MoveReply{}, x.fail(p, ErrEngineCrashed)
		}
	}
	timer := time.NewTimer(x.moveDeadline(side, lim))
	defer timer.Stop()
	var reply MoveReply
	for {
		line, err := p.readLine(ctx, timer.C)
		if err != nil {
			// Crashed, hung or cancelled mid-search: a fresh process next game.
			return MoveReply{}, x.fail(p, err)
		}
		if text, ok := engineMove(line); ok {
			m, err := g.Pos.ParseMove(text)
			if err != nil || text == "" {
				p.inGame = false // its board has a move ours has not
				return MoveReply{}, &IllegalMoveError{Text: text, Err: fmt.Errorf("engine said %q: %v", line, err)}
			}
			p.known = append(slices.Clone(g.Moves), m)
			reply.Move = m
			return reply, nil
		}
		if text, ok := rejectedMove(line); ok && sent[text] {
			// It refused a move the referee accepted: its board and ours
			// differ, and nothing it plays from here can be trusted.
			return MoveReply{}, x.fail(p, &IllegalMoveError{Text: text + " (refused by the engine)", Err: fmt.Errorf("engine said %q", line)})
		}
		switch parseClaim(line) {
		case claimResign:
			p.inGame = false
			return MoveReply{}, fmt.Errorf("%w (%s)", ErrResigned, line)
		case claimWhiteWins, claimBlackWins:
			p.inGame = false
			if (parseClaim(line) == claimWhiteWins) == (side == core.Black) {
				return MoveReply{}, fmt.Errorf("%w (%s)", ErrResigned, line) // it concedes
			}
			// The referee asks for a move only in a game that is not over.
			return MoveReply{}, fmt.Errorf("%w: %s", ErrFalseClaim, line)
		case claimDraw:
			// A claim that its coming move draws: the referee judges the
			// position after the move by the rules, so wait for the move.
			continue
		}
		if parseThinking(line, &reply) {
			continue
		}
		x.features(p, line) // a late feature line is answered; anything else is chatter
	}
}

// positionCommands are the commands that bring the engine's board to the
// game: only force and the new moves when it holds the game so far under
// the same limits, otherwise new, setboard and every move. sent holds the
// move texts, to recognise an "Illegal move" answer to one of them.
func (x *XboardPlayer) positionCommands(p *xboardProcess, g GameView, limits string) ([]string, map[string]bool, error) {
	pos, err := core.ParseFEN(g.StartFEN)
	if err != nil {
		return nil, nil, err
	}
	var cmds []string
	from := 0
	if p.inGame && p.startFEN == g.StartFEN && p.limits == limits && len(p.known) <= len(g.Moves) && slices.Equal(p.known, g.Moves[:len(p.known)]) {
		cmds = append(cmds, "force")
		from = len(p.known)
	} else {
		// "easy": no pondering; "post": thinking output, for the scores
		// that adjudication and the PGN comments use.
		cmds = append(cmds, "new", "easy", "post", "force")
		if g.StartFEN != core.StartFEN {
			if !p.feat.setboard {
				return nil, nil, fmt.Errorf("%w: %s", errNoSetboard, g.StartFEN)
			}
			cmds = append(cmds, "setboard "+g.StartFEN)
		}
		p.inGame, p.startFEN, p.limits = true, g.StartFEN, limits
	}
	sent := map[string]bool{}
	for i, m := range g.Moves {
		if i >= from {
			t := moveText(pos, m, p.feat.san)
			sent[t] = true
			if p.feat.usermove {
				t = "usermove " + t
			}
			cmds = append(cmds, t)
		}
		pos.MakeMove(m)
	}
	p.known = slices.Clone(g.Moves)
	return cmds, sent, nil
}

// limitCommands translates the limits: setup commands last the engine's
// game (sd, st, nps, level), perMove ones go before each go (time, otim),
// and limits names the setup, to tell when it changes (new limits
// restart the engine's game: new is the only way to clear sd or nps).
func (x *XboardPlayer) limitCommands(p *xboardProcess, side core.Color, lim core.Limits) (limits string, setup, perMove []string, err error) {
	switch {
	case lim.Depth > 0:
		// A generous time per move, so an engine that ignores sd still
		// moves before it is killed as unresponsive; st first, because
		// Phalanx forgets its depth limit at st.
		setup = []string{fmt.Sprintf("st %d", wholeSeconds(x.MoveTimeout-x.Margin)), x.depthCommand(p, lim.Depth)}
	case lim.Nodes > 0:
		if !p.feat.nps {
			return "", nil, nil, errors.New("the engine cannot limit nodes (no feature nps=1): give it depth= or movetime=")
		}
		// nps N with one second per move is N nodes per move.
		setup = []string{"nps " + strconv.FormatUint(lim.Nodes, 10), "st 1"}
	case lim.MoveTime > 0:
		setup = []string{fmt.Sprintf("st %d", wholeSeconds(lim.MoveTime))}
	default:
		own, opp, inc := lim.WTime, lim.BTime, lim.WInc
		if side == core.Black {
			own, opp, inc = lim.BTime, lim.WTime, lim.BInc
		}
		// The level is set when the engine's game starts, from the clock
		// at that move (CECP has no "moves to go"); time and otim before
		// every move keep the engine's clocks exact.
		limits = fmt.Sprintf("clock +%v, periods %t", inc, lim.MovesToGo > 0)
		setup = []string{xboardLevel(lim.MovesToGo, own, inc)}
		if p.feat.time {
			perMove = []string{"time " + strconv.FormatInt(centiseconds(own), 10), "otim " + strconv.FormatInt(centiseconds(opp), 10)}
		}
		return limits, setup, perMove, nil
	}
	return strings.Join(setup, "; "), setup, nil, nil
}

// stickyLimit names the limit commands engines keep from game to game.
func stickyLimit(lim core.Limits) string {
	switch {
	case lim.Depth > 0:
		return "sd"
	case lim.Nodes > 0:
		return "nps"
	}
	return ""
}

// depthCommand is CECP's "sd N"; Phalanx knows only its own "depth N" and
// would otherwise think for the whole generous st.
func (x *XboardPlayer) depthCommand(p *xboardProcess, depth int) string {
	if strings.HasPrefix(p.feat.myname, "Phalanx") {
		return "depth " + strconv.Itoa(depth)
	}
	return "sd " + strconv.Itoa(depth)
}

func (x *XboardPlayer) moveDeadline(side core.Color, lim core.Limits) time.Duration {
	switch {
	case lim.Depth > 0 || lim.Nodes > 0:
		return x.MoveTimeout
	case lim.MoveTime > 0:
		st := time.Duration(wholeSeconds(lim.MoveTime)) * time.Second
		return max(st, lim.MoveTime) + x.Margin
	case side == core.Black:
		return lim.BTime + x.Margin
	}
	return lim.WTime + x.Margin
}

// Close asks the engine to quit, makes sure the process is gone, and
// keeps the player from starting it again.
func (x *XboardPlayer) Close() error {
	x.host.close("quit")
	return nil
}
