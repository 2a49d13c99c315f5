package cluster

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// RunRemote is one run's games on the workers: an arena.Remote.
type RunRemote struct {
	c     *Coordinator
	key   string
	cc    jetstream.ConsumeContext
	mu    sync.Mutex
	wait  map[string]*pending       // jobs waiting for their result, by id
	early map[string][]signedResult // results of queued jobs not asked for yet
	// stored and queued are the run's job ids that had a result, or were
	// queued, when the run began: a resumed coordinator's.
	stored, queued map[string]bool
	seen           map[[32]byte]int // jobs of this process by content
	games          int              // results taken
}

// signedResult is a result and the worker whose key signed it.
type signedResult struct {
	m  resultMsg
	by string
}

// pending is a job waiting for its result (verdict.go says which).
type pending struct {
	rj    arena.RemoteJob
	done  chan arena.GameResult // capacity 1: the result taken
	again chan struct{}         // capacity 1: a result was refused or held
	// Guarded by RunRemote.mu.
	avoid   []string     // workers whose results were refused or held, oldest first
	held    []heldEnding // engine failures reported
	alone   bool         // the last copy went to every worker: none other could take it
	lastSeq uint64       // the results stream's sequence of its last result seen
	// since is when the job was first asked to be played again (a
	// result refused or held), said is when the log last said it waits.
	since, said time.Time
}

// heldEnding is an engine's failure a worker reported.
type heldEnding struct {
	by      string
	outcome core.Outcome
	reason  string
}

// Bounds of what a job remembers of its bad results.
const (
	maxAvoid = 32 // workers a copy of a job names to avoid
	maxHeld  = 16
	maxEarly = 4 // results of a queued job kept before it is asked for
)

var _ arena.Remote = (*RunRemote)(nil)

// Run starts the remote of a run. identity names the run for as long as
// it may be resumed (a saved run's name): the jobs of the same run get the
// same ids, so a resumed coordinator finds their results. Close it when
// the run is over.
func (c *Coordinator) Run(ctx context.Context, identity string) (*RunRemote, error) {
	r := &RunRemote{c: c, key: runKey(identity), wait: map[string]*pending{}, early: map[string][]signedResult{},
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
	id := strings.TrimPrefix(msg.Subject(), resultPrefix+r.key+".")
	by, err := signer(msg.Subject(), msg.Data(), msg.Headers())
	if err != nil {
		r.c.counts.Unsigned.Add(1)
		r.c.note(logBadResult, "cluster: ignored a result for job %.40s: %v", id, err)
		r.mu.Lock()
		if p := r.wait[id]; p != nil {
			if meta, err := msg.Metadata(); err == nil {
				p.lastSeq = max(p.lastSeq, meta.Sequence.Stream)
			}
			p.lookAgain() // whoever sent it may have taken the job off the queue
		}
		r.mu.Unlock()
		return
	}
	m, err := decodeResult(msg.Data())
	switch {
	case err != nil:
	case m.Run != r.key || m.ID != id:
		err = fmt.Errorf("result %s of run %s filed under %s", m.ID, m.Run, msg.Subject())
	case m.Worker != by:
		err = fmt.Errorf("result %s says it is worker %.40s's", m.ID, m.Worker)
	default:
		if r.c.pres.refusedWorker(by) != "" {
			err = fmt.Errorf("result %s: its worker is refused", m.ID)
		}
	}
	r.mu.Lock()
	p := r.wait[id]
	if meta, merr := msg.Metadata(); p != nil && merr == nil {
		p.lastSeq = max(p.lastSeq, meta.Sequence.Stream)
	}
	if p == nil && err == nil && r.queued[id] && len(r.early[id]) < maxEarly {
		r.early[id] = append(r.early[id], signedResult{m, by})
	}
	r.mu.Unlock()
	switch {
	case err != nil:
		r.refuse(p, by, err)
	case p != nil:
		r.take(p, m, by)
	}
}

// take judges a result of the job p waits for and acts on the verdict.
func (r *RunRemote) take(p *pending, m resultMsg, by string) {
	g, v, err := judge(p.rj, m)
	if v == refused {
		r.refuse(p, by, err)
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.wait[m.ID] != p {
		return // taken already
	}
	if v == held && !p.confirmed(by, g) {
		r.c.counts.Held.Add(1)
		r.c.note(logHeld, "cluster: held the result of job %s: worker %s says %s lost by %s (%s); it is played again for a second word",
			m.ID, by, [2]string{g.White, g.Black}[lossSide(g.Outcome)], g.Reason, g.Detail)
		if len(p.held) < maxHeld {
			p.held = append(p.held, heldEnding{by, g.Outcome, g.Reason})
		}
		p.avoidWorker(by)
		return
	}
	delete(r.wait, m.ID) // counted once: later copies find nobody waiting
	r.c.counts.Accepted.Add(1)
	p.done <- g // buffered, and sent to once
}

// refuse counts a result against the worker that signed it and, if a job
// waits for it (p), has the job played again without that worker.
func (r *RunRemote) refuse(p *pending, by string, why error) {
	r.c.note(logRefused, "cluster: refused a result of worker %s: %v", by, why)
	r.c.strike(by, why)
	if p != nil {
		r.mu.Lock()
		p.avoidWorker(by)
		r.mu.Unlock()
	}
}

// confirmed reports whether an engine's failure g, reported by worker by,
// was reported already by another worker (or by the same one on a copy no
// other worker could take). With RunRemote.mu held.
func (p *pending) confirmed(by string, g arena.GameResult) bool {
	return slices.ContainsFunc(p.held, func(h heldEnding) bool {
		return h.outcome == g.Outcome && h.reason == g.Reason && (h.by != by || p.alone)
	})
}

// avoidWorker names a worker the job's next copy avoids, and asks Play for
// that copy. With RunRemote.mu held.
func (p *pending) avoidWorker(by string) {
	if p.since.IsZero() {
		p.since = time.Now()
	}
	if !slices.Contains(p.avoid, by) {
		if len(p.avoid) == maxAvoid {
			p.avoid = p.avoid[1:]
		}
		p.avoid = append(p.avoid, by)
	}
	p.lookAgain()
}

// lookAgain asks Play to see whether the job needs another copy.
func (p *pending) lookAgain() {
	select {
	case p.again <- struct{}{}:
	default:
	}
}

func lossSide(o core.Outcome) int {
	c, _ := arena.Loser(o)
	return int(c)
}

// Play publishes the job (unless the run has it stored or queued already)
// and waits for a result that checks out (verdict.go), having the job
// played again, by other workers, after each one that does not.
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
	p := &pending{rj: rj, done: make(chan arena.GameResult, 1), again: make(chan struct{}, 1)}
	r.mu.Lock()
	r.wait[j.ID] = p
	early := r.early[j.ID]
	delete(r.early, j.ID)
	stored, queued := r.stored[j.ID], r.queued[j.ID]
	r.mu.Unlock()
	defer func() {
		r.mu.Lock()
		if r.wait[j.ID] == p {
			delete(r.wait, j.ID)
		}
		r.mu.Unlock()
	}()
	for _, e := range early {
		r.take(p, e.m, e.by)
	}
	if stored && len(p.done) == 0 {
		if m, by, err := r.storedResult(ctx, j.ID); err == nil {
			r.take(p, m, by)
		}
	}
	var seq uint64 // the last copy this process queued
	if len(p.done) == 0 && !queued {
		if seq, err = r.publish(ctx, jobSubject(r.key, j.ID), data, j.ID); err != nil {
			return arena.GameResult{}, err
		}
	}
	var look <-chan time.Time
	// A job taken off the queue with no result (its worker's credentials
	// in hostile hands, acknowledging and answering nothing) would wait
	// for ever: every ack wait, a job whose copies are all gone and whose
	// results are all seen is queued again.
	orphans := time.NewTicker(r.c.cfg.AckWait)
	defer orphans.Stop()
	for {
		select {
		case g := <-p.done:
			r.mu.Lock()
			r.games++
			r.mu.Unlock()
			return g, nil
		case <-orphans.C:
			if look == nil && r.orphaned(ctx, p, j.ID) {
				r.c.note(logReplay, "cluster: job %s left the queue with no result", j.ID)
				look = time.After(0)
			}
			r.sayWaiting(p, j.ID)
		case <-p.again:
			look = time.After(0)
		case <-look:
			look = nil
			again, err := r.replay(ctx, p, j.ID, data, &seq)
			if err != nil {
				return arena.GameResult{}, err
			}
			if again {
				look = time.After(r.c.cfg.Report)
			}
		case <-ctx.Done():
			// Nobody wants the game any more: its worker drops it if it
			// plays, and it leaves the queue if it waits there.
			r.c.nc.Publish(cancelSubject(r.key, j.ID), nil)
			if seq != 0 {
				del, cancel := context.WithTimeout(context.Background(), 2*time.Second)
				r.c.jobs.DeleteMsg(del, seq)
				cancel()
			}
			return arena.GameResult{}, ctx.Err()
		}
	}
}

// avoidHeader names the workers a copy of a job is not for: a worker
// named there gives the copy back, and ignores a stored result they
// signed.
const avoidHeader = "Evochess-Avoid"

// replay queues a copy of job id after a refused or held result: once no
// copy waits or plays (the last one went to the worker whose result came
// back, or one may still bring a result), naming the workers to avoid, or
// naming none when no other worker could take it (none other offers the
// engines, or each that does gave the job back). again asks to be called
// once more later: a copy is still out, or it avoids workers and must be
// queued for everyone if the others go.
func (r *RunRemote) replay(ctx context.Context, p *pending, id string, data []byte, seq *uint64) (again bool, err error) {
	needs := p.needs()
	// A worker that gave the job back will not play it either.
	refusers := r.c.refused.of(id)
	last, err := r.c.jobs.GetLastMsgForSubject(ctx, jobSubject(r.key, id))
	switch {
	case err == nil:
		avoided := avoidList(last.Header)
		if len(avoided) == 0 || r.c.pres.eligible(append(avoided, refusers...), needs) > 0 {
			return true, nil // a copy is out: it may bring a result
		}
		// Its copy avoids every worker there is, or that would play it:
		// queue it for all.
		r.c.jobs.DeleteMsg(ctx, last.Sequence)
	case !errors.Is(err, jetstream.ErrMsgNotFound):
		return true, ctx.Err() // the server does not answer now
	}
	r.mu.Lock()
	avoid := slices.Clone(p.avoid)
	p.alone = r.c.pres.eligible(append(slices.Clone(avoid), refusers...), needs) == 0
	alone := p.alone
	r.mu.Unlock()
	h := nats.Header{}
	if !alone {
		h.Set(avoidHeader, strings.Join(avoid, ","))
	}
	var nonce [8]byte
	rand.Read(nonce[:])
	// A msg id of its own: past the duplicate window's memory of the others.
	if *seq, err = r.publishWith(ctx, jobSubject(r.key, id), data, id+"#"+hex.EncodeToString(nonce[:]), h); err != nil {
		return false, err
	}
	r.c.counts.Replays.Add(1)
	who := ""
	switch {
	case alone && len(avoid) > 0:
		who = ", by any worker (no other can take it): the same failure reported twice by one worker is taken"
	case len(avoid) > 0:
		who = ", by another worker than " + strings.Join(avoid, ", ")
	}
	r.c.note(logReplay, "cluster: job %s is played again%s", id, who)
	return !alone, nil
}

// orphaned reports whether no copy of job id is queued or played and no
// result of it is on its way.
func (r *RunRemote) orphaned(ctx context.Context, p *pending, id string) bool {
	if _, err := r.c.jobs.GetLastMsgForSubject(ctx, jobSubject(r.key, id)); !errors.Is(err, jetstream.ErrMsgNotFound) {
		return false // a copy is out, or the server does not answer
	}
	raw, err := r.c.results.GetLastMsgForSubject(ctx, resultSubject(r.key, id))
	r.mu.Lock()
	defer r.mu.Unlock()
	return errors.Is(err, jetstream.ErrMsgNotFound) || err == nil && raw.Sequence <= p.lastSeq
}

// sayWaiting says, every waitNotes ack waits, that a job played again
// still waits for a result: a run that stops moving says why (the workers
// busy with long games, or none of them taking the copy).
func (r *RunRemote) sayWaiting(p *pending, id string) {
	every := waitNotes * r.c.cfg.AckWait
	r.mu.Lock()
	defer r.mu.Unlock()
	now := time.Now()
	if len(p.avoid) == 0 || now.Sub(p.since) < every || now.Sub(p.said) < every {
		return
	}
	p.said = now
	who := fmt.Sprintf("by another worker than %s (%d of the workers could take it)", strings.Join(p.avoid, ", "),
		r.c.pres.eligible(append(slices.Clone(p.avoid), r.c.refused.of(id)...), p.needs()))
	if p.alone {
		who = "by any worker (no other than " + strings.Join(p.avoid, ", ") + " can take it)"
	}
	r.c.note(logWaiting, "cluster: job %s has waited %v to be played again, %s", id, now.Sub(p.since).Round(time.Second), who)
}

// waitNotes is how many ack waits a job played again waits between the
// log's words of it (a minute by default).
const waitNotes = 4

// needs is the file names of the job's external engines: a worker must
// offer them all.
func (p *pending) needs() []string {
	var out []string
	for _, ps := range []arena.PlayerSpec{p.rj.White, p.rj.Black} {
		if ps.External() {
			out = append(out, filepath.Base(ps.Engine))
		}
	}
	return out
}

// avoidList reads a job copy's workers to avoid.
func avoidList(h nats.Header) []string {
	var out []string
	for _, id := range strings.Split(h.Get(avoidHeader), ",") {
		if isHex(id, 32) && len(out) < maxAvoid {
			out = append(out, id)
		}
	}
	return out
}

// storedResult reads a stored result and who signed it.
func (r *RunRemote) storedResult(ctx context.Context, id string) (resultMsg, string, error) {
	raw, err := r.c.results.GetLastMsgForSubject(ctx, resultSubject(r.key, id))
	if err != nil {
		return resultMsg{}, "", err
	}
	by, err := signer(raw.Subject, raw.Data, raw.Header)
	if err != nil {
		return resultMsg{}, "", err
	}
	m, err := decodeResult(raw.Data)
	if err == nil && (m.ID != id || m.Run != r.key || m.Worker != by) {
		err = errors.New("stored under another id")
	}
	return m, by, err
}

// publish queues a job (or genes), trying again through a lost connection
// until ctx ends; it returns the message's sequence in the stream.
func (r *RunRemote) publish(ctx context.Context, subject string, data []byte, msgID string) (uint64, error) {
	return r.publishWith(ctx, subject, data, msgID, nil)
}

// publishWith is publish with headers.
func (r *RunRemote) publishWith(ctx context.Context, subject string, data []byte, msgID string, h nats.Header) (uint64, error) {
	for {
		msg := nats.NewMsg(subject)
		msg.Data = data
		for k, v := range h {
			msg.Header[k] = v
		}
		ack, err := r.c.js.PublishMsg(ctx, msg, jetstream.WithMsgID(msgID))
		if err == nil {
			if ack.Duplicate {
				return 0, nil // queued already: its message is not ours to delete
			}
			return ack.Sequence, nil
		}
		if ctx.Err() != nil {
			return 0, ctx.Err()
		}
		r.c.note(logPublishRetry, "cluster: publishing jobs: %v (trying again)", err)
		select {
		case <-time.After(time.Second):
		case <-ctx.Done():
			return 0, ctx.Err()
		}
	}
}
