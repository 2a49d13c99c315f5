package arena

import (
	"context"
	"testing"
	"time"

	"github.com/evochess/evochess/core"
)

// fakeEngine builds the scripted UCI engine once per test binary.
func fakeEngine(t *testing.T) string { return buildFake(t, "fakeuci") }

func builtin(t *testing.T, name string) Player {
	t.Helper()
	w, err := core.PresetWeights("full")
	if err != nil {
		t.Fatal(err)
	}
	return NewEnginePlayer(name, w, EngineOptions{HashMB: 4})
}

func TestMisbehavingEngines(t *testing.T) {
	path := fakeEngine(t)
	tests := []struct {
		args   []string
		reason string
	}{
		{[]string{"-mode", "crash", "-after", "3"}, ReasonCrashed},
		{[]string{"-mode", "hang", "-after", "2"}, ReasonUnresponsive},
		{[]string{"-mode", "illegal", "-after", "2"}, ReasonIllegalMove},
		{[]string{"-mode", "garbage", "-after", "1"}, ReasonIllegalMove},
		{[]string{"-mode", "nohandshake"}, ReasonUnresponsive},
	}
	for _, tc := range tests {
		t.Run(tc.args[1], func(t *testing.T) {
			fake := NewUCIPlayer("fake", path, tc.args, nil)
			fake.HandshakeTimeout = 3 * time.Second
			if tc.reason == ReasonUnresponsive {
				fake.HandshakeTimeout = 300 * time.Millisecond
			}
			fake.MoveTimeout = 500 * time.Millisecond
			defer fake.Close()
			res := PlayGame(context.Background(), fake, builtin(t, "evochess"), GameOptions{TC: TimeControl{Depth: 2}}, nil)
			if res.Reason != tc.reason || res.Outcome != core.BlackWins {
				t.Fatalf("got %v %q (%s), want black to win by %q", res.Outcome, res.Reason, res.Detail, tc.reason)
			}
			// The engine is restarted for the next game.
			res = PlayGame(context.Background(), builtin(t, "evochess"), NewUCIPlayer("ok", path, nil, nil), GameOptions{TC: TimeControl{Depth: 1}, MaxMoves: 5}, nil)
			if res.Reason == ReasonCrashed || res.Reason == ReasonUnresponsive {
				t.Fatalf("a good engine failed: %s", res.Reason)
			}
		})
	}
}

func TestGameEndsByRules(t *testing.T) {
	tests := []struct {
		fen    string
		reason string
		out    core.Outcome
	}{
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", ReasonCheckmate, core.WhiteWins},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", ReasonStalemate, core.Draw},
		{"8/8/4k3/8/8/3K4/8/8 w - - 0 1", ReasonInsufficient, core.Draw},
	}
	for _, tc := range tests {
		res := PlayGame(context.Background(), builtin(t, "a"), builtin(t, "b"), GameOptions{StartFEN: tc.fen, TC: TimeControl{Depth: 3}}, nil)
		if res.Reason != tc.reason || res.Outcome != tc.out {
			t.Errorf("%s: %v %q, want %v %q", tc.fen, res.Outcome, res.Reason, tc.out, tc.reason)
		}
	}
	res := PlayGame(context.Background(), builtin(t, "a"), builtin(t, "b"), GameOptions{TC: TimeControl{Depth: 1}, MaxMoves: 10}, nil)
	if res.Reason != ReasonMaxMoves || len(res.Moves) != 20 {
		t.Errorf("max moves: %q after %d plies", res.Reason, len(res.Moves))
	}
}

func TestTimeForfeit(t *testing.T) {
	path := fakeEngine(t)
	fake := NewUCIPlayer("hang", path, []string{"-mode", "hang", "-after", "1"}, nil)
	fake.Margin = 50 * time.Millisecond
	defer fake.Close()
	res := PlayGame(context.Background(), fake, builtin(t, "b"), GameOptions{TC: TimeControl{Base: 200 * time.Millisecond}, Margin: 50 * time.Millisecond}, nil)
	if res.Reason != ReasonTimeForfeit || res.Outcome != core.BlackWins {
		t.Errorf("got %v %q", res.Outcome, res.Reason)
	}
	// Out of time against a lone king and knight: a draw.
	fake2 := NewUCIPlayer("hang", path, []string{"-mode", "hang", "-after", "1"}, nil)
	fake2.Margin = 50 * time.Millisecond
	defer fake2.Close()
	res = PlayGame(context.Background(), fake2, builtin(t, "b"), GameOptions{StartFEN: "4k3/8/8/8/8/8/8/4KQ1n w - - 0 1",
		TC: TimeControl{Base: 200 * time.Millisecond}, Margin: 50 * time.Millisecond}, nil)
	if res.Reason != ReasonTimeForfeit || res.Outcome != core.Draw {
		t.Errorf("flag against K+N: got %v %q", res.Outcome, res.Reason)
	}
}

// TestUCIPlayerCloseDuringPlay: Close from another goroutine while an
// engine thinks ends the Play, leaves no process behind and stops the
// player from starting again.
func TestUCIPlayerCloseDuringPlay(t *testing.T) {
	path := fakeEngine(t)
	u := NewUCIPlayer("hang", path, []string{"-mode", "hang", "-after", "1"}, nil)
	if err := u.NewGame(context.Background()); err != nil {
		t.Fatal(err)
	}
	closeDuringPlay(t, u)
}

// closeDuringPlay closes p from another goroutine while it thinks (its
// engine hangs) and checks that Play ends with an error and that p does
// not start its engine again.
func closeDuringPlay(t *testing.T, p Player) {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		_, err := p.Play(context.Background(), GameView{StartFEN: core.StartFEN, Pos: core.NewPosition()}, core.Limits{Depth: 1})
		done <- err
	}()
	time.Sleep(100 * time.Millisecond)
	p.Close()
	select {
	case err := <-done:
		if err == nil {
			t.Error("Play returned a move from a closed engine")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Play still blocked after Close")
	}
	if err := p.NewGame(context.Background()); err == nil {
		t.Error("a closed player started its engine again")
	}
}

// TestEngineDiedBetweenGames: an engine that exits after a game is
// restarted by NewGame instead of forfeiting the next game.
func TestEngineDiedBetweenGames(t *testing.T) {
	path := fakeEngine(t)
	u := NewUCIPlayer("ok", path, nil, nil)
	defer u.Close()
	if err := u.NewGame(context.Background()); err != nil {
		t.Fatal(err)
	}
	p := u.current()
	killGroup(p.cmd)
	<-p.exited
	if err := u.NewGame(context.Background()); err != nil {
		t.Fatalf("NewGame after the engine died: %v", err)
	}
}
