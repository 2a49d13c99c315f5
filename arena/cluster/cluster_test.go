package cluster

import (
	"context"
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/arena/syncbuf"
	"github.com/nats-io/nats.go"
)

// testCluster is an embedded server on a random loopback port with a
// temporary store, a coordinator on it, and workers started on demand.
type testCluster struct {
	t       *testing.T
	srv     *Server
	coord   *Coordinator
	log     *syncbuf.Buffer
	workers []*testWorker
}

type testWorker struct {
	cancel context.CancelFunc
	done   chan error
	log    *syncbuf.Buffer
}

const testAckWait = time.Second
const testReport = 200 * time.Millisecond

func newTestCluster(t *testing.T, store string) *testCluster {
	t.Helper()
	if store == "" {
		store = t.TempDir()
	}
	srv, err := StartServer(ServerConfig{Listen: "127.0.0.1:0", StoreDir: store})
	if err != nil {
		t.Fatal(err)
	}
	tc := &testCluster{t: t, srv: srv, log: &syncbuf.Buffer{}}
	tc.coord, err = NewCoordinator(context.Background(), Config{Server: srv, AckWait: testAckWait, Report: testReport, Log: tc.log})
	if err != nil {
		srv.Close()
		t.Fatal(err)
	}
	t.Cleanup(tc.close)
	return tc
}

func (tc *testCluster) close() {
	for _, w := range tc.workers {
		w.stop()
	}
	if tc.coord != nil {
		tc.coord.Close()
	}
	if tc.srv.ns.Running() {
		tc.srv.Close()
	}
}

// admin is a connection with the coordinator's rights, closed with the test.
func (tc *testCluster) admin() *nats.Conn {
	tc.t.Helper()
	nc, err := nats.Connect(tc.srv.URL(), nats.Token(tc.srv.token))
	if err != nil {
		tc.t.Fatal(err)
	}
	tc.t.Cleanup(nc.Close)
	return nc
}

// worker starts a worker of slots slots.
func (tc *testCluster) worker(cfg WorkerConfig) *testWorker {
	cfg.Client = ClientConfig{URL: tc.srv.URL()}
	if cfg.Slots == 0 {
		cfg.Slots = 1
	}
	cfg.Report = testReport
	w := &testWorker{done: make(chan error, 1), log: &syncbuf.Buffer{}}
	cfg.Log = w.log
	ctx, cancel := context.WithCancel(context.Background())
	w.cancel = cancel
	go func() { w.done <- Serve(ctx, cfg) }()
	tc.workers = append(tc.workers, w)
	return w
}

// stop stops the worker and returns what Serve returned.
func (w *testWorker) stop() error {
	w.cancel()
	select {
	case err := <-w.done:
		w.done <- err
		return err
	case <-time.After(20 * time.Second):
		return fmt.Errorf("worker did not stop")
	}
}

// waitSlots waits until the coordinator sees n slots.
func (tc *testCluster) waitSlots(n int) {
	tc.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for tc.coord.pres.slots() < n {
		if time.Now().After(deadline) {
			var said []string // what the workers said: one that did not start says why
			for _, w := range tc.workers {
				said = append(said, w.log.String())
				select {
				case err := <-w.done:
					w.done <- err
					said = append(said, fmt.Sprintf("stopped: %v", err))
				default:
				}
			}
			tc.t.Fatalf("coordinator sees %d slots, want %d; workers: %+v; their logs: %q", tc.coord.Slots(), n, tc.coord.Workers(), said)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// testPlayers are three built-in players at a small fixed node count.
func testPlayers(t testing.TB) []arena.PlayerSpec {
	var out []arena.PlayerSpec
	for _, s := range []string{"name=a,chromosome=full,nodes=300", "name=b,chromosome=seed000,nodes=300", "name=c,chromosome=seed003,nodes=200"} {
		ps := mustSpec(t, s)
		out = append(out, ps)
	}
	return out
}

// tournament plays a small round robin, locally or on remote.
func tournament(t *testing.T, workers int, remote arena.Remote) *arena.Report {
	t.Helper()
	book, err := arena.OpenBook(arena.BuiltinBook)
	if err != nil {
		t.Fatal(err)
	}
	tour := &arena.Tournament{Format: arena.RoundRobin, Players: testPlayers(t), Rounds: 1, Book: book, Seed: 7,
		Workers: workers, Remote: remote, Options: arena.GameOptions{MaxMoves: 60}}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	rep, err := tour.Run(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Reason != "complete" {
		t.Fatalf("tournament %s", rep.Reason)
	}
	return rep
}

// sameGames compares two reports game by game, wall times aside.
func sameGames(t *testing.T, a, b *arena.Report) {
	t.Helper()
	key := func(r arena.GameResult) string {
		s := fmt.Sprintf("%s-%s %s %s %s %s|", r.White, r.Black, r.StartFEN, r.Outcome, r.Reason, r.FinalFEN)
		for _, m := range r.Moves {
			s += fmt.Sprintf("%s:%d:%d:%d ", m.SAN, m.Score, m.Depth, m.Nodes)
		}
		return s
	}
	count := func(rep *arena.Report) map[string]int {
		m := map[string]int{}
		for _, r := range rep.Results {
			m[key(r)]++
		}
		return m
	}
	ca, cb := count(a), count(b)
	if len(a.Results) != len(b.Results) {
		t.Fatalf("%d games v %d", len(a.Results), len(b.Results))
	}
	for k, n := range ca {
		if cb[k] != n {
			t.Fatalf("game played %d times locally, %d remotely:\n%s", n, cb[k], k)
		}
	}
}

func goroutines() int {
	runtime.GC()
	return runtime.NumGoroutine()
}

// noLeak fails if goroutines are left some time after the test's end.
func noLeak(t *testing.T, before int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for goroutines() > before {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			n := runtime.Stack(buf, true)
			t.Fatalf("%d goroutines left behind (had %d):\n%s", goroutines()-before, before, buf[:n])
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestRemoteTournamentMatchesLocal(t *testing.T) {
	local := tournament(t, 2, nil)
	for _, tt := range []struct {
		name           string
		local, workers int
		slots          int
	}{
		{"remote only, two workers", 0, 2, 1},
		{"local and remote", 1, 1, 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tc := newTestCluster(t, "")
			for range tt.workers {
				tc.worker(WorkerConfig{Slots: tt.slots})
			}
			tc.waitSlots(tt.workers * tt.slots)
			run, err := tc.coord.Run(context.Background(), t.Name())
			if err != nil {
				t.Fatal(err)
			}
			defer run.Close()
			rep := tournament(t, tt.local, run)
			sameGames(t, local, rep)
			if run.Games() == 0 {
				t.Fatal("no game was played remotely")
			}
			// The three players' genes were stored once each, not per job.
			stream, err := tc.coord.js.Stream(context.Background(), GenesStream)
			if err != nil {
				t.Fatal(err)
			}
			if st := stream.CachedInfo().State; st.Msgs != 3 || st.LastSeq != 3 {
				t.Fatalf("genes stored %d times, %d kept, for 3 players", st.LastSeq, st.Msgs)
			}
		})
	}
}
