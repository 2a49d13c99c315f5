package arena

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"
)

// A program that is no engine is found out by its handshake within
// seconds, with an error that says so, whichever protocol it is given as:
// before, engine=/bin/cat lost its first game at a clock or node limit
// only when the move's timeout (60 s) ran out. And an engine that answers
// uci but never isready, or writes megabytes without a newline, is
// stopped as soon as its handshake's time or the line's bound is passed.
func TestNotAnEngineFoundOutByHandshake(t *testing.T) {
	for _, p := range []string{"/bin/cat", "/bin/sleep"} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("%s: %v", p, err)
		}
	}
	fake := fakeEngine(t)
	tests := []struct {
		name, spec string
		within     time.Duration // the handshake's own time, plus slack for a loaded machine
		want       string
		notEngine  bool
		reason     string
	}{
		{"cat as UCI", "uci=/bin/cat", 3 * time.Second, `/bin/cat: not a UCI engine: it repeats what it is sent ("uci")`, true, ReasonCrashed},
		{"cat as xboard", "xboard=/bin/cat", 3 * time.Second, `/bin/cat: not an xboard engine: it repeats what it is sent ("xboard")`, true, ReasonCrashed},
		{"cat, protocol found out", "engine=/bin/cat", 3 * time.Second, `/bin/cat: not a chess engine: it repeats what it is sent ("uci")`, true, ReasonCrashed},
		{"silent as UCI", "uci=/bin/sleep,args=60", DefaultHandshakeTimeout + 3*time.Second, "/bin/sleep: not a UCI engine: no uciok within 5s", true, ReasonUnresponsive},
		{"silent, protocol found out", "engine=/bin/sleep,args=61", DetectTimeout + 5*time.Second + 3*time.Second,
			"/bin/sleep: not a chess engine: no answer to uci within 3s nor features to protover 2 within 5s", true, ReasonUnresponsive},
		{"uciok but no readyok", "uci=" + fake + ",args=-mode noreadyok", DefaultHandshakeTimeout + 3*time.Second, "fakeuci: no readyok within 5s", false, ReasonUnresponsive},
		{"megabytes without a newline", "uci=" + fake + ",args=-mode longline", 3 * time.Second, "fakeuci: not a chess engine: it wrote a line of more than 64 KiB", true, ReasonCrashed},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ps := mustSpec(t, "name=x,"+tc.spec)
			t0 := time.Now()
			err := CheckEngines(context.Background(), []PlayerSpec{ps})
			took := time.Since(t0)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "player x: ") {
				t.Fatalf("CheckEngines: %v, want %q", err, tc.want)
			}
			if errors.Is(err, ErrNotEngine) != tc.notEngine {
				t.Errorf("errors.Is(%v, ErrNotEngine) = %v", err, !tc.notEngine)
			}
			if took > tc.within {
				t.Errorf("found out in %v, want within %v", took, tc.within)
			}
			// In a game (a node limit, as the issue's): lost at once by the
			// same error, not after a move's timeout.
			pl, err := ps.New()
			if err != nil {
				t.Fatal(err)
			}
			defer pl.Close()
			t0 = time.Now()
			res := PlayGame(context.Background(), pl, builtin(t, "b"), GameOptions{TC: TimeControl{Nodes: 1000}}, nil)
			took = time.Since(t0)
			if res.Reason != tc.reason || !strings.Contains(res.Detail, tc.want) || took > tc.within {
				t.Errorf("game: %v %q (%s) in %v, want %q within %v", res.Outcome, res.Reason, res.Detail, took, tc.want, tc.within)
			}
		})
	}
}

// A tournament whose games are played here checks its engines before the
// first game: a program that is none stops it with the player named.
func TestTournamentChecksEnginesFirst(t *testing.T) {
	if _, err := os.Stat("/bin/cat"); err != nil {
		t.Skip(err)
	}
	tour := &Tournament{Format: Match, Players: []PlayerSpec{mustSpec(t, "name=kitty,engine=/bin/cat"), mustSpec(t, "name=b,depth=1")},
		Rounds: 1, Workers: 1, Options: GameOptions{MaxMoves: 4}}
	played := 0
	tour.OnResult = func(GameJob, *GameResult, *Table) { played++ }
	_, err := tour.Run(context.Background())
	if err == nil || !strings.Contains(err.Error(), `player kitty: /bin/cat: not a chess engine: it repeats what it is sent ("uci")`) {
		t.Fatalf("%v", err)
	}
	if played != 0 {
		t.Errorf("%d games played", played)
	}
}
