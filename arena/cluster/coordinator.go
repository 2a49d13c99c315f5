package cluster

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Config is a coordinator: the server it uses and its timings.
type Config struct {
	// Client reaches an existing NATS server; ignored with Server.
	Client ClientConfig
	// Server, when set, is the embedded server: the coordinator talks to
	// it in-process. The caller closes it after the coordinator.
	Server *Server
	// AckWait is how long a job goes without news from its worker before
	// another gets it (DefaultAckWait when 0).
	AckWait time.Duration
	// Report is the interval workers report at (DefaultReport when 0).
	Report time.Duration
	// Prefetch is how many jobs wait queued for each worker besides its
	// slots, so that none idles between games (1 when 0; -1 for none).
	Prefetch int
	// Log receives a line for workers joining, leaving and being refused,
	// jobs given back, and bad messages (nil: discarded).
	Log io.Writer
}

// Coordinator hands games to remote workers: one connection, the streams,
// and the table of workers; Run gives each run its arena.Remote.
type Coordinator struct {
	cfg     Config
	nc      *nats.Conn
	js      jetstream.JetStream
	jobs    jetstream.Stream
	results jetstream.Stream
	shared  genesShared // genes stored, and named chromosomes encoded
	pres    *presence
	closed  chan struct{} // the connection is closed
	stop    context.CancelFunc
	wg      sync.WaitGroup
	logMu   sync.Mutex
	said    map[string]bool // log lines said once
}

// NewCoordinator connects, sets up the streams and starts following the
// workers' reports.
func NewCoordinator(ctx context.Context, cfg Config) (*Coordinator, error) {
	if cfg.AckWait <= 0 {
		cfg.AckWait = DefaultAckWait
	}
	if cfg.Report <= 0 {
		cfg.Report = DefaultReport
	}
	switch {
	case cfg.Prefetch == 0:
		cfg.Prefetch = 1
	case cfg.Prefetch < 0:
		cfg.Prefetch = 0
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	c := &Coordinator{cfg: cfg, pres: newPresence(cfg.Report, cfg.Prefetch), closed: make(chan struct{}), said: map[string]bool{}}
	client := cfg.Client
	client.Name = "evochess coordinator"
	opts := []nats.Option{nats.ClosedHandler(func(*nats.Conn) { close(c.closed) })}
	if srv := cfg.Server; srv != nil {
		client.URL, client.Token = srv.URL(), srv.token
		if srv.leaf == nil {
			opts = append(opts, nats.InProcessServer(srv.ns))
		} else {
			// TLS does not work in-process: over loopback, trusting
			// exactly the server's own certificate, whatever names it.
			client.URL = srv.loopbackURL()
			opts = append(opts, nats.Secure(&tls.Config{InsecureSkipVerify: true, MinVersion: tls.VersionTLS12,
				VerifyPeerCertificate: func(raw [][]byte, _ [][]*x509.Certificate) error {
					if len(raw) == 0 || !bytes.Equal(raw[0], srv.leaf) {
						return errors.New("not the embedded server's certificate")
					}
					return nil
				}}))
		}
	}
	nc, err := client.connect(opts...)
	if err != nil {
		return nil, err
	}
	c.nc = nc
	fail := func(err error) (*Coordinator, error) {
		nc.Close()
		return nil, err
	}
	if c.js, err = jetstream.New(nc); err != nil {
		return fail(err)
	}
	if c.jobs, c.results, err = streams(ctx, c.js, cfg.AckWait); err != nil {
		return fail(err)
	}
	if _, err := nc.Subscribe(presenceSubj, c.onPresence); err != nil {
		return fail(err)
	}
	if _, err := nc.Subscribe(refusedPrefix+">", c.onRefusal); err != nil {
		return fail(err)
	}
	tick, stop := context.WithCancel(context.Background())
	c.stop = stop
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		t := time.NewTicker(cfg.Report)
		defer t.Stop()
		for {
			select {
			case now := <-t.C:
				c.pres.expireOld(now)
			case <-tick.Done():
				return
			}
		}
	}()
	return c, nil
}

// Close stops following the workers and closes the connection; the runs
// should be closed first.
func (c *Coordinator) Close() {
	c.stop()
	c.wg.Wait()
	if err := c.nc.Drain(); err != nil {
		c.nc.Close()
	}
	select {
	case <-c.closed:
	case <-time.After(10 * time.Second): // a drain stuck on a dead server
		c.nc.Close()
	}
}

// Workers returns the workers heard of lately, by name.
func (c *Coordinator) Workers() []arena.RemoteWorker { return c.pres.list() }

// Slots is how many jobs the workers can take at once now.
func (c *Coordinator) Slots() int { return c.pres.slots() }

// logf writes a line to the log; with once set, only the first time.
func (c *Coordinator) logf(once bool, format string, args ...any) {
	line := fmt.Sprintf(format, args...)
	c.logMu.Lock()
	defer c.logMu.Unlock()
	if once {
		if c.said[line] || len(c.said) > 10000 {
			return
		}
		c.said[line] = true
	}
	fmt.Fprintln(c.cfg.Log, line)
}

func (c *Coordinator) onPresence(msg *nats.Msg) {
	m, err := decodePresence(msg.Data)
	if err != nil {
		c.logf(true, "cluster: ignored %v", err)
		return
	}
	known := c.pres.known(m.ID)
	refused, first := c.pres.update(m, time.Now())
	switch {
	case refused != "":
		if first {
			c.logf(false, "cluster: refused %s", refused)
		}
		data, _ := json.Marshal(controlMsg{V: Version, Refused: refused})
		c.nc.Publish(controlPrefix+m.ID, data)
	case m.Bye:
		c.logf(false, "cluster: worker %s (%s) left", m.Name, m.Host)
	case !known:
		c.logf(false, "cluster: worker %s (%s) joined: %d slots, engines: %s", m.Name, m.Host, m.Slots, engineList(m.Engines))
	}
}

func (c *Coordinator) onRefusal(msg *nats.Msg) {
	var r refusalMsg
	if unmarshal("refusal", msg.Data, &r) != nil || len(r.Reason) > maxDetail || !printable(r.Reason) || !printable(r.Worker) {
		return
	}
	c.logf(true, "cluster: worker %.64s gave a job back: %s", r.Worker, r.Reason)
}

func engineList(e []string) string {
	if len(e) == 0 {
		return "built-in only"
	}
	return fmt.Sprint(e)
}

// RunRemote is one run's games on the workers: an arena.Remote.
type RunRemote struct {
	c     *Coordinator
	key   string
	cc    jetstream.ConsumeContext
	mu    sync.Mutex
	wait  map[string]chan resultMsg // jobs waiting for their result, by id
	early map[string]resultMsg      // results of queued jobs not asked for yet
	// stored and queued are the run's job ids that had a result, or were
	// queued, when the run began: a resumed coordinator's.
	stored, queued map[string]bool
	seen           map[[32]byte]int // jobs of this process by content
	games          int              // results taken
}

var _ arena.Remote = (*RunRemote)(nil)

// Run starts the remote of a run. identity names the run for as long as
// it may be resumed (a saved run's name): the jobs of the same run get the
// same ids, so a resumed coordinator finds their results. Close it when
// the run is over.
func (c *Coordinator) Run(ctx context.Context, identity string) (*RunRemote, error) {
	r := &RunRemote{c: c, key: runKey(identity), wait: map[string]chan resultMsg{}, early: map[string]resultMsg{},
		stored: map[string]bool{}, queued: map[string]bool{}, seen: map[[32]byte]int{}}
	// Follow new results first, then list the old ones: a result stored
	// in between is in one or the other.
	cons, err := c.js.OrderedConsumer(ctx, ResultStream, jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{resultPrefix + r.key + ".>"}, DeliverPolicy: jetstream.DeliverNewPolicy})
	if err != nil {
		return nil, fmt.Errorf("cluster results: %w", err)
	}
	if r.cc, err = cons.Consume(r.onResult); err != nil {
		return nil, fmt.Errorf("cluster results: %w", err)
	}
	for _, s := range []struct {
		stream jetstream.Stream
		prefix string
		ids    map[string]bool
	}{{c.results, resultPrefix, r.stored}, {c.jobs, jobPrefix, r.queued}} {
		info, err := s.stream.Info(ctx, jetstream.WithSubjectFilter(s.prefix+r.key+".>"))
		if err != nil {
			r.Close()
			return nil, fmt.Errorf("cluster: listing the run's jobs: %w", err)
		}
		for subj := range info.State.Subjects {
			s.ids[subj[len(s.prefix)+len(r.key)+1:]] = true
		}
	}
	return r, nil
}

// Close stops following the run's results.
func (r *RunRemote) Close() {
	r.cc.Stop()
	<-r.cc.Closed()
}

// Resumed is how many results and queued jobs of the run were found when
// it began (a resumed coordinator's).
func (r *RunRemote) Resumed() (results, queued int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.stored), len(r.queued)
}

// Games is how many results the run has taken from workers (stored ones a
// resumed run found included).
func (r *RunRemote) Games() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.games
}

func (r *RunRemote) Slots() int                    { return r.c.Slots() }
func (r *RunRemote) Workers() []arena.RemoteWorker { return r.c.Workers() }

func (r *RunRemote) onResult(msg jetstream.Msg) {
	m, err := decodeResult(msg.Data())
	if err != nil {
		r.c.logf(true, "cluster: ignored %v", err)
		return
	}
	if m.Run != r.key || msg.Subject() != resultSubject(r.key, m.ID) {
		r.c.logf(true, "cluster: ignored result %s filed under %s", m.ID, msg.Subject())
		return
	}
	r.mu.Lock()
	ch := r.wait[m.ID]
	if ch != nil {
		delete(r.wait, m.ID) // counted once: later copies find nobody waiting
	} else if r.queued[m.ID] {
		r.early[m.ID] = m
	}
	r.mu.Unlock()
	if ch != nil {
		ch <- m // buffered: never blocks
	}
}

// maxBadResults is how often a job is played again after a result that
// does not check out before it is given up.
const maxBadResults = 3

// Play publishes the job (unless the run has it stored or queued already)
// and waits for its first good result.
func (r *RunRemote) Play(ctx context.Context, rj arena.RemoteJob) (arena.GameResult, error) {
	j, err := newJob(&r.c.shared, r.key, rj)
	if err != nil {
		return arena.GameResult{}, err
	}
	for _, p := range []playerMsg{j.White, j.Black} { // the genes before the job that names them
		if err := r.share(ctx, p); err != nil {
			return arena.GameResult{}, err
		}
	}
	ck := j.contentKey()
	r.mu.Lock()
	n := r.seen[ck]
	r.seen[ck]++
	r.mu.Unlock()
	j.ID = jobID(ck, n)
	data, err := json.Marshal(j)
	if err != nil {
		return arena.GameResult{}, err
	}
	if len(data) > MaxMessage {
		return arena.GameResult{}, fmt.Errorf("job %s: %d bytes, more than a message may hold (%d)", j.ID, len(data), MaxMessage)
	}
	for try := 0; ; try++ {
		m, err := r.result(ctx, j.ID, data, try)
		if err != nil {
			return arena.GameResult{}, err
		}
		g, err := m.game(rj)
		if err == nil {
			r.mu.Lock()
			r.games++
			r.mu.Unlock()
			return g, nil
		}
		r.c.logf(false, "cluster: worker %.64s: %v; the game is played again", m.Worker, err)
		if try+1 >= maxBadResults {
			return arena.GameResult{}, fmt.Errorf("job %s: %d bad results: %w", j.ID, maxBadResults, err)
		}
	}
}

// result gets job id's result: stored, early, or played now. try > 0
// plays it again after a bad result.
func (r *RunRemote) result(ctx context.Context, id string, data []byte, try int) (resultMsg, error) {
	ch := make(chan resultMsg, 1)
	r.mu.Lock()
	if m, ok := r.early[id]; ok && try == 0 {
		delete(r.early, id)
		r.mu.Unlock()
		return m, nil
	}
	r.wait[id] = ch
	stored, queued := r.stored[id] && try == 0, r.queued[id] && try == 0
	r.mu.Unlock()
	defer func() {
		r.mu.Lock()
		delete(r.wait, id)
		r.mu.Unlock()
	}()
	if stored {
		if m, err := r.stored1(ctx, id); err == nil {
			return m, nil
		}
	}
	var seq uint64
	if !queued {
		msgID := id
		if try > 0 {
			msgID = fmt.Sprintf("%s#%d", id, try) // past the duplicate window's memory of the first
		}
		var err error
		if seq, err = r.publish(ctx, jobSubject(r.key, id), data, msgID); err != nil {
			return resultMsg{}, err
		}
	}
	select {
	case m := <-ch:
		return m, nil
	case <-ctx.Done():
		// Nobody wants the game any more: its worker drops it if it
		// plays, and it leaves the queue if it waits there.
		r.c.nc.Publish(cancelSubject(r.key, id), nil)
		if seq != 0 {
			del, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			r.c.jobs.DeleteMsg(del, seq)
			cancel()
		}
		return resultMsg{}, ctx.Err()
	}
}

// stored1 reads a stored result.
func (r *RunRemote) stored1(ctx context.Context, id string) (resultMsg, error) {
	raw, err := r.c.results.GetLastMsgForSubject(ctx, resultSubject(r.key, id))
	if err != nil {
		return resultMsg{}, err
	}
	m, err := decodeResult(raw.Data)
	if err == nil && m.ID != id {
		err = errors.New("stored under another id")
	}
	return m, err
}

// publish queues a job, trying again through a lost connection until ctx
// ends; it returns the job's sequence in the stream.
func (r *RunRemote) publish(ctx context.Context, subject string, data []byte, msgID string) (uint64, error) {
	for {
		ack, err := r.c.js.Publish(ctx, subject, data, jetstream.WithMsgID(msgID))
		if err == nil {
			if ack.Duplicate {
				return 0, nil // queued already: its message is not ours to delete
			}
			return ack.Sequence, nil
		}
		if ctx.Err() != nil {
			return 0, ctx.Err()
		}
		r.c.logf(true, "cluster: publishing jobs: %v (trying again)", err)
		select {
		case <-time.After(time.Second):
		case <-ctx.Done():
			return 0, ctx.Err()
		}
	}
}

// Log writes a line to the coordinator's log.
func (c *Coordinator) Log(line string) { c.logf(false, "%s", line) }
