package lobby

import (
	"slices"
	"testing"
	"time"

	"github.com/evochess/evochess/core"
)

// TestReconnect: when a player's last session closes the opponent sees
// the deadline to return; coming back clears it, and the returning
// session is shown the game and can move in it.
func TestReconnect(t *testing.T) {
	const back = 600 * time.Millisecond
	l, white, black := pair(t, Config{Reconnect: back})
	white2 := join(t, l, "key:alice", Human)
	id := play(t, white, black, SeekSpec{TC: clock(time.Minute, 0)})
	moves(t, white, black, id, "e4", "e5")

	white.Close() // another session of hers is still there: not absent
	if v, _ := black.Game(id); !v.Absent[core.White].IsZero() {
		t.Fatalf("absent with a session left: %v", v.Absent)
	}
	left := time.Now()
	white2.Close()
	v := waitGame(t, black, id, "white's absence", func(v GameView) bool { return !v.Absent[core.White].IsZero() })
	if d := v.Absent[core.White].Sub(left); d < back || d > back+back/2 {
		t.Errorf("deadline %v after leaving, want about %v", d, back)
	}
	if !v.Absent[core.Black].IsZero() || v.Over {
		t.Errorf("%v %s", v.Absent, describe(v))
	}
	// The clock keeps running while she is away.
	if !v.Running || v.ToMove != core.White {
		t.Errorf("white's clock should run: running %v, to move %v", v.Running, v.ToMove)
	}

	again := join(t, l, "key:alice", Human)
	waitGame(t, black, id, "white's return", func(v GameView) bool { return v.Absent[core.White].IsZero() })
	if mine := again.View().Mine; !slices.Equal(mine, []GameID{id}) {
		t.Fatalf("the returning session is shown %v, want the game %d", mine, id)
	}
	if err := again.Move(id, "Nf3"); err != nil {
		t.Fatalf("the returning session cannot move: %v", err)
	}
	time.Sleep(back + 200*time.Millisecond) // the cleared deadline must not end the game
	if v, _ := black.Game(id); v.Over {
		t.Errorf("the game ended after its player returned: %s", describe(v))
	}
}

// TestAbandoned: a player who does not come back in time loses, or draws
// when the opponent could not mate; before both have moved the game is
// aborted instead; an anonymous player, who cannot come back, loses at once.
func TestAbandoned(t *testing.T) {
	const back = 200 * time.Millisecond
	cases := []struct {
		name   string
		fen    string
		plies  []string
		anon   bool
		want   core.Outcome
		reason string
	}{
		{"loses", core.StartFEN, []string{"e4", "e5"}, false, core.BlackWins, "abandoned"},
		{"draws against a bare king", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", []string{"Kd2", "Kd8"}, false, core.Draw, "abandoned"},
		{"aborted before both moved", core.StartFEN, []string{"e4"}, false, core.Ongoing, "aborted"},
		{"anonymous at once", core.StartFEN, []string{"e4", "e5"}, true, core.BlackWins, "abandoned"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			l := newLobby(t, Config{Reconnect: back})
			kind := Human
			if tc.anon {
				kind = Anonymous
			}
			white := join(t, l, "w", kind)
			black := join(t, l, "key:b", Human)
			id := internalGame(t, l, white, black, casual, tc.fen)
			moves(t, white, black, id, tc.plies...)
			left := time.Now()
			white.Close()
			v := waitOver(t, black, id)
			if v.Result != tc.want || v.Reason != tc.reason {
				t.Errorf("%s, want %v by %s", describe(v), tc.want, tc.reason)
			}
			waited := time.Since(left)
			if tc.anon && waited > back/2 || !tc.anon && waited < back {
				t.Errorf("ended %v after leaving (Reconnect %v, anonymous %v)", waited, back, tc.anon)
			}
		})
	}
}
