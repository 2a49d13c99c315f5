package ga

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// Run is one evolution: settings, population, history and the random
// source, advanced a generation at a time. Everything random is drawn from
// one PCG whose state is saved with the run (run_json.go), so a run
// continues exactly where it stopped.
type Run struct {
	Settings   Settings
	Generation int // generations completed
	Population []*Genome
	History    []GenStats
	Changes    []Change
	HallOfFame []*Genome
	Gen0Best   *Genome
	NextID     int
	Finished   string // why the run ended; empty while it can go on
	Adaptive   *AdaptiveState
	Stall      StallState
	ES         *ESState   // cmaes
	SPSA       *SPSAState // spsa
	Grad       *GradState // gradient

	schema *core.Schema
	pcg    *rand.PCG
	// startFile is a file= start's chromosome, read once per process (a
	// run made or grown reads it; the run file keeps the individuals).
	startFile *core.Chromosome
	rng       *rand.Rand
	bus       *arena.Bus
	ev        *evaluator
	probs     []*core.EPDRecord // problems fitness / adaptive method
	pos       *Positions        // positions fitness, attached by the caller
	lin       *linearModel      // gradient: the evaluation linearised at Grad.X0 (read only)
	// players reads player= and population= in the reference SPEC (the
	// data directory, given by the caller: UsePlayers); nil refuses them.
	players arena.Resolver

	// AfterGeneration, if set, is called on the run's goroutine after each
	// generation, before the next begins: the place to save a checkpoint
	// (the run is consistent and nothing else touches it).
	AfterGeneration func(*Run) error
	// AtRest, if set, is called on the run's goroutine when the run stops
	// advancing: before it waits paused, and as Execute returns once it
	// has set out on generations (finished, stopped, cancelled, or failed
	// with the run restored to its last complete generation), but not
	// when AfterGeneration or AtRest has just failed to save that same
	// state. The place to save what AfterGeneration left unsaved.
	AtRest func(*Run) error

	// Remote, if set, plays fitness games on remote workers besides the
	// Settings.Workers local ones; with RemoteOnly, on them alone (the
	// local workers still solve problems and score positions). Neither
	// changes the run: results are combined in job order.
	Remote     arena.Remote
	RemoteOnly bool

	// evaluateHook, when set (tests), replaces the fitness evaluation.
	evaluateHook func(context.Context, []*Genome) error
	// solveHook, when set (tests), replaces the searches of problems.
	solveHook func(context.Context, []*Genome, []*core.EPDRecord) ([][]bool, error)

	mu      sync.Mutex
	pending []Change
	paused  bool
	stop    bool
	wake    chan struct{}
}

// StallState is MNC's record for its stopping rules.
type StallState struct {
	BestID    int       `json:"best_id"`
	Unchanged int       `json:"unchanged"` // generations the best individual has stayed the best
	Slow      int       `json:"slow"`      // generations the best chromosome moved < SlowChange
	Last      []float64 `json:"last,omitempty"`
}

// HallOfFameSize caps the hall of fame (the best of each generation).
const HallOfFameSize = 50

// NewRun makes generation 0 of a run. bus (may be nil) receives the run's
// events and its fitness games.
func NewRun(s Settings, bus *arena.Bus) (*Run, error) {
	if s.Workers <= 0 {
		s.Workers = 1
	}
	if err := s.Check(); err != nil {
		return nil, err
	}
	if bus == nil {
		bus = arena.NewBus()
	}
	r := &Run{Settings: s, bus: bus}
	if err := r.attach(); err != nil {
		return nil, err
	}
	r.pcg = rand.NewPCG(s.Seed, 0x65766f6368657373) // "evochess"
	r.rng = rand.New(r.pcg)
	var start []*core.Chromosome
	if s.StartTable {
		start = core.Seed003TableI()
	}
	for i := 0; i < s.Population; i++ {
		c, err := r.startChromosome(i, start)
		if err != nil {
			return nil, err
		}
		r.Population = append(r.Population, r.newGenome(c, nil, "initial"))
	}
	if s.Fitness == FitnessProblems || s.Method == Adaptive {
		suite := s.Suite
		if suite == "" {
			suite = "wac"
		}
		probs, err := ChooseProblems(r.rng, suite, s.Problems)
		if err != nil {
			return nil, err
		}
		r.probs = probs
	}
	if s.Method == Adaptive {
		r.Adaptive = &AdaptiveState{}
	}
	return r, nil
}

// attach builds what a run needs besides its saved fields.
func (r *Run) attach() error {
	schema, err := runSchema(&r.Settings) // the preset, genes outside Evolve fixed
	if err != nil {
		return err
	}
	r.schema = schema
	r.wake = make(chan struct{}, 1)
	return nil
}

// Bus returns the bus the run publishes on.
func (r *Run) Bus() *arena.Bus { return r.bus }

// Schema returns the run's gene schema.
func (r *Run) Schema() *core.Schema { return r.schema }

// Problems returns the run's problem set (problems fitness, adaptive).
func (r *Run) Problems() []*core.EPDRecord { return r.probs }

func (r *Run) newGenome(c *core.Chromosome, parents []int, note string) *Genome {
	g := &Genome{ID: r.NextID, Chromosome: c, Generation: r.Generation, Parents: parents, Note: note}
	r.NextID++
	return g
}

// child clones parent p as a new individual.
func (r *Run) child(p *Genome, note string) *Genome {
	g := r.newGenome(p.Chromosome.Clone(), []int{p.ID}, note)
	g.Solved = p.Solved
	return g
}

// absoluteFitness: a genome's fitness stays valid while it is unchanged
// (a fixed opponent and fixed starts, or a fixed problem set).
func (r *Run) absoluteFitness() bool {
	switch r.Settings.Fitness {
	case FitnessReference, FitnessProblems, FitnessPositions:
		return true
	}
	return false
}

// AttachPositions gives a positions-fitness run its dataset (loaded by
// the caller, named by Settings.Dataset); it must come before Execute.
func (r *Run) AttachPositions(p *Positions) error {
	if p.Name != r.Settings.Dataset {
		return fmt.Errorf("dataset %s attached to a run on dataset %s", p.Name, r.Settings.Dataset)
	}
	if p.K <= 0 {
		return fmt.Errorf("dataset %s: K is not fitted", p.Name)
	}
	r.pos = p
	return nil
}

// Positions returns the attached dataset (nil unless fitness positions).
func (r *Run) Positions() *Positions { return r.pos }

// evaluate gives every genome of pop its fitness.
func (r *Run) evaluate(ctx context.Context, pop []*Genome) error {
	if r.evaluateHook != nil {
		return r.evaluateHook(ctx, pop)
	}
	switch r.Settings.Fitness {
	case FitnessReference:
		return r.ev.reference(ctx, r.rng, pop)
	case FitnessRoundRobin:
		return r.ev.roundRobin(ctx, r.rng, pop)
	case FitnessMatch:
		return r.ev.match(ctx, r.rng, pop)
	case FitnessPositions:
		return r.positionsFitness(ctx, pop)
	default:
		return r.ev.problems(ctx, pop, r.probs)
	}
}

// Execute runs generations until the run is finished, Stop is called
// (after the generation in progress), or ctx ends (the generation in
// progress is abandoned and the run left as it was before it). workers
// games or searches run at once. AtRest, if set, has the last word: it
// runs before RunFinished is published.
func (r *Run) Execute(ctx context.Context) error {
	if err := r.verifyEngine(ctx); err != nil {
		return err
	}
	ev, err := newEvaluator(&r.Settings, r.schema, r.bus, r.players, r.Remote, r.RemoteOnly)
	if err != nil {
		return err
	}
	r.ev = ev
	defer func() { ev.close(); r.ev = nil }()
	if ev.ref.External() && !r.RemoteOnly && r.evaluateHook == nil {
		// A reference that is no engine is said now, not as every game won.
		if err := arena.CheckEngines(ctx, []arena.PlayerSpec{ev.ref}); err != nil {
			return fmt.Errorf("reference: %w", err)
		}
	}
	tried, err := r.generations(ctx)
	if r.AtRest != nil && !tried {
		if rerr := r.AtRest(r); rerr != nil {
			err = errors.Join(err, rerr)
		}
	}
	if err != nil {
		return err
	}
	r.publish(RunFinished{Reason: r.Finished, Generation: r.Generation})
	return nil
}

// saveFailed is the error of a hook that has just tried to save the run
// as it stands (AfterGeneration, AtRest at a pause): Execute does not ask
// AtRest to save that same state again.
type saveFailed struct{ err error }

func (e saveFailed) Error() string { return e.err.Error() }
func (e saveFailed) Unwrap() error { return e.err }

// generations runs Execute's loop; tried says its error came from a hook
// that tried to save the run as it stands.
func (r *Run) generations(ctx context.Context) (tried bool, err error) {
	for r.Finished == "" {
		if err := r.boundary(ctx); err != nil {
			var sf saveFailed
			if errors.As(err, &sf) {
				return true, sf.err
			}
			return false, err
		}
		if r.Finished != "" {
			break
		}
		if err := r.step(ctx); err != nil {
			return false, err
		}
		if r.AfterGeneration != nil {
			if err := r.AfterGeneration(r); err != nil {
				return true, err
			}
		}
	}
	return false, nil
}

// step runs one generation of the method on a copy of the state, so that
// an interrupted generation leaves the run untouched.
func (r *Run) step(ctx context.Context) error {
	saved := r.snapshot()
	gamesBefore := r.ev.games
	began, cpuBefore := time.Now(), processCPU()
	r.ev.round = fmt.Sprintf("generation %d", r.Generation)
	var err error
	switch r.Settings.Method {
	case Classic:
		err = r.stepClassic(ctx)
	case MNC:
		err = r.stepMNC(ctx)
	case Dynamic:
		err = r.stepDynamic(ctx)
	case Adaptive:
		err = r.stepAdaptive(ctx)
	case CMAES:
		err = r.stepCMAES(ctx)
	case SPSA:
		err = r.stepSPSA(ctx)
	case Gradient:
		err = r.stepGradient(ctx)
	}
	if err == nil && r.Settings.ValidateEvery > 0 && len(r.History) > 0 && (r.Generation)%r.Settings.ValidateEvery == 0 {
		err = r.validate(ctx, &r.History[len(r.History)-1])
	}
	if err != nil {
		r.restore(saved)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("generation %d: %w", r.Generation, err)
	}
	st := &r.History[len(r.History)-1]
	st.Path = r.path(st)
	st.Games = r.ev.games - gamesBefore
	st.Seconds = time.Since(began).Seconds()
	st.Elapsed = st.Seconds
	st.CPU = processCPU() - cpuBefore
	st.CPUElapsed = st.CPU
	if len(r.History) > 1 {
		st.Elapsed += r.History[len(r.History)-2].Elapsed
		st.CPUElapsed += r.History[len(r.History)-2].CPUElapsed
	}
	if tl := r.Settings.TimeLimit; tl > 0 && st.Elapsed >= tl && r.Finished == "" {
		r.Finished = "time limit"
	}
	if cl := r.Settings.CPULimit; cl > 0 && st.CPUElapsed >= cl && r.Finished == "" {
		r.Finished = "cpu limit"
	}
	r.publish(GenerationDone{Stats: *st})
	return nil
}

// path is where the run stands after the generation st has just
// recorded (GenStats.Path): the tuners' centre after their update, the
// best of st for the other methods; nil for a schema of more than
// PathGenes genes.
func (r *Run) path(st *GenStats) []float64 {
	if len(r.schema.Genes) > PathGenes {
		return nil
	}
	if c := r.Center(); c != nil {
		return slices.Clone(c.Chromosome.Values)
	}
	return slices.Clone(st.BestGenes)
}

// runState is the part of a run a generation changes.
type runState struct {
	gen      int
	pop      []*Genome
	hist     int
	hof      []*Genome
	gen0     *Genome
	nextID   int
	finished string
	adaptive *AdaptiveState
	stall    StallState
	es       *ESState
	spsa     *SPSAState
	grad     *GradState
	rng      []byte
}

func (r *Run) snapshot() runState {
	pop := make([]*Genome, len(r.Population))
	for i, g := range r.Population {
		pop[i] = g.Clone()
	}
	st := runState{gen: r.Generation, pop: pop, hist: len(r.History), hof: append([]*Genome(nil), r.HallOfFame...),
		gen0: r.Gen0Best, nextID: r.NextID, finished: r.Finished, stall: r.Stall}
	st.stall.Last = append([]float64(nil), r.Stall.Last...)
	if r.Adaptive != nil {
		st.adaptive = r.Adaptive.clone()
	}
	if r.ES != nil {
		st.es = r.ES.clone()
	}
	if r.SPSA != nil {
		st.spsa = r.SPSA.clone()
	}
	if r.Grad != nil {
		st.grad = r.Grad.clone()
	}
	st.rng, _ = r.pcg.MarshalBinary()
	return st
}

func (r *Run) restore(st runState) {
	r.Generation, r.Population, r.History, r.HallOfFame = st.gen, st.pop, r.History[:st.hist], st.hof
	r.Gen0Best, r.NextID, r.Finished, r.Adaptive, r.Stall = st.gen0, st.nextID, st.finished, st.adaptive, st.stall
	r.ES, r.SPSA, r.Grad = st.es, st.spsa, st.grad
	// The gradient's model is not kept in the snapshot (it may be
	// gigabytes, and the snapshot would hold the old one while a new one
	// is built): the next step rebuilds it at the restored X0, exactly.
	r.lin = nil
	if err := r.pcg.UnmarshalBinary(st.rng); err != nil {
		panic("ga: restoring a PCG state it produced: " + err.Error())
	}
}

// RNGState returns the random source's state (for saving a run).
func (r *Run) RNGState() ([]byte, error) { return r.pcg.MarshalBinary() }

// record computes the statistics of the evaluated population, keeps the
// best in the hall of fame and counts the generation as done.
func (r *Run) record(pop []*Genome, note string) *GenStats {
	st := computeStats(r.Generation, pop)
	st.Note = note
	best := r.bestOf(pop)
	if r.Gen0Best == nil {
		r.Gen0Best = best.Clone()
	}
	if len(r.HallOfFame) == 0 || r.HallOfFame[len(r.HallOfFame)-1].ID != best.ID {
		r.HallOfFame = append(r.HallOfFame, best.Clone())
		if len(r.HallOfFame) > HallOfFameSize {
			r.HallOfFame = append([]*Genome(nil), r.HallOfFame[len(r.HallOfFame)-HallOfFameSize:]...)
		}
	}
	r.History = append(r.History, st)
	r.Generation++
	if r.Settings.Method != Adaptive && r.Generation >= r.Settings.Generations {
		r.Finished = "generations"
	}
	r.checkConverged(&r.History[len(r.History)-1])
	return &r.History[len(r.History)-1]
}

// bestOf returns the fittest genome (the first of equals).
func (r *Run) bestOf(pop []*Genome) *Genome {
	best := pop[0]
	for _, g := range pop[1:] {
		if g.Fitness > best.Fitness {
			best = g
		}
	}
	return best
}

// Best returns the best genome of the last evaluated generation (the hall
// of fame's newest), or nil before the first generation.
//
// SPSA's best is θ, what it tunes (its samples are θ ± c·δ, each a step
// off it).
func (r *Run) Best() *Genome {
	if r.SPSA != nil {
		return r.Center()
	}
	if len(r.HallOfFame) == 0 {
		return nil
	}
	return r.HallOfFame[len(r.HallOfFame)-1]
}

func (r *Run) publish(e arena.Event) { r.bus.Publish(e) }
