package lobby

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/evochess/evochess/core"
)

// TestFlagFalls: with nobody moving, the server's timer ends the game
// when the side to move's clock runs out, waiting out the lag it could be
// refunded; it is a draw when the other side could never mate.
func TestFlagFalls(t *testing.T) {
	const base = 300 * time.Millisecond
	cases := []struct {
		name   string
		fen    string
		plies  []string
		lag    time.Duration // the flagging side's measured lag
		want   core.Outcome
		flagOf core.Color
	}{
		{"white flags", core.StartFEN, []string{"e4", "e5"}, 0, core.BlackWins, core.White},
		{"black flags", core.StartFEN, []string{"e4", "e5", "Nf3"}, 0, core.WhiteWins, core.Black},
		{"flag waits for the lag", core.StartFEN, []string{"e4", "e5"}, 200 * time.Millisecond, core.BlackWins, core.White},
		{"opponent has a bare king", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", []string{"Kd2", "Kd8"}, 0, core.Draw, core.White},
		{"opponent has a bare king, black flags", "4k3/4p3/8/8/8/8/8/4K3 w - - 0 1", []string{"Kd1", "Kd8", "Ke1"}, 0, core.Draw, core.Black},
		{"a knight can mate a king hemmed in", "4k3/8/8/3n4/8/8/4P3/R3K3 w - - 0 1", []string{"Kd2", "Kd8"}, 0, core.BlackWins, core.White},
		{"a bishop can mate a king and pawn", "4k3/8/8/3b4/8/8/4P3/4K3 w - - 0 1", []string{"Kd2", "Kd8"}, 0, core.BlackWins, core.White},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			l, white, black := pair(t, Config{LagMargin: 500 * time.Millisecond})
			id := internalGame(t, l, white, black, SeekSpec{TC: clock(base, 0)}, tc.fen)
			flagger := white
			if tc.flagOf == core.Black {
				flagger = black
			}
			flagger.SetLag(tc.lag)
			last := time.Now() // before the last move: the flag's turn began after it
			moves(t, white, black, id, tc.plies...)
			v := waitOver(t, white, id)
			waited := time.Since(last)
			if v.Result != tc.want || v.Reason != "time" {
				t.Fatalf("%s, want %v by time", describe(v), tc.want)
			}
			// The other side made at most one timed move, at once.
			if other := v.Clock[tc.flagOf.Other()]; v.Clock[tc.flagOf] != 0 || other > base || other < base/2 {
				t.Errorf("clocks %v: the flag's side should show 0, the other about its base", v.Clock)
			}
			if waited < base+tc.lag {
				t.Errorf("the flag fell after %v, before %v", waited, base+tc.lag)
			}
		})
	}
}

// TestClockArithmetic plays timed moves at chosen instants: the mover's
// clock loses the time since their turn began, less their lag up to the
// margin, and gains the increment; a period's end adds the base.
func TestClockArithmetic(t *testing.T) {
	const (
		base   = time.Minute
		margin = 500 * time.Millisecond
	)
	cases := []struct {
		name        string
		inc         time.Duration
		mtg         int
		elapsed     time.Duration
		lag         time.Duration
		wantClock   time.Duration
		lateToFlags bool
	}{
		{"no lag", 0, 0, time.Second, 0, base - time.Second, false},
		{"lag refunded", 0, 0, time.Second, 200 * time.Millisecond, base - 800*time.Millisecond, false},
		{"lag capped at the margin", 0, 0, time.Second, 3 * time.Second, base - time.Second + margin, false},
		{"refund never adds time", 0, 0, 100 * time.Millisecond, 400 * time.Millisecond, base, false},
		{"increment", 2 * time.Second, 0, time.Second, 0, base + time.Second, false},
		{"increment and lag", 2 * time.Second, 0, 3 * time.Second, time.Second, base - 3*time.Second + margin + 2*time.Second, false},
		{"a period ends", 0, 2, time.Second, 0, 2*base - time.Second, false},
		{"too late even with the refund", 0, 0, base + margin, time.Second, 0, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			l, white, black := pair(t, Config{LagMargin: margin})
			tcl := clock(base, tc.inc)
			tcl.MovesToGo = tc.mtg
			id := play(t, white, black, SeekSpec{TC: tcl})
			moves(t, white, black, id, "e4", "e5") // untimed
			if v, _ := white.Game(id); v.Clock != [2]time.Duration{base, base} || !v.Running {
				t.Fatalf("after the untimed first moves: clocks %v running %v", v.Clock, v.Running)
			}
			l.mu.Lock()
			g := l.games[id]
			start := time.Now()
			g.turnStart = start
			m, _ := readMove(g.pos, "Nf3")
			err := l.play(g, core.White, m, tc.lag, start.Add(tc.elapsed))
			got, over := g.clk[core.White], g.over
			l.unlock()
			if tc.lateToFlags {
				if err == nil || !over {
					t.Fatalf("a move after the flag was played: %v", err)
				}
				return
			}
			if err != nil || got != tc.wantClock {
				t.Errorf("clock %v (%v), want %v", got, err, tc.wantClock)
			}
		})
	}
}

// TestLagRefundThroughSession: a session's measured lag is refunded by the
// real move path, but never more than the margin.
func TestLagRefundThroughSession(t *testing.T) {
	const (
		base   = 10 * time.Second
		margin = 100 * time.Millisecond
		think  = 300 * time.Millisecond
	)
	_, white, black := pair(t, Config{LagMargin: margin})
	id := play(t, white, black, SeekSpec{TC: clock(base, 0)})
	moves(t, white, black, id, "e4", "e5")
	white.SetLag(time.Second)
	time.Sleep(think)
	moves(t, white, black, id, "Nf3")
	v, _ := white.Game(id)
	// With the whole second refunded the clock would still show base.
	if most := base - think + margin; v.Clock[core.White] > most || v.Clock[core.White] < most-2*time.Second {
		t.Errorf("white's clock %v, want about %v", v.Clock[core.White], most)
	}
}

// TestFirstMoveAbort: a side that does not make its first move within
// FirstMove has the game aborted: no result, no record.
func TestFirstMoveAbort(t *testing.T) {
	const first = 150 * time.Millisecond
	for _, plies := range [][]string{nil, {"e4"}} {
		var recorded atomic.Int32
		_, white, black := pair(t, Config{FirstMove: first, OnGameEnd: func(Record) { recorded.Add(1) }})
		began := time.Now() // before the turn that is never played began
		id := play(t, white, black, SeekSpec{TC: clock(time.Minute, 0)})
		moves(t, white, black, id, plies...)
		if v, _ := black.Game(id); !v.Over && (v.FirstMoveBy.Before(began.Add(first)) || v.FirstMoveBy.After(time.Now().Add(first))) {
			t.Errorf("after %v: the first move is due at %v, want %v after the turn began", plies, v.FirstMoveBy, first)
		}
		v := waitOver(t, black, id)
		if v.Reason != "aborted" || v.Result != core.Ongoing {
			t.Errorf("after %v: %s, want aborted", plies, describe(v))
		}
		if d := time.Since(began); d < first {
			t.Errorf("after %v: aborted after %v, before %v", plies, d, first)
		}
		time.Sleep(20 * time.Millisecond)
		if recorded.Load() != 0 {
			t.Errorf("after %v: an aborted game was recorded", plies)
		}
	}
	// Once both have moved, FirstMove no longer applies.
	_, white, black := pair(t, Config{FirstMove: first})
	id := play(t, white, black, SeekSpec{TC: clock(time.Minute, 0)})
	moves(t, white, black, id, "e4", "e5")
	time.Sleep(2 * first)
	if v, _ := white.Game(id); v.Over || !v.FirstMoveBy.IsZero() {
		t.Errorf("a game with both first moves made ended, or waits for a first move: %s, due %v", describe(v), v.FirstMoveBy)
	}
}
