package saves

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/evochess/evochess/arena"
)

// An unfinished tournament's directory holds its settings (progress.json),
// the journal of its finished games (games.jsonl, one line per game,
// appended as each ends) and its lock; a finished one its record
// (tournament.json) and games.pgn.
const (
	progressFile = "progress.json"
	journalFile  = "games.jsonl"
	recordFile   = "tournament.json"
)

// Version 2 records the model of a match's SPRT; version 1's matches were
// all trinomial, and are marked so when read.
var progressFormat = format{name: "evochess-tournament-progress", version: 2,
	migrate: map[int]func(json.RawMessage) (json.RawMessage, error){1: markTrinomial}}

// TournamentSettings are how an unfinished tournament was started: the
// command and its arguments, which set it up again to resume it.
type TournamentSettings struct {
	Command string   `json:"command"` // match or tournament
	Args    []string `json:"args"`
	// SPRTModel is what a match's SPRT tests, arena.Pentanomial or
	// arena.Trinomial: a match resumes with the model it was started with
	// (not in the arguments, which are the user's command line).
	SPRTModel string `json:"sprt_model,omitempty"`
	// FullDefaults is the set of full's defaults its built-in players
	// naming the preset play (core.FullDefaultSets): recorded when it
	// starts; absent in tournaments saved before, which are set 1.
	FullDefaults int `json:"full_defaults,omitempty"`
	// SearchParams is the set of search parameters its built-in players
	// search with where the program's defaults would
	// (core.SearchParamSets, arena.PinSearch): recorded when it starts;
	// absent in tournaments saved before, which searched with set 2 if
	// they record full_defaults (set 2 came first), else set 1.
	SearchParams int `json:"search_params,omitempty"`
}

// markTrinomial brings version 1 settings to version 2: a match saved
// then tested its SPRT on games one by one, and goes on doing so.
func markTrinomial(content json.RawMessage) (json.RawMessage, error) {
	var m map[string]any
	if err := json.Unmarshal(content, &m); err != nil {
		return nil, err
	}
	if m["command"] == "match" {
		m["sprt_model"] = arena.Trinomial
	}
	return json.Marshal(m)
}

// How often the journal is flushed to disk: a process that dies loses
// nothing written, a machine that crashes at most this much.
const (
	syncEvery = 2 * time.Second
	syncGames = 64
)

// Journal is an unfinished tournament open for writing: it holds the
// tournament's lock until Close.
type Journal struct {
	Name     string
	Settings TournamentSettings
	Games    []JournalGame // the games journaled before it was opened, as they finished
	Dropped  bool          // a torn last line (a crash while it was written) was dropped
	d        *Dir
	dir      string
	lock     *Lock

	mu       sync.Mutex
	f        *os.File
	unsynced int
	synced   time.Time
	timer    *time.Timer
	err      error // the first write that failed: nothing is appended after it
}

// StartTournament makes a new tournament's directory, locked, with its
// settings and an empty journal; the name must be free.
func (d *Dir) StartTournament(name string, s TournamentSettings) (*Journal, error) {
	dir, err := d.path(Tournaments, name)
	if err != nil {
		return nil, err
	}
	if err := os.Mkdir(dir, 0o755); err != nil && !errors.Is(err, os.ErrExist) {
		return nil, err
	}
	j, err := d.lockTournament(name, dir)
	if err != nil {
		return nil, err
	}
	// Looked at under the lock: a directory left empty by a start that
	// died is taken over, anything more is someone's tournament.
	if err := d.tournamentFree(name, dir); err != nil {
		j.Close()
		return nil, err
	}
	if j.f, err = os.OpenFile(filepath.Join(dir, journalFile), os.O_CREATE|os.O_TRUNC|os.O_WRONLY|os.O_APPEND, 0o644); err != nil {
		j.Close()
		return nil, err
	}
	data, err := seal(progressFormat, s)
	if err == nil {
		err = WriteFileAtomic(filepath.Join(dir, progressFile), data) // last: it makes the tournament resumable
	}
	if err != nil {
		j.Close()
		return nil, err
	}
	j.Settings, j.synced = s, time.Now()
	return j, nil
}

// tournamentFree says why name cannot be started afresh, if it cannot.
func (d *Dir) tournamentFree(name, dir string) error {
	if _, err := os.Stat(filepath.Join(dir, recordFile)); err == nil {
		return fmt.Errorf("tournament %q exists already", name)
	}
	if err := d.unfinished(name); err != nil {
		return fmt.Errorf("%w; or delete it with: evochess saves delete tournament/%s", err, name)
	}
	return nil
}

// ResumeTournament locks an unfinished tournament and reads its settings
// and the games of its journal. A torn last line, which a crash while it
// was written leaves, is dropped (and cut off the file); a bad line
// before it is an error naming the file and line, the file untouched.
func (d *Dir) ResumeTournament(name string) (*Journal, error) {
	dir, err := d.path(Tournaments, name)
	if err != nil {
		return nil, err
	}
	if err := d.resumable(name, dir); err != nil {
		return nil, err
	}
	j, err := d.lockTournament(name, dir)
	if err != nil {
		return nil, err
	}
	if err := d.resumable(name, dir); err != nil { // finished while we waited for the lock
		j.Close()
		return nil, err
	}
	if err := open(filepath.Join(dir, progressFile), progressFormat, &j.Settings); err != nil {
		j.Close()
		return nil, err
	}
	path := filepath.Join(dir, journalFile)
	if j.f, err = os.OpenFile(path, os.O_CREATE|os.O_RDWR|os.O_APPEND, 0o644); err != nil {
		j.Close()
		return nil, err
	}
	var end int64
	if j.Games, end, j.Dropped, err = readJournal(j.f, path); err == nil && j.Dropped {
		if err = j.f.Truncate(end); err == nil {
			err = j.f.Sync()
		}
	}
	if err != nil {
		j.Close()
		return nil, err
	}
	j.synced = time.Now()
	return j, nil
}

// resumable says why name is not an unfinished tournament, if it is not.
func (d *Dir) resumable(name, dir string) error {
	if _, err := os.Stat(filepath.Join(dir, recordFile)); err == nil {
		return fmt.Errorf("tournament %q is finished: nothing to resume (evochess saves show tournament/%s)", name, name)
	}
	if _, err := os.Stat(filepath.Join(dir, progressFile)); err != nil {
		return fmt.Errorf("no unfinished tournament %q in %s", name, d.Root)
	}
	return nil
}

func (d *Dir) lockTournament(name, dir string) (*Journal, error) {
	l, err := lockFile(filepath.Join(dir, "lock"), fmt.Sprintf("tournament %q", name))
	if err != nil {
		return nil, err
	}
	return &Journal{Name: name, d: d, dir: dir, lock: l}, nil
}

// TournamentIdentity names a saved tournament to a cluster: a resumed
// one finds the games its workers played while it was away.
func (d *Dir) TournamentIdentity(name string) string {
	return "tournament " + filepath.Join(d.Root, Tournaments, name)
}

// Finished is the journal's games by job ID, what arena.Tournament.Finished takes.
func (j *Journal) Finished() map[int]arena.GameResult {
	out := make(map[int]arena.GameResult, len(j.Games))
	for _, g := range j.Games {
		out[g.Job] = g.Game
	}
	return out
}

// Append journals a finished game with one write, flushed to disk at
// most syncEvery after it. After a failed write nothing more is
// appended: the journal ends with whole games.
func (j *Journal) Append(job arena.GameJob, g *arena.GameResult) error {
	line, err := encodeGameLine(job, g)
	if err != nil {
		return err
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.err != nil {
		return j.err
	}
	if j.f == nil {
		return fmt.Errorf("tournament %q: the journal is closed", j.Name)
	}
	if _, err := j.f.Write(line); err != nil {
		j.err = fmt.Errorf("tournament %q: journal: %w", j.Name, err)
		return j.err
	}
	j.unsynced++
	if j.unsynced >= syncGames || time.Since(j.synced) >= syncEvery {
		return j.syncLocked()
	}
	if j.timer == nil {
		j.timer = time.AfterFunc(syncEvery, j.flush)
	}
	return nil
}

// flush is the timer's: it syncs the games appended since the last sync.
func (j *Journal) flush() {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.timer = nil
	if j.f != nil && j.unsynced > 0 && j.err == nil {
		j.syncLocked()
	}
}

func (j *Journal) syncLocked() error {
	if err := j.f.Sync(); err != nil {
		j.err = fmt.Errorf("tournament %q: journal: %w", j.Name, err)
		return j.err
	}
	j.unsynced, j.synced = 0, time.Now()
	return nil
}

// Keep stores the tournament, finished, as KeepTournament does, under the
// journal's name, then removes the journal and its settings and closes.
func (j *Journal) Keep(t FinishedTournament) error {
	if err := j.closeFile(); err != nil {
		return err
	}
	t.Name, t.Fresh = j.Name, false
	if _, err := j.d.KeepTournament(t); err != nil {
		return err
	}
	// The record is in place: from here the tournament reads as finished
	// whatever is left of these.
	os.Remove(filepath.Join(j.dir, progressFile))
	os.Remove(filepath.Join(j.dir, journalFile))
	return j.Close()
}

// Close flushes the journal and lets others open the tournament.
func (j *Journal) Close() error {
	err := j.closeFile()
	if rerr := j.lock.Release(); err == nil {
		err = rerr
	}
	return err
}

func (j *Journal) closeFile() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.timer != nil {
		j.timer.Stop()
		j.timer = nil
	}
	if j.f == nil {
		return j.err
	}
	err := j.err
	if err == nil && j.unsynced > 0 {
		err = j.syncLocked()
	}
	if cerr := j.f.Close(); err == nil {
		err = cerr
	}
	j.f = nil
	return err
}
