package common

import (
	"bytes"
	"context"
	"fmt"
	"sync"

	"github.com/evochess/evochess/arena/lobby"
	"github.com/evochess/evochess/core/pgn"
	"github.com/evochess/evochess/saves"
)

// GameRecorder saves the lobby's finished games (its OnGameEnd, on the
// lobby's goroutine, never the UI's) and tells the game views when each
// is written. With user directories (authorized keys) each person's copy
// goes to their own users/NAME/games, within their quota; in open access
// one copy goes to the shared games/ folder.
type GameRecorder struct {
	data     *saves.Dir
	userDirs bool
	quota    int64
	log      func(format string, args ...any)

	mu    sync.Mutex
	users map[lobby.UserID]*recordTarget // where the sessions of a user save now
	games map[lobby.GameID]*GameSaved
	order []lobby.GameID // oldest first, to forget the oldest
}

// recordTarget is where a user's games go: their session's directory and
// save policy (its quota, and on a shared directory what it owns).
type recordTarget struct {
	dir      *saves.Dir
	policy   *SavePolicy
	sessions int
}

// GameSaved is one game's saving: done closes when it is over.
type GameSaved struct {
	done  chan struct{}
	names map[lobby.UserID]string // games/NAME, for each person it was saved for
	err   error
}

// Done closes when the game's saving is over.
func (g *GameSaved) Done() <-chan struct{} { return g.done }

// NameFor is where the game was saved for the user id (games/NAME), if it
// was.
func (g *GameSaved) NameFor(id lobby.UserID) (string, bool) {
	name, ok := g.names[id]
	return name, ok
}

// Err is why the game was not saved for someone, if it was not; read it
// once Done has closed.
func (g *GameSaved) Err() error { return g.err }

// keptResults bounds what the recorder remembers of games saved.
const keptResults = 1024

func newGameRecorder(data *saves.Dir, userDirs bool, quota int64, log func(string, ...any)) *GameRecorder {
	return &GameRecorder{data: data, userDirs: userDirs, quota: quota, log: log,
		users: map[lobby.UserID]*recordTarget{}, games: map[lobby.GameID]*GameSaved{}}
}

// register notes where u's games go while the session of env lives.
func (r *GameRecorder) register(ctx context.Context, u lobby.User, env *Env) {
	if r == nil || env.Data == nil {
		return
	}
	r.mu.Lock()
	t := r.users[u.ID]
	if t == nil {
		t = &recordTarget{}
		r.users[u.ID] = t
	}
	t.dir, t.policy = env.Data, env.Saves
	t.sessions++
	r.mu.Unlock()
	context.AfterFunc(ctx, func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		if t.sessions--; t.sessions == 0 && r.users[u.ID] == t {
			delete(r.users, u.ID)
		}
	})
}

// entry is a game's record of saving, made by whoever comes first: the
// game view waiting for it, or the save.
func (r *GameRecorder) entry(id lobby.GameID) *GameSaved {
	r.mu.Lock()
	defer r.mu.Unlock()
	g := r.games[id]
	if g == nil {
		g = &GameSaved{done: make(chan struct{}), names: map[lobby.UserID]string{}}
		r.games[id] = g
		r.order = append(r.order, id)
		if len(r.order) > keptResults {
			delete(r.games, r.order[0])
			r.order = r.order[1:]
		}
	}
	return g
}

// Saving is game id's saving, whose done closes when it has been saved
// (or failed to be).
func (r *GameRecorder) Saving(id lobby.GameID) *GameSaved { return r.entry(id) }

// Lookup is game id's saving if the recorder knows of it.
func (r *GameRecorder) Lookup(id lobby.GameID) (*GameSaved, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	g, ok := r.games[id]
	return g, ok
}

// record is the lobby's OnGameEnd.
func (r *GameRecorder) record(rec lobby.Record) {
	g := r.entry(rec.ID)
	defer close(g.done)
	var b bytes.Buffer
	if err := pgn.Write(&b, rec.Game); err != nil {
		g.err = err
		return
	}
	written := map[string]string{} // directory → the name saved there
	for _, u := range []lobby.User{rec.White, rec.Black} {
		if !r.keeps(u) {
			continue
		}
		dir, policy, err := r.target(u)
		if err != nil {
			g.err = err
			continue
		}
		if name, ok := written[dir.Root]; ok { // open access: one copy for both
			g.names[u.ID] = name
			continue
		}
		if err := policy.room(dir, int64(b.Len())); err != nil {
			g.err = err
			continue
		}
		name, err := dir.SaveGame(b.Bytes())
		if err != nil {
			g.err = err
			r.logf("game %d: not saved for %s: %v", rec.ID, u.Name, err)
			continue
		}
		policy.Saved(saves.Games, name)
		written[dir.Root], g.names[u.ID] = saves.Games+"/"+name, saves.Games+"/"+name
	}
}

// keeps says whether u's games are saved: a person's are (a guest's only
// in open access, where they go to the shared folder), a bot's are not.
func (r *GameRecorder) keeps(u lobby.User) bool {
	return u.Kind == lobby.Human || u.Kind == lobby.Anonymous && !r.userDirs
}

// target is where u's game goes: their session's directory, or, when
// they have left, the directory they would have (with the quota alone).
func (r *GameRecorder) target(u lobby.User) (*saves.Dir, *SavePolicy, error) {
	r.mu.Lock()
	t := r.users[u.ID]
	r.mu.Unlock()
	if t != nil {
		return t.dir, t.policy, nil
	}
	if !r.userDirs {
		return r.data, &SavePolicy{Quota: r.quota, Shared: true}, nil
	}
	// An account's name is the authorized-keys file's, a saves name: from
	// its id, for the name shown may carry a tag.
	name, ok := lobby.AccountName(u.ID)
	if !ok {
		name = u.Name
	}
	d, err := UserData(r.data, name)
	if err != nil {
		return nil, nil, fmt.Errorf("no directory for %s: %w", u.Name, err)
	}
	return d, &SavePolicy{Quota: r.quota}, nil
}

func (r *GameRecorder) logf(format string, args ...any) {
	if r.log != nil {
		r.log(format, args...)
	}
}
