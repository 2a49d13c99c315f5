package lobby

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/evochess/evochess/core"
)

// TestLimits: every per-user bound (and the lobby's game bound) admits up
// to its value and refuses the next with ErrLimit and a message that says
// what the limit is.
func TestLimits(t *testing.T) {
	cfg := Config{MaxSessionsPerUser: 2, MaxSeeksPerUser: 2, MaxGamesPerUser: 1, MaxChallengesPerUser: 2, MaxGames: 2}
	spec := func(i int) SeekSpec { return SeekSpec{TC: clock(time.Duration(i+1)*time.Minute, 0)} }
	t.Run("sessions", func(t *testing.T) {
		l := newLobby(t, cfg)
		join(t, l, "key:a", Human)
		join(t, l, "key:a", Human)
		_, err := l.Join(User{ID: "key:a", Name: "a", Kind: Human})
		wantLimit(t, err, "sessions")
		anon := join(t, l, "anon:1", Anonymous)
		_, err = l.Join(User{ID: "anon:1", Kind: Anonymous})
		wantLimit(t, err, "sessions")
		anon.Close()
		join(t, l, "anon:1", Anonymous) // the bound counts open sessions only
	})
	t.Run("seeks", func(t *testing.T) {
		l := newLobby(t, cfg)
		a := join(t, l, "key:a", Human)
		for i := range 2 {
			if _, err := a.Seek(spec(i)); err != nil {
				t.Fatal(err)
			}
		}
		_, err := a.Seek(spec(2))
		wantLimit(t, err, "seeks")
	})
	t.Run("challenges", func(t *testing.T) {
		l := newLobby(t, cfg)
		a := join(t, l, "key:a", Human)
		for i := range 2 {
			join(t, l, fmt.Sprint("key:", i), Human)
			if _, err := a.Challenge(UserID(fmt.Sprint("key:", i)), casual); err != nil {
				t.Fatal(err)
			}
		}
		join(t, l, "key:z", Human)
		_, err := a.Challenge("key:z", casual)
		wantLimit(t, err, "challenges")
	})
	t.Run("games per user", func(t *testing.T) {
		l, a, b := pair(t, cfg)
		c := join(t, l, "key:c", Human)
		play(t, a, b, casual)
		_, err := a.Seek(casual)
		wantLimit(t, err, "games")
		_, err = a.Challenge(c.User().ID, casual)
		wantLimit(t, err, "games")
		cid, err := c.Challenge(a.User().ID, casual)
		if err != nil {
			t.Fatal(err)
		}
		wantLimit(t, a.Answer(cid, true), "games")
	})
	t.Run("games in the lobby", func(t *testing.T) {
		l := newLobby(t, Config{MaxGames: 2})
		var s []*Session
		for i := range 6 {
			s = append(s, join(t, l, fmt.Sprint("key:", i), Human))
		}
		play(t, s[0], s[1], casual)
		play(t, s[2], s[3], casual)
		if _, err := s[4].Seek(casual); !errors.Is(err, ErrLimit) {
			t.Errorf("a third game could be sought: %v", err)
		}
	})
}

func wantLimit(t *testing.T, err error, what string) {
	t.Helper()
	if !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), what) {
		t.Errorf("past the %s bound: %v, want ErrLimit naming %s", what, err, what)
	}
}

// TestJoinChecks: names are cleaned and bounded, odd users refused, and a
// closed session's methods say it is closed.
func TestJoinChecks(t *testing.T) {
	l := newLobby(t, Config{})
	for _, u := range []User{{}, {ID: "bot:x", Kind: Bot}, {ID: "x", Kind: 9}, {ID: UserID(strings.Repeat("k", 300))}} {
		if _, err := l.Join(u); err == nil {
			t.Errorf("joined as %+v", u)
		}
	}
	s := join(t, l, "key:x", Human)
	if _, err := l.Join(User{ID: "key:x", Kind: Anonymous}); err == nil {
		t.Error("one id joined as two kinds of user")
	}
	s.Close()
	s.Close() // twice is harmless
	if _, err := s.Seek(casual); !errors.Is(err, ErrClosed) {
		t.Errorf("a closed session's seek: %v", err)
	}
	if err := s.Move(1, "e4"); !errors.Is(err, ErrClosed) {
		t.Errorf("a closed session's move: %v", err)
	}
}

// TestCleanName: control and format characters go, spaces collapse, and
// names are bounded.
func TestCleanName(t *testing.T) {
	cases := []struct{ in, want string }{
		{"alice", "alice"},
		{"  bob  smith ", "bob smith"},
		{"mal\x1b]2;PWNED\x07lory", "mal]2;PWNEDlory"},
		{"line\nbreak\ttab", "line break tab"},
		{"rtl\u202eevil", "rtlevil"},
		{"bad\xffutf8", "badutf8"},
		{"\x00\x01\x7f", ""},
		{"ünïcødé ♞", "ünïcødé ♞"},
		{strings.Repeat("é", 40), strings.Repeat("é", 32)},
		{strings.Repeat("a", 31) + " b", strings.Repeat("a", 31)},
	}
	for _, c := range cases {
		got := cleanName(c.in)
		if got != c.want {
			t.Errorf("cleanName(%q) = %q, want %q", c.in, got, c.want)
		}
		if utf8.RuneCountInString(got) > maxNameRunes {
			t.Errorf("cleanName(%q) is %d runes", c.in, utf8.RuneCountInString(got))
		}
	}
}

// TestCannotMate: only material that can never mate counts as such.
func TestCannotMate(t *testing.T) {
	cases := []struct {
		fen   string
		c     core.Color
		never bool
	}{
		{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", core.Black, true},    // bare king
		{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", core.White, false},   // a pawn
		{"4k3/8/8/3n4/8/8/8/4K3 w - - 0 1", core.Black, true},    // N v bare king
		{"4k3/8/8/3n4/8/8/4P3/4K3 w - - 0 1", core.Black, false}, // N v K+P: a hemmed king
		{"4k3/8/8/3nn3/8/8/8/4K3 w - - 0 1", core.Black, false},  // two knights can mate, with help
		{"4k3/8/8/3b4/8/8/8/4KB2 w - - 0 1", core.Black, true},   // bishops all on light squares
		{"4k3/8/8/3b4/8/8/8/4K1B1 w - - 0 1", core.Black, false}, // opposite bishops
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", core.White, false},    // a rook
	}
	for _, c := range cases {
		p, err := core.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := cannotMate(p, c.c); got != c.never {
			t.Errorf("%s, %v: cannotMate %v, want %v", c.fen, c.c, got, c.never)
		}
	}
}
