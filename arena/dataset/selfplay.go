package dataset

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// DefaultSkipPlies is how many plies after the book opening a game plays
// before its positions are sampled: the book's own continuations are
// what every game shares, not what the players understand.
const DefaultSkipPlies = 8

// nodeSpread varies a nodes= time control by up to ±10 % per game (drawn
// from the seed and the game's index), so that a game which repeats a
// book opening (more games than the book has positions, or self-play of
// one deterministic player) does not replay an earlier game move for move.
const nodeSpread = 0.1

// Config is a self-play run: who plays, how long, and which positions of
// each game become samples.
type Config struct {
	// Players: one plays itself; several play every ordered pairing in
	// turn (game g is pairing g mod n(n-1)).
	Players []arena.PlayerSpec
	// Games is how many games the finished dataset has.
	Games int
	// Options are the game rules (TC, MaxMoves, adjudication); StartFEN
	// is set per game. A player's own limit in its spec overrides TC.
	Options arena.GameOptions
	// Book gives game g the g-th opening of its sequence for Seed (nil:
	// every game from the start position).
	Book *arena.Book
	Seed uint64
	// Workers is how many games are played (and resolved and labelled)
	// at once; the dataset does not depend on it.
	Workers int
	// Remote, when set, plays games on remote workers too (Workers may
	// then be 0 for remote games only; the positions are still resolved
	// and labelled here, on one worker at least).
	Remote arena.Remote
	// SkipPlies after the opening are not sampled (DefaultSkipPlies is
	// the usual value; 0 samples from the first move).
	SkipPlies int
	// PerGame, when positive, keeps at most that many samples per game,
	// drawn from the seed and the game's index.
	PerGame int
	// Label, when set, scores every sample by searching it with this
	// player at its own limit (its TC: depth=N or nodes=N), e.g. Stockfish
	// or the built-in engine; samples it scores as mates are dropped.
	Label *arena.PlayerSpec
	// Resolve is the evaluation the quiescence that finds each sample's
	// quiet leaf scores with (nil: the full preset's default).
	Resolve *core.Weights
}

// State is how far a run has got. Generate continues from it, so a run
// stopped and resumed from its State ends with the same dataset as one
// that never stopped.
type State struct {
	Set Set
	// Games is the number of games done, in order: Set holds exactly the
	// samples of games 0 … Games−1.
	Games int
	// Discarded counts the games done whose ending leaves their result in
	// doubt (no samples kept): max moves, draw adjudication, a crash, an
	// illegal move or a time forfeit.
	Discarded int
	// Labeller identifies the player that labelled Set's samples, for a
	// run with a Label: Generate records it and refuses to go on with
	// another (nil: none yet, or a dataset saved before it was kept).
	Labeller *LabelFingerprint
}

// Progress is reported after every game added to the dataset.
type Progress struct {
	Games, Total int // games done (in order) and wanted
	Positions    int // samples so far
	Discarded    int // games done without samples (see State)
	Elapsed      time.Duration
	ETA          time.Duration // 0 until this session has done a game
}

// Generate plays games Games … cfg.Games−1 of the run on a pool of
// cfg.Workers workers and adds each game's samples to st, in game order,
// calling progress (if set) after each. progress runs on the caller's
// goroutine between additions: st holds exactly the first Games games
// during the call and may be read (saved, say) but not changed or kept.
// When ctx ends Generate returns its error with st consistent: the games
// in progress are lost, nothing else.
func Generate(ctx context.Context, cfg Config, st *State, progress func(Progress)) error {
	if err := cfg.check(st); err != nil {
		return err
	}
	if st.Games == cfg.Games {
		return nil
	}
	if err := cfg.startEngines(ctx); err != nil {
		return err
	}
	if cfg.Label != nil {
		f, err := checkLabeller(ctx, cfg.Label, st.Labeller)
		if err != nil {
			return err
		}
		st.Labeller = f
	}
	if cfg.Resolve == nil {
		w, err := core.PresetWeights("full")
		if err != nil {
			return err
		}
		cfg.Resolve = w
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	workers := max(cfg.Workers, 1)
	pool := arena.NewRemotePool(cfg.Players, cfg.Workers, cfg.Remote, nil)
	defer pool.Close()

	played := make(chan finishedGame)
	go func() { // the pool's collector: hands finished games on
		defer close(played)
		pool.Run(ctx, cfg.jobs(st.Games), func(j arena.GameJob, res arena.GameResult) bool {
			if res.Reason != arena.ReasonAborted {
				select {
				case played <- finishedGame{game: j.ID, res: res}:
				case <-ctx.Done():
				}
			}
			return false
		})
	}()
	extracted := make(chan gameSamples)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ex, err := newExtractor(&cfg)
			if err != nil {
				cancel(err)
				return
			}
			defer ex.close()
			for f := range played {
				gs, err := ex.extract(ctx, f.game, &f.res)
				if err != nil {
					if ctx.Err() == nil {
						cancel(fmt.Errorf("game %d: %w", f.game+1, err))
					}
					continue
				}
				extracted <- gs // the loop below reads until every extractor is done
			}
		}()
	}
	go func() {
		wg.Wait()
		close(extracted)
	}()

	start, startGames := time.Now(), st.Games
	pending := map[int]gameSamples{}
	for gs := range extracted {
		pending[gs.game] = gs
		// Once ctx ends no game is added, however many have finished: the
		// caller that stopped the run after game n finds exactly n games.
		for ctx.Err() == nil {
			next, ok := pending[st.Games]
			if !ok {
				break
			}
			delete(pending, st.Games)
			st.Set.Samples = append(st.Set.Samples, next.samples...)
			st.Games++
			if next.discarded {
				st.Discarded++
			}
			if progress != nil {
				progress(st.progress(cfg.Games, time.Since(start), st.Games-startGames))
			}
		}
	}
	if err := context.Cause(ctx); err != nil {
		return err
	}
	if st.Games < cfg.Games {
		return errors.New("the pool stopped before every game was played")
	}
	return nil
}

type finishedGame struct {
	game int
	res  arena.GameResult
}

// gameSamples is what one game adds to the dataset.
type gameSamples struct {
	game      int
	samples   []Sample
	discarded bool
}

func (st *State) progress(total int, elapsed time.Duration, doneHere int) Progress {
	p := Progress{Games: st.Games, Total: total, Positions: len(st.Set.Samples), Discarded: st.Discarded, Elapsed: elapsed}
	if doneHere > 0 {
		p.ETA = time.Duration(float64(elapsed) / float64(doneHere) * float64(total-st.Games))
	}
	return p
}

func (cfg *Config) check(st *State) error {
	switch {
	case len(cfg.Players) == 0:
		return errors.New("self-play needs at least one player")
	case cfg.Games < 1:
		return errors.New("self-play needs at least one game")
	case st.Games < 0 || st.Games > cfg.Games:
		return fmt.Errorf("%d games done of %d: give at least as many games as are done", st.Games, cfg.Games)
	case cfg.SkipPlies < 0 || cfg.PerGame < 0:
		return errors.New("plies skipped and samples per game must not be negative")
	}
	for _, ps := range cfg.Players {
		if ps.TC == nil && cfg.Options.TC == (arena.TimeControl{}) {
			return fmt.Errorf("player %s has no limit: give a time control (nodes=N, say)", ps.Name)
		}
	}
	if cfg.Label != nil {
		if err := checkLabel(cfg.Label); err != nil {
			return err
		}
	} else if st.Labeller != nil {
		return fmt.Errorf("the dataset is labelled by %s: give its label", st.Labeller)
	}
	return nil
}

// startEngines starts each player's external engine once, so a wrong
// path or a broken engine is one clear error now rather than every game
// lost to it (the label's is started to fingerprint it).
func (cfg *Config) startEngines(ctx context.Context) error {
	for _, ps := range cfg.Players {
		if !ps.External() {
			if _, err := ps.Weights(); err != nil {
				return fmt.Errorf("player %s: %w", ps.Name, err)
			}
			continue
		}
		pl, err := ps.New()
		if err == nil {
			err = pl.NewGame(ctx)
			pl.Close()
		}
		if err != nil {
			return fmt.Errorf("player %s: %w", ps.Name, err) // the engine's errors name its path
		}
	}
	return nil
}

// jobs returns games from … Games−1. Game g's opening, pairing and time
// control depend on the seed and g only, so neither the workers nor a
// resumption change any game.
func (cfg *Config) jobs(from int) []arena.GameJob {
	var openings []string
	if cfg.Book != nil {
		openings = cfg.Book.Sequence(cfg.Games, cfg.Seed) // the same prefix for any number of games
	}
	pairs := cfg.pairings()
	jobs := make([]arena.GameJob, 0, cfg.Games-from)
	for g := from; g < cfg.Games; g++ {
		opt := cfg.Options
		if openings != nil {
			opt.StartFEN = openings[g]
		}
		if n := opt.TC.Nodes; n > 0 {
			f := 1 + nodeSpread*(2*gameRand(cfg.Seed, g, streamNodes).Float64()-1)
			opt.TC.Nodes = max(1, uint64(float64(n)*f))
		}
		p := pairs[g%len(pairs)]
		jobs = append(jobs, arena.GameJob{ID: g, White: p[0], Black: p[1], Options: opt, Round: fmt.Sprint(g + 1)})
	}
	return jobs
}

// pairings lists who plays white and black: a lone player against itself,
// else every ordered pair, each pair's two colourings one after the other.
func (cfg *Config) pairings() [][2]int {
	n := len(cfg.Players)
	if n == 1 {
		return [][2]int{{0, 0}}
	}
	var out [][2]int
	for i := range n {
		for j := i + 1; j < n; j++ {
			out = append(out, [2]int{i, j}, [2]int{j, i})
		}
	}
	return out
}

// Random streams of a game: each use draws from its own, so adding a use
// never shifts another's numbers.
const (
	streamNodes  = 1
	streamSample = 2
)

// gameRand is game g's random source for one use.
func gameRand(seed uint64, g, stream int) *rand.Rand {
	return rand.New(rand.NewPCG(seed^0x5e1f91a7c0ffee00, uint64(g)<<8|uint64(stream)))
}

// CountResults returns how many samples come from games black won, drawn
// and white won (indexed by Result).
func CountResults(samples []Sample) [3]int {
	var n [3]int
	for _, s := range samples {
		n[s.Result%3]++
	}
	return n
}
