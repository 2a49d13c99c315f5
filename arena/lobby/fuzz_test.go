package lobby

import (
	"context"
	"testing"
	"time"
)

// FuzzMove: whatever text a client sends as a move, the lobby never
// panics, and a move it accepts is exactly one legal ply further.
func FuzzMove(f *testing.F) {
	for _, s := range []string{"e4", "e2e4", "Nf3", "O-O", "0-0-0", "e7e8q", "exd8=Q+", "", " ", "\x00", "Qh4#",
		"e2e4e5", "Ke2??", "a1a1", "h9h10", "nf3", "NF3", "♞f3", "e4\n", "bxa8=N"} {
		f.Add(s)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	l := New(ctx, Config{})
	white, _ := l.Join(User{ID: "key:w", Name: "w", Kind: Human})
	black, _ := l.Join(User{ID: "key:b", Name: "b", Kind: Human})
	var id GameID
	f.Fuzz(func(t *testing.T, text string) {
		v, ok := white.Game(id)
		if !ok || v.Over {
			id = play(t, white, black, SeekSpec{TC: clock(time.Hour, 0)})
			v, _ = white.Game(id)
		}
		s := white
		if v.ToMove != 0 {
			s = black
		}
		err := s.Move(id, text)
		after, _ := white.Game(id)
		switch {
		case err != nil && len(after.Moves) != len(v.Moves):
			t.Fatalf("move %q was refused (%v) but the game went on: %v", text, err, after.SAN)
		case err == nil && len(after.Moves) != len(v.Moves)+1:
			t.Fatalf("move %q was accepted but the game has %d moves, had %d", text, len(after.Moves), len(v.Moves))
		}
		// Either player's other side may not move now whatever they send.
		if other := map[*Session]*Session{white: black, black: white}[s]; !after.Over && after.ToMove == v.ToMove {
			if other.Move(id, text) == nil {
				t.Fatalf("%q was played out of turn", text)
			}
		}
	})
}
