package common

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/saves"
)

// What a session reads and writes. It writes only its own data directory
// (Data), within its SavePolicy; it reads that and the shared library,
// where a save of its own shadows one of the library's by the same name.

// SavedNames lists what the session can read of a kind (none without a
// data directory).
func (e *Env) SavedNames(kind string) []string {
	if e.Data == nil {
		return nil
	}
	own := e.Data.Names(kind)
	if e.Library == nil {
		return own
	}
	out := slices.Clone(own)
	for _, n := range e.Library.Names(kind) {
		if !slices.Contains(own, n) {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// OwnNames lists what the session may change of a kind: its own saves
// (runs to resume).
func (e *Env) OwnNames(kind string) []string {
	if e.Data == nil {
		return nil
	}
	return slices.DeleteFunc(e.Data.Names(kind), func(n string) bool { return !e.Saves.owns(kind, fileOf(kind, n)) })
}

// DirOf is where a saved thing the session reads is kept: its own
// directory, or else the library.
func (e *Env) DirOf(kind, name string) *saves.Dir {
	if e.Library != nil && !slices.Contains(e.Data.Names(kind), name) {
		return e.Library
	}
	return e.Data
}

// fileOf is a saved thing's file or directory name under its kind.
func fileOf(kind, name string) string {
	if kind == saves.Players {
		return name + ".json"
	}
	return name
}

// LoadPlayer is a saved player, as an arena player named name.
func (e *Env) LoadPlayer(name string) (arena.PlayerSpec, error) {
	if e.Data == nil {
		return arena.PlayerSpec{}, errors.New("no data directory")
	}
	p, err := e.DirOf(saves.Players, name).LoadPlayer(name)
	if err != nil {
		return arena.PlayerSpec{}, err
	}
	return p.Spec()
}

// LoadRunBest is a saved run's best individual, as an arena player: its
// chromosome, or a tuned engine with the best's options.
func (e *Env) LoadRunBest(run, name string) (arena.PlayerSpec, error) {
	if e.Data == nil {
		return arena.PlayerSpec{}, errors.New("no data directory")
	}
	ps, err := e.DirOf(saves.Runs, run).Population(run + "#best")
	if err != nil {
		return arena.PlayerSpec{}, err
	}
	ps.Name, ps.Population = name, run+"#best"
	if ps.HashMB == 0 {
		ps.HashMB = arena.DefaultHashMB
	}
	return ps, nil
}

// BeforeSave asks the session's policy whether it may save about size
// bytes now (nil: it may).
func (e *Env) BeforeSave(size int64) error {
	if e.Data == nil {
		return errors.New("no data directory")
	}
	return e.Saves.allow(e.Data, size)
}

// SaveGame stores a PGN game in the data directory and returns its name
// under games/.
func (e *Env) SaveGame(pgn []byte) (string, error) {
	if err := e.BeforeSave(int64(len(pgn))); err != nil {
		return "", err
	}
	name, err := e.Data.SaveGame(pgn)
	if err == nil {
		e.Saves.Saved(saves.Games, name)
	}
	return name, err
}

// ErrText is an error for the status line with the data directories'
// absolute paths named instead of shown: where the server keeps its files
// is none of an SSH user's business.
func (e *Env) ErrText(err error) string {
	s := err.Error()
	for _, d := range []*saves.Dir{e.Data, e.Library} {
		if d == nil || d.Root == "" {
			continue
		}
		s = strings.ReplaceAll(s, d.Root+string(filepath.Separator), "")
		s = strings.ReplaceAll(s, d.Root, "the data directory")
	}
	return s
}

// GenerationRoom is asked before each generation of a run is written
// (saves.RunHandle.Begin): a run goes on while its user has room for a
// checkpoint of size bytes, and otherwise stops with the reason.
func (e *Env) GenerationRoom() func(size int64) error {
	data, policy := e.Data, e.Saves
	return func(size int64) error { return policy.room(data, size) }
}

// UsersDir is where, under the server's data directory, each key's user
// keeps its saves (users/NAME/runs, …) when the server lets in only
// authorized keys.
const UsersDir = "users"

// UserData opens a key user's own data directory under the server's.
func UserData(root *saves.Dir, user string) (*saves.Dir, error) {
	if err := saves.CheckName(user); err != nil { // never a path out of users/
		return nil, err
	}
	return saves.Open(filepath.Join(root.Root, UsersDir, user))
}
