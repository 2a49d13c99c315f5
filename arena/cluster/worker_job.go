package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
	"github.com/nats-io/nats.go/jetstream"
)

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
	// A copy played again because this worker's result was refused or
	// held is for another worker (verdict.go).
	avoid := avoidList(msg.Headers())
	if slices.Contains(avoid, w.id) {
		w.giveBack(msg)
		return nil
	}
	// Every job is looked up first, not only redelivered ones: a server
	// killed and restarted may have lost its record of a delivery and
	// offer a played job as new. (First: a played job is acked even by a
	// worker that lacks its players.)
	if w.stored(ctx, j, avoid) {
		msg.Ack() // played by a worker that died before its ack
		return nil
	}
	chromosome := func(name, schema, id string) (*core.Chromosome, error) { return w.chromosome(ctx, name, schema, id) }
	white, errW := j.White.spec(w.engines, chromosome)
	black, errB := j.Black.spec(w.engines, chromosome)
	if err := errors.Join(errW, errB); err != nil {
		w.giveBack(msg) // another worker may have what it needs
		w.refuse(j.ID, err.Error())
		return nil
	}
	if white.HashMB > w.cfg.MaxHashMB || black.HashMB > w.cfg.MaxHashMB {
		w.giveBack(msg)
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
		_, err := w.js.PublishMsg(ctx, w.key.signed(resultSubject(j.Run, j.ID), data))
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

// stored reports whether the job has a result in the results stream that
// its coordinator will take: signed by a worker the job does not avoid,
// and one that checks out (verdict.go). Anyone with the token can store a
// result: a forged one must not make the job look played.
func (w *worker) stored(ctx context.Context, j jobMsg, avoid []string) bool {
	w.mu.Lock()
	results := w.results
	w.mu.Unlock()
	raw, err := results.GetLastMsgForSubject(ctx, resultSubject(j.Run, j.ID))
	if err != nil {
		return false
	}
	by, err := signer(raw.Subject, raw.Data, raw.Header)
	if err != nil || slices.Contains(avoid, by) {
		return false
	}
	m, err := decodeResult(raw.Data)
	if err != nil || m.ID != j.ID || m.Run != j.Run || m.Worker != by {
		return false
	}
	_, v, _ := judge(j.remoteJob(), m)
	return v == accepted
}

// refuse tells the coordinators, and the worker's log, that a job went back.
func (w *worker) refuse(job, reason string) {
	reason = refusalLine(reason)
	fmt.Fprintf(w.cfg.Log, "gave job %s back: %s\n", job, reason)
	data, _ := json.Marshal(refusalMsg{V: Version, Job: job, Worker: w.cfg.Name, Reason: reason})
	w.nc.Publish(refusedPrefix+w.id, data)
}

// refusalLine makes a reason a coordinator takes: one printable line (the
// reasons of both players of a job, joined by errors.Join, come with a
// newline between them, which coordinators drop as junk: a run whose
// every job came back then waited without a word) of at most maxDetail
// bytes, cut between runes.
func refusalLine(reason string) string {
	reason = strings.Join(strings.FieldsFunc(reason, func(r rune) bool { return r == '\n' || r == '\r' }), "; ")
	reason = strings.Map(func(r rune) rune {
		if !unicode.IsPrint(r) {
			return '?'
		}
		return r
	}, strings.ToValidUTF8(reason, "?"))
	if len(reason) > maxDetail {
		reason = reason[:maxDetail]
		for !utf8.ValidString(reason) { // a rune cut in two: at most 3 bytes off
			reason = reason[:len(reason)-1]
		}
	}
	return reason
}
