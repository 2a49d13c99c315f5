package cluster

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/nats-io/nats.go"
)

func TestKilledWorkersJobIsPlayedByAnother(t *testing.T) {
	local := tournament(t, 2, nil)
	tc := newTestCluster(t, "")
	var once atomic.Bool
	victim := tc.worker(WorkerConfig{Name: "victim", dieBeforeResult: func() bool { return once.CompareAndSwap(false, true) }})
	tc.waitSlots(1)
	run, err := tc.coord.Run(context.Background(), t.Name())
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	go func() { // the survivor joins once the victim has died
		<-victim.done
		victim.done <- errKilled
		tc.worker(WorkerConfig{Name: "survivor"})
	}()
	rep := tournament(t, 0, run)
	if err := victim.stop(); err != errKilled {
		t.Fatalf("the victim stopped with %v", err)
	}
	sameGames(t, local, rep)
	if run.Games() != len(rep.Results) {
		t.Fatalf("%d results taken for %d games", run.Games(), len(rep.Results))
	}
}

func TestDuplicateResultsCountOnce(t *testing.T) {
	local := tournament(t, 2, nil)
	tc := newTestCluster(t, "")
	tc.worker(WorkerConfig{Slots: 2})
	tc.waitSlots(2)
	// Every result is stored a second time, as a worker that played a
	// redelivered job would.
	nc := tc.admin()
	var copies atomic.Int64
	sub, err := nc.Subscribe(resultPrefix+">", func(m *nats.Msg) {
		if m.Header.Get("copy") == "" {
			c := nats.NewMsg(m.Subject)
			c.Data, c.Header = m.Data, m.Header
			c.Header.Set("copy", "1")
			nc.PublishMsg(c)
			copies.Add(1)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Unsubscribe()
	run, err := tc.coord.Run(context.Background(), t.Name())
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	rep := tournament(t, 0, run)
	sameGames(t, local, rep)
	if copies.Load() == 0 {
		t.Fatal("no result was copied")
	}
	if run.Games() != len(rep.Results) || rep.Table.Played != len(rep.Results) {
		t.Fatalf("%d results taken, %d games in the table, for %d games", run.Games(), rep.Table.Played, len(rep.Results))
	}
}

func TestResumedCoordinatorDoesNotReplayStoredGames(t *testing.T) {
	local := tournament(t, 2, nil)
	store := t.TempDir()
	tc := newTestCluster(t, store)
	var played atomic.Int64
	w := tc.worker(WorkerConfig{Slots: 1, dieBeforeResult: func() bool { played.Add(1); return false }})
	tc.waitSlots(1)
	run, err := tc.coord.Run(context.Background(), t.Name())
	if err != nil {
		t.Fatal(err)
	}
	// The first coordinator dies after three results: its connection goes
	// first, so nothing of its queue is taken back.
	ctx, cancel := context.WithCancel(context.Background())
	book, _ := arena.OpenBook(arena.BuiltinBook)
	tour := &arena.Tournament{Format: arena.RoundRobin, Players: testPlayers(t), Rounds: 1, Book: book, Seed: 7,
		Remote: run, Options: arena.GameOptions{MaxMoves: 60},
		OnResult: func(_ arena.GameJob, _ *arena.GameResult, tb *arena.Table) {
			if tb.Played == 3 {
				tc.coord.nc.Close()
				cancel()
			}
		}}
	tour.Run(ctx)
	run.Close()
	tc.coord.Close()
	tc.coord = nil

	second, err := NewCoordinator(context.Background(), Config{Server: tc.srv, AckWait: testAckWait, Report: testReport, Log: tc.log})
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	waitFor(t, "the worker's report", func() bool { return second.Slots() > 0 })
	run2, err := second.Run(context.Background(), t.Name())
	if err != nil {
		t.Fatal(err)
	}
	defer run2.Close()
	stored, _ := run2.Resumed()
	if stored < 3 {
		t.Fatalf("the resumed run found %d results, want at least 3", stored)
	}
	rep := tournament(t, 0, run2)
	sameGames(t, local, rep)
	w.stop()
	if n := played.Load(); n != int64(len(rep.Results)) {
		t.Fatalf("workers played %d games for a tournament of %d", n, len(rep.Results))
	}
}

func TestClosedCoordinatorAndWorkersLeaveNoGoroutine(t *testing.T) {
	before := goroutines()
	func() {
		tc := newTestCluster(t, "")
		tc.worker(WorkerConfig{Slots: 2})
		tc.waitSlots(2)
		run, err := tc.coord.Run(context.Background(), t.Name())
		if err != nil {
			t.Fatal(err)
		}
		// A run stopped mid-game: its games end, its jobs are taken back.
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		book, _ := arena.OpenBook(arena.BuiltinBook)
		(&arena.Tournament{Format: arena.RoundRobin, Players: testPlayers(t), Rounds: 2, Book: book, Remote: run}).Run(ctx)
		run.Close()
		tc.close()
		tc.workers, tc.coord = nil, nil
	}()
	noLeak(t, before)
}

// A run stopped mid-game has its workers drop the game rather than play
// it out for nobody.
func TestStoppedRunsGamesAreDroppedByTheirWorkers(t *testing.T) {
	tc := newTestCluster(t, "")
	w := tc.worker(WorkerConfig{Slots: 2})
	tc.waitSlots(2)
	run, err := tc.coord.Run(context.Background(), t.Name())
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	var players []arena.PlayerSpec
	for _, s := range []string{"name=a,chromosome=full,nodes=50000000", "name=b,chromosome=seed000,nodes=50000000"} {
		ps := mustSpec(t, s)
		players = append(players, ps)
	}
	pool := arena.NewRemotePool(players, 0, run, nil)
	ctx, stop := context.WithCancel(context.Background())
	ran := make(chan struct{})
	go func() {
		defer close(ran)
		pool.Run(ctx, []arena.GameJob{{White: 0, Black: 1}, {White: 1, Black: 0}}, func(arena.GameJob, arena.GameResult) bool { return false })
	}()
	playing := func(n int) func() bool {
		return func() bool {
			ws := tc.coord.Workers()
			return len(ws) == 1 && ws[0].InFlight == n
		}
	}
	waitFor(t, "both games to start", playing(2))
	stop()
	<-ran
	pool.Close()
	waitFor(t, "the worker to drop the games", playing(0)) // each would take minutes
	if got := strings.Count(w.log.String(), "dropped, its run stopped"); got != 2 {
		t.Fatalf("%d games dropped; the worker's log:\n%s", got, w.log.String())
	}
}
