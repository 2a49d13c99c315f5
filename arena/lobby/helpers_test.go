package lobby

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// waitLimit is generous: the machine may be busy, and a test that waits
// the whole of it has failed anyway.
const waitLimit = 5 * time.Second

// clock is a time control of base+inc.
func clock(base, inc time.Duration) arena.TimeControl { return arena.TimeControl{Base: base, Inc: inc} }

// casual is an unrated spec with a clock of a minute.
var casual = SeekSpec{TC: clock(time.Minute, 0)}

// newLobby starts a lobby that ends with the test (and is waited for).
func newLobby(t *testing.T, c Config) *Lobby {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	l := New(ctx, c)
	t.Cleanup(func() {
		cancel()
		l.Wait()
	})
	return l
}

func join(t *testing.T, l *Lobby, id string, kind UserKind) *Session {
	t.Helper()
	s, err := l.Join(User{ID: UserID(id), Name: id, Kind: kind})
	if err != nil {
		t.Fatalf("join %s: %v", id, err)
	}
	return s
}

// waitUntil waits on s's Changed until get reports true, failing the test
// after waitLimit.
func waitUntil[T any](t *testing.T, s *Session, what string, get func() (T, bool)) T {
	t.Helper()
	deadline := time.After(waitLimit)
	for {
		if v, ok := get(); ok {
			return v
		}
		select {
		case <-s.Changed():
		case <-deadline:
			v, _ := get()
			t.Fatalf("timed out waiting for %s; last saw %+v", what, v)
		}
	}
}

// eventually polls cond, for what no session is told of (a bot's
// thinking), failing the test after waitLimit.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(waitLimit); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// waitGame waits until s sees game id in a state that cond accepts.
func waitGame(t *testing.T, s *Session, id GameID, what string, cond func(GameView) bool) GameView {
	t.Helper()
	return waitUntil(t, s, what, func() (GameView, bool) {
		v, ok := s.Game(id)
		return v, ok && cond(v)
	})
}

func waitOver(t *testing.T, s *Session, id GameID) GameView {
	t.Helper()
	return waitGame(t, s, id, "the game to end", func(v GameView) bool { return v.Over })
}

// play starts a game of white v black by a challenge white makes and
// black accepts.
func play(t *testing.T, white, black *Session, spec SeekSpec) GameID {
	t.Helper()
	spec.Color = AsWhite
	cid, err := white.Challenge(black.User().ID, spec)
	if err != nil {
		t.Fatalf("challenge: %v", err)
	}
	if err := black.Answer(cid, true); err != nil {
		t.Fatalf("accept: %v", err)
	}
	v := black.View()
	for _, g := range v.Games {
		if g.Mine && g.White.ID == white.User().ID {
			return g.ID
		}
	}
	t.Fatalf("no game of %s v %s in %+v", white.User().Name, black.User().Name, v.Games)
	return 0
}

// moves plays moves alternately from white and black, starting with the
// side to move.
func moves(t *testing.T, white, black *Session, id GameID, ms ...string) {
	t.Helper()
	for _, m := range ms {
		v, _ := white.Game(id)
		s := white
		if v.ToMove == core.Black {
			s = black
		}
		if err := s.Move(id, m); err != nil {
			t.Fatalf("move %s: %v", m, err)
		}
	}
}

// internalGame starts a game between two sessions' users from fen (for
// positions a test cannot reach quickly by moves).
func internalGame(t *testing.T, l *Lobby, white, black *Session, spec SeekSpec, fen string) GameID {
	t.Helper()
	l.mu.Lock()
	defer l.unlock()
	g, err := l.startGame([2]*user{white.u, black.u}, spec, fen)
	if err != nil {
		t.Fatal(err)
	}
	return g.id
}

// pair is two humans in a lobby.
func pair(t *testing.T, c Config) (*Lobby, *Session, *Session) {
	t.Helper()
	l := newLobby(t, c)
	return l, join(t, l, "key:alice", Human), join(t, l, "key:bob", Human)
}

func describe(v GameView) string {
	return fmt.Sprintf("over=%v result=%v reason=%q moves=%v", v.Over, v.Result, v.Reason, v.SAN)
}
