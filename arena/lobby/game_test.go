package lobby

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/evochess/evochess/core"
)

// TestFoolsMate plays a game to checkmate: both players and a spectator
// see every move as it happens and the end, and the lists follow.
func TestFoolsMate(t *testing.T) {
	l, white, black := pair(t, Config{})
	spec := join(t, l, "key:sam", Human)
	id := play(t, white, black, casual)
	if err := spec.Watch(id); err != nil {
		t.Fatal(err)
	}
	if v, _ := white.Game(id); v.Spectators != 1 || v.Role != PlaysWhite {
		t.Fatalf("white's view: spectators %d, role %v", v.Spectators, v.Role)
	}
	if v, _ := spec.Game(id); v.Role != Spectator {
		t.Fatalf("the spectator's role is %v", v.Role)
	}
	sans := []string{"f3", "e5", "g4", "Qh4#"}
	uci := []string{"f2f3", "e7e5", "g2g4", "d8h4"}
	for i := range sans {
		mover, other := white, black
		if i%2 == 1 {
			mover, other = black, white
		}
		text := sans[i]
		if i%2 == 0 {
			text = uci[i] // both notations are read
		}
		if err := mover.Move(id, text); err != nil {
			t.Fatalf("move %s: %v", text, err)
		}
		for _, s := range []*Session{other, spec} {
			v := waitGame(t, s, id, "move "+sans[i], func(v GameView) bool { return len(v.SAN) == i+1 })
			if v.SAN[i] != sans[i] || v.Moves[i].String() != uci[i] {
				t.Fatalf("%s sees %v / %v", s.User().Name, v.SAN, v.Moves)
			}
		}
	}
	for _, s := range []*Session{white, black, spec} {
		v := waitOver(t, s, id)
		if v.Result != core.BlackWins || v.Reason != "checkmate" || v.Running {
			t.Errorf("%s sees %s", s.User().Name, describe(v))
		}
		if p, _ := core.ParseFEN(v.FEN); p == nil || p.Status().Reason != core.Checkmate {
			t.Errorf("final FEN %q is not mate", v.FEN)
		}
	}
	for _, s := range []*Session{white, black} {
		v := s.View()
		if len(v.Mine) != 0 || len(v.Games) != 0 || !slices.Equal(v.Ended, []GameID{id}) {
			t.Errorf("%s's lists after the game: mine %v games %v ended %v", s.User().Name, v.Mine, v.Games, v.Ended)
		}
	}
	if err := black.Move(id, "e4"); !errors.Is(err, ErrGameOver) {
		t.Errorf("a move after mate: %v", err)
	}
}

// TestMoveRefused: moves out of turn, in another's game, in no game, and
// illegal or unreadable moves are refused with errors that say so, and
// change nothing.
func TestMoveRefused(t *testing.T) {
	l, white, black := pair(t, Config{})
	other := join(t, l, "key:carol", Human)
	id := play(t, white, black, casual)
	cases := []struct {
		name   string
		s      *Session
		game   GameID
		move   string
		is     error  // the error, or nil for any
		naming string // text the error must contain
	}{
		{"black first", black, id, "e5", ErrNotYourTurn, ""},
		{"not a player", other, id, "e4", ErrNotPlaying, ""},
		{"no such game", white, id + 100, "e4", ErrNoSuchGame, ""},
		{"illegal SAN", white, id, "e5", nil, "e5"},
		{"illegal UCI", white, id, "e2e5", nil, "e2e5"},
		{"knight through", white, id, "Nd2", nil, "Nd2"},
		{"nonsense", white, id, "hello", nil, "hello"},
		{"empty", white, id, "", nil, ""},
		{"too long", white, id, strings.Repeat("e4", 50), nil, "e4e4"},
	}
	for _, tc := range cases {
		err := tc.s.Move(tc.game, tc.move)
		switch {
		case err == nil:
			t.Errorf("%s: accepted", tc.name)
		case tc.is != nil && !errors.Is(err, tc.is):
			t.Errorf("%s: %v, want %v", tc.name, err, tc.is)
		case !strings.Contains(err.Error(), tc.naming):
			t.Errorf("%s: %q does not name %q", tc.name, err, tc.naming)
		}
	}
	if v, _ := white.Game(id); len(v.Moves) != 0 || v.FEN != core.StartFEN {
		t.Errorf("refused moves changed the game: %v %s", v.SAN, v.FEN)
	}
	// A second session of a player moves in the same game.
	white2 := join(t, l, "key:alice", Human)
	if err := white2.Move(id, "e4"); err != nil {
		t.Errorf("white's second session cannot move: %v", err)
	}
	waitGame(t, white, id, "the other session's move", func(v GameView) bool { return len(v.Moves) == 1 })
}

// TestWatchAndUnwatch: a spectator counts while watching, gets no news
// after Unwatch, and cannot watch a game that is over or unknown.
func TestWatchAndUnwatch(t *testing.T) {
	l, white, black := pair(t, Config{})
	s := join(t, l, "key:sam", Human)
	id := play(t, white, black, casual)
	if err := s.Watch(id + 9); !errors.Is(err, ErrNoSuchGame) {
		t.Errorf("watching no game: %v", err)
	}
	if err := s.Watch(id); err != nil {
		t.Fatal(err)
	}
	s.Unwatch(id)
	if v, _ := white.Game(id); v.Spectators != 0 {
		t.Errorf("%d spectators after Unwatch", v.Spectators)
	}
	drain(s)
	moves(t, white, black, id, "e4")
	select {
	case <-s.Changed():
		t.Error("a former spectator was told of a move")
	case <-time.After(50 * time.Millisecond):
	}
	if err := white.Resign(id); err != nil {
		t.Fatal(err)
	}
	if err := s.Watch(id); !errors.Is(err, ErrGameOver) {
		t.Errorf("watching a game that ended: %v", err)
	}
}

// drain empties a session's Changed.
func drain(s *Session) {
	select {
	case <-s.Changed():
	default:
	}
}
