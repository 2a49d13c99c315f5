package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/nats-io/nats.go/jetstream"
)

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
