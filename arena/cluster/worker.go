package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// WorkerConfig is a worker process: where it pulls games from and what it
// offers.
type WorkerConfig struct {
	Client ClientConfig
	Name   string // shown to coordinators (default: the host name)
	Slots  int    // games at once (at least 1)
	// Engines are the external engines offered, each an allow-list
	// (allow.go): PATH[,args=…][,option.NAME=VALUE…]; a job names one by
	// its path or file name. Built-in players are always offered.
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
	engines  engineAllows
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
	live        playing    // the games in flight, for their coordinators to cancel
	quiet       quietSpans // when the worker does not pull: jobs it gave back return
	fatal       chan error
	stop        context.CancelFunc
	// back ends when the connection comes back after a loss: the pulls
	// waiting at the lost server are gone and are made again at once.
	back    context.Context
	newBack context.CancelFunc

	// key signs the worker's reports and results; id is its hash.
	key workerKey
}

// reconnected ends the pulls made before the connection was lost.
func (w *worker) reconnected(*nats.Conn) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.newBack()
	w.back, w.newBack = context.WithCancel(context.Background())
}

// pullContext is one pull's: at most wait, and no longer than the
// connection it was made on.
func (w *worker) pullContext(ctx context.Context, wait time.Duration) (context.Context, context.CancelFunc) {
	w.mu.Lock()
	back := w.back
	w.mu.Unlock()
	pull, cancel := context.WithTimeout(ctx, wait)
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
	w := &worker{cfg: cfg, fatal: make(chan error, 1)}
	w.host, _ = os.Hostname()
	if w.cfg.Name == "" {
		w.cfg.Name = w.host
	}
	for _, e := range cfg.Engines {
		a, err := parseAllow(e)
		if err == nil {
			err = a.resolve(ctx)
		}
		if err != nil {
			return err
		}
		w.engines = append(w.engines, &a)
	}
	w.key = newWorkerKey()
	w.id = w.key.id

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
		engines = "built-in players and " + w.engines.describe()
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

func (w *worker) offered() []string { return w.engines.names() }

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
	w.nc.PublishMsg(w.key.signed(presenceSubj, data))
}

// slot pulls and plays jobs one at a time until ctx ends.
func (w *worker) slot(ctx context.Context, cons jetstream.Consumer) error {
	for ctx.Err() == nil {
		sleep, wait := w.quiet.plan(time.Now(), pullWait)
		if sleep > 0 { // a job given back returns: for another worker (giveback.go)
			select {
			case <-time.After(sleep):
			case <-ctx.Done():
			}
			continue
		}
		pull, cancel := w.pullContext(ctx, wait)
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
