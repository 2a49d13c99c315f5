package lobby

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/evochess/evochess/core"
)

// seek is an open seek, which belongs to the session that made it.
type seek struct {
	id   SeekID
	by   *Session
	spec SeekSpec
}

// Bounds of a game's clock: anything longer is a mistake or an attempt to
// hold a game (and its memory) open for days.
const (
	maxBase      = 3 * time.Hour
	maxInc       = 3 * time.Minute
	maxMovesToGo = 200
)

// checkSpec says what is wrong with spec for a game of u, or nil.
func (l *Lobby) checkSpec(u *user, spec SeekSpec) error {
	tc := spec.TC
	switch {
	case tc.Depth != 0 || tc.Nodes != 0 || tc.MoveTime != 0:
		return errors.New("a lobby game needs a clock (base+increment), not a depth, nodes or move time")
	case tc.Base <= 0:
		return errors.New("a lobby game needs a clock with a base time above zero")
	case tc.Base > maxBase:
		return fmt.Errorf("a clock's base time is at most %v", maxBase)
	case tc.Inc < 0 || tc.Inc > maxInc:
		return fmt.Errorf("a clock's increment is from 0 to %v", maxInc)
	case tc.MovesToGo < 0 || tc.MovesToGo > maxMovesToGo:
		return fmt.Errorf("moves per period are from 0 to %d", maxMovesToGo)
	}
	switch spec.Color {
	case RandomColor, AsWhite, AsBlack:
	default:
		return fmt.Errorf("unknown colour choice %d", spec.Color)
	}
	if spec.Rated {
		if u.Kind != Human {
			return errors.New("rated games need a known player: connect with an SSH key to be rated")
		}
		if l.cfg.Ladder == nil {
			return errors.New("this server keeps no ladder: its games are unrated")
		}
	}
	return nil
}

// checkRoom says whether u may start another game, and the lobby too.
func (l *Lobby) checkRoom(u *user) error {
	if u.Kind != Bot && len(u.games) >= l.cfg.MaxGamesPerUser {
		return fmt.Errorf("%w: %s already plays %d games at once", ErrLimit, l.shownName(u.ID, u.Name), len(u.games))
	}
	if l.live >= l.cfg.MaxGames {
		return fmt.Errorf("%w: the server has %d games in progress, its most", ErrLimit, l.live)
	}
	return nil
}

// Seek opens a seek; a compatible open seek of another user (same time
// control and rating, colours compatible) is matched at once instead,
// and the game starts: then no seek is opened and the id is 0 (the game
// is in View.Mine). When a user's game starts, their open seeks go.
func (s *Session) Seek(spec SeekSpec) (SeekID, error) {
	if err := s.begin(); err != nil {
		return 0, err
	}
	l := s.l
	defer l.unlock()
	if err := l.checkSpec(s.u, spec); err != nil {
		return 0, err
	}
	if err := l.checkRoom(s.u); err != nil {
		return 0, err
	}
	for i, o := range l.seeks {
		if o.by.u == s.u || !compatible(o.spec, spec) || l.checkRoom(o.by.u) != nil {
			continue
		}
		l.seeks = slices.Delete(l.seeks, i, i+1)
		players := [2]*user{s.u, o.by.u}
		if seatOlder(o.spec.Color, spec.Color) {
			players[0], players[1] = players[1], players[0]
		}
		_, err := l.startGame(players, spec, core.StartFEN)
		return 0, err
	}
	n := 0
	for _, o := range l.seeks {
		if o.by.u == s.u {
			if o.spec == spec {
				return 0, fmt.Errorf("you have that seek open already (%d)", o.id)
			}
			n++
		}
	}
	if n >= l.cfg.MaxSeeksPerUser {
		return 0, fmt.Errorf("%w: at most %d open seeks per user", ErrLimit, l.cfg.MaxSeeksPerUser)
	}
	l.lastSeek++
	l.seeks = append(l.seeks, &seek{id: l.lastSeek, by: s, spec: spec})
	l.pokeAll()
	return l.lastSeek, nil
}

// AcceptSeek takes one open seek of another user on its own terms: the
// game starts at once, the seeker in the colour they asked for. A seek
// that has gone (taken, cancelled) is a clear error, not another game.
func (s *Session) AcceptSeek(id SeekID) error {
	if err := s.begin(); err != nil {
		return err
	}
	l := s.l
	defer l.unlock()
	i := slices.IndexFunc(l.seeks, func(k *seek) bool { return k.id == id })
	if i < 0 {
		return fmt.Errorf("seek %d is no longer open", id)
	}
	o := l.seeks[i]
	if o.by.u == s.u {
		return errors.New("that seek is your own")
	}
	if err := l.checkSpec(s.u, o.spec); err != nil {
		return err
	}
	if err := l.checkRoom(s.u); err != nil {
		return err
	}
	if err := l.checkRoom(o.by.u); err != nil {
		return err
	}
	l.seeks = slices.Delete(l.seeks, i, i+1)
	players := [2]*user{o.by.u, s.u}
	if !seatOlder(o.spec.Color, RandomColor) {
		players[0], players[1] = players[1], players[0]
	}
	_, err := l.startGame(players, o.spec, core.StartFEN)
	return err
}

// CancelSeek withdraws an open seek of the session's user.
func (s *Session) CancelSeek(id SeekID) error {
	if err := s.begin(); err != nil {
		return err
	}
	l := s.l
	defer l.unlock()
	i := slices.IndexFunc(l.seeks, func(k *seek) bool { return k.id == id })
	if i < 0 || l.seeks[i].by.u != s.u {
		return fmt.Errorf("no open seek %d of yours", id)
	}
	l.seeks = slices.Delete(l.seeks, i, i+1)
	l.pokeAll()
	return nil
}

// compatible reports whether two seeks make a game.
func compatible(a, b SeekSpec) bool {
	return a.TC == b.TC && a.Rated == b.Rated && (a.Color == RandomColor || a.Color != b.Color)
}

// seatOlder reports whether the older of two matched seeks plays white.
func seatOlder(older, newer ColorChoice) bool {
	switch {
	case older == AsWhite || newer == AsBlack:
		return true
	case older == AsBlack || newer == AsWhite:
		return false
	}
	return coin()
}

// coin is a fair toss for random colours.
func coin() bool { return rand.IntN(2) == 0 }
