package arena

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/evochess/evochess/core"
)

// Protocol is how an external engine is spoken to.
type Protocol string

const (
	ProtoAuto   Protocol = "auto" // found out by a handshake at the first start
	ProtoUCI    Protocol = "uci"
	ProtoXboard Protocol = "xboard" // CECP, the xboard/WinBoard protocol
)

// ParseProtocol reads uci, xboard (or cecp, winboard) and auto.
func ParseProtocol(s string) (Protocol, error) {
	switch strings.ToLower(s) {
	case "uci":
		return ProtoUCI, nil
	case "xboard", "cecp", "winboard":
		return ProtoXboard, nil
	case "auto", "":
		return ProtoAuto, nil
	}
	return "", fmt.Errorf("protocol %q: want uci, xboard or auto", s)
}

// NewExternalPlayer returns a player for the engine at path speaking
// proto; with ProtoAuto the protocol is found out when it first starts.
func NewExternalPlayer(name, path string, args []string, options [][2]string, proto Protocol) Player {
	switch proto {
	case ProtoUCI:
		return NewUCIPlayer(name, path, args, options)
	case ProtoXboard:
		return NewXboardPlayer(name, path, args, options)
	}
	return NewAutoPlayer(name, path, args, options)
}

// DetectTimeout is how long DetectProtocol waits for an engine that says
// nothing to "uci" before taking it for an xboard engine (protocol 1
// engines ignore what they do not know). Engines that answer are told
// apart at once.
var DetectTimeout = 3 * time.Second

// DetectProtocol starts the engine, says "uci", and tells by the answer:
// uciok is UCI; an xboard engine refuses the command ("Illegal move: uci",
// "Error (unknown command): uci") or says nothing. An engine that has
// begun to answer as UCI ("id name …") gets up to timeout for its uciok;
// a program that repeats "uci" (cat) is no engine. The probe's process is
// always stopped.
func DetectProtocol(ctx context.Context, path string, args []string, timeout time.Duration) (Protocol, error) {
	d, err := detectProtocol(ctx, path, args, timeout)
	return d.proto, err
}

// detection is what a handshake found: the protocol, and whether the
// program said nothing that told it (silent: then only features to
// protover 2 show it is an xboard engine).
type detection struct {
	proto  Protocol
	silent bool
}

func detectProtocol(ctx context.Context, path string, args []string, timeout time.Duration) (detection, error) {
	p, err := launchEngine(path, args)
	if err != nil {
		return detection{}, err
	}
	defer p.kill()
	if err := p.send("uci"); err != nil {
		return detection{}, fmt.Errorf("%w: %s closed its input", ErrEngineCrashed, path)
	}
	deadline := time.After(min(DetectTimeout, timeout))
	extended := false
	for {
		line, err := p.readLine(ctx, deadline)
		switch {
		case errors.Is(err, ErrEngineUnresponsive):
			if extended {
				return detection{}, fmt.Errorf("%w: %s began a UCI handshake but sent no uciok", ErrEngineUnresponsive, path)
			}
			return detection{proto: ProtoXboard, silent: true}, nil
		case errors.Is(err, ErrEngineCrashed):
			if err != ErrEngineCrashed {
				return detection{}, err // it said why
			}
			return detection{}, fmt.Errorf("%w: %s exited when asked its protocol", ErrEngineCrashed, path)
		case err != nil:
			return detection{}, err
		}
		t := strings.TrimSpace(line)
		switch {
		case echoes(t, "uci"):
			return detection{}, echoError(path, "a chess engine", line)
		case t == "uciok":
			return detection{proto: ProtoUCI}, nil
		case xboardAnswer(t):
			return detection{proto: ProtoXboard}, nil
		case !extended && (strings.HasPrefix(t, "id ") || strings.HasPrefix(t, "option name ")):
			extended, deadline = true, time.After(timeout)
		}
	}
}

// detected remembers each engine command's protocol for the program's
// run, so that the workers of a pool (each with its own player) probe an
// engine once between them.
var detected sync.Map // key: path and args → detection

// AutoPlayer is an external engine whose protocol is found out by a
// handshake when it first starts; it then plays as a UCIPlayer or an
// XboardPlayer.
type AutoPlayer struct {
	name, path string
	args       []string
	options    [][2]string
	// Timeout bounds the detection once an engine has begun to answer as
	// UCI (a silent one is judged after DetectTimeout).
	Timeout time.Duration

	closing context.Context // ends with Close: stops a detection under way
	close   context.CancelFunc

	mu    sync.Mutex // guards inner
	inner Player
}

// NewAutoPlayer returns a player for the engine at path that detects its
// protocol.
func NewAutoPlayer(name, path string, args []string, options [][2]string) *AutoPlayer {
	ctx, cancel := context.WithCancel(context.Background())
	return &AutoPlayer{name: name, path: path, args: args, options: options, Timeout: 10 * time.Second, closing: ctx, close: cancel}
}

func (a *AutoPlayer) Name() string { return a.name }

// Protocol returns the detected protocol, or "" before the first start.
func (a *AutoPlayer) Protocol() Protocol {
	switch a.player().(type) {
	case *UCIPlayer:
		return ProtoUCI
	case *XboardPlayer:
		return ProtoXboard
	}
	return ""
}

func (a *AutoPlayer) player() Player {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.inner
}

// resolve returns the player for the detected protocol, detecting it first.
func (a *AutoPlayer) resolve(ctx context.Context) (Player, error) {
	if pl := a.player(); pl != nil {
		return pl, nil
	}
	key := a.path + "\x00" + strings.Join(a.args, "\x00")
	proto, ok := detected.Load(key)
	if !ok {
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		stop := context.AfterFunc(a.closing, cancel)
		defer stop()
		d, err := detectProtocol(ctx, a.path, a.args, a.Timeout)
		if err != nil {
			if a.closing.Err() != nil {
				return nil, errClosed
			}
			return nil, err
		}
		proto, _ = detected.LoadOrStore(key, d)
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closing.Err() != nil {
		return nil, errClosed
	}
	if a.inner == nil {
		d := proto.(detection)
		a.inner = NewExternalPlayer(a.name, a.path, a.args, a.options, d.proto)
		if x, ok := a.inner.(*XboardPlayer); ok {
			// Silent to uci: features to protover 2 must show it is an
			// engine, or a program that answers nothing would be waited
			// for until its first move's time ran out.
			x.needFeatures = d.silent
		}
	}
	return a.inner, nil
}

func (a *AutoPlayer) NewGame(ctx context.Context) error {
	pl, err := a.resolve(ctx)
	if err != nil {
		return err
	}
	return pl.NewGame(ctx)
}

func (a *AutoPlayer) Play(ctx context.Context, g GameView, lim core.Limits) (MoveReply, error) {
	pl, err := a.resolve(ctx)
	if err != nil {
		return MoveReply{}, err
	}
	return pl.Play(ctx, g, lim)
}

// EngineName returns the engine's own name once it has started.
func (a *AutoPlayer) EngineName() string {
	if n, ok := a.player().(interface{ EngineName() string }); ok {
		return n.EngineName()
	}
	return ""
}

// EngineAuthor returns the engine's author once it has started ("" for
// an xboard engine, which does not say).
func (a *AutoPlayer) EngineAuthor() string {
	if n, ok := a.player().(interface{ EngineAuthor() string }); ok {
		return n.EngineAuthor()
	}
	return ""
}

// Close stops a detection under way or the engine, and keeps the player
// from starting it again.
func (a *AutoPlayer) Close() error {
	a.close()
	if pl := a.player(); pl != nil {
		return pl.Close()
	}
	return nil
}
