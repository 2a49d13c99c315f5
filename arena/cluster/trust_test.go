package cluster

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// rogue is a client holding the workers' credentials that takes jobs off
// the queue and answers each with a forgery, and publishes junk, until
// the test ends.
type rogue struct {
	key                    workerKey
	forged, unsigned, junk atomic.Int64
	dropped                atomic.Int64 // jobs taken and never answered
	stop                   func()
}

// forgeries are what the rogue sends for a job, in turn: the result issue
// 25 found accepted, and its variants.
var forgeries = []func(j jobMsg, honest string) (resultMsg, bool){
	func(j jobMsg, _ string) (resultMsg, bool) { // {"outcome":1,"reason":"checkmate","moves":[]}
		return resultMsg{Outcome: core.WhiteWins, Reason: arena.ReasonCheckmate}, true
	},
	func(j jobMsg, _ string) (resultMsg, bool) { // the same, unsigned
		return resultMsg{Outcome: core.WhiteWins, Reason: arena.ReasonCheckmate}, false
	},
	func(j jobMsg, _ string) (resultMsg, bool) { // two legal moves, then "mate"
		pos, _ := core.ParseFEN(core.StartFEN)
		m1 := pos.LegalMoves()[0]
		pos.MakeMove(m1)
		m2 := pos.LegalMoves()[0]
		return resultMsg{Outcome: core.BlackWins, Reason: arena.ReasonCheckmate, Moves: [][5]int64{{int64(m1)}, {int64(m2)}}}, true
	},
	func(j jobMsg, _ string) (resultMsg, bool) { // a built-in player "crashed"
		return resultMsg{Outcome: core.BlackWins, Reason: arena.ReasonCrashed, Detail: "segfault"}, true
	},
	func(j jobMsg, honest string) (resultMsg, bool) { // in an honest worker's name
		r := resultMsg{Outcome: core.Draw, Reason: arena.ReasonMaxMoves}
		r.Worker = honest
		return r, true
	},
	nil, // no answer at all: the job is acknowledged and dropped
}

// startRogue starts a rogue on tc; honest names a worker whose id it
// borrows now and then.
func (tc *testCluster) rogue(honest func() string) *rogue {
	t := tc.t
	nc, err := nats.Connect(tc.srv.URL()) // a worker's credentials
	if err != nil {
		t.Fatal(err)
	}
	js, _ := jetstream.New(nc)
	r := &rogue{key: newWorkerKey()}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	r.stop = func() {
		cancel()
		wg.Wait()
		nc.Close()
	}
	t.Cleanup(r.stop)
	var turn atomic.Int64
	forger := func() { // two of them: the rogue is greedier than a worker
		defer wg.Done()
		var cons jetstream.Consumer
		for ctx.Err() == nil {
			if cons == nil {
				c, err := js.Consumer(ctx, JobStream, WorkersConsumer)
				if err != nil {
					time.Sleep(50 * time.Millisecond)
					continue
				}
				cons = c
			}
			msg, err := cons.Next(jetstream.FetchMaxWait(200 * time.Millisecond))
			if err != nil {
				continue
			}
			j, err := decodeJob(msg.Data())
			if err != nil {
				continue
			}
			forge := forgeries[int(turn.Add(1)-1)%len(forgeries)]
			if forge == nil {
				r.dropped.Add(1)
				msg.Ack()
				continue
			}
			m, signed := forge(j, honest())
			m.V, m.ID, m.Run, m.Duration = Version, j.ID, j.Run, time.Millisecond
			if m.Worker == "" {
				m.Worker = r.key.id
			}
			data, _ := json.Marshal(m)
			out := nats.NewMsg(resultSubject(j.Run, j.ID))
			out.Data = data
			if signed {
				out = r.key.signed(out.Subject, data)
				r.forged.Add(1)
			} else {
				r.unsigned.Add(1)
			}
			js.PublishMsg(ctx, out)
			msg.Ack() // gone from the queue: the coordinator must queue it again
		}
	}
	wg.Add(3)
	go forger()
	go forger()
	go func() { // junk
		defer wg.Done()
		for ctx.Err() == nil {
			nc.Publish(presenceSubj, []byte(`{"v":3,"id":"../../etc","slots":-1}`))
			nc.Publish(resultPrefix+strings.Repeat("b", 16)+"."+strings.Repeat("c", 32), []byte("\x1b[2Jjunk"))
			r.junk.Add(2)
			select {
			case <-ctx.Done():
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	return r
}

// The games of a run with a rogue among its workers are the games played
// locally: every forgery is refused, counted against the key that signed
// it (which is refused after strikeLimit), and its job played again.
func TestForgedResultsAreRefusedAndTheirJobsPlayedAgain(t *testing.T) {
	local := tournament(t, 2, nil)
	tc := newTestCluster(t, "")
	tc.worker(WorkerConfig{Name: "honest"})
	tc.waitSlots(1)
	honest := tc.coord.Workers()[0].ID
	rg := tc.rogue(func() string { return honest })
	run, err := tc.coord.Run(context.Background(), t.Name())
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	defer func() {
		if t.Failed() {
			t.Logf("coordinator log:\n%s", tc.log.String())
		}
	}()
	rep := tournament(t, 0, run)
	rg.stop()
	sameGames(t, local, rep)
	c := tc.coord.Counts()
	t.Logf("rogue: %d forgeries signed, %d unsigned, %d jobs dropped, %d junk messages; coordinator: %d accepted, %d refused (%d unsigned), %d replays",
		rg.forged.Load(), rg.unsigned.Load(), rg.dropped.Load(), rg.junk.Load(), c.Accepted.Load(), c.Refused.Load(), c.Unsigned.Load(), c.Replays.Load())
	if rg.forged.Load() < strikeLimit || rg.unsigned.Load() == 0 {
		t.Fatalf("the rogue got too few jobs to test (%d forged)", rg.forged.Load())
	}
	if c.Refused.Load() < rg.forged.Load() || c.Unsigned.Load() < rg.unsigned.Load() {
		t.Fatalf("%d of %d forgeries refused, %d of %d unsigned", c.Refused.Load(), rg.forged.Load(), c.Unsigned.Load(), rg.unsigned.Load())
	}
	if why := tc.coord.pres.refusedWorker(rg.key.id); !strings.Contains(why, "did not check out") {
		t.Fatalf("the rogue's key is not refused: %q", why)
	}
	for _, w := range tc.coord.Workers() {
		if w.ID == honest && (w.BadResults != 0 || w.Refused != "") {
			t.Fatalf("the honest worker was blamed for the rogue's forgeries: %+v", w)
		}
	}
	if int(c.Accepted.Load()) != len(rep.Results) || run.Games() != len(rep.Results) {
		t.Fatalf("%d results accepted for %d games", c.Accepted.Load(), len(rep.Results))
	}
}

// crashing is a worker's game that ends, once release is closed, lost by
// white's failing to start.
func crashing(release chan struct{}) func(jobMsg) arena.GameResult {
	return func(jobMsg) arena.GameResult {
		<-release
		return arena.GameResult{Outcome: core.BlackWins, Reason: arena.ReasonCrashed, Detail: "no such library", Duration: time.Millisecond}
	}
}

// An engine's failure, which the moves cannot show, is taken on the word
// of two workers (or of one twice when no other can take the job); a
// built-in player's "failure" is refused.
func TestEngineFailuresNeedASecondWord(t *testing.T) {
	engine := fakeEngine(t, "fakeuci")
	ext := mustSpec(t, "name=ext,uci=/nowhere/fakeuci,nodes=200")
	builtin := testPlayers(t)[0]
	released := make(chan struct{})
	close(released)
	for _, tt := range []struct {
		name       string
		white      arena.PlayerSpec
		second     func(jobMsg) arena.GameResult // nil: plays
		none       bool                          // no second worker
		wantReason string                        // "": a played game
		strikes    int
	}{
		{"a second worker plays it", ext, nil, false, "", 0},
		{"a second worker confirms it", ext, crashing(released), false, arena.ReasonCrashed, 0},
		{"the only worker, twice", ext, nil, true, arena.ReasonCrashed, 0},
		{"a built-in player cannot crash", builtin, nil, false, "", 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tc := newTestCluster(t, "")
			release := make(chan struct{})
			first := tc.worker(WorkerConfig{Name: "first", Engines: []string{engine}, fakeGame: crashing(release)})
			tc.waitSlots(1)
			firstID := tc.coord.Workers()[0].ID
			run, err := tc.coord.Run(context.Background(), t.Name())
			if err != nil {
				t.Fatal(err)
			}
			defer run.Close()
			pool := arena.NewRemotePool([]arena.PlayerSpec{tt.white, testPlayers(t)[1]}, 0, run, nil)
			defer pool.Close()
			done := make(chan arena.GameResult, 1)
			go pool.Run(context.Background(), []arena.GameJob{{White: 0, Black: 1, Options: arena.GameOptions{MaxMoves: 8}}},
				func(_ arena.GameJob, r arena.GameResult) bool { done <- r; return false })
			waitFor(t, "the first worker to take the job", func() bool { return tc.coord.Workers()[0].InFlight == 1 })
			if !tt.none {
				tc.worker(WorkerConfig{Name: "second", Engines: []string{engine}, fakeGame: tt.second})
				waitFor(t, "the second worker", func() bool { return len(tc.coord.Workers()) == 2 })
			}
			close(release)
			defer func() {
				if t.Failed() {
					t.Logf("coordinator log:\n%s", tc.log.String())
				}
			}()
			var r arena.GameResult
			select {
			case r = <-done:
			case <-time.After(30 * time.Second):
				t.Fatalf("no result; coordinator log:\n%s", tc.log.String())
			}
			switch {
			case tt.wantReason == "" && (r.Reason == arena.ReasonCrashed || len(r.Moves) == 0):
				t.Fatalf("took %s by %s (%s) with %d moves, want a played game", r.Outcome, r.Reason, r.Detail, len(r.Moves))
			case tt.wantReason != "" && (r.Reason != tt.wantReason || r.Outcome != core.BlackWins):
				t.Fatalf("took %s by %s, want 0-1 by %s", r.Outcome, r.Reason, tt.wantReason)
			}
			if n := tc.coord.pres.bad[firstID]; (n == nil && tt.strikes != 0) || (n != nil && n.n != tt.strikes) {
				t.Fatalf("strikes against the first worker: %+v, want %d", n, tt.strikes)
			}
			first.stop()
		})
	}
}

// Workers' credentials do a worker's part and nothing else: they cannot
// queue jobs, store genes, stop workers or games, read the queue as it
// fills, nor touch the streams.
func TestWorkerCredentialsCannotActAsCoordinator(t *testing.T) {
	srv, err := StartServer(ServerConfig{Listen: "127.0.0.1:0", Token: "worker-token", StoreDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	coord, err := NewCoordinator(context.Background(), Config{Server: srv, Report: testReport})
	if err != nil {
		t.Fatal(err)
	}
	defer coord.Close()
	var mu sync.Mutex
	var violations []string
	nc, err := nats.Connect(srv.URL(), nats.Token("worker-token"), nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) {
		mu.Lock()
		violations = append(violations, err.Error())
		mu.Unlock()
	}))
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, _ := jetstream.New(nc)
	ctx := context.Background()
	short := func() (context.Context, context.CancelFunc) { return context.WithTimeout(ctx, 300*time.Millisecond) }
	for _, tt := range []struct {
		name string
		try  func(context.Context) error
	}{
		{"queue a job", func(ctx context.Context) error {
			_, err := js.Publish(ctx, jobSubject(strings.Repeat("b", 16), strings.Repeat("a", 32)), []byte("{}"))
			return err
		}},
		{"store genes", func(ctx context.Context) error { _, err := js.Publish(ctx, genesSubject("x"), []byte("x")); return err }},
		{"delete the job stream", func(ctx context.Context) error { return js.DeleteStream(ctx, JobStream) }},
		{"purge the results", func(ctx context.Context) error {
			s, err := js.Stream(ctx, ResultStream)
			if err != nil {
				return err
			}
			return s.Purge(ctx)
		}},
		{"change the job stream", func(ctx context.Context) error {
			_, err := js.UpdateStream(ctx, jetstream.StreamConfig{Name: JobStream, Subjects: []string{">"}})
			return err
		}},
		{"delete the workers' consumer", func(ctx context.Context) error { return js.DeleteConsumer(ctx, JobStream, WorkersConsumer) }},
		{"make a consumer of its own", func(ctx context.Context) error {
			_, err := js.CreateOrUpdateConsumer(ctx, JobStream, jetstream.ConsumerConfig{Durable: "mine"})
			return err
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c, cancel := short()
			defer cancel()
			if err := tt.try(c); err == nil {
				t.Fatal("allowed")
			}
		})
	}
	// Plain subjects: the server refuses them (and says so); nobody gets them.
	admin := coordConn(t, srv)
	got, err := admin.SubscribeSync(Subjects)
	if err != nil {
		t.Fatal(err)
	}
	for _, subj := range []string{controlPrefix + "someone", cancelPrefix + strings.Repeat("b", 16) + "." + strings.Repeat("a", 32),
		jobPrefix + "x.y", "_INBOX.someone"} {
		nc.Publish(subj, []byte(`{"v":3,"refused":"stop"}`))
	}
	for _, subj := range []string{jobPrefix + ">", resultPrefix + ">", presenceSubj, ">"} {
		nc.SubscribeSync(subj)
	}
	nc.Flush()
	time.Sleep(200 * time.Millisecond)
	if m, err := got.NextMsg(100 * time.Millisecond); err == nil {
		t.Fatalf("a worker's credentials published on %s", m.Subject)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(violations) < 8 {
		t.Fatalf("%d permission violations reported, want 8: %q", len(violations), violations)
	}
	if _, err := coord.js.Stream(ctx, JobStream); err != nil {
		t.Fatal("the job stream is gone:", err)
	}
	// A wrong token gets nothing.
	if nc, err := nats.Connect(srv.URL(), nats.Token("wrong")); err == nil {
		nc.Close()
		t.Fatal("a wrong token connected")
	}
}

// coordConn is a connection with the coordinator's rights.
func coordConn(t *testing.T, srv *Server) *nats.Conn {
	nc, err := nats.Connect(srv.URL(), nats.Token(srv.token))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	return nc
}

// Reports in a worker's name that its key did not sign neither stop the
// worker nor take it out of the table.
func TestForgedReportsCannotStopAWorker(t *testing.T) {
	tc := newTestCluster(t, "")
	w := tc.worker(WorkerConfig{Name: "honest"})
	tc.waitSlots(1)
	honest := tc.coord.Workers()[0]
	nc, err := nats.Connect(tc.srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	other := newWorkerKey()
	for _, m := range []presenceMsg{
		{V: Version + 1, ID: honest.ID, Name: "honest", Slots: 1}, // "of another version": refuse it
		{V: Version, ID: honest.ID, Name: "honest", Bye: true},    // "it left"
	} {
		data, _ := json.Marshal(m)
		nc.Publish(presenceSubj, data)
		nc.PublishMsg(other.signed(presenceSubj, data)) // signed, by another key
	}
	nc.Flush()
	time.Sleep(5 * testReport)
	select {
	case err := <-w.done:
		t.Fatalf("the worker stopped: %v", err)
	default:
	}
	ws := tc.coord.Workers()
	if len(ws) != 1 || ws[0].ID != honest.ID || ws[0].Refused != "" {
		t.Fatalf("workers now: %+v", ws)
	}
	if n := tc.coord.Counts().Reports.Load(); n != 4 {
		t.Fatalf("%d reports ignored, want 4", n)
	}
}

// 20 000 bad reports make a few lines and a count, and a line of another
// kind that comes after them is still written.
func TestBadReportsAreLoggedWithCounts(t *testing.T) {
	tc := newTestCluster(t, "")
	nc, err := nats.Connect(tc.srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	for i := range 20000 {
		nc.Publish(presenceSubj, []byte(fmt.Sprintf(`{"v":3,"id":"bad.%d"}`, i)))
	}
	nc.Flush()
	tc.worker(WorkerConfig{Name: "late"})
	waitFor(t, "the late worker", func() bool { return strings.Contains(tc.log.String(), "worker late") })
	waitFor(t, "the reports", func() bool {
		tc.coord.log.flush(time.Now(), true)
		return strings.Contains(tc.log.String(), "more like it")
	})
	log := tc.log.String()
	lines := strings.Count(log, "\n")
	t.Logf("%d lines:\n%s", lines, log)
	if lines > logBurst+3 {
		t.Fatalf("%d lines for 20 000 bad reports", lines)
	}
	if !strings.Contains(log, "cluster: ignored a worker report … and 19 990 more like it in the last minute") {
		t.Fatal("no count of the reports not written")
	}
}

func TestLogLimiterSpeaksAgainNextMinute(t *testing.T) {
	var b strings.Builder
	l := newLogLimiter(&b)
	t0 := time.Now()
	for i := range 100 {
		l.say(logBadReport, fmt.Sprintf("bad %d", i), t0)
		l.say(logJoined, "joined", t0) // the same line: said once
	}
	l.say(logBadReport, "bad again", t0.Add(logWindow))
	want := ""
	for i := range logBurst {
		want += fmt.Sprintf("bad %d\n", i)
		if i == 0 {
			want += "joined\n"
		}
	}
	want += logBadReport + " … and 90 more like it in the last minute\nbad again\n"
	if b.String() != want {
		t.Fatalf("log:\n%s\nwant:\n%s", b.String(), want)
	}
	l.flush(t0.Add(2*logWindow), false)
	if !strings.HasSuffix(b.String(), logJoined+" … and 99 more like it in the last minute\n") {
		t.Fatalf("log after the joined kind's minute:\n%s", b.String())
	}
	if len(l.kinds[logBadReport].said) > logBurst {
		t.Fatal("the limiter keeps more lines than its burst")
	}
}

// Keys cost nothing: a flood of signed reports of made-up workers fills
// the table to its bound and no further.
func TestWorkerTableIsBounded(t *testing.T) {
	tc := newTestCluster(t, "")
	nc, err := nats.Connect(tc.srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	tc.coord.pres.mu.Lock()
	tc.coord.pres.expire = time.Hour // none goes while the test runs, however slow
	tc.coord.pres.mu.Unlock()
	var msgs []*nats.Msg
	for i := range maxWorkers + 100 {
		k := newWorkerKey()
		data, _ := json.Marshal(presenceMsg{V: Version, ID: k.id, Name: fmt.Sprint("fake", i), Slots: 1})
		msgs = append(msgs, k.signed(presenceSubj, data))
	}
	for _, m := range msgs {
		nc.PublishMsg(m)
	}
	nc.Flush()
	waitFor(t, "the reports", func() bool { return tc.coord.Counts().Reports.Load() >= 100 })
	if n := len(tc.coord.Workers()); n > maxWorkers {
		t.Fatalf("%d workers in the table", n)
	}
}

// BenchmarkResultCheck is what a coordinator spends on a result of 100
// plies before taking it: the signature, the decoding, the replay of the
// moves and of the ending (go test -bench ResultCheck -run ^$).
func BenchmarkResultCheck(b *testing.B) {
	ps := testPlayers(b)
	rj := arena.RemoteJob{Job: arena.GameJob{Options: arena.GameOptions{MaxMoves: 50}}, White: ps[0], Black: ps[1]}
	g := fakeGame(jobMsg{Options: rj.Job.Options})
	k := newWorkerKey()
	m := newResult(jobMsg{V: Version, ID: strings.Repeat("a", 32), Run: strings.Repeat("b", 16)}, k.id, g)
	data, _ := json.Marshal(m)
	msg := k.signed(resultSubject(m.Run, m.ID), data)
	if _, v, err := judge(rj, m); v != accepted {
		b.Fatalf("the fake game is %v: %v", v, err)
	}
	b.ResetTimer()
	for range b.N {
		by, err := signer(msg.Subject, msg.Data, msg.Header)
		if err != nil {
			b.Fatal(err)
		}
		r, err := decodeResult(msg.Data)
		if err != nil || r.Worker != by {
			b.Fatal(err)
		}
		if _, v, err := judge(rj, r); v != accepted {
			b.Fatal(err)
		}
	}
}
