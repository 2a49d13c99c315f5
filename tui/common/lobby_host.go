package common

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/evochess/evochess/arena/lobby"
	"github.com/evochess/evochess/saves"
)

// LobbyConfig is how a server's lobby (or a terminal's own) is set up.
type LobbyConfig struct {
	// Data keeps the ladder (ladder.json), holds the players the bot is
	// chosen from, and, in open access, the games/ folder finished games
	// are saved to (nil: nothing is kept, the bot is full).
	Data *saves.Dir
	// UserDirs: each key's user saves their games in users/NAME of Data
	// (authorized keys), NAME being the user's name.
	UserDirs bool
	// Quota bounds a user's saves (bytes, 0: none), as sshserve.Config.Quota.
	Quota int64
	// Workers is the CPU budget bot games take seats in (nil: none).
	Workers *WorkerBudget
	// Reconnect and LagMargin: see lobby.Config (0: its defaults).
	Reconnect, LagMargin time.Duration
	// BotHashMB is each bot's hash table (0: 4 MB).
	BotHashMB int
	// EngineBots lets saved players that are external engines (a tuned
	// engine kept from the Evolution tab) be bots: each of their games
	// starts a process of the engine (see botProvider).
	EngineBots bool
	// Accounts maps the ids a ladder may hold under a key's identity to
	// the account that key now belongs to (authorized keys: keys of one
	// name are one lobby user, lobby.AccountID, and were rated apart
	// before): StartLobby moves their standings (mergeAccounts).
	Accounts map[lobby.UserID]lobby.UserID
	// Log gets a line per game start and end, and per failure to save.
	Log func(format string, args ...any)
}

// LobbyHost is a lobby with what the app adds to it: the ladder kept on
// disk, the bot, finished games saved. One serves every session of a
// server; a terminal of its own gets one too.
type LobbyHost struct {
	Lobby  *lobby.Lobby
	games  *GameRecorder
	ladder *ladderWriter
}

// StartLobby reads the ladder (a corrupt ladder file is an error naming
// it and its line: a server must not start over standings it would then
// overwrite) and starts the lobby until ctx ends.
func StartLobby(ctx context.Context, c LobbyConfig) (*LobbyHost, error) {
	h := &LobbyHost{}
	var saved []lobby.Standing
	if c.Data != nil {
		l, err := c.Data.LoadLadder()
		if err != nil {
			return nil, err
		}
		saved = mergeAccounts(standingsFromSaves(l), c.Accounts, c.Log)
		h.ladder = newLadderWriter(ctx, c.Data, c.Log)
		h.games = newGameRecorder(c.Data, c.UserDirs, c.Quota, c.Log)
	}
	var save func([]lobby.Standing)
	if h.ladder != nil {
		save = h.ladder.save
	}
	ladder := lobby.NewLadder(saved, save)
	hash := c.BotHashMB
	if hash <= 0 {
		hash = 4
	}
	cfg := lobby.Config{LagMargin: c.LagMargin, Reconnect: c.Reconnect, Ladder: ladder,
		Bots: &botProvider{ctx: ctx, data: c.Data, ladder: ladder, workers: c.Workers, hashMB: hash, engineBots: c.EngineBots}, Log: c.Log}
	if h.games != nil {
		cfg.OnGameEnd = h.games.record
	}
	h.Lobby = lobby.New(ctx, cfg)
	return h, nil
}

// Join puts the session of env in the lobby as u: env gets the lobby and
// its session, which is closed when env.Ctx ends (the session handler
// also closes it when the app returns).
func (h *LobbyHost) Join(env *Env, u lobby.User) error {
	if h == nil {
		return errors.New("no lobby")
	}
	s, err := h.Lobby.Join(u)
	if err != nil {
		return err
	}
	env.Lobby, env.Session, env.LobbyGames = h.Lobby, s, h.games
	h.games.register(env.Ctx, u, env)
	context.AfterFunc(env.Ctx, s.Close)
	return nil
}

// Wait returns when the lobby's goroutines (bots, saves of games and of
// the ladder) have ended; call it after the context has.
func (h *LobbyHost) Wait() {
	if h == nil {
		return
	}
	h.Lobby.Wait()
	h.ladder.wait()
}

// ladderWriter writes the ladder off the lobby's path: the latest
// standings wait in a slot that the writer empties, so a burst of rated
// games costs one write, and nothing waits for the disk.
type ladderWriter struct {
	d    *saves.Dir
	log  func(string, ...any)
	mu   sync.Mutex
	next []saves.LadderStanding // nil: nothing new
	wake chan struct{}
	done chan struct{}
}

func newLadderWriter(ctx context.Context, d *saves.Dir, log func(string, ...any)) *ladderWriter {
	w := &ladderWriter{d: d, log: log, wake: make(chan struct{}, 1), done: make(chan struct{})}
	go w.run(ctx)
	return w
}

func (w *ladderWriter) save(st []lobby.Standing) {
	l := standingsToSaves(st)
	w.mu.Lock()
	w.next = l
	w.mu.Unlock()
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// run writes what is waiting, and once more at the end: the last rated
// game before shutdown is kept.
func (w *ladderWriter) run(ctx context.Context) {
	defer close(w.done)
	for {
		select {
		case <-w.wake:
			w.flush()
		case <-ctx.Done():
			w.flush()
			return
		}
	}
}

func (w *ladderWriter) flush() {
	w.mu.Lock()
	l := w.next
	w.next = nil
	w.mu.Unlock()
	if l == nil {
		return
	}
	if err := w.d.SaveLadder(l); err != nil && w.log != nil {
		w.log("ladder not saved: %v", err)
	}
}

// wait returns when the writer has ended (after ctx), having written the
// last standings it was given.
func (w *ladderWriter) wait() {
	if w == nil {
		return
	}
	<-w.done
	w.flush() // standings given while it ended
}

// The ladder on disk is package saves' (it knows no lobby); kinds go by
// name.
var kindNames = map[lobby.UserKind]string{lobby.Human: saves.LadderHuman, lobby.Anonymous: saves.LadderAnonymous, lobby.Bot: saves.LadderBot}

func standingsToSaves(st []lobby.Standing) []saves.LadderStanding {
	out := make([]saves.LadderStanding, len(st))
	for i, s := range st {
		out[i] = saves.LadderStanding{ID: string(s.ID), Name: s.Name, Kind: kindNames[s.Kind], Rating: s.Rating, RD: s.RD,
			Volatility: s.Volatility, Games: s.Games, Updated: s.Updated}
	}
	return out
}

func standingsFromSaves(l []saves.LadderStanding) []lobby.Standing {
	out := make([]lobby.Standing, len(l))
	for i, s := range l {
		kind := lobby.Human
		for k, name := range kindNames {
			if name == s.Kind {
				kind = k
			}
		}
		// Names reach every terminal: a hand-edited file gets no escapes in.
		out[i] = lobby.Standing{ID: lobby.UserID(s.ID), Name: Sanitize(s.Name, MaxNameRunes), Kind: kind, Rating: s.Rating, RD: s.RD,
			Volatility: s.Volatility, Games: s.Games, Updated: s.Updated}
	}
	return out
}
