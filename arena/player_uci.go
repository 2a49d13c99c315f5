package arena

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/evochess/evochess/core"
)

// UCIPlayer runs an external engine speaking UCI. The process is started
// on first use and restarted by NewGame after a crash or a hang, so a
// misbehaving engine costs the game it misbehaved in and nothing more.
type UCIPlayer struct {
	name    string
	options [][2]string

	// HandshakeTimeout bounds start-up ("uci" … "uciok", "isready" …
	// "readyok"): an engine says its options and readies its tables in
	// well under it, and a program that is no engine is found out by it.
	HandshakeTimeout time.Duration
	// MoveTimeout bounds a move searched by depth or nodes, where no clock
	// says when the engine is late.
	MoveTimeout time.Duration
	// Margin is the grace beyond a clock or movetime before the engine is
	// killed as unresponsive. The referee's own margin (shorter) forfeits
	// it on time first; this one only guards against a hung process.
	Margin time.Duration

	host engineHost

	// byName is the engine's option list from its last handshake, by
	// lower-case name: the defaults an option goes back to.
	byName uciOptions
	// offered holds the lower-case name of every option line of the last
	// handshake, also of those ParseUCIOption cannot use (a spin without
	// bounds): the engine offers them, so setting one is no misspelling.
	offered map[string]bool
	// applied is what the running process has been told, by lower-case
	// option name: Reconfigure's options are sent only where they differ.
	applied map[string]string
}

// NewUCIPlayer returns a player for the engine at path, started with args
// and configured with setoption name/value pairs.
func NewUCIPlayer(name, path string, args []string, options [][2]string) *UCIPlayer {
	return &UCIPlayer{name: name, options: options, host: engineHost{path: path, args: args},
		HandshakeTimeout: DefaultHandshakeTimeout, MoveTimeout: 60 * time.Second, Margin: 2 * time.Second}
}

// DefaultHandshakeTimeout is a new UCI player's HandshakeTimeout.
const DefaultHandshakeTimeout = 5 * time.Second

func (u *UCIPlayer) Name() string { return u.name }

// Reconfigure makes the player another setting of the same engine: from
// the next NewGame on it plays with options instead, sent to the running
// process with setoption where they differ from what it was told (an
// option no longer given goes back to the engine's default), so that one
// process serves every individual of a tuning run. Call it between games.
func (u *UCIPlayer) Reconfigure(name string, options [][2]string) {
	u.name, u.options = name, options
}

// EngineName returns the engine's own name (from "id name"), once started.
func (u *UCIPlayer) EngineName() string { return u.host.id() }

// EngineAuthor returns the engine's author (from "id author"), once
// started.
func (u *UCIPlayer) EngineAuthor() string { return u.host.author() }

func (u *UCIPlayer) current() *engineProcess { return u.host.current() }

// start launches the engine and completes the handshake.
func (u *UCIPlayer) start(ctx context.Context) (*engineProcess, error) {
	p, err := u.host.launch()
	if err != nil {
		return nil, err
	}
	if err := p.send("uci"); err != nil {
		return nil, u.fail(p, ErrEngineCrashed)
	}
	deadline := time.After(u.HandshakeTimeout)
	u.byName, u.offered, u.applied = uciOptions{}, map[string]bool{}, map[string]string{}
	for {
		line, err := p.readLine(ctx, deadline)
		if err != nil {
			return nil, u.fail(p, handshakeError(u.host.path, "a UCI engine", "uciok", u.HandshakeTimeout, err))
		}
		if echoes(line, "uci") {
			return nil, u.fail(p, echoError(u.host.path, "a UCI engine", line))
		}
		if o, ok := ParseUCIOption(line); ok {
			u.byName[strings.ToLower(o.Name)] = o
		}
		if name, ok := offeredOption(line); ok {
			u.offered[strings.ToLower(name)] = true
		}
		if name, ok := strings.CutPrefix(line, "id name "); ok {
			u.host.setID(strings.TrimSpace(name))
		}
		if author, ok := strings.CutPrefix(line, "id author "); ok {
			u.host.setAuthor(strings.TrimSpace(author))
		}
		if strings.TrimSpace(line) == "uciok" {
			break
		}
		if xboardAnswer(line) {
			// Waiting for a uciok that will never come would cost every
			// game the whole handshake timeout and say nothing useful.
			return nil, u.fail(p, fmt.Errorf("%w: %s answered %q to uci: it speaks xboard (give xboard=%s or engine=%s)",
				ErrEngineCrashed, u.host.path, line, u.host.path, u.host.path))
		}
	}
	if _, err := u.syncOptions(p); err != nil {
		return nil, err
	}
	if err := u.ready(ctx, p); err != nil {
		return nil, err
	}
	return p, nil
}

// ready sends isready and waits for readyok.
func (u *UCIPlayer) ready(ctx context.Context, p *engineProcess) error {
	if err := p.send("isready"); err != nil {
		return u.fail(p, ErrEngineCrashed)
	}
	deadline := time.After(u.HandshakeTimeout)
	for {
		line, err := p.readLine(ctx, deadline)
		if err != nil {
			return u.fail(p, handshakeError(u.host.path, "", "readyok", u.HandshakeTimeout, err))
		}
		if echoes(line, "isready") {
			return u.fail(p, echoError(u.host.path, "a UCI engine", line))
		}
		if strings.TrimSpace(line) == "readyok" {
			return nil
		}
	}
}

// fail kills the process after an error, so the next game starts afresh.
func (u *UCIPlayer) fail(p *engineProcess, err error) error { return u.host.fail(p, err) }

func (u *UCIPlayer) kill(p *engineProcess) { u.host.kill(p) }

// NewGame starts the engine if needed (again, if it died since the last
// game) and tells it a new game begins.
func (u *UCIPlayer) NewGame(ctx context.Context) error {
	for attempt := 0; ; attempt++ {
		p := u.current()
		if p != nil && p.dead() {
			u.kill(p)
			p = nil
		}
		if p != nil {
			synced, err := u.syncOptions(p)
			if err != nil {
				return err
			}
			if !synced { // an option that cannot be undone: start afresh
				u.kill(p)
				p = nil
			}
		}
		if p == nil {
			var err error
			if p, err = u.start(ctx); err != nil {
				return err
			}
		}
		if err := p.send("ucinewgame"); err == nil {
			if err = u.ready(ctx, p); err == nil {
				return nil
			} else if !errors.Is(err, ErrEngineCrashed) || attempt > 0 {
				return err
			}
		} else if attempt > 0 {
			return u.fail(p, ErrEngineCrashed)
		}
		u.kill(p) // it died between games: one fresh start before giving up
	}
}

// syncOptions tells the process the options it has not been told: those
// whose value differs from what it has, in the order given, after those
// no longer wanted are set back to the engine's defaults (sorted by name,
// so the same change always sends the same lines). synced is false when
// an option must be undone whose default the engine did not say: only a
// fresh process has it as the player wants.
func (u *UCIPlayer) syncOptions(p *engineProcess) (synced bool, err error) {
	want := make(map[string]bool, len(u.options))
	for _, o := range u.options {
		want[strings.ToLower(o[0])] = true
	}
	var gone []string
	for k := range u.applied {
		if !want[k] {
			gone = append(gone, k)
		}
	}
	sort.Strings(gone)
	set := func(name, value string) error {
		if err := p.send(fmt.Sprintf("setoption name %s value %s", name, value)); err != nil {
			return u.fail(p, ErrEngineCrashed)
		}
		return nil
	}
	for _, k := range gone {
		o, known := u.byName[k]
		if !known || !o.HasDefault {
			return false, nil
		}
		if err := set(o.Name, o.Default); err != nil {
			return false, err
		}
		delete(u.applied, k)
	}
	for _, o := range u.options {
		k := strings.ToLower(o[0])
		if v, ok := u.applied[k]; ok && v == o[1] {
			continue
		}
		if !u.offered[k] {
			// Engines ignore what they do not offer, most without a word:
			// a misspelt option would play a whole match as if unset.
			return false, u.fail(p, fmt.Errorf("%w: %s offers no option %q", ErrBadOption, u.host.path, o[0]))
		}
		if err := set(o[0], o[1]); err != nil {
			return false, err
		}
		u.applied[k] = o[1]
	}
	return true, nil
}

// Play sends the position and the limits and waits for bestmove.
func (u *UCIPlayer) Play(ctx context.Context, g GameView, lim core.Limits) (MoveReply, error) {
	p := u.current()
	if p == nil {
		var err error
		if p, err = u.start(ctx); err != nil {
			return MoveReply{}, err
		}
	}
	var b strings.Builder
	if g.StartFEN == core.StartFEN {
		b.WriteString("position startpos")
	} else {
		b.WriteString("position fen " + g.StartFEN)
	}
	if len(g.Moves) > 0 {
		b.WriteString(" moves")
		for _, m := range g.Moves {
			b.WriteString(" " + m.String())
		}
	}
	// One write for both lines: a syscall less a move.
	b.WriteString("\n" + goCommand(lim))
	if err := p.send(b.String()); err != nil {
		return MoveReply{}, u.fail(p, ErrEngineCrashed)
	}
	timer := time.NewTimer(u.moveDeadline(g.Pos.SideToMove(), lim))
	defer timer.Stop()
	var reply MoveReply
	for {
		line, err := p.readLine(ctx, timer.C)
		if err != nil {
			// Crashed, hung or cancelled mid-search: a fresh process next game.
			return MoveReply{}, u.fail(p, err)
		}
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		switch fields[0] {
		case "info":
			parseInfo(fields[1:], &reply)
		case "bestmove":
			if len(fields) < 2 {
				return MoveReply{}, &IllegalMoveError{Text: "", Err: errors.New("bestmove without a move")}
			}
			m, err := g.Pos.ParseUCIMove(fields[1])
			if err != nil {
				return MoveReply{}, &IllegalMoveError{Text: fields[1], Err: err}
			}
			reply.Move = m
			return reply, nil
		}
	}
}

// IllegalMoveError is an engine's move the referee cannot accept.
type IllegalMoveError struct {
	Text string
	Err  error
}

func (e *IllegalMoveError) Error() string { return fmt.Sprintf("illegal move %q: %v", e.Text, e.Err) }

func (u *UCIPlayer) moveDeadline(side core.Color, lim core.Limits) time.Duration {
	switch {
	case lim.MoveTime > 0:
		return lim.MoveTime + u.Margin
	case lim.WTime > 0 || lim.BTime > 0:
		left := lim.WTime
		if side == core.Black {
			left = lim.BTime
		}
		return left + u.Margin
	}
	return u.MoveTimeout
}

func goCommand(lim core.Limits) string {
	var b strings.Builder
	b.WriteString("go")
	ms := func(d time.Duration) string { return strconv.FormatInt(max(d.Milliseconds(), 1), 10) }
	switch {
	case lim.Depth > 0:
		b.WriteString(" depth " + strconv.Itoa(lim.Depth))
	case lim.Nodes > 0:
		b.WriteString(" nodes " + strconv.FormatUint(lim.Nodes, 10))
	case lim.MoveTime > 0:
		b.WriteString(" movetime " + ms(lim.MoveTime))
	default:
		b.WriteString(" wtime " + ms(lim.WTime) + " btime " + ms(lim.BTime))
		if lim.WInc > 0 || lim.BInc > 0 {
			b.WriteString(" winc " + ms(lim.WInc) + " binc " + ms(lim.BInc))
		}
		if lim.MovesToGo > 0 {
			b.WriteString(" movestogo " + strconv.Itoa(lim.MovesToGo))
		}
	}
	return b.String()
}

// parseInfo keeps the depth, score and nodes of an info line.
func parseInfo(f []string, r *MoveReply) {
	for i := 0; i+1 < len(f); i++ {
		switch f[i] {
		case "depth":
			if n, err := strconv.Atoi(f[i+1]); err == nil {
				r.Depth = n
			}
		case "nodes":
			if n, err := strconv.ParseUint(f[i+1], 10, 64); err == nil {
				r.Nodes = n
			}
		case "score":
			if i+2 < len(f) {
				n, err := strconv.Atoi(f[i+2])
				if err != nil {
					continue
				}
				switch f[i+1] {
				case "cp":
					r.Score = n
				case "mate":
					if n > 0 {
						r.Score = core.MateScore - (2*n - 1)
					} else {
						r.Score = -core.MateScore + 2*(-n)
					}
				}
			}
		case "pv", "string":
			return // the rest are moves or free text
		}
	}
}

// Close asks the engine to quit, makes sure the process is gone, and
// keeps the player from starting it again. A Play blocked on the engine
// returns (as a crash).
func (u *UCIPlayer) Close() error {
	u.host.close("quit")
	return nil
}
