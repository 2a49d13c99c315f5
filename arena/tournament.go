package arena

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// Formats of tournament.
const (
	RoundRobin = "round-robin"
	Gauntlet   = "gauntlet"
	Selection  = "selection"
	Knockout   = "knockout"
	Match      = "match"
)

// Tournament is everything a tournament needs to run.
type Tournament struct {
	Format  string
	Players []PlayerSpec
	Options GameOptions // TC, max moves, adjudication (StartFEN is set per game)
	Rounds  int         // cycles (round robin, gauntlet) or colour-swapped pairs (match)
	Book    *Book       // openings; nil plays from the start position
	Seed    uint64      // opening order and selection pairings
	Workers int
	// Remote, when set, plays games on remote workers besides the Workers
	// local ones (0 then means remote only).
	Remote Remote
	PGN    io.Writer // every game is appended as it finishes (may be nil)
	Event  string    // PGN Event tag
	Bus    *Bus      // progress events (may be nil)
	SPRT   *SPRT     // match only: stop early on a decision
	// Paused, when set and true, holds back games not yet started (those
	// in progress finish); false lets them go.
	Paused *atomic.Bool
	// OnResult, if set, is called after each game played with the updated
	// table (not for the Finished games, which were reported before).
	OnResult func(GameJob, *GameResult, *Table)
	// Finished holds the games of this tournament played before, by job
	// ID: a resumed run's. They are not played again: each pairing's
	// finished games go into the table, in job order, before its other
	// games are played, and an SPRT is tested after them. Each must be
	// its job's game (players and start), else Run fails; job IDs and
	// openings follow from the settings and the seed, and selection's
	// and knockout's pairings from the results, so a tournament resumed
	// plays the games an uninterrupted one would have.
	Finished map[int]GameResult
}

// Report is a finished tournament.
type Report struct {
	Format     string        `json:"format"`
	Players    []string      `json:"players"`
	Games      int           `json:"games"`
	Standings  []Standing    `json:"standings"`
	Crosstable [][]float64   `json:"crosstable"` // points of row against column
	CrossGames [][]int       `json:"crosstable_games"`
	Pairings   []Pairing     `json:"pairings,omitempty"`   // selection and knockout
	Final      []string      `json:"final_line,omitempty"` // selection: the line after it
	SPRT       *SPRTResult   `json:"sprt,omitempty"`
	Pairs      *PairReport   `json:"pentanomial,omitempty"` // a match's complete pairs
	Reason     string        `json:"finished"`
	Elapsed    time.Duration `json:"-"`
	Seconds    float64       `json:"seconds"`
	Table      *Table        `json:"-"`
	Results    []GameResult  `json:"-"`
}

// Pairing is one two-game (or longer, with tie-breaks) match of a
// selection or knockout bracket.
type Pairing struct {
	Round   int      `json:"round"`
	A, B    int      `json:"-"`
	NameA   string   `json:"a"`
	NameB   string   `json:"b"`
	PointsA float64  `json:"points_a"`
	PointsB float64  `json:"points_b"`
	Games   []string `json:"games"`  // "1-0 checkmate" per game, in order
	Winner  string   `json:"winner"` // "" for a tie that overwrote nobody
	Note    string   `json:"note,omitempty"`
}

// runner holds what every format shares: the pool, the table, the PGN.
type runner struct {
	t        *Tournament
	pool     *Pool
	table    *Table
	results  []GameResult
	mu       sync.Mutex
	nextID   int
	openings []string
	opening  int
	replayed int        // games of t.Finished put in the table
	err      error      // a finished game that is not its job's
	pairs    *pairTally // a match's: its pairs as they complete
}

func newRunner(t *Tournament, total, openingsNeeded int) *runner {
	names := make([]string, len(t.Players))
	for i, p := range t.Players {
		names[i] = p.Name
	}
	r := &runner{t: t, table: NewTable(names, total), pool: NewRemotePool(t.Players, t.Workers, t.Remote, t.Bus)}
	r.pool.Paused = t.Paused
	if t.Book != nil && openingsNeeded > 0 {
		r.openings = t.Book.Sequence(openingsNeeded, t.Seed)
	}
	return r
}

// nextOpening returns the next start position ("" = standard start).
func (r *runner) nextOpening() string {
	if len(r.openings) == 0 {
		return ""
	}
	fen := r.openings[r.opening%len(r.openings)]
	r.opening++
	return fen
}

// pair returns the two colour-swapped games of a and b from one opening.
func (r *runner) pair(a, b int, round string) []GameJob {
	opt := r.t.Options
	opt.StartFEN = r.nextOpening()
	j1 := GameJob{ID: r.nextID, White: a, Black: b, Options: opt, Round: round}
	j2 := GameJob{ID: r.nextID + 1, White: b, Black: a, Options: opt, Round: round}
	r.nextID += 2
	return []GameJob{j1, j2}
}

// play runs jobs on the pool, recording each result as it comes; the
// jobs finished before are recorded first, and stop is asked after them.
func (r *runner) play(ctx context.Context, jobs []GameJob, stop func() bool) ([]GameResult, error) {
	out := make([]GameResult, len(jobs))
	todo, err := r.replay(jobs, out)
	if err != nil {
		return out, err
	}
	if len(todo) < len(jobs) && stop != nil && stop() {
		return out, nil
	}
	if len(todo) == 0 {
		return out, ctx.Err()
	}
	index := map[int]int{}
	for i, j := range jobs {
		index[j.ID] = i
	}
	err = r.pool.Run(ctx, todo, func(j GameJob, res GameResult) bool {
		out[index[j.ID]] = res
		if res.Reason == ReasonAborted {
			return false
		}
		r.add(j, &res)
		if r.t.PGN != nil {
			if err := WriteGamePGN(r.t.PGN, &res, r.t.Event, j.Round); err != nil {
				res.Detail += "; PGN not written: " + err.Error()
			}
		}
		r.results = append(r.results, res)
		r.t.Bus.Publish(StandingsChanged{Table: r.table.Clone()})
		if r.t.OnResult != nil {
			r.t.OnResult(j, &res, r.table)
		}
		return stop != nil && stop()
	})
	return out, err
}

// add puts a finished game in the table (and a match's in its pair).
func (r *runner) add(j GameJob, res *GameResult) {
	r.table.Add(j.White, j.Black, res)
	if r.pairs != nil {
		r.pairs.add(r.table, j, res)
	}
}

// report closes the pool and sums up; it fails when a finished game was
// not its job's, or when a finished tournament left some unused.
func (r *runner) report(reason string, start time.Time) (*Report, error) {
	r.pool.Close()
	if r.err == nil && reason != "stopped" && r.replayed < len(r.t.Finished) {
		r.err = fmt.Errorf("%d of the %d games played before are not games of this tournament", len(r.t.Finished)-r.replayed, len(r.t.Finished))
	}
	if r.err != nil {
		return nil, r.err
	}
	rep := &Report{Format: r.t.Format, Players: r.table.Players, Games: r.table.Played, Standings: r.table.Standings(),
		Crosstable: r.table.Score, CrossGames: r.table.Games, Reason: reason, Elapsed: time.Since(start), Table: r.table, Results: r.results}
	rep.Seconds = rep.Elapsed.Seconds()
	r.t.Bus.Publish(TournamentFinished{Table: r.table.Clone(), Reason: reason})
	return rep, nil
}

// Run plays the tournament.
func (t *Tournament) Run(ctx context.Context) (*Report, error) {
	if len(t.Players) < 2 {
		return nil, fmt.Errorf("a tournament needs at least two players")
	}
	if t.Rounds <= 0 {
		t.Rounds = 1
	}
	if t.Workers > 0 || t.Remote == nil { // games played here: their engines must start here
		if err := CheckEngines(ctx, t.Players); err != nil {
			return nil, err
		}
	}
	switch t.Format {
	case RoundRobin, "":
		t.Format = RoundRobin
		return t.runRoundRobin(ctx, false)
	case Gauntlet:
		return t.runRoundRobin(ctx, true)
	case Match:
		if len(t.Players) != 2 {
			return nil, fmt.Errorf("a match is between two players, not %d", len(t.Players))
		}
		return t.runMatch(ctx)
	case Selection:
		return t.runSelection(ctx)
	case Knockout:
		return t.runKnockout(ctx)
	}
	return nil, fmt.Errorf("unknown format %q (have round-robin, gauntlet, selection, knockout, match)", t.Format)
}

// runRoundRobin: every pairing (or, for a gauntlet, player 0 against each
// other) plays Rounds colour-swapped pairs.
func (t *Tournament) runRoundRobin(ctx context.Context, gauntlet bool) (*Report, error) {
	start := time.Now()
	var pairs [][2]int
	for i := range t.Players {
		for j := i + 1; j < len(t.Players); j++ {
			if !gauntlet || i == 0 {
				pairs = append(pairs, [2]int{i, j})
			}
		}
	}
	r := newRunner(t, 2*len(pairs)*t.Rounds, len(pairs)*t.Rounds)
	var jobs []GameJob
	for c := 0; c < t.Rounds; c++ {
		for _, p := range pairs {
			jobs = append(jobs, r.pair(p[0], p[1], fmt.Sprint(c+1))...)
		}
	}
	_, err := r.play(ctx, jobs, nil)
	reason := "complete"
	if err != nil {
		reason = "stopped"
	}
	return r.report(reason, start)
}

// runSelection is seed 003's two-round selection: the individuals stand in
// a line; individual i plays a colour-swapped pair against a random later
// individual j; the winner's copy overwrites the loser's slot, so the line
// ends with the fittest in the last slot. A tied pair overwrites nobody
// (our rule: the seed does not say). Draws score ½ each, which ranks a
// pair exactly as the seed's "+1 a win" does.
func (t *Tournament) runSelection(ctx context.Context) (*Report, error) {
	start := time.Now()
	n := len(t.Players)
	r := newRunner(t, 2*(n-1), n-1)
	rng := rand.New(rand.NewPCG(t.Seed, 0x5e1ec7))
	line := make([]int, n) // slot -> player index (whose copy stands there)
	for i := range line {
		line[i] = i
	}
	var pairings []Pairing
	reason := "complete"
	for i := 0; i < n-1; i++ {
		j := i + 1 + rng.IntN(n-1-i)
		a, b := line[i], line[j]
		jobs := r.pair(a, b, fmt.Sprintf("%d.%d", i+1, j+1))
		res, err := r.play(ctx, jobs, nil)
		if err != nil {
			reason = "stopped"
			break
		}
		pa := res[0].Score() + (1 - res[1].Score()) // a has white in the first game
		pg := Pairing{Round: i + 1, A: a, B: b, NameA: t.Players[a].Name, NameB: t.Players[b].Name,
			PointsA: pa, PointsB: 2 - pa, Games: gameLines(res)}
		switch {
		case pa > 1:
			line[j] = a
			pg.Winner, pg.Note = pg.NameA, fmt.Sprintf("slot %d overwritten by slot %d", j+1, i+1)
		case pa < 1:
			line[i] = b
			pg.Winner, pg.Note = pg.NameB, fmt.Sprintf("slot %d overwritten by slot %d", i+1, j+1)
		default:
			pg.Note = "tie: nobody overwritten"
		}
		pairings = append(pairings, pg)
		t.Bus.Publish(PairingDecided{Pairing: pg})
	}
	rep, err := r.report(reason, start)
	if err != nil {
		return nil, err
	}
	rep.Pairings = pairings
	for _, idx := range line {
		rep.Final = append(rep.Final, t.Players[idx].Name)
	}
	return rep, nil
}

// runKnockout: a bracket of colour-swapped pairs, seeded 1 v n, 2 v n−1 …
// (byes to the top seeds when the field is not a power of two). A tied
// pair plays up to two more pairs; if still tied the higher seed goes on.
func (t *Tournament) runKnockout(ctx context.Context) (*Report, error) {
	start := time.Now()
	n := len(t.Players)
	r := newRunner(t, 0, 4*n)
	alive := make([]int, n)
	for i := range alive {
		alive[i] = i
	}
	var pairings []Pairing
	reason := "complete"
	for round := 1; len(alive) > 1 && reason == "complete"; round++ {
		size := 1
		for size < len(alive) {
			size *= 2
		}
		byes := size - len(alive)
		next := append([]int(nil), alive[:byes]...)
		rest := alive[byes:]
		for k := 0; k < len(rest)/2; k++ {
			a, b := rest[k], rest[len(rest)-1-k]
			pg := Pairing{Round: round, A: a, B: b, NameA: t.Players[a].Name, NameB: t.Players[b].Name}
			for extra := 0; extra < 3; extra++ {
				res, err := r.play(ctx, r.pair(a, b, fmt.Sprint(round)), nil)
				if err != nil {
					reason = "stopped"
					break
				}
				pg.PointsA += res[0].Score() + (1 - res[1].Score())
				pg.PointsB += (1 - res[0].Score()) + res[1].Score()
				pg.Games = append(pg.Games, gameLines(res)...)
				if pg.PointsA != pg.PointsB {
					break
				}
			}
			if reason != "complete" {
				break
			}
			winner := a // the higher seed keeps a tie
			if pg.PointsB > pg.PointsA {
				winner = b
			}
			if pg.PointsA == pg.PointsB {
				pg.Note = "tied after tie-breaks: higher seed goes through"
			}
			pg.Winner = t.Players[winner].Name
			pairings = append(pairings, pg)
			t.Bus.Publish(PairingDecided{Pairing: pg})
			next = append(next, winner)
		}
		// Keep seed order for the next round's pairing.
		slices.Sort(next)
		alive = next
	}
	rep, err := r.report(reason, start)
	if err != nil {
		return nil, err
	}
	rep.Pairings = pairings
	return rep, nil
}

// runMatch: Rounds colour-swapped pairs between two players, stopping
// early when an SPRT is given and decides. A pentanomial SPRT tests only
// complete pairs: with several workers games end out of order, and a
// pair counts once both its games have.
func (t *Tournament) runMatch(ctx context.Context) (*Report, error) {
	start := time.Now()
	r := newRunner(t, 2*t.Rounds, t.Rounds)
	r.pairs = newPairTally(0)
	var jobs []GameJob
	for c := 0; c < t.Rounds; c++ {
		jobs = append(jobs, r.pair(0, 1, fmt.Sprint(c+1))...)
	}
	var decision *SPRTResult
	stop := func() bool {
		if t.SPRT == nil {
			return false
		}
		res := t.SPRT.TestTable(r.table)
		if res.Decision != "" {
			decision = &res
			return true
		}
		return false
	}
	_, err := r.play(ctx, jobs, stop)
	reason := "complete"
	switch {
	case decision != nil:
		reason = "sprt: " + decision.Decision
	case err != nil:
		reason = "stopped"
	}
	rep, err := r.report(reason, start)
	if err != nil {
		return nil, err
	}
	rep.Pairs = pairReport(r.table)
	if t.SPRT != nil {
		res := t.SPRT.TestTable(r.table)
		rep.SPRT = &res
	}
	return rep, nil
}

func gameLines(res []GameResult) []string {
	out := make([]string, len(res))
	for i, g := range res {
		out[i] = fmt.Sprintf("%s-%s %s %s", g.White, g.Black, g.Outcome, g.Reason)
	}
	return out
}
