package tui

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/arena/lobby"
	"github.com/evochess/evochess/saves"
)

// Env is what every page of one app (one terminal, one SSH session)
// shares: a context that ends with the program, and the data directory.
type Env struct {
	Ctx  context.Context
	Data *saves.Dir // where the session saves (nil: nothing can be saved or loaded)
	// Library is a shared data directory the session reads and never
	// writes (an SSH user's view of the server's own; nil: none).
	Library *saves.Dir
	// Saves bounds what the session writes (nil: no bounds).
	Saves *SavePolicy
	// Engines are external engines (paths) the Play and Tournament tabs
	// offer; debianEngines says how each speaks, others are detected.
	Engines []string
	// Workers is the default for games at once (0: the number of cores).
	Workers int
	// CPU is the session's share of a server's workers (nil: a terminal
	// of its own, up to MaxWorkers).
	CPU *WorkerShare
	// Idle ends the app after this long without a key or a click (0:
	// never).
	Idle time.Duration
	// Hub is shared by the sessions of one server (nil: nothing shared).
	Hub *Hub
	// Who names the session for others (an SSH user and address).
	Who string
	// Cluster, when set, plays the Tournament and Evolution tabs' games
	// on remote workers too, and they list the workers.
	Cluster Cluster
	// PlayHashMB is the Play tab engine's hash table (0: 16 MB, a
	// terminal's own; a server gives each session less, see ServeSSH).
	PlayHashMB int
	// Lobby is where people meet to play each other and the bot: one
	// shared by every session of a server, a terminal's own otherwise
	// (nil: no lobby). Session is this app's place in it, joined as the
	// session's user (its SSH key, or a guest); LobbyGames says when a
	// finished game has been saved (nil: games are not saved).
	Lobby      *lobby.Lobby
	Session    *lobby.Session
	LobbyGames *gameRecorder
	lobbyErr   error // why the session is not in the lobby, if it is not
}

// playHashMB is the Play engine's hash size.
func (e *Env) playHashMB() int {
	if e.PlayHashMB > 0 {
		return e.PlayHashMB
	}
	return 16
}

// who names the session to others.
func (e *Env) who() string {
	if e.Who == "" {
		return "this terminal"
	}
	return e.Who
}

// workers is the workers fields' starting value.
func (e *Env) workers() int {
	n := e.Workers
	if n <= 0 {
		n = runtime.NumCPU()
	}
	return min(n, e.CPU.Max())
}

// debianEngine is a chess engine Debian installs in /usr/games: the
// protocol it speaks and how it is started.
type debianEngine struct {
	path  string
	proto arena.Protocol
	args  []string
}

var debianEngines = []debianEngine{
	{"/usr/games/stockfish", arena.ProtoUCI, nil},
	{"/usr/games/toga2", arena.ProtoUCI, nil},
	{"/usr/games/glaurung", arena.ProtoUCI, nil},
	{"/usr/games/gnuchess", arena.ProtoUCI, []string{"--uci"}}, // xboard unless asked
	// -l-: learning would rewrite /var/games/phalanx.learn after every game
	// and let earlier games change later ones.
	{"/usr/games/phalanx", arena.ProtoXboard, []string{"-l-"}},
	{"/usr/games/hoichess", arena.ProtoXboard, nil},
	{"/usr/games/fairymax", arena.ProtoXboard, nil},
	{"/usr/games/crafty", arena.ProtoXboard, nil},
}

func debianEngineAt(path string) (debianEngine, bool) {
	for _, e := range debianEngines {
		if e.path == path {
			return e, true
		}
	}
	return debianEngine{}, false
}

// engineName, engineArgs and engineProto: how an engine is named,
// started and spoken to (detected by a handshake when not one of Debian's).
func engineName(path string) string { return filepath.Base(path) }

func engineArgs(path string) []string {
	e, _ := debianEngineAt(path)
	return e.args
}

func engineProto(path string) arena.Protocol {
	if e, ok := debianEngineAt(path); ok {
		return e.proto
	}
	return arena.ProtoAuto
}

// engineLabel is how lists show an engine: its name and protocol.
func engineLabel(path string) string {
	switch engineProto(path) {
	case arena.ProtoUCI:
		return engineName(path) + " (UCI)"
	case arena.ProtoXboard:
		return engineName(path) + " (xboard)"
	}
	return engineName(path) + " (protocol detected)"
}

// enginePlayer is the engine at path as a player named name, started
// with its args and spoken to in its protocol (detected when not known),
// with its own limit tc (nil: the game's).
func enginePlayer(name, path string, tc *arena.TimeControl) arena.PlayerSpec {
	return arena.PlayerSpec{Name: name, Engine: path, Proto: engineProto(path), Args: slices.Clone(engineArgs(path)),
		HashMB: arena.DefaultHashMB, TC: tc}
}

// DefaultEngines lists Debian's chess engines that are installed.
func DefaultEngines() []string {
	var out []string
	for _, e := range debianEngines {
		if st, err := os.Stat(e.path); err == nil && !st.IsDir() {
			out = append(out, e.path)
		}
	}
	return out
}

// forwardMsg carries a message from a worker channel and the command that
// waits for the next one: the root model delivers msg to its page and runs
// next, so a channel is drained one message at a time without ever
// blocking Update.
type forwardMsg struct {
	msg  tea.Msg
	next tea.Cmd
}

// forward turns a channel into messages until it is closed or ctx ends
// (the program quit or the session closed): no goroutine is left behind.
func forward[T any](ctx context.Context, ch <-chan T, wrap func(T) tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	cmd = func() tea.Msg {
		select {
		case v, ok := <-ch:
			if !ok {
				return nil
			}
			return forwardMsg{msg: wrap(v), next: cmd}
		case <-ctx.Done():
			return nil
		}
	}
	return cmd
}

// PlainFromEnv reads https://no-color.org and dumb terminals from an
// environment (the process's, or an SSH session's). NO_COLOR counts only
// with a value: no-color.org says an empty one does not.
func PlainFromEnv(environ []string) bool {
	for _, kv := range environ {
		if len(kv) > len("NO_COLOR=") && strings.HasPrefix(kv, "NO_COLOR=") || kv == "TERM=dumb" {
			return true
		}
	}
	return false
}

// LocalPlain is PlainFromEnv of this process.
func LocalPlain() bool { return PlainFromEnv(os.Environ()) }

// streamEnd is published on a bus after the last event of the work that
// owns it (a tournament, a run): the stream of its events ends there, so
// that no event is lost to a cancelled context and no goroutine waits on.
type streamEnd struct{}

// stream delivers a subscription's events as messages (without the moves
// of games when skipMoves) until streamEnd or the app's end; then it
// closes the subscription.
func stream(ctx context.Context, sub *arena.Subscription, skipMoves bool, wrap func(arena.Event) tea.Msg) tea.Cmd {
	events := make(chan arena.Event, 64)
	go func() {
		defer close(events)
		defer sub.Close()
		for {
			ev, ok := sub.Next(ctx)
			if !ok {
				return
			}
			if _, end := ev.(streamEnd); end {
				select { // the page learns that the stream is over
				case events <- ev:
				case <-ctx.Done():
				}
				return
			}
			if _, move := ev.(arena.MovePlayed); move && skipMoves {
				continue
			}
			select {
			case events <- ev:
			case <-ctx.Done():
				return
			}
		}
	}()
	return forward(ctx, events, wrap)
}
