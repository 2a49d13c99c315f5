package dataset

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// labeller scores positions with a reference player at its fixed limit:
// self-play's --label, and Relabel's.
type labeller struct {
	name   string
	player arena.Player
	lim    core.Limits
}

// checkLabel reports whether spec can label: a fixed limit (depth=N or
// nodes=N), so that its scores do not depend on the machine's speed.
func checkLabel(spec *arena.PlayerSpec) error {
	if spec.TC == nil || spec.TC.HasClock() || spec.TC.MoveTime > 0 {
		return fmt.Errorf("label %s: give it a fixed limit (depth=N or nodes=N)", spec.Name)
	}
	return nil
}

// newLabeller starts the player of spec, which must have a fixed limit.
func newLabeller(spec *arena.PlayerSpec) (*labeller, error) {
	if err := checkLabel(spec); err != nil {
		return nil, err
	}
	pl, err := spec.New()
	if err != nil {
		return nil, fmt.Errorf("label %s: %w", spec.Name, err)
	}
	return &labeller{name: spec.Name, player: pl, lim: spec.TC.Limits()}, nil
}

func (l *labeller) close() { l.player.Close() }

// newGame clears what the player remembers (its hash table): what it
// scores next depends on the positions since, not before.
func (l *labeller) newGame(ctx context.Context) error {
	if err := l.player.NewGame(ctx); err != nil {
		return fmt.Errorf("label %s: %w", l.name, err)
	}
	return nil
}

// score searches a position and returns its score in centipawns from
// white's view; ok is false for a mate score.
func (l *labeller) score(ctx context.Context, fen string) (score int16, ok bool, err error) {
	pos, err := core.ParseFEN(fen)
	if err != nil {
		return 0, false, err
	}
	reply, err := l.player.Play(ctx, arena.GameView{StartFEN: fen, Pos: pos}, l.lim)
	if err != nil {
		return 0, false, fmt.Errorf("label %s on %s: %w", l.name, fen, err)
	}
	if core.MateIn(reply.Score) != 0 {
		return 0, false, nil
	}
	s := reply.Score
	if pos.SideToMove() == core.Black {
		s = -s
	}
	return int16(s), true, nil // |s| ≤ MateBound fits
}

// RelabelChunk is how many samples one labelling engine scores after a
// new game. Chunks, not workers, decide what the engine has seen before
// a position, so a relabelled dataset is the same for any number of
// workers and across stops (with an engine that is deterministic at its
// fixed limit, as Stockfish on one thread at a fixed depth is). Samples
// of a dataset come game by game, so a chunk shares most of its
// engine's hash table with positions of the same game, as self-play's
// labelling does.
const RelabelChunk = 64

// RelabelState is how far relabelling a dataset has got: Set holds the
// new samples of source samples 0 … Done−1 (those scored as mates, and
// positions without a legal move, are dropped and counted), and Done is
// always a multiple of RelabelChunk or the source's end.
type RelabelState struct {
	Set     Set
	Done    int
	Dropped int
	// Labeller identifies the player that scored Set: Relabel records it
	// and refuses to go on with another (nil: none yet, or a dataset
	// saved before it was kept).
	Labeller *LabelFingerprint
}

// RelabelProgress is reported after every chunk added.
type RelabelProgress struct {
	Done, Total   int // source samples handled, in order, and in all
	Kept, Dropped int
	Elapsed, ETA  time.Duration
}

// Relabel gives the samples src[st.Done:] the reference score of the
// player spec (at its fixed limit), keeping each one's position and
// game result, on workers engines at once, and appends them to st in
// source order, calling progress after each chunk (on the caller's
// goroutine: st may be read, say saved, but not changed). When ctx ends
// it returns ctx's error with st consistent: the chunks in progress are
// lost, nothing else.
func Relabel(ctx context.Context, spec *arena.PlayerSpec, src []Sample, workers int, st *RelabelState, progress func(RelabelProgress)) error {
	switch {
	case spec == nil:
		return errors.New("relabel: no label player")
	case st.Done < 0 || st.Done > len(src) || st.Done%RelabelChunk != 0 && st.Done != len(src):
		return fmt.Errorf("relabel: %d of %d samples done is not a chunk boundary", st.Done, len(src))
	case st.Done == len(src):
		return nil
	}
	f, err := checkLabeller(ctx, spec, st.Labeller)
	if err != nil {
		return err
	}
	st.Labeller = f
	// No more engines than chunks left: each holds its own hash table.
	workers = min(max(workers, 1), (len(src)-st.Done+RelabelChunk-1)/RelabelChunk)
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)

	type chunk struct {
		from    int
		samples []Sample
		dropped int
	}
	todo := make(chan int)
	done := make(chan chunk)
	go func() {
		defer close(todo)
		for from := st.Done; from < len(src); from += RelabelChunk {
			select {
			case todo <- from:
			case <-ctx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l, err := newLabeller(spec)
			if err != nil {
				cancel(err)
				return
			}
			defer l.close()
			var pos core.Position
			for from := range todo {
				c := chunk{from: from}
				err := l.newGame(ctx)
				for i := from; err == nil && i < min(from+RelabelChunk, len(src)); i++ {
					s := src[i]
					if err = s.Pos.Unpack(&pos); err != nil {
						err = fmt.Errorf("sample %d: %w", i+1, err)
						break
					}
					if !pos.HasLegalMove() { // mate or stalemate (an imported set may hold them): no search to ask
						c.dropped++
						continue
					}
					var ok bool
					if s.Score, ok, err = l.score(ctx, pos.FEN()); err != nil {
						err = fmt.Errorf("sample %d: %w", i+1, err)
					} else if ok {
						c.samples = append(c.samples, s)
					} else {
						c.dropped++
					}
				}
				if err != nil {
					if ctx.Err() == nil {
						cancel(err)
					}
					return
				}
				select {
				case done <- c:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(done)
	}()

	start, startDone := time.Now(), st.Done
	pending := map[int]chunk{}
	for c := range done {
		pending[c.from] = c
		for ctx.Err() == nil {
			next, ok := pending[st.Done]
			if !ok {
				break
			}
			delete(pending, st.Done)
			st.Set.Samples = append(st.Set.Samples, next.samples...)
			st.Dropped += next.dropped
			st.Done = min(st.Done+RelabelChunk, len(src))
			if progress != nil {
				p := RelabelProgress{Done: st.Done, Total: len(src), Kept: len(st.Set.Samples), Dropped: st.Dropped, Elapsed: time.Since(start)}
				p.ETA = time.Duration(float64(p.Elapsed) / float64(st.Done-startDone) * float64(len(src)-st.Done))
				progress(p)
			}
		}
	}
	if st.Done == len(src) {
		return nil // every chunk in, whatever stopped the workers after
	}
	if err := context.Cause(ctx); err != nil {
		return err
	}
	if st.Done < len(src) {
		return errors.New("relabel: the workers stopped before every sample was scored")
	}
	return nil
}
