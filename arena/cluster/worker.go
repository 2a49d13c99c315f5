package cluster

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// WorkerConfig is a worker process: where it pulls games from and what it
// offers.
type WorkerConfig struct {
	Client ClientConfig
	Name   string // shown to coordinators (default: the host name)
	Slots  int    // games at once (at least 1)
	// Engines are the external engines offered, by path; a job names one
	// by its path or file name. Built-in players are always offered.
	Engines []string
	// MaxHashMB refuses jobs whose players want more hash (default 256).
	MaxHashMB int
	// Report is how often the worker reports itself (DefaultReport when 0).
	Report time.Duration
	// Log receives what the worker says: what it serves, whom, refusals.
	Log io.Writer

	// dieBeforeResult, when set (tests), is asked after each game: true
	// makes the worker vanish as a killed process would, the game
	// unreported and its job unacknowledged.
	dieBeforeResult func() bool
	// fakeGame, when set (measurements), plays instead of the engines:
	// a worker whose games cost nothing, to load a coordinator.
	fakeGame func(jobMsg) arena.GameResult
}

// errKilled is what Serve returns when a test has it die.
var errKilled = errors.New("worker killed")

// worker is one Serve call's state.
type worker struct {
	cfg      WorkerConfig
	id, host string
	engines  map[string]string // path and file name → path
	nc       *nats.Conn
	js       jetstream.JetStream
	results  jetstream.Stream
	// genesStream holds the genes jobs name; genes keeps those fetched.
	genesStream jetstream.Stream
	genes       genesCache
	pool        *arena.Pool
	ackWait     time.Duration
	mu          sync.Mutex // guards ackWait, results, genesStream and back: renewed when the queue or connection is
	inFlight    atomic.Int64
	waiting     atomic.Bool // "waiting for a coordinator" was said
	games       atomic.Int64
	live        playing // the games in flight, for their coordinators to cancel
	fatal       chan error
	stop        context.CancelFunc
	// back ends when the connection comes back after a loss: the pulls
	// waiting at the lost server are gone and are made again at once.
	back    context.Context
	newBack context.CancelFunc
}

// reconnected ends the pulls made before the connection was lost.
func (w *worker) reconnected(*nats.Conn) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.newBack()
	w.back, w.newBack = context.WithCancel(context.Background())
}

// pullContext is one pull's: at most pullWait, and no longer than the
// connection it was made on.
func (w *worker) pullContext(ctx context.Context) (context.Context, context.CancelFunc) {
	w.mu.Lock()
	back := w.back
	w.mu.Unlock()
	pull, cancel := context.WithTimeout(ctx, pullWait)
	stop := context.AfterFunc(back, cancel)
	return pull, func() {
		stop()
		cancel()
	}
}

// pullWait is how long a pull waits at the server for a job.
const pullWait = 5 * time.Second

// Serve pulls game jobs and plays them until ctx ends, a coordinator
// refuses the worker, or (tests) it is made to die.
func Serve(ctx context.Context, cfg WorkerConfig) error {
	if cfg.Slots < 1 || cfg.Slots > maxSlots {
		return fmt.Errorf("worker slots %d: want 1 to %d", cfg.Slots, maxSlots)
	}
	if cfg.MaxHashMB <= 0 {
		cfg.MaxHashMB = 256
	}
	if cfg.Report <= 0 {
		cfg.Report = DefaultReport
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	w := &worker{cfg: cfg, engines: map[string]string{}, fatal: make(chan error, 1)}
	w.host, _ = os.Hostname()
	if w.cfg.Name == "" {
		w.cfg.Name = w.host
	}
	for _, e := range cfg.Engines {
		path, err := exec.LookPath(e)
		if err != nil {
			return fmt.Errorf("engine %s: %w", e, err)
		}
		w.engines[e], w.engines[path], w.engines[filepath.Base(path)] = path, path, path
	}
	var b [8]byte
	rand.Read(b[:])
	w.id = hex.EncodeToString(b[:])

	ctx, w.stop = context.WithCancel(ctx)
	defer w.stop()
	closed := make(chan struct{})
	client := cfg.Client
	client.Name = "evochess worker " + w.cfg.Name
	w.back, w.newBack = context.WithCancel(context.Background())
	// A worker may start before its coordinator's server: it waits.
	nc, err := client.connect(nats.ClosedHandler(func(*nats.Conn) { close(closed) }), nats.ReconnectHandler(w.reconnected),
		nats.RetryOnFailedConnect(true))
	if err != nil {
		return err
	}
	w.nc = nc
	killed := false
	defer func() {
		if !killed {
			w.report(true)
			nc.Drain()
		} else {
			nc.Close()
		}
		<-closed
	}()
	if w.js, err = jetstream.New(nc); err != nil {
		return err
	}
	if _, err := nc.Subscribe(controlPrefix+w.id, w.onControl); err != nil {
		return err
	}
	if _, err := nc.Subscribe(cancelPrefix+">", w.onCancel); err != nil {
		return err
	}
	cons, err := w.consumer(ctx)
	if err != nil {
		return w.why(err)
	}
	engines := "built-in players only"
	if len(cfg.Engines) > 0 {
		engines = fmt.Sprintf("built-in players and %v", w.offered())
	}
	fmt.Fprintf(cfg.Log, "evochess worker %s on %s (protocol v%d): %d games at once, %s; games from %s\n",
		w.cfg.Name, w.host, Version, cfg.Slots, engines, nc.ConnectedUrlRedacted())

	w.pool = arena.NewPool(nil, cfg.Slots, nil)
	defer w.pool.Close()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		w.reporter(ctx)
	}()
	var dead atomic.Bool
	for range cfg.Slots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if errors.Is(w.slot(ctx, cons), errKilled) {
				dead.Store(true)
				w.die(errKilled)
			}
		}()
	}
	wg.Wait()
	killed = dead.Load()
	if !killed { // a killed process says nothing
		fmt.Fprintf(cfg.Log, "evochess worker %s stopped: %d games played\n", w.cfg.Name, w.games.Load())
	}
	return w.why(nil)
}

// why is the worker's reason to stop: a fatal error, else err.
func (w *worker) why(err error) error {
	select {
	case f := <-w.fatal:
		return f
	default:
		return err
	}
}

// die stops the worker with err (the first one wins).
func (w *worker) die(err error) {
	select {
	case w.fatal <- err:
	default:
	}
	w.stop()
}

func (w *worker) offered() []string {
	var out []string
	for _, e := range w.cfg.Engines {
		out = append(out, filepath.Base(w.engines[e]))
	}
	return out
}

// consumer waits for the workers' consumer, which a coordinator creates.
func (w *worker) consumer(ctx context.Context) (jetstream.Consumer, error) {
	for {
		// A short look: a server not there yet is said at once.
		look, cancel := context.WithTimeout(ctx, 2*time.Second)
		cons, err := w.js.Consumer(look, JobStream, WorkersConsumer)
		cancel()
		if err == nil {
			var results, genes jetstream.Stream
			if results, err = w.js.Stream(ctx, ResultStream); err == nil {
				genes, err = w.js.Stream(ctx, GenesStream)
			}
			if err == nil {
				w.mu.Lock()
				w.ackWait, w.results, w.genesStream = cons.CachedInfo().Config.AckWait, results, genes
				w.mu.Unlock()
				if w.waiting.Swap(false) {
					fmt.Fprintf(w.cfg.Log, "found a coordinator's queue at %s\n", w.cfg.Client.URL)
				}
				return cons, nil
			}
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if w.waiting.CompareAndSwap(false, true) { // said once, by one slot
			if !w.nc.IsConnected() {
				err = errors.New("no NATS server answers there yet")
			}
			fmt.Fprintf(w.cfg.Log, "waiting for a coordinator at %s (%v)\n", w.cfg.Client.URL, err)
		}
		select {
		case <-time.After(time.Second):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

func (w *worker) onControl(msg *nats.Msg) {
	var m controlMsg
	if unmarshal("control", msg.Data, &m) != nil || m.Refused == "" || len(m.Refused) > maxDetail || !printable(m.Refused) {
		return
	}
	w.die(fmt.Errorf("refused by the coordinator: %s", m.Refused))
}

// reporter publishes the worker's report every interval.
func (w *worker) reporter(ctx context.Context) {
	t := time.NewTicker(w.cfg.Report)
	defer t.Stop()
	last, lastAt := int64(0), time.Now()
	for {
		w.publishReport(false, last, lastAt)
		last, lastAt = w.games.Load(), time.Now()
		select {
		case <-t.C:
		case <-ctx.Done():
			return
		}
	}
}

func (w *worker) report(bye bool) { w.publishReport(bye, w.games.Load(), time.Now()) }

func (w *worker) publishReport(bye bool, since int64, at time.Time) {
	games := w.games.Load()
	rate := 0.0
	if dt := time.Since(at).Seconds(); dt > 0.05 {
		rate = float64(games-since) / dt
	}
	data, _ := json.Marshal(presenceMsg{V: Version, ID: w.id, Name: w.cfg.Name, Host: w.host, Engines: w.offered(),
		Slots: w.cfg.Slots, InFlight: int(w.inFlight.Load()), Games: int(games), GamesPerSec: rate, Bye: bye})
	w.nc.Publish(presenceSubj, data)
}

// slot pulls and plays jobs one at a time until ctx ends.
func (w *worker) slot(ctx context.Context, cons jetstream.Consumer) error {
	for ctx.Err() == nil {
		pull, cancel := w.pullContext(ctx)
		msg, err := cons.Next(jetstream.FetchContext(pull))
		cancel()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			if !errors.Is(err, nats.ErrTimeout) && !errors.Is(err, context.DeadlineExceeded) {
				// A lost connection or a consumer made anew: wait, look again.
				select {
				case <-time.After(time.Second):
				case <-ctx.Done():
					return nil
				}
				if c, err := w.consumer(ctx); err == nil {
					cons = c
				}
			}
			continue
		}
		if err := w.job(ctx, msg); err != nil {
			return err
		}
	}
	return nil
}

// job plays one job and reports its result, or gives the job back.
func (w *worker) job(ctx context.Context, msg jetstream.Msg) error {
	j, err := decodeJob(msg.Data())
	if err != nil {
		if j.V != Version && j.V != 0 {
			msg.NakWithDelay(refuseDelay) // for a worker of its version
			w.die(err)
			return nil
		}
		msg.TermWithReason("malformed job") // nobody can play it
		w.refuse(j.ID, err.Error())
		return nil
	}
	// Every job is looked up first, not only redelivered ones: a server
	// killed and restarted may have lost its record of a delivery and
	// offer a played job as new. (First: a played job is acked even by a
	// worker that lacks its players.)
	if w.stored(ctx, j) {
		msg.Ack() // played by a worker that died before its ack
		return nil
	}
	chromosome := func(name, schema, id string) (*core.Chromosome, error) { return w.chromosome(ctx, name, schema, id) }
	white, errW := j.White.spec(w.engines, chromosome)
	black, errB := j.Black.spec(w.engines, chromosome)
	if err := errors.Join(errW, errB); err != nil {
		msg.NakWithDelay(refuseDelay) // another worker may have what it needs
		w.refuse(j.ID, err.Error())
		return nil
	}
	if white.HashMB > w.cfg.MaxHashMB || black.HashMB > w.cfg.MaxHashMB {
		msg.NakWithDelay(refuseDelay)
		w.refuse(j.ID, fmt.Sprintf("hash %d MB is more than this worker allows (%d)", max(white.HashMB, black.HashMB), w.cfg.MaxHashMB))
		return nil
	}
	if meta, err := msg.Metadata(); err == nil && meta.NumDelivered > 1 {
		// Said for each such job: rare, and what tells an operator that
		// workers die or stall (or refuse) and games are played again.
		fmt.Fprintf(w.cfg.Log, "job %s, delivery %d (its last worker died, stalled or gave it back): playing it\n", j.ID, meta.NumDelivered)
	}
	w.inFlight.Add(1)
	defer w.inFlight.Add(-1)
	game, done := w.live.start(ctx, j.ID)
	defer done()
	res := w.play(game, msg, j, white, black)
	if res.Reason == arena.ReasonAborted {
		if ctx.Err() == nil { // its coordinator does not want it any more
			msg.Term()
			fmt.Fprintf(w.cfg.Log, "job %s: dropped, its run stopped\n", j.ID)
			return nil
		}
		msg.Nak() // the worker is stopping: someone else plays it
		return nil
	}
	if w.cfg.dieBeforeResult != nil && w.cfg.dieBeforeResult() {
		return errKilled
	}
	data, _ := json.Marshal(newResult(j, w.id, res))
	for {
		_, err := w.js.Publish(ctx, resultSubject(j.Run, j.ID), data)
		if err == nil {
			break
		}
		if ctx.Err() != nil {
			msg.Nak()
			return nil
		}
		select {
		case <-time.After(time.Second):
		case <-ctx.Done():
		}
	}
	// Acknowledged only now that the result is stored: a worker dying
	// before this line costs a replayed game, never a lost one. The ack
	// is not waited for: if it is lost (the server went down), the job
	// comes back and whoever takes it finds its result stored, whereas a
	// confirmed ack would hold the slot until its timeout.
	msg.Ack()
	w.games.Add(1)
	return nil
}

// play plays the job's game, telling JetStream every third of the ack
// wait that the job is in progress.
func (w *worker) play(ctx context.Context, msg jetstream.Msg, j jobMsg, white, black arena.PlayerSpec) arena.GameResult {
	beat, stop := context.WithCancel(ctx)
	defer stop()
	go func() {
		w.mu.Lock()
		every := max(w.ackWait/3, 100*time.Millisecond)
		w.mu.Unlock()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				msg.InProgress()
			case <-beat.Done():
				return
			}
		}
	}()
	if w.cfg.fakeGame != nil {
		return w.cfg.fakeGame(j)
	}
	return w.pool.PlayOne(ctx, arena.GameJob{ID: j.Game, Options: j.Options, Round: j.Round}, white, black)
}

// stored reports whether the job's result is in the results stream.
func (w *worker) stored(ctx context.Context, j jobMsg) bool {
	w.mu.Lock()
	results := w.results
	w.mu.Unlock()
	raw, err := results.GetLastMsgForSubject(ctx, resultSubject(j.Run, j.ID))
	if err != nil {
		return false
	}
	m, err := decodeResult(raw.Data)
	return err == nil && m.ID == j.ID
}

// refuse tells the coordinators, and the worker's log, that a job went back.
func (w *worker) refuse(job, reason string) {
	if len(reason) > maxDetail {
		reason = reason[:maxDetail]
	}
	fmt.Fprintf(w.cfg.Log, "gave job %s back: %s\n", job, reason)
	data, _ := json.Marshal(refusalMsg{V: Version, Job: job, Worker: w.cfg.Name, Reason: reason})
	w.nc.Publish(refusedPrefix+w.id, data)
}
