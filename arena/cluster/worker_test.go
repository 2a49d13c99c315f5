package cluster

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/arena/syncbuf"
	"github.com/evochess/evochess/core"
	"github.com/nats-io/nats.go"
)

// fakeEngine offers the test binary as a UCI engine called name.
func fakeEngine(t *testing.T, name string) string {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.Symlink(self, path); err != nil {
		t.Fatal(err)
	}
	t.Setenv(fakeUCIEnv, "1")
	return path
}

// waitFor polls cond for up to 20 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestJobNeedingAnEngineIsGivenBackNotLost(t *testing.T) {
	engine := fakeEngine(t, "fakeuci")
	tc := newTestCluster(t, "")
	lacking := tc.worker(WorkerConfig{Name: "lacking"})
	tc.waitSlots(1)
	run, err := tc.coord.Run(context.Background(), t.Name())
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	ext := mustSpec(t, "name=ext,uci=/nowhere/fakeuci,nodes=200")
	pool := arena.NewRemotePool([]arena.PlayerSpec{ext, testPlayers(t)[0]}, 0, run, nil)
	defer pool.Close()
	done := make(chan arena.GameResult, 1)
	go pool.Run(context.Background(), []arena.GameJob{{White: 0, Black: 1, Options: arena.GameOptions{MaxMoves: 8}}},
		func(_ arena.GameJob, r arena.GameResult) bool { done <- r; return false })
	waitFor(t, "the refusal", func() bool { return strings.Contains(lacking.log.String(), "needs fakeuci") })
	waitFor(t, "the coordinator to hear of it", func() bool { return strings.Contains(tc.log.String(), "gave a job back") })
	tc.worker(WorkerConfig{Name: "offering", Engines: []string{engine}})
	select {
	case r := <-done:
		if r.Reason == arena.ReasonAborted || r.Reason == arena.ReasonCrashed || len(r.Moves) == 0 {
			t.Fatalf("game %s %s (%s) with %d moves", r.Outcome, r.Reason, r.Detail, len(r.Moves))
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the refused job was never played")
	}
}

func TestWorkerOfAnotherVersionIsRefusedBothWays(t *testing.T) {
	tc := newTestCluster(t, "")
	t.Run("the coordinator refuses its report", func(t *testing.T) {
		nc, err := nats.Connect(tc.srv.URL())
		if err != nil {
			t.Fatal(err)
		}
		defer nc.Close()
		key := newWorkerKey()
		control, err := nc.SubscribeSync(controlPrefix + key.id)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := json.Marshal(presenceMsg{V: Version + 1, ID: key.id, Name: "old", Host: "h", Slots: 4})
		nc.PublishMsg(key.signed(presenceSubj, data))
		msg, err := control.NextMsg(5 * time.Second)
		if err != nil {
			t.Fatal("no refusal sent to the worker:", err)
		}
		var m controlMsg
		if err := json.Unmarshal(msg.Data, &m); err != nil || !strings.Contains(m.Refused, fmt.Sprintf("protocol v%d", Version+1)) {
			t.Fatalf("refusal %q (%v)", msg.Data, err)
		}
		if !strings.Contains(tc.log.String(), fmt.Sprintf("refused worker old (h) speaks evochess cluster protocol v%d", Version+1)) {
			t.Fatalf("coordinator log: %q", tc.log.String())
		}
		if tc.coord.Slots() != 0 {
			t.Fatalf("a refused worker's slots count: %d", tc.coord.Slots())
		}
	})
	t.Run("a worker refuses a job of another version", func(t *testing.T) {
		w := tc.worker(WorkerConfig{Name: "w"})
		tc.waitSlots(1)
		data, _ := json.Marshal(jobMsg{V: Version + 1, ID: strings.Repeat("a", 32), Run: strings.Repeat("b", 16)})
		if _, err := tc.coord.js.Publish(context.Background(), jobSubject(strings.Repeat("b", 16), strings.Repeat("a", 32)), data); err != nil {
			t.Fatal(err)
		}
		var err error
		select {
		case err = <-w.done:
		case <-time.After(20 * time.Second):
			t.Fatal("the worker went on")
		}
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("protocol v%d, this process v%d", Version+1, Version)) {
			t.Fatalf("worker stopped with %v", err)
		}
		w.done <- err
	})
}

// A restarted server may have lost its record of a delivery and offer a
// played job as new: the worker finds its result and does not play it.
// Unless the result stored would not be taken (anyone with the token can
// store one): then it plays the job.
func TestWorkerDoesNotReplayAStoredResult(t *testing.T) {
	for _, tt := range []struct {
		name  string
		spoil func(*resultMsg, *workerKey)
		plays bool
	}{
		{"a good result", nil, false},
		{"unsigned", func(_ *resultMsg, k *workerKey) { *k = workerKey{} }, true},
		{"signed by a worker the job avoids", func(m *resultMsg, k *workerKey) { *k, m.Worker = avoided, avoided.id }, true},
		{"claiming another worker", func(m *resultMsg, _ *workerKey) { m.Worker = newWorkerKey().id }, true},
		{"issue 25's forgery", func(m *resultMsg, _ *workerKey) { m.Outcome = core.WhiteWins }, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tc := newTestCluster(t, "")
			ctx := context.Background()
			j := goodJob(t)
			// Checkmated at the start: a game of no move, by the rules.
			j.Options.StartFEN = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
			j.ID = jobID(j.contentKey(), 0)
			for _, p := range []playerMsg{j.White, j.Black} {
				if _, err := tc.coord.js.Publish(ctx, genesSubject(p.Genes), p.raw); err != nil {
					t.Fatal(err)
				}
			}
			key := newWorkerKey()
			m := resultMsg{V: Version, ID: j.ID, Run: j.Run, Worker: key.id, Outcome: core.BlackWins, Reason: arena.ReasonCheckmate}
			if tt.spoil != nil {
				tt.spoil(&m, &key)
			}
			res, _ := json.Marshal(m)
			msg := nats.NewMsg(resultSubject(j.Run, j.ID))
			msg.Data = res
			if key.priv != nil {
				msg = key.signed(msg.Subject, res)
			}
			if _, err := tc.coord.js.PublishMsg(ctx, msg); err != nil {
				t.Fatal(err)
			}
			job := nats.NewMsg(jobSubject(j.Run, j.ID))
			job.Data, _ = json.Marshal(j)
			job.Header.Set(avoidHeader, avoided.id)
			if _, err := tc.coord.js.PublishMsg(ctx, job); err != nil {
				t.Fatal(err)
			}
			var played atomic.Int64
			tc.worker(WorkerConfig{dieBeforeResult: func() bool { played.Add(1); return false }})
			waitFor(t, "the job to be taken off the queue", func() bool {
				info, err := tc.coord.jobs.Info(ctx)
				return err == nil && info.State.Msgs == 0
			})
			if n := played.Load(); n != map[bool]int64{false: 0, true: 1}[tt.plays] {
				t.Fatalf("the worker played the job %d times", n)
			}
		})
	}
}

// avoided is a worker key jobs of the tests avoid.
var avoided = newWorkerKey()

// A worker started before its coordinator's server waits for it, saying
// so, and then plays.
func TestWorkerStartedBeforeTheServerWaits(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	log := &syncbuf.Buffer{}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- Serve(ctx, WorkerConfig{Client: ClientConfig{URL: "nats://" + addr}, Slots: 1, Report: testReport, Log: log})
	}()
	defer func() {
		cancel()
		<-done
	}()
	waitFor(t, "the worker to say it waits", func() bool { return strings.Contains(log.String(), "no NATS server answers there yet") })
	srv, err := StartServer(ServerConfig{Listen: addr, StoreDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	coord, err := NewCoordinator(ctx, Config{Server: srv, AckWait: testAckWait, Report: testReport})
	if err != nil {
		t.Fatal(err)
	}
	defer coord.Close()
	run, err := coord.Run(ctx, t.Name())
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	waitFor(t, "the worker's report", func() bool { return coord.Slots() > 0 })
	tournament(t, 0, run)
	if run.Games() == 0 {
		t.Fatal("the worker played no game")
	}
}
