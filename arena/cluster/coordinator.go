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
	"strings"
	"sync"
	"sync/atomic"
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
	log     *logLimiter
	counts  Counts
	refused refusals // workers that gave jobs back, by job
}

// Counts are what became of the results and reports a coordinator got.
type Counts struct {
	Accepted atomic.Int64 // results taken
	Refused  atomic.Int64 // results refused (counted against their signer)
	Unsigned atomic.Int64 // results no worker key signed, refused
	Held     atomic.Int64 // engine failures held for a second worker's word
	Replays  atomic.Int64 // copies of jobs queued again after a refused, held or missing result
	Reports  atomic.Int64 // worker reports ignored: malformed, or not signed by their worker
}

// Counts are the coordinator's counts so far.
func (c *Coordinator) Counts() *Counts { return &c.counts }

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
	c := &Coordinator{cfg: cfg, pres: newPresence(cfg.Report, cfg.Prefetch), closed: make(chan struct{}), log: newLogLimiter(cfg.Log)}
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
				c.log.flush(now, false)
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
	c.log.flush(time.Now(), true)
	if n := c.counts.Refused.Load() + c.counts.Unsigned.Load(); n+c.counts.Reports.Load() > 0 {
		c.Log(fmt.Sprintf("cluster: %d results accepted, %d refused (%d of them unsigned), %d engine failures held for a second word, %d jobs queued again, %d worker reports ignored",
			c.counts.Accepted.Load(), n, c.counts.Unsigned.Load(), c.counts.Held.Load(), c.counts.Replays.Load(), c.counts.Reports.Load()))
	}
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

// note writes a line of a kind of event to the log, rate-limited.
func (c *Coordinator) note(kind, format string, args ...any) {
	c.log.say(kind, fmt.Sprintf(format, args...), time.Now())
}

// Log writes a line to the coordinator's log.
func (c *Coordinator) Log(line string) { fmt.Fprintln(c.cfg.Log, line) }

func (c *Coordinator) onPresence(msg *nats.Msg) {
	m, err := decodePresence(msg.Data)
	if err != nil {
		c.counts.Reports.Add(1)
		c.note(logBadReport, "cluster: ignored %v", err)
		return
	}
	// Only the worker's own key speaks for it: nobody else can have a
	// worker refused, or make it leave, by naming its id.
	if id, err := signer(msg.Subject, msg.Data, msg.Header); err != nil || id != m.ID {
		c.counts.Reports.Add(1)
		if m.V != Version {
			c.note(logBadReport, "cluster: ignored the report of worker %s (%s): %v", m.Name, m.Host, versionError(m.V, "it"))
		} else {
			c.note(logBadReport, "cluster: ignored a report for worker %.40s: not signed by its key", m.ID)
		}
		return
	}
	known := c.pres.known(m.ID)
	if !known && c.pres.count() >= maxWorkers {
		c.counts.Reports.Add(1)
		c.note(logBadReport, "cluster: ignored worker %s (%s): %d workers are known already, the most", m.Name, m.Host, maxWorkers)
		return
	}
	refused, first := c.pres.update(m, time.Now())
	switch {
	case refused != "":
		if first && m.V != Version {
			c.note(logRefusedWkr, "cluster: refused %s", refused)
		} else if first {
			c.note(logRefusedWkr, "cluster: refused worker %s (%s): %s", m.Name, m.Host, refused)
		}
		c.tellRefused(m.ID, refused)
	case m.Bye:
		c.note(logLeft, "cluster: worker %s (%s) left", m.Name, m.Host)
	case !known:
		c.note(logJoined, "cluster: worker %s (%s) joined: %d slots, engines: %s", m.Name, m.Host, m.Slots, engineList(m.Engines))
	}
}

// tellRefused tells worker id it is refused, and why.
func (c *Coordinator) tellRefused(id, why string) {
	data, _ := json.Marshal(controlMsg{V: Version, Refused: why})
	c.nc.Publish(controlPrefix+id, data)
}

// strike counts a refused result against the worker that signed it; the
// strike that refuses the worker tells it so.
func (c *Coordinator) strike(worker string, why error) {
	c.counts.Refused.Add(1)
	if refusal := c.pres.strike(worker, why.Error()); refusal != "" {
		c.note(logRefusedWkr, "cluster: refused worker %s: %s", worker, refusal)
		c.tellRefused(worker, refusal)
	}
}

func (c *Coordinator) onRefusal(msg *nats.Msg) {
	var r refusalMsg
	if unmarshal("refusal", msg.Data, &r) != nil || len(r.Reason) > maxDetail || !printable(r.Reason) || !printable(r.Worker) {
		return
	}
	if id := strings.TrimPrefix(msg.Subject, refusedPrefix); isHex(id, 32) && isHex(r.Job, 32) {
		c.refused.add(r.Job, id)
	}
	c.note(logGaveBack, "cluster: worker %.64s gave a job back: %s", r.Worker, r.Reason)
}

func engineList(e []string) string {
	if len(e) == 0 {
		return "built-in only"
	}
	return fmt.Sprint(e)
}
