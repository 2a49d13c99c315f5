package arena

import (
	"context"
	"testing"
	"time"

	"github.com/evochess/evochess/core"
)

// colorOf is the side that made ply n (ply 1 is white's first move).
func colorOf(n int) core.Color { return core.Color(1 - n%2) }

func TestBusSlowSubscriberLosesOnlyMoves(t *testing.T) {
	bus := NewBus()
	slow := bus.Subscribe()
	defer slow.Close()
	start := time.Now()
	for g := 0; g < 20; g++ {
		bus.Publish(GameStarted{Game: g})
		for m := 0; m < 100; m++ {
			bus.Publish(MovePlayed{Game: g, MoveEvent: MoveEvent{Ply: m + 1}})
		}
		bus.Publish(GameFinished{Game: g})
	}
	if d := time.Since(start); d > time.Second {
		t.Fatalf("publishing to a subscriber that never reads took %v", d)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	started, finished, moves := 0, 0, 0
	lastPly := map[int]int{}
	for {
		e, ok := slow.Next(ctx)
		if !ok {
			break
		}
		switch ev := e.(type) {
		case GameStarted:
			started++
		case GameFinished:
			finished++
		case MovePlayed:
			moves++
			if ev.Ply <= lastPly[ev.Game] {
				t.Fatalf("moves of game %d out of order", ev.Game)
			}
			lastPly[ev.Game] = ev.Ply
		}
		if finished == 20 {
			break
		}
	}
	if started != 20 || finished != 20 {
		t.Errorf("lost results: %d started, %d finished", started, finished)
	}
	if moves != maxPendingMoves || slow.Dropped() != 2000-maxPendingMoves {
		t.Errorf("kept %d moves, dropped %d", moves, slow.Dropped())
	}
	// A closed subscription wakes its reader and receives nothing more.
	sub := bus.Subscribe()
	go func() { time.Sleep(20 * time.Millisecond); sub.Close() }()
	if _, ok := sub.Next(context.Background()); ok {
		t.Error("Next returned an event after Close")
	}
	bus.Publish(GameStarted{})
}

func TestAdjudication(t *testing.T) {
	opt := GameOptions{ResignScore: 500, ResignMoves: 3, DrawScore: 10, DrawMoves: 4, DrawMoveNumber: 20}
	var a adjudicator
	// White keeps saying -600, black +600: after three moves each, white resigns.
	var out core.Outcome
	for ply := 1; ply <= 6 && out == core.Ongoing; ply++ {
		side := colorOf(ply)
		score := -600 // white's own view
		if side == core.Black {
			score = 600
		}
		out, _ = a.observe(opt, side, score, ply)
	}
	if out != core.BlackWins {
		t.Errorf("resign adjudication gave %v", out)
	}
	var d adjudicator
	var last string
	for ply := 40; ply < 50; ply++ {
		_, last = d.observe(opt, colorOf(ply), 5, ply)
	}
	if last != ReasonDrawScore {
		t.Errorf("draw adjudication: %q", last)
	}
	var early adjudicator
	for ply := 1; ply < 20; ply++ {
		if _, r := early.observe(opt, colorOf(ply), 0, ply); r != "" {
			t.Fatalf("draw adjudicated at ply %d, before move %d", ply, opt.DrawMoveNumber)
		}
	}
}
