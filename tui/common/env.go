package common

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"time"

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
	// EnginePaths: the user may name any engine by its path, and set any
	// of its options (a terminal of its own; a server's sessions only when
	// its operator allows it, serve --allow-engine-paths). Otherwise the
	// session starts only Engines, and tunes only their playing settings
	// (EngineAllowed, OptionUse).
	EnginePaths bool
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
	// terminal's own; a server gives each session less, see sshserve.Serve).
	PlayHashMB int
	// Lobby is where people meet to play each other and the bot: one
	// shared by every session of a server, a terminal's own otherwise
	// (nil: no lobby). Session is this app's place in it, joined as the
	// session's user (its SSH key, or a guest); LobbyGames says when a
	// finished game has been saved (nil: games are not saved).
	Lobby      *lobby.Lobby
	Session    *lobby.Session
	LobbyGames *GameRecorder
	LobbyErr   error // why the session is not in the lobby, if it is not
	// Writing counts the session's work that saves as it ends (an
	// evolution's run): whoever ran the app waits for it (nil: no one).
	Writing *Writing
}

// PlayHash is the Play engine's hash size.
func (e *Env) PlayHash() int {
	if e.PlayHashMB > 0 {
		return e.PlayHashMB
	}
	return 16
}

// Name is how the session is named to others.
func (e *Env) Name() string {
	if e.Who == "" {
		return "this terminal"
	}
	return e.Who
}

// DefaultWorkers is the workers fields' starting value.
func (e *Env) DefaultWorkers() int {
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

// EngineName, EngineArgs and EngineProto: how an engine is named,
// started and spoken to (detected by a handshake when not one of Debian's).
func EngineName(path string) string { return filepath.Base(path) }

func EngineArgs(path string) []string {
	e, _ := debianEngineAt(path)
	return e.args
}

func EngineProto(path string) arena.Protocol {
	if e, ok := debianEngineAt(path); ok {
		return e.proto
	}
	return arena.ProtoAuto
}

// EngineLabel is how lists show an engine: its name and protocol.
func EngineLabel(path string) string {
	switch EngineProto(path) {
	case arena.ProtoUCI:
		return EngineName(path) + " (UCI)"
	case arena.ProtoXboard:
		return EngineName(path) + " (xboard)"
	}
	return EngineName(path) + " (protocol detected)"
}

// EnginePlayer is the engine at path as a player named name, started
// with its args and spoken to in its protocol (detected when not known),
// with its own limit tc (nil: the game's).
func EnginePlayer(name, path string, tc *arena.TimeControl) arena.PlayerSpec {
	return arena.PlayerSpec{Name: name, Engine: path, Proto: EngineProto(path), Args: slices.Clone(EngineArgs(path)),
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
