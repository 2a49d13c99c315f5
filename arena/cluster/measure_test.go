package cluster

// Issue 15's figures of scale (docs/RESULTS.md), behind -cluster.measure:
// what a game costs in messages and bytes, and what the coordinator and
// the NATS server spend in CPU per result when many fast fake workers feed
// them. They print figures rather than assert them, and take a minute or
// two.
//
//	go test ./arena/cluster -run Measure -cluster.measure -v

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

var (
	measure        = flag.Bool("cluster.measure", false, "run the traffic and CPU measurements of issue 15")
	measureGames   = flag.Int("cluster.games", 40, "games of the traffic measurement")
	measureResults = flag.Int("cluster.results", 20000, "results of the CPU measurement")
	measureFakes   = flag.Int("cluster.fakes", 50, "fake workers of the CPU measurement (4 slots each)")
)

// fakeWorkersEnv makes the test binary a process of fake workers:
// "URL,N,SLOTS" (N workers of SLOTS slots on the server at URL) or
// "listen,N,SLOTS" (the embedded server started here, its URL printed
// first). It runs until its standard input closes.
const fakeWorkersEnv = "EVOCHESS_CLUSTER_FAKE_WORKERS"

func skipUnlessMeasuring(t *testing.T) {
	if !*measure {
		t.Skip("a measurement: -cluster.measure")
	}
}

// measurePlayers are two individuals of the largest chromosome (full: 836
// genes), as an evolution or a tuning run hands them to its pool.
func measurePlayers(t *testing.T) []arena.PlayerSpec {
	s, err := core.Preset("full")
	if err != nil {
		t.Fatal(err)
	}
	var out []arena.PlayerSpec
	for i, name := range []string{"g1", "g2"} {
		c := s.Default()
		c.Values[0] += float64(i) // two individuals, two sets of genes
		tc, _ := arena.ParseTimeControl("nodes=500")
		out = append(out, arena.PlayerSpec{Name: name, Genes: c, HashMB: 16, TC: &tc})
	}
	return out
}

// measureJobs are n colour-swapped games from book openings.
func measureJobs(t *testing.T, n int) []arena.GameJob {
	book, err := arena.OpenBook(arena.BuiltinBook)
	if err != nil {
		t.Fatal(err)
	}
	starts := book.Sequence((n+1)/2, 5)
	jobs := make([]arena.GameJob, n)
	for i := range jobs {
		jobs[i] = arena.GameJob{ID: i, White: i % 2, Black: 1 - i%2, Options: arena.GameOptions{StartFEN: starts[i/2], MaxMoves: 150}}
	}
	return jobs
}

// TestMeasureTraffic plays real games on two workers and counts what went
// through the server per game.
func TestMeasureTraffic(t *testing.T) {
	skipUnlessMeasuring(t)
	tc := newTestCluster(t, "")
	tc.worker(WorkerConfig{Slots: 1})
	tc.worker(WorkerConfig{Slots: 1})
	tc.waitSlots(2)
	run, err := tc.coord.Run(context.Background(), t.Name())
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	players, jobs := measurePlayers(t), measureJobs(t, *measureGames)
	jobBytes, genes := 0, [2]int{}
	for _, j := range jobs {
		m, err := newJob(&tc.coord.shared, run.key, arena.RemoteJob{Job: j, White: players[j.White], Black: players[j.Black]})
		if err != nil {
			t.Fatal(err)
		}
		data, _ := json.Marshal(m)
		jobBytes, genes = jobBytes+len(data), [2]int{len(m.White.raw) / 8, len(m.Black.raw) / 8}
	}
	before, _ := tc.srv.ns.Varz(nil)
	coordBefore := tc.coord.nc.Stats()
	began := time.Now()
	pool := arena.NewRemotePool(players, 0, run, nil)
	plies := 0
	pool.Run(context.Background(), jobs, func(_ arena.GameJob, r arena.GameResult) bool { plies += len(r.Moves); return false })
	pool.Close()
	secs := time.Since(began).Seconds()
	after, _ := tc.srv.ns.Varz(nil)
	coord := tc.coord.nc.Stats()
	info, err := tc.coord.results.Info(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	g := float64(len(jobs))
	t.Logf("%d games in %.1f s on 2 workers, %.1f plies a game", len(jobs), secs, float64(plies)/g)
	t.Logf("job message %.0f bytes (the genes apart: %d and %d genes, %d bytes each, stored once); result stored %.0f bytes",
		float64(jobBytes)/g, genes[0], genes[1], 8*genes[0], float64(info.State.Bytes)/g)
	t.Logf("server, a game: %.1f messages in, %.1f out; %.0f bytes in, %.0f out",
		float64(after.InMsgs-before.InMsgs)/g, float64(after.OutMsgs-before.OutMsgs)/g,
		float64(after.InBytes-before.InBytes)/g, float64(after.OutBytes-before.OutBytes)/g)
	t.Logf("coordinator's connection, a game: %.1f messages sent, %.1f received; %.0f bytes sent, %.0f received",
		float64(coord.OutMsgs-coordBefore.OutMsgs)/g, float64(coord.InMsgs-coordBefore.InMsgs)/g,
		float64(coord.OutBytes-coordBefore.OutBytes)/g, float64(coord.InBytes-coordBefore.InBytes)/g)
	t.Logf("(worker reports besides: one of ~%d bytes a worker every %v, to each coordinator)", presenceSize(), DefaultReport)
}

func presenceSize() int {
	k := newWorkerKey()
	data, _ := json.Marshal(presenceMsg{V: Version, ID: k.id, Name: "worker-name", Host: "host.example.org",
		Slots: 8, InFlight: 8, Games: 123456, GamesPerSec: 12.34})
	m := k.signed(presenceSubj, data)
	return len(data) + len(m.Header.Get(keyHeader)) + len(m.Header.Get(sigHeader)) + len(keyHeader) + len(sigHeader)
}

// TestMeasureCoordinatorCPU has many fake workers return games at once
// (100 plies each, checked and replayed by the coordinator as real ones)
// and measures the CPU of the coordinator's process: with the embedded
// server in it (--cluster-listen) and without (--cluster, the server in
// the fake workers' process).
func TestMeasureCoordinatorCPU(t *testing.T) {
	skipUnlessMeasuring(t)
	for _, tt := range []struct {
		name       string
		serverHere bool
	}{
		{"coordinator and server in one process (--cluster-listen)", true},
		{"coordinator alone (--cluster; the server in the workers' process)", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cfg := Config{AckWait: DefaultAckWait, Report: DefaultReport}
			spec := fmt.Sprintf("listen,%d,4", *measureFakes)
			if tt.serverHere {
				srv, err := StartServer(ServerConfig{Listen: "127.0.0.1:0", StoreDir: t.TempDir()})
				if err != nil {
					t.Fatal(err)
				}
				defer srv.Close()
				cfg.Server = srv
				spec = fmt.Sprintf("%s,%d,4", srv.URL(), *measureFakes)
			}
			fakes, url := startFakeWorkers(t, spec)
			if !tt.serverHere {
				cfg.Client = ClientConfig{URL: url, Token: measureCoordinator}
			}
			coord, err := NewCoordinator(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer coord.Close()
			waitFor(t, "the fake workers", func() bool { return coord.Slots() >= 4**measureFakes })
			run, err := coord.Run(context.Background(), t.Name())
			if err != nil {
				t.Fatal(err)
			}
			defer run.Close()
			jobs := measureJobs(t, *measureResults)
			for i := range jobs {
				jobs[i].Options.MaxMoves = fakePlies / 2 // what a fake game ends by
			}
			pool := arena.NewRemotePool(measurePlayers(t), 0, run, nil)
			cpu0, began := selfCPU(), time.Now()
			plies := 0
			pool.Run(context.Background(), jobs, func(_ arena.GameJob, r arena.GameResult) bool { plies += len(r.Moves); return false })
			secs, cpu := time.Since(began).Seconds(), selfCPU()-cpu0
			pool.Close()
			fakeCPU := fakes()
			n := float64(len(jobs))
			t.Logf("%d results (%.0f plies each) in %.1f s: %.0f results/s", len(jobs), float64(plies)/n, secs, n/secs)
			t.Logf("this process: %.2f CPU s, %.0f µs a result: %.2f cores for 1000 results/s", cpu, 1e6*cpu/n, 1e3*cpu/n)
			t.Logf("fake workers' process: %.2f CPU s, %.0f µs a result", fakeCPU, 1e6*fakeCPU/n)
		})
	}
}

// selfCPU is this process's user and system CPU seconds.
func selfCPU() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

// startFakeWorkers starts the fake workers' process; stop ends it and
// returns its CPU seconds. url is its server's, when it runs one.
func startFakeWorkers(t *testing.T, spec string) (stop func() float64, url string) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), fakeWorkersEnv+"="+spec)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if strings.HasPrefix(spec, "listen,") {
		line, err := bufio.NewReader(out).ReadString('\n')
		if err != nil {
			cmd.Process.Kill()
			t.Fatal("the fake workers' server:", err)
		}
		url = strings.TrimSpace(line)
	}
	done := false
	stop = func() float64 {
		if !done {
			done = true
			in.Close()
			cmd.Wait()
		}
		return (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds()
	}
	t.Cleanup(func() { stop() })
	return stop, url
}

// runFakeWorkers is the fake workers' process (fakeWorkersEnv).
func runFakeWorkers(spec string) int {
	parts := strings.Split(spec, ",")
	if len(parts) != 3 {
		fmt.Fprintf(os.Stderr, "%s=%q: want URL,N,SLOTS\n", fakeWorkersEnv, spec)
		return 2
	}
	n, _ := strconv.Atoi(parts[1])
	slots, _ := strconv.Atoi(parts[2])
	url := parts[0]
	if url == "listen" {
		store, err := os.MkdirTemp("", "evochess-fake-workers")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer os.RemoveAll(store)
		srv, err := StartServer(ServerConfig{Listen: "127.0.0.1:0", StoreDir: store, CoordinatorToken: measureCoordinator})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer srv.Close()
		url = srv.URL()
		fmt.Println(url)
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { // the parent closes standard input to stop us
		bufio.NewReader(os.Stdin).ReadString('\n')
		cancel()
	}()
	done := make(chan struct{}, n)
	for i := range n {
		go func() {
			Serve(ctx, WorkerConfig{Client: ClientConfig{URL: url}, Name: fmt.Sprintf("fake%d", i), Slots: slots, fakeGame: fakeGame})
			done <- struct{}{}
		}()
	}
	for range n {
		<-done
	}
	return 0
}

// measureCoordinator is the coordinator's token on the fake workers' server.
const measureCoordinator = "measure-coordinator"

// fakePlies is the length of a fake game.
const fakePlies = 100

// fakeGame plays up to fakePlies plies from the job's start in no time,
// with move reports of a real game's size, to an ending the coordinator
// accepts (its jobs have a move limit of fakePlies/2 moves).
func fakeGame(j jobMsg) arena.GameResult {
	start := j.Options.StartFEN
	if start == "" {
		start = core.StartFEN
	}
	pos, err := core.ParseFEN(start)
	if err != nil {
		return arena.GameResult{Outcome: core.Draw, Reason: arena.ReasonCrashed}
	}
	res := arena.GameResult{Outcome: core.Draw, Reason: arena.ReasonMaxMoves, Started: time.Now()}
	reasons := map[core.Termination]string{core.Checkmate: arena.ReasonCheckmate, core.Stalemate: arena.ReasonStalemate,
		core.ThreefoldRepetition: arena.ReasonThreefold, core.FiftyMoveRule: arena.ReasonFiftyMove, core.InsufficientMaterial: arena.ReasonInsufficient}
	for ply := range fakePlies {
		if st := pos.Status(); st.Over() {
			res.Outcome, res.Reason = st.Outcome, reasons[st.Reason]
			break
		}
		moves := pos.LegalMoves()
		m := moves[(ply*7)%len(moves)]
		res.Moves = append(res.Moves, arena.MoveRecord{Move: m, Score: 20 - ply, Depth: 7, Nodes: 5000, Time: 15 * time.Millisecond})
		pos.MakeMove(m)
	}
	if st := pos.Status(); st.Over() {
		res.Outcome, res.Reason = st.Outcome, reasons[st.Reason]
	}
	res.Duration = time.Duration(len(res.Moves)) * 15 * time.Millisecond
	return res
}
