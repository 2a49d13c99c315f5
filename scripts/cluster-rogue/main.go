// Command cluster-rogue is a hostile client of an evochess cluster, for
// scripts/cluster-kill.sh (issue 25): it holds the workers' credentials
// and, until it is stopped, takes jobs off the queue and answers each with
// a forged result, publishes junk on every subject a worker may use, and
// tries what a worker may not (queue jobs, tell workers to stop, drop
// games, delete the streams). On SIGINT or SIGTERM, or after --duration,
// it prints what it did and what the server refused, and exits.
//
// It knows the protocol as an outsider would (JSON and subjects), and
// signs with a key of its own: what it shows is what anyone with the
// token can do.
//
//	go run ./scripts/cluster-rogue --cluster nats://127.0.0.1:4222 [--cluster-token T]
package main

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/evochess/evochess/core"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// protocolVersion is the cluster protocol version it claims.
const protocolVersion = 3

type job struct {
	V       int    `json:"v"`
	ID      string `json:"id"`
	Run     string `json:"run"`
	Options struct {
		StartFEN string `json:"StartFEN"`
	} `json:"options"`
}

type result struct {
	V        int        `json:"v"`
	ID       string     `json:"id"`
	Run      string     `json:"run"`
	Worker   string     `json:"worker"`
	Outcome  int        `json:"outcome"`
	Reason   string     `json:"reason"`
	Detail   string     `json:"detail,omitempty"`
	Moves    [][5]int64 `json:"moves"`
	Started  time.Time  `json:"started"`
	Duration int64      `json:"duration"`
}

type key struct {
	priv ed25519.PrivateKey
	pub  ed25519.PublicKey
}

func newKey() key {
	pub, priv, _ := ed25519.GenerateKey(rand.Reader)
	return key{priv, pub}
}

func (k key) sign(m *nats.Msg) *nats.Msg {
	m.Header.Set("Evochess-Key", base64.StdEncoding.EncodeToString(k.pub))
	m.Header.Set("Evochess-Sig", base64.StdEncoding.EncodeToString(ed25519.Sign(k.priv, append(append([]byte(m.Subject), 0), m.Data...))))
	return m
}

type counts struct {
	jobs, redelivered, signed, unsigned, dropped, junk, forbidden, violations atomic.Int64
}

func main() {
	url := flag.String("cluster", "nats://127.0.0.1:4222", "the cluster's NATS server")
	token := flag.String("cluster-token", "", "the workers' token")
	duration := flag.Duration("duration", 0, "stop after this long (0: when signalled)")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *duration > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *duration)
		defer cancel()
	}
	var c counts
	opts := []nats.Option{nats.Name("evochess rogue"), nats.MaxReconnects(-1), nats.RetryOnFailedConnect(true),
		nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) {
			if errors.Is(err, nats.ErrPermissionViolation) || strings.Contains(err.Error(), "Permissions Violation") {
				c.violations.Add(1)
			}
		})}
	if *token != "" {
		opts = append(opts, nats.Token(*token))
	}
	nc, err := nats.Connect(*url, opts...)
	if err != nil {
		fmt.Fprintln(os.Stderr, "rogue:", err)
		os.Exit(1)
	}
	defer nc.Close()
	js, _ := jetstream.New(nc)
	var wg sync.WaitGroup
	wg.Add(3)
	go func() { defer wg.Done(); forge(ctx, js, &c) }()
	go func() { defer wg.Done(); junk(ctx, nc, &c) }()
	go func() { defer wg.Done(); forbidden(ctx, nc, js, &c) }()
	wg.Wait()
	nc.Flush()
	fmt.Printf("rogue: took %d jobs (%d of them redelivered) and answered them with %d signed forgeries and %d unsigned ones, dropped %d; %d junk messages; %d forbidden attempts, %d permission violations reported by the server\n",
		c.jobs.Load(), c.redelivered.Load(), c.signed.Load(), c.unsigned.Load(), c.dropped.Load(), c.junk.Load(), c.forbidden.Load(), c.violations.Load())
}

// forge takes jobs and answers them with forgeries, in turn: the result
// issue 25 found accepted (signed by its key, then unsigned), a few legal
// moves claimed as mate, a built-in player's "crash", a draw claimed
// under a new key each time; and one in six it drops unanswered.
func forge(ctx context.Context, js jetstream.JetStream, c *counts) {
	me := newKey()
	var cons jetstream.Consumer
	for n := 0; ctx.Err() == nil; {
		if cons == nil {
			var err error
			if cons, err = js.Consumer(ctx, "EVOCHESS_JOBS", "workers"); err != nil {
				cons = nil
				sleep(ctx, 200*time.Millisecond)
				continue
			}
		}
		msg, err := cons.Next(jetstream.FetchMaxWait(time.Second))
		if err != nil {
			continue
		}
		var j job
		if json.Unmarshal(msg.Data(), &j) != nil {
			continue
		}
		c.jobs.Add(1)
		if meta, err := msg.Metadata(); err == nil && meta.NumDelivered > 1 {
			c.redelivered.Add(1) // a job another worker took before
		}
		r := result{V: protocolVersion, ID: j.ID, Run: j.Run, Outcome: 1, Reason: "checkmate", Moves: [][5]int64{},
			Started: time.Now(), Duration: int64(time.Millisecond)}
		k, signed := me, true
		if n%6 == 5 {
			n++
			c.dropped.Add(1)
			msg.Ack() // taken and dropped: no answer at all
			continue
		}
		switch n % 6 {
		case 1:
			signed = false
		case 2:
			r.Moves, r.Outcome = someMoves(j.Options.StartFEN, 6), 2
		case 3:
			r.Outcome, r.Reason, r.Detail = 2, "engine crashed", "segfault"
		case 4:
			k, r.Outcome, r.Reason = newKey(), 3, "max moves"
		}
		n++
		r.Worker = id(k.pub)
		data, _ := json.Marshal(r)
		out := nats.NewMsg("evochess.result." + j.Run + "." + j.ID)
		out.Data = data
		if signed {
			k.sign(out)
			c.signed.Add(1)
		} else {
			c.unsigned.Add(1)
		}
		js.PublishMsg(ctx, out)
		msg.Ack() // off the queue: the coordinator must notice and queue it again
	}
}

// someMoves are n legal moves from fen.
func someMoves(fen string, n int) [][5]int64 {
	if fen == "" {
		fen = core.StartFEN
	}
	pos, err := core.ParseFEN(fen)
	if err != nil {
		return nil
	}
	var out [][5]int64
	for range n {
		ms := pos.LegalMoves()
		if len(ms) == 0 {
			break
		}
		out = append(out, [5]int64{int64(ms[0]), 0, 1, 1, 1})
		pos.MakeMove(ms[0])
	}
	return out
}

// junk publishes what a worker may publish, malformed, as fast as 1000 a
// second: reports, results under made-up jobs, refusals.
func junk(ctx context.Context, nc *nats.Conn, c *counts) {
	bad := []struct{ subj, data string }{
		{"evochess.presence", `{"v":3,"id":"../../etc/passwd","slots":-5}`},
		{"evochess.presence", `{"v":99,"id":"0123456789abcdef0123456789abcdef","name":"\u001b[2Jowned","slots":4}`},
		{"evochess.presence", "\x00\x01 not json"},
		{"evochess.result.0123456789abcdef.0123456789abcdef0123456789abcdef", `{"v":3,"outcome":1,"reason":"checkmate","moves":[]}`},
		{"evochess.refused.x", `{"v":3,"job":"x","worker":"\u001b]0;title\u0007","reason":"` + strings.Repeat("A", 600) + `"}`},
	}
	t := time.NewTicker(time.Millisecond)
	defer t.Stop()
	for i := 0; ; i++ {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		b := bad[i%len(bad)]
		nc.Publish(b.subj, []byte(b.data))
		c.junk.Add(1)
	}
}

// forbidden tries, every second, what a worker's credentials must not do.
func forbidden(ctx context.Context, nc *nats.Conn, js jetstream.JetStream, c *counts) {
	for ctx.Err() == nil {
		for _, subj := range []string{"evochess.control.x", "evochess.cancel.0123456789abcdef.0123456789abcdef0123456789abcdef",
			"evochess.job.0123456789abcdef.0123456789abcdef0123456789abcdef", "evochess.genes.x"} {
			nc.Publish(subj, []byte(`{"v":3,"refused":"you are refused"}`))
			c.forbidden.Add(1)
		}
		short, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
		if js.DeleteStream(short, "EVOCHESS_RESULTS") == nil {
			fmt.Fprintln(os.Stderr, "rogue: deleted the results stream!")
		}
		cancel()
		c.forbidden.Add(1)
		sleep(ctx, time.Second)
	}
}

// id is the worker id of a key, as workers make theirs.
func id(pub ed25519.PublicKey) string {
	h := sha256.Sum256(pub)
	return fmt.Sprintf("%x", h[:16])
}

func sleep(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}
