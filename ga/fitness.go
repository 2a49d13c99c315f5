package ga

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// evaluator plays a run's fitness games on the arena's pool and solves its
// problems on as many workers. Results are gathered by job index and
// combined in job order once every game is in, so the fitness values (sums
// of floats included) do not depend on which worker finished first.
type evaluator struct {
	s      *Settings
	pool   *arena.Pool
	tc     arena.TimeControl
	mode   core.SearchMode
	book   *arena.Book
	ref    arena.PlayerSpec
	starts []string // reference fitness: the fixed middlegame starts
	games  int      // games played so far (all kinds)
	// round is the generation the games belong to, as their jobs' Round:
	// a remote side tells a generation's games from the same pairings of
	// another by it, so that a run resumed mid-generation gives its games
	// the ids the stopped process gave them and finds their results.
	round string
	// searchers are the problem searchers, one per worker, kept from one
	// generation to the next (the adaptive method searches one problem a
	// generation: new hash tables each time would cost more than the
	// searches).
	searchers []*core.Searcher

	// An engine's options as the chromosome (Settings.Engine): the engine
	// with its fixed options, the run's start as a chromosome (the
	// reference "start"), and the engines that solve problems, one per
	// worker, kept like searchers.
	engine  *arena.EngineTuning
	base    arena.PlayerSpec
	search  playerSearch // the run's set of search parameters and its options
	start   *core.Chromosome
	solvers []*arena.UCIPlayer
}

func newEvaluator(s *Settings, schema *core.Schema, bus *arena.Bus, players arena.Resolver, remote arena.Remote, remoteOnly bool) (*evaluator, error) {
	tc, err := arena.ParseTimeControl(s.TC)
	if err != nil {
		return nil, err
	}
	mode, err := core.ParseSearchMode(s.Search)
	if err != nil {
		return nil, err
	}
	search, err := s.playerSearch()
	if err != nil {
		return nil, err
	}
	ev := &evaluator{s: s, tc: tc, mode: mode, engine: s.Engine, start: schema.Default(), search: search}
	if ev.engine != nil {
		if ev.base, err = ev.engine.Player(); err != nil {
			return nil, err
		}
	}
	if s.Openings != "" {
		if ev.book, err = arena.OpenBook(s.Openings); err != nil {
			return nil, fmt.Errorf("openings: %w", err)
		}
	}
	if s.Fitness == FitnessReference {
		if s.Reference == ReferenceStart {
			ev.ref = ev.player("start", ev.start)
		} else if ev.ref, err = arena.ParsePlayerSpec(s.Reference, players); err != nil {
			return nil, err
		} else {
			ev.ref = ev.search.player(ev.ref)
		}
	}
	local := s.Workers
	if remote != nil && remoteOnly {
		local = 0
	}
	ev.pool = arena.NewRemotePool(nil, local, remote, bus)
	return ev, nil
}

func (ev *evaluator) close() {
	ev.pool.Close()
	for _, pl := range ev.solvers {
		if pl != nil {
			pl.Close()
		}
	}
}

// spec is an individual as an arena player.
func (ev *evaluator) spec(g *Genome) arena.PlayerSpec {
	return ev.player(fmt.Sprintf("g%d", g.ID), g.Chromosome)
}

// player is a chromosome of the run as an arena player: our engine with
// the run's search, or the tuned engine told the chromosome's options.
func (ev *evaluator) player(name string, c *core.Chromosome) arena.PlayerSpec {
	if ev.engine != nil {
		return ev.engine.With(ev.base, name, c.Values)
	}
	return ev.search.player(arena.PlayerSpec{Name: name, Genes: c, Mode: ev.mode, PlainQuiescence: ev.s.PlainQuiescence, HashMB: ev.s.HashMB})
}

// opponent is the validation's fixed opponent: the full default, or for
// an engine's options the engine at its start.
func (ev *evaluator) opponent() arena.PlayerSpec {
	if ev.engine != nil {
		return ev.player("start", ev.start)
	}
	return ev.search.player(arena.PlayerSpec{Name: "full", Chromosome: "full", Mode: ev.mode, PlainQuiescence: ev.s.PlainQuiescence, HashMB: ev.s.HashMB})
}

func (ev *evaluator) options(start string) arena.GameOptions {
	return arena.GameOptions{StartFEN: start, TC: ev.tc, MaxMoves: ev.s.MaxMoves}
}

// play runs the jobs between the players and returns the results in job
// order; job IDs are set to their indices.
func (ev *evaluator) play(ctx context.Context, players []arena.PlayerSpec, jobs []arena.GameJob) ([]arena.GameResult, error) {
	for i := range jobs {
		jobs[i].ID, jobs[i].Round = i, ev.round
	}
	ev.pool.SetPlayers(players)
	out := make([]arena.GameResult, len(jobs))
	done := 0
	err := ev.pool.Run(ctx, jobs, func(j arena.GameJob, r arena.GameResult) bool {
		out[j.ID] = r
		done++
		return false
	})
	ev.games += done
	if err == nil && ctx.Err() != nil {
		err = ctx.Err()
	}
	return out, err
}

// openings draws n starts for colour-swapped pairs from the book.
func (ev *evaluator) openings(rng *rand.Rand, n int) []string {
	if ev.book == nil || n == 0 {
		return make([]string, n)
	}
	return ev.book.Sequence(n, rng.Uint64())
}

// referenceStarts makes seed 000's middlegame starts once per run: the
// reference plays itself StartMoves moves at StartDepth from book openings.
// They come from the run's seed alone (not its random stream), so a
// resumed run plays from the same starts.
func (ev *evaluator) referenceStarts(ctx context.Context) ([]string, error) {
	if ev.starts != nil {
		return ev.starts, nil
	}
	rng := rand.New(rand.NewPCG(ev.s.Seed, 0x737461727473)) // "starts"
	n := (ev.s.ReferenceGames + 1) / 2
	if ev.s.StartMoves == 0 {
		ev.starts = ev.openings(rng, n)
		return ev.starts, nil
	}
	ref := ev.ref
	ref.TC = nil
	starts, err := arena.MiddlegameStarts(ctx, ref, ev.book, n, ev.s.StartMoves, arena.TimeControl{Depth: max(ev.s.StartDepth, 1)}, rng.Uint64())
	if err != nil {
		return nil, fmt.Errorf("middlegame starts: %w", err)
	}
	ev.starts = starts
	return starts, nil
}

// reference scores the genomes that have no fitness yet by seed 000's
// games against the fixed opponent: the mean of ReferenceFitness over
// ReferenceGames games, colour-swapped from the middlegame starts. The
// opponent and the starts never change, so a fitness stays valid.
func (ev *evaluator) reference(ctx context.Context, rng *rand.Rand, pop []*Genome) error {
	starts, err := ev.referenceStarts(ctx)
	if err != nil {
		return err
	}
	var todo []*Genome
	players := []arena.PlayerSpec{ev.ref}
	for _, g := range pop {
		if !g.Evaluated {
			todo = append(todo, g)
			players = append(players, ev.spec(g))
		}
	}
	var jobs []arena.GameJob
	for i := range todo {
		for k := 0; k < ev.s.ReferenceGames; k++ {
			j := arena.GameJob{White: 1 + i, Black: 0, Options: ev.options(starts[(k/2)%len(starts)])}
			if k%2 == 1 {
				j.White, j.Black = 0, 1+i
			}
			jobs = append(jobs, j)
		}
	}
	res, err := ev.play(ctx, players, jobs)
	if err != nil {
		return err
	}
	for i, g := range todo {
		sum := 0.0
		for k := 0; k < ev.s.ReferenceGames; k++ {
			r := &res[i*ev.s.ReferenceGames+k]
			sum += ReferenceFitness(r, k%2 == 0)
		}
		g.Fitness, g.Evaluated = sum/float64(ev.s.ReferenceGames), true
		g.Games += ev.s.ReferenceGames
	}
	return nil
}

// pairings plays GamesPerPairing games for each pair (colours alternate,
// each colour-swapped pair from one book opening) and returns, per pair,
// the first player's wins, draws and losses.
func (ev *evaluator) pairings(ctx context.Context, rng *rand.Rand, pop []*Genome, pairs [][2]int) ([][3]int, error) {
	scores, err := ev.pairGames(ctx, rng, pop, pairs)
	if err != nil {
		return nil, err
	}
	out := make([][3]int, len(pairs))
	for p := range pairs {
		for _, s := range scores[p] {
			switch s {
			case 1:
				out[p][0]++
			case 0.5:
				out[p][1]++
			default:
				out[p][2]++
			}
		}
	}
	return out, nil
}

// pairGames plays GamesPerPairing games for each pair, as pairings, and
// returns, per pair, the first player's points of each game in the order
// played: games 2m and 2m+1 are the colour-swapped pair of one opening.
func (ev *evaluator) pairGames(ctx context.Context, rng *rand.Rand, pop []*Genome, pairs [][2]int) ([][]float64, error) {
	players := make([]arena.PlayerSpec, len(pop))
	for i, g := range pop {
		players[i] = ev.spec(g)
	}
	per := ev.s.GamesPerPairing
	starts := ev.openings(rng, len(pairs)*((per+1)/2))
	var jobs []arena.GameJob
	for p, pr := range pairs {
		for k := 0; k < per; k++ {
			j := arena.GameJob{White: pr[0], Black: pr[1], Options: ev.options(starts[p*((per+1)/2)+k/2])}
			if k%2 == 1 {
				j.White, j.Black = pr[1], pr[0]
			}
			jobs = append(jobs, j)
		}
	}
	res, err := ev.play(ctx, players, jobs)
	if err != nil {
		return nil, err
	}
	out := make([][]float64, len(pairs))
	for p := range pairs {
		out[p] = make([]float64, per)
		for k := 0; k < per; k++ {
			s := res[p*per+k].Score() // white's points
			if k%2 == 1 {
				s = 1 - s
			}
			out[p][k] = s
		}
	}
	for _, pr := range pairs {
		pop[pr[0]].Games += per
		pop[pr[1]].Games += per
	}
	return out, nil
}

// roundRobin is seed 001's fitness: every individual plays every other
// GamesPerPairing games; the fitness is the points (1, ½, 0).
func (ev *evaluator) roundRobin(ctx context.Context, rng *rand.Rand, pop []*Genome) error {
	var pairs [][2]int
	for i := range pop {
		for j := i + 1; j < len(pop); j++ {
			pairs = append(pairs, [2]int{i, j})
		}
	}
	wdl, err := ev.pairings(ctx, rng, pop, pairs)
	if err != nil {
		return err
	}
	points := make([]float64, len(pop))
	for p, pr := range pairs {
		a := float64(wdl[p][0]) + 0.5*float64(wdl[p][1])
		points[pr[0]] += a
		points[pr[1]] += float64(ev.s.GamesPerPairing) - a
	}
	for i, g := range pop {
		g.Fitness, g.Evaluated = points[i], true
	}
	return nil
}

// match is seed 003's fitness for the methods that are not seed 003's
// own: along a random cycle, each individual plays the ones 1 …
// MatchOpponents places ahead of it (so it meets up to 2·MatchOpponents
// others, each pair once) in GamesPerPairing-game colour-swapped matches,
// and scores +1 a win (draws and losses 0, as seed 003).
func (ev *evaluator) match(ctx context.Context, rng *rand.Rand, pop []*Genome) error {
	n := len(pop)
	perm := rng.Perm(n)
	var pairs [][2]int
	for o := 1; o <= min(ev.s.MatchOpponents, n/2); o++ {
		for a := 0; a < n; a++ {
			if 2*o == n && a >= n/2 {
				break // the pairs at distance n/2 are all met once
			}
			pairs = append(pairs, [2]int{perm[a], perm[(a+o)%n]})
		}
	}
	wdl, err := ev.pairings(ctx, rng, pop, pairs)
	if err != nil {
		return err
	}
	wins := make([]float64, n)
	for p, pr := range pairs {
		wins[pr[0]] += float64(wdl[p][0])
		wins[pr[1]] += float64(wdl[p][2])
	}
	for i, g := range pop {
		g.Fitness, g.Evaluated = wins[i], true
	}
	return nil
}

// twoGameMatch plays one colour-swapped pairing (seed 003's "two round
// game") and returns a's and b's wins.
func (ev *evaluator) twoGameMatch(ctx context.Context, rng *rand.Rand, a, b *Genome) (int, int, error) {
	pop := []*Genome{a, b}
	wdl, err := ev.pairings(ctx, rng, pop, [][2]int{{0, 1}})
	if err != nil {
		return 0, 0, err
	}
	return wdl[0][0], wdl[0][2], nil
}
