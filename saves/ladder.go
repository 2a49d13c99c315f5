package saves

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"time"
)

// LadderFile is the server's rating ladder (people and engines of the SSH
// lobby), in the data directory.
const LadderFile = "ladder.json"

// maxLadder bounds the standings read: every key that ever played a rated
// game is one, and a file of millions is not a ladder but an attack.
const maxLadder = 200_000

var ladderFormat = format{name: "evochess-ladder", version: 1}

// LadderStanding is one line of the ladder as saved: a Glicko-2 rating of
// a user (a key's fingerprint, a bot's spec). Package lobby rates; this
// package only keeps the numbers.
type LadderStanding struct {
	ID         string    `json:"id"`
	Name       string    `json:"name"`
	Kind       string    `json:"kind"` // human, anonymous or bot
	Rating     float64   `json:"rating"`
	RD         float64   `json:"rd"`
	Volatility float64   `json:"volatility"`
	Games      int       `json:"games"`
	Updated    time.Time `json:"updated"`
}

// Kinds of ladder users.
const (
	LadderHuman     = "human"
	LadderAnonymous = "anonymous"
	LadderBot       = "bot"
)

// check says what is wrong with a standing, naming the field.
func (s *LadderStanding) check() error {
	finite := func(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }
	switch {
	case s.ID == "" || len(s.ID) > 512:
		return errors.New("id: missing or longer than 512 bytes")
	case len(s.Name) > 512:
		return errors.New("name: longer than 512 bytes")
	case s.Kind != LadderHuman && s.Kind != LadderAnonymous && s.Kind != LadderBot:
		return fmt.Errorf("kind %q: want %s, %s or %s", s.Kind, LadderHuman, LadderAnonymous, LadderBot)
	case !finite(s.Rating) || s.Rating < -10000 || s.Rating > 10000:
		return fmt.Errorf("rating %v: out of range", s.Rating)
	case !finite(s.RD) || s.RD <= 0 || s.RD > 10000:
		return fmt.Errorf("rd %v: want a positive deviation", s.RD)
	case !finite(s.Volatility) || s.Volatility <= 0 || s.Volatility > 10:
		return fmt.Errorf("volatility %v: want a small positive number", s.Volatility)
	case s.Games < 0:
		return fmt.Errorf("games %d: negative", s.Games)
	}
	return nil
}

// ladderContent is the file's content: one standing a line.
type ladderContent struct {
	Standings []json.RawMessage `json:"standings"`
}

// LoadLadder reads the ladder; none saved yet is an empty one. A file
// that cannot be read is an error naming it, and the line of a bad
// standing: the server should not start over a ladder it would overwrite.
func (d *Dir) LoadLadder() ([]LadderStanding, error) {
	path := filepath.Join(d.Root, LadderFile)
	data, err := readJSON(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var c ladderContent
	if err := unseal(path, data, ladderFormat, &c); err != nil {
		return nil, err
	}
	if len(c.Standings) > maxLadder {
		return nil, &FileError{Path: path, Reason: fmt.Sprintf("%d standings: at most %d are read", len(c.Standings), maxLadder)}
	}
	out := make([]LadderStanding, 0, len(c.Standings))
	seen := make(map[string]bool, len(c.Standings))
	from := 0 // each standing is found after the one before: identical lines get lines of their own
	for i, raw := range c.Standings {
		at := bytes.Index(data[from:], raw)
		line := 0
		if at >= 0 {
			from += at
			line, _ = position(data, int64(from)+1)
			from += len(raw)
		}
		bad := func(reason string) error {
			return &FileError{Path: path, Line: line, Col: 1, Reason: fmt.Sprintf("standing %d: %s", i+1, reason)}
		}
		var s LadderStanding
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, bad(err.Error())
		}
		if err := s.check(); err != nil {
			return nil, bad(err.Error())
		}
		if seen[s.ID] {
			return nil, bad(fmt.Sprintf("id %q is listed twice", s.ID))
		}
		seen[s.ID] = true
		out = append(out, s)
	}
	return out, nil
}

// SaveLadder replaces the ladder atomically: a crash leaves the old one.
func (d *Dir) SaveLadder(standings []LadderStanding) error {
	c := ladderContent{Standings: make([]json.RawMessage, len(standings))}
	for i := range standings {
		raw, err := json.Marshal(&standings[i])
		if err != nil {
			return err
		}
		c.Standings[i] = raw
	}
	data, err := seal(ladderFormat, c)
	if err != nil {
		return err
	}
	return WriteFileAtomic(filepath.Join(d.Root, LadderFile), data)
}

// ladderEntry is the ladder in a listing (saves list), if there is one.
func (d *Dir) ladderEntry() (Entry, bool) {
	if _, err := os.Stat(filepath.Join(d.Root, LadderFile)); err != nil {
		return Entry{}, false
	}
	en := Entry{Kind: "ladder", Name: "ladder"}
	l, err := d.LoadLadder()
	if err != nil {
		en.Err = err.Error()
		return en, true
	}
	en.Summary = fmt.Sprintf("%d rated", len(l))
	best := -1
	for i, s := range l {
		if best < 0 || s.Rating > l[best].Rating {
			best = i
		}
	}
	if best >= 0 {
		en.Summary += fmt.Sprintf(", first %q %.0f ± %.0f", l[best].Name, l[best].Rating, 2*l[best].RD)
	}
	return en, true
}
