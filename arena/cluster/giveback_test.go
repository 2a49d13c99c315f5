package cluster

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
	"github.com/nats-io/nats.go"
)

// Two idle workers are each given first the copy of a job that avoids
// it (each had the job's engine fail), half a second apart: each gives its
// copy back, and must then be out of the queue when the copy returns, so
// that the other worker takes it. Before, each pulled again at once and
// was the first waiting when its own copy came back two seconds later:
// the two copies went back and forth for ever (giveback.go).
func TestCopiesGivenBackReachTheOtherWorker(t *testing.T) {
	tc := newTestCluster(t, "")
	ctx := context.Background()
	started := func(name string) string {
		tc.worker(WorkerConfig{Name: name})
		var id string
		waitFor(t, "worker "+name, func() bool {
			for _, w := range tc.coord.Workers() {
				if w.Name == name {
					id = w.ID
				}
			}
			return id != ""
		})
		time.Sleep(300 * time.Millisecond) // its pull waits at the server
		return id
	}
	// a's pull waits from before b's: a is given the first copy, the one
	// avoiding a, and b, waiting longer than a pulling again, the other.
	a := started("a")
	b := started("b")
	j := goodJob(t)
	for _, p := range []playerMsg{j.White, j.Black} {
		if _, err := tc.coord.js.Publish(ctx, genesSubject(p.Genes), p.raw); err != nil {
			t.Fatal(err)
		}
	}
	var ids []string
	for i, avoid := range []string{a, b} {
		j.ID = jobID(j.contentKey(), i)
		ids = append(ids, j.ID)
		job := nats.NewMsg(jobSubject(j.Run, j.ID))
		job.Data, _ = json.Marshal(j)
		job.Header.Set(avoidHeader, avoid)
		if _, err := tc.coord.js.PublishMsg(ctx, job); err != nil {
			t.Fatal(err)
		}
		// Given back half a second apart, as a run's copies are: each
		// worker's pull is the older one when its own copy returns.
		time.Sleep(500 * time.Millisecond)
	}
	for i, want := range []string{b, a} {
		var by string
		deadline := time.Now().Add(30 * time.Second)
		for by == "" {
			if time.Now().After(deadline) {
				t.Fatalf("job %d was never played by the worker it does not avoid; worker a:\n%s\nworker b:\n%s",
					i, tc.workers[0].log.String(), tc.workers[1].log.String())
			}
			if raw, err := tc.coord.results.GetLastMsgForSubject(ctx, resultSubject(j.Run, ids[i])); err == nil {
				by, _ = signer(raw.Subject, raw.Data, raw.Header)
			} else {
				time.Sleep(50 * time.Millisecond)
			}
		}
		if by != want {
			t.Fatalf("job %d played by %s, want %s", i, by, want)
		}
	}
}

func TestQuietSpansPlanPulls(t *testing.T) {
	t0 := time.Unix(1000, 0)
	span := func(from, to time.Duration) [2]time.Time { return [2]time.Time{t0.Add(from), t0.Add(to)} }
	for _, tt := range []struct {
		name        string
		spans       [][2]time.Time
		sleep, wait time.Duration
	}{
		{"none: a full pull", nil, 0, pullWait},
		{"one ahead: the pull ends at its start", [][2]time.Time{span(2*time.Second, 3*time.Second)}, 0, 2 * time.Second},
		{"the nearest of two", [][2]time.Time{span(3*time.Second, 4*time.Second), span(time.Second, 2*time.Second)}, 0, time.Second},
		{"in one: no pull until its end", [][2]time.Time{span(-time.Second, 700*time.Millisecond)}, 700 * time.Millisecond, 0},
		{"in two: until the later end", [][2]time.Time{span(-time.Second, 300*time.Millisecond), span(-time.Second, 900*time.Millisecond)}, 900 * time.Millisecond, 0},
		{"too close for a pull", [][2]time.Time{span(minPull/2, time.Second)}, time.Second, 0},
		{"over: forgotten", [][2]time.Time{span(-2*time.Second, -time.Second)}, 0, pullWait},
	} {
		t.Run(tt.name, func(t *testing.T) {
			q := quietSpans{spans: tt.spans}
			if sleep, wait := q.plan(t0, pullWait); sleep != tt.sleep || wait != tt.wait {
				t.Fatalf("sleep %v, pull %v; want %v, %v", sleep, wait, tt.sleep, tt.wait)
			}
		})
	}
	var q quietSpans
	for range maxQuiet + 10 {
		q.gaveBack(t0, refuseDelay)
	}
	s := q.spans[len(q.spans)-1]
	if len(q.spans) != maxQuiet || s[0] != t0.Add(refuseDelay-quietBefore) || s[1].Sub(t0) < refuseDelay+quietAfter/3 || s[1].Sub(t0) > refuseDelay+quietAfter {
		t.Fatalf("%d spans, the last %v to %v after the give-back", len(q.spans), s[0].Sub(t0), s[1].Sub(t0))
	}
}

// An engine failure reported by the one worker whose --engine allows the
// job's options: the other worker offers the engine but gives the job
// back, so the first one's word again is taken, as if it were alone,
// and the run goes on (before, the copy waited for the other for ever).
func TestEngineFailureWhenTheOtherWorkerGivesTheJobBack(t *testing.T) {
	engine := fakeEngine(t, "fakeuci")
	ext := mustSpec(t, "name=ext,uci=/nowhere/fakeuci,nodes=200,option.Hash=16")
	tc := newTestCluster(t, "")
	released := make(chan struct{})
	close(released)
	tc.worker(WorkerConfig{Name: "allowing", Engines: []string{engine + ",option.Hash=16"}, fakeGame: crashing(released)})
	strict := tc.worker(WorkerConfig{Name: "strict", Engines: []string{engine}})
	tc.waitSlots(4)
	pool, ctx := remoteGames(t, tc, ext)
	done := make(chan arena.GameResult, 1)
	go pool.Run(ctx, []arena.GameJob{{White: 0, Black: 1, Options: arena.GameOptions{MaxMoves: 8}}},
		func(_ arena.GameJob, r arena.GameResult) bool { done <- r; return false })
	select {
	case r := <-done:
		if r.Reason != arena.ReasonCrashed || r.Outcome != core.BlackWins {
			t.Fatalf("took %s by %s, want 0-1 by %s", r.Outcome, r.Reason, arena.ReasonCrashed)
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("no result; coordinator log:\n%s\nstrict worker:\n%s", tc.log.String(), strict.log.String())
	}
	if !strings.Contains(strict.log.String(), "gave job") {
		t.Fatalf("the strict worker never had the job:\n%s", strict.log.String())
	}
	if log := tc.log.String(); !strings.Contains(log, "by any worker (no other can take it)") {
		t.Fatalf("the log does not say the job went to any worker:\n%s", log)
	}
}

// blockingFirst is a worker's game: the first job it takes waits for
// release, and every game is played (fakeGame).
func blockingFirst(release chan struct{}) func(jobMsg) arena.GameResult {
	var once sync.Once
	return func(j jobMsg) arena.GameResult {
		once.Do(func() { <-release })
		return fakeGame(j)
	}
}

// A job held for a second word while the only other worker is busy waits,
// and the log says so every few ack waits rather than nothing: a run that
// stops moving says what it waits for.
func TestAJobWaitingForASecondWordIsSaid(t *testing.T) {
	engine := fakeEngine(t, "fakeuci")
	ext := mustSpec(t, "name=ext,uci=/nowhere/fakeuci,nodes=200")
	tc := newTestCluster(t, "")
	released := make(chan struct{})
	close(released)
	tc.worker(WorkerConfig{Name: "failing", Engines: []string{engine}, fakeGame: crashing(released)})
	hold := make(chan struct{})
	tc.worker(WorkerConfig{Name: "busy", Engines: []string{engine}, fakeGame: blockingFirst(hold)})
	tc.waitSlots(4)
	pool, ctx := remoteGames(t, tc, ext)
	opt := arena.GameOptions{MaxMoves: fakePlies / 2}
	results := make(chan arena.GameResult, 2)
	go pool.Run(ctx, []arena.GameJob{{ID: 1, White: 0, Black: 1, Options: opt}, {ID: 2, White: 0, Black: 1, Round: "2", Options: opt}},
		func(_ arena.GameJob, r arena.GameResult) bool { results <- r; return false })
	waitFor(t, "the log to say a job waits", func() bool { return strings.Contains(tc.log.String(), "to be played again, by another worker than") })
	if log := tc.log.String(); !strings.Contains(log, "(1 of the workers could take it)") {
		t.Fatalf("the log does not say who could take it:\n%s", log)
	}
	close(hold)
	for range 2 {
		select {
		case r := <-results:
			if r.Reason != arena.ReasonMaxMoves {
				t.Fatalf("took %s by %s (%s), want the busy worker's game", r.Outcome, r.Reason, r.Detail)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("no result; coordinator log:\n%s", tc.log.String())
		}
	}
}

// remoteGames is a pool of ext (white) and a built-in player on a run of
// tc, with the context its games run in: at the test's end the context is
// cancelled first (a game never taken must not hold the pool's Close),
// then the pool and the run are closed.
func remoteGames(t *testing.T, tc *testCluster, ext arena.PlayerSpec) (*arena.Pool, context.Context) {
	t.Helper()
	run, err := tc.coord.Run(context.Background(), t.Name())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { run.Close() })
	pool := arena.NewRemotePool([]arena.PlayerSpec{ext, testPlayers(t)[1]}, 0, run, nil)
	t.Cleanup(pool.Close)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	return pool, ctx
}
