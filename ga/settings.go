package ga

import (
	"fmt"
	"slices"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// Methods and fitness kinds.
const (
	Classic  = "classic"  // seed 000
	MNC      = "mnc"      // seed 001
	Dynamic  = "dynamic"  // seed 003
	Adaptive = "adaptive" // seed 004
	CMAES    = "cmaes"    // separable CMA-ES (Ros and Hansen 2008)
	SPSA     = "spsa"     // simultaneous perturbation (Spall; fishtest, OpenBench)
	Gradient = "gradient" // Texel tuning by gradient descent (Adam) on a linearised evaluation

	FitnessReference  = "reference"   // seed 000: games vs a fixed opponent
	FitnessRoundRobin = "round-robin" // seed 001: everyone vs everyone
	FitnessMatch      = "match"       // seed 003: two-game colour-swapped matches
	FitnessProblems   = "problems"    // seed 004: best-move test positions solved
	FitnessPositions  = "positions"   // −(mean squared error) over a labelled dataset (Texel)
)

// Values of the enumerated settings.
const (
	MutationPaper      = "paper"
	MutationScaled     = "scaled"
	DistancePhenotypic = "phenotypic"
	DistanceGenotypic  = "genotypic"
	InvolvedAll        = "all"
	InvolvedAuto       = "auto"
)

// Methods lists the method names; Fitnesses the fitness names.
var (
	Methods   = []string{Classic, MNC, Dynamic, Adaptive, CMAES, SPSA, Gradient}
	Fitnesses = []string{FitnessReference, FitnessRoundRobin, FitnessMatch, FitnessProblems, FitnessPositions}
)

// Settings is everything a run depends on. Together with the seed they
// determine the run completely when the players search to a fixed depth or
// node count. The JSON form is what a saved run stores.
type Settings struct {
	Method      string `json:"method"`
	Preset      string `json:"chromosome"` // gene schema: a core preset, or Engine's SchemaName
	Population  int    `json:"population"`
	Generations int    `json:"generations"` // classic, mnc, dynamic; adaptive: per problem (Gmax)
	Fitness     string `json:"fitness"`
	Seed        uint64 `json:"seed"`
	Workers     int    `json:"workers"` // not part of the result: any count gives the same run

	// Engine, when set, makes the chromosome an external UCI engine's
	// options (UseEngine): the engine, its fixed options and the genes,
	// kept whole so that the run resumes and exports without the gene file.
	Engine *arena.EngineTuning `json:"engine,omitempty"`

	// Players: how the individuals search.
	TC              string `json:"tc"` // arena time control, e.g. "nodes=2000" or "depth=3"
	Search          string `json:"search"`
	PlainQuiescence int    `json:"plain_quiescence,omitempty"`
	HashMB          int    `json:"hash_mb"`
	// SearchParams numbers the set of search parameters (core.SearchParamSet)
	// the run's built-in players search with where their chromosome has
	// no search genes: new runs take the newest; a run saved before the
	// field has none, 0, which is set 1, the search it was made with.
	SearchParams int `json:"search_params,omitempty"`
	// FullDefaults numbers the set of full's default values
	// (core.FullDefaultSets) a player that names the preset
	// (chromosome=full: a reference, an opponent) plays with: new runs
	// take the newest; a run saved before the field has none, 0, which
	// is set 1, the values it was made with.
	FullDefaults int `json:"full_defaults,omitempty"`
	// Options are search options of our engine (NAME, VALUE: the UCI
	// options of "evochess uci", a player SPEC's option.NAME=VALUE) that
	// every built-in player of the run is given, over its search genes and
	// before its own options, and that the positions and problems fitness
	// evaluate with: EvalTerms2=true switches on the evaluation terms of
	// the genes of family eval_terms2, and lets them evolve. None (the
	// runs saved before the field) is the program's defaults.
	Options [][2]string `json:"options,omitempty"`

	// Games.
	Reference       string `json:"reference,omitempty"` // player SPEC of the reference opponent
	ReferenceGames  int    `json:"reference_games"`     // per individual, in colour-swapped pairs
	GamesPerPairing int    `json:"games_per_pairing"`   // round-robin and match: games of each pairing (even)
	MatchOpponents  int    `json:"match_opponents"`     // match fitness: opponents per individual
	MaxMoves        int    `json:"max_moves"`           // per side, then a draw (seed 000: 200)
	Openings        string `json:"openings"`            // book: built-in name or file
	StartMoves      int    `json:"start_moves"`         // reference fitness: middlegame start length
	StartDepth      int    `json:"start_depth"`         // ... played by the reference at this depth

	// Generation 0 and the genes that evolve (any method).
	// Start: "random" (each gene uniform in its init range, the seeds'
	// start; empty means random), "default" (the preset's values) or
	// "noise=F" (the preset's values plus Gaussian noise of F × the gene's
	// range, clipped to its bounds).
	Start string `json:"start,omitempty"`
	// Evolve, when set, names the gene groups or families that evolve
	// (comma-separated); every other gene keeps its start value.
	Evolve string `json:"evolve,omitempty"`

	// Problems.
	Suite    string `json:"suite,omitempty"` // EPD file; empty: the shipped WAC
	Problems int    `json:"problems"`        // how many problems of the suite (0: all)

	// Positions: the dataset (a name in the data directory) and what its
	// positions are scored against: "result" (empty too), "score" or
	// "mix=F" (see NewPositions). The caller loads the dataset and
	// attaches it (Run.AttachPositions): ga does not read the data
	// directory.
	Dataset string `json:"dataset,omitempty"`
	Label   string `json:"label,omitempty"`

	// Validation: every ValidateEvery generations the best plays
	// ValidateGames games against the generation-0 best and against the
	// full default.
	ValidateEvery int `json:"validate_every"`
	ValidateGames int `json:"validate_games"`

	// classic (seed 000)
	Elitism          int     `json:"elitism"`
	TournamentK      int     `json:"tournament_k"` // 0: 5% of the population (at least 2)
	AlphaLo          float64 `json:"alpha_lo"`
	AlphaHi          float64 `json:"alpha_hi"`
	MutationRate     float64 `json:"mutation_rate"`
	MutationStrength float64 `json:"mutation_strength"` // × (1 − gen/generations)
	// Mutation: "paper" (±strength pawns added to every gene, seed 000's
	// Algorithm 6; empty means paper) or "scaled" (the fix seed 000
	// proposes: each gene moves by strength × the width of its initial
	// range, so genes that start at their preset value — seed 000's
	// matrices — are kept exactly).
	Mutation string `json:"mutation,omitempty"`

	// mnc (seed 001)
	CrowdingSelection int     `json:"crowding_selection"` // Cs
	CrowdingGroups    int     `json:"crowding_groups"`    // Cf
	CrowdingGroupSize int     `json:"crowding_group_size"`
	Offspring         int     `json:"offspring"`         // children per generation (0: half the population)
	StallGenerations  int     `json:"stall_generations"` // stop: best unchanged this long
	SlowGenerations   int     `json:"slow_generations"`  // stop: best changing < SlowChange this long
	SlowChange        float64 `json:"slow_change"`
	GeneProb          float64 `json:"gene_probability"` // polynomial mutation of each gene of a child
	// Distance for crowding: "phenotypic" (seed 001: evaluations of a fixed
	// set of positions; empty means phenotypic) or "genotypic".
	Distance string `json:"distance,omitempty"`

	// dynamic (seed 003)
	Eta        float64 `json:"eta"`
	PieceProb  float64 `json:"piece_probability"` // mutation probability of piece genes
	OtherProb  float64 `json:"other_probability"` // ... of the others
	StartTable bool    `json:"start_table"`       // start from seed 003's table I
	// Converged stops the run when the population's diversity falls below
	// it (seed 003: "until all individuals converge"); 0: never.
	Converged float64 `json:"converged,omitempty"`

	// adaptive (seed 004): Generations is Gmax per problem.
	// Involved: which genes mutate for a problem: "all" (004 §IV, the
	// mutation operator: "mutating all weights in equations (2), (4),
	// (5), (6), (7), (8) and (9)") or "auto" (InvolvedGenes: the fewest
	// genes whose reach within one mutation step adds up to the gap by
	// which a player that misses the solution prefers its own line).
	Involved string `json:"involved,omitempty"`

	// cmaes and spsa: Sigma is the initial step (CMA-ES) or perturbation
	// c_1 (SPSA) as a fraction of each gene's range; Rate is SPSA's first
	// step, as a fraction of c_1, for a unit signal, and the gradient
	// method's Adam step, as a fraction of each gene's range.
	Sigma float64 `json:"sigma,omitempty"`
	Rate  float64 `json:"rate,omitempty"`
	// gradient: the evaluation is linearised again every Relinearise
	// steps (the current chromosome then truly evaluated); MemoryMB
	// bounds the linear model (0: DefaultMemoryMB). The bound changes no
	// result, only whether the run may go on.
	Relinearise int `json:"relinearise,omitempty"`
	MemoryMB    int `json:"memory_mb,omitempty"`
	// gradient: L2 adds L2 × Σ (x − x_start)² to the error it descends,
	// x each gene in units of its range and x_start where the run
	// started: a ridge toward the start. Adam on the full batch steps
	// every gene alike, however few positions speak for it (a
	// piece-square entry seen a hundred times moves as far as a piece's
	// value); the ridge holds a gene where its error's slope is no more
	// than 2 × L2 × its distance from the start, so the genes the
	// positions say little about stay near the tuned start. 0: none.
	L2 float64 `json:"l2,omitempty"`

	// TimeLimit ends the run after the generation that brings its elapsed
	// time to this many seconds (0: no limit): equal budgets for methods
	// whose generations cost differently. Where it stops depends on the
	// machine's speed; the same run cut by --generations is exact.
	TimeLimit float64 `json:"time_limit,omitempty"`
	// CPULimit is TimeLimit in seconds of the process's CPU time (all
	// cores): a budget that other work on the machine does not shrink.
	CPULimit float64 `json:"cpu_limit,omitempty"`
}

// DefaultSettings returns a method's defaults as in SPEC.md §3, scaled to
// what runs in minutes on two cores (population sizes and game counts are
// the papers'; search budgets are small fixed node counts so runs are
// reproducible).
func DefaultSettings(method string) Settings {
	s := Settings{
		Method: method, Preset: "full", Population: 20, Generations: 20,
		Fitness: FitnessRoundRobin, Seed: 1, TC: "nodes=2000", Search: "strong", HashMB: 2,
		SearchParams: core.SearchParamSets, FullDefaults: core.FullDefaultSets,
		Reference: "name=ref,chromosome=full,depth=1", ReferenceGames: 4, GamesPerPairing: 2,
		MatchOpponents: 2, MaxMoves: 200, Openings: arena.BuiltinBook, StartMoves: 20, StartDepth: 4,
		ValidateEvery: 0, ValidateGames: 20,
		Elitism: 2, AlphaLo: 0.4, AlphaHi: 0.6, MutationRate: 1, MutationStrength: 0.3,
		CrowdingSelection: 3, CrowdingGroups: 3, CrowdingGroupSize: 3,
		StallGenerations: 10, SlowGenerations: 20, SlowChange: 0.01, GeneProb: 0.05,
		Eta: 20, PieceProb: 0.25, OtherProb: 0.10,
	}
	switch method {
	case Classic:
		// Population 40: the smallest where 000's k = 5% is 2 as written.
		// 20 games an individual (10 colour-swapped starts), not 4: on a
		// handful of games the ranking is mostly the starts' luck.
		s.Preset, s.Fitness, s.Population, s.ReferenceGames = "seed000", FitnessReference, 40, 20
		s.Search, s.TC = paperSearches[Classic].search, paperSearches[Classic].tc
	case MNC:
		s.Preset, s.Fitness, s.Distance = "seed001", FitnessRoundRobin, DistancePhenotypic
	case Dynamic:
		s.Preset, s.Fitness, s.Population, s.StartTable = "seed003", FitnessMatch, 5, true
		s.Search, s.TC, s.PlainQuiescence = "plain", "depth=3", 3
		// 003 §II: a game is drawn when "both players have reached 50
		// moves"; §IV: 520 generations, or until "all individuals in the
		// population converge to the same solution" (DefaultConverged).
		s.MaxMoves, s.Generations, s.Converged = 50, 520, DefaultConverged
	case Adaptive:
		// 004 §V: 4 plies; Table II's best rows: N = 20, numP = 96, half
		// tactical (WAC) and half positional (STS).
		s.Preset, s.Fitness, s.Population, s.Generations, s.Problems = "seed004", FitnessProblems, 20, 50, 96
		s.TC, s.Suite, s.Involved = "depth=4", "wac,sts", InvolvedAuto
		s.Search = paperSearches[Adaptive].search
	case CMAES:
		// Tuning the full default on positions: the mean starts at the
		// default; 25 = the mean plus λ = 4 + ⌊3 ln 841⌋ = 24 samples.
		// σ = 0.005 of each range (2 cp on a table entry): on 97 273
		// selfplay positions 40 generations took the error from 0.0994 to
		// 0.0967, where 0.02 left the samples worse than the mean (0.1045)
		// and the best at 0.0989 (docs/RESULTS.md, issue 12).
		s.Fitness, s.Start, s.Population, s.Generations, s.Sigma = FitnessPositions, StartDefault, 25, 1000, 0.005
	case SPSA:
		// 8 perturbation pairs an iteration; c_1 = 2% of each range.
		s.Fitness, s.Start, s.Population, s.Generations, s.Sigma, s.Rate = FitnessPositions, StartDefault, 16, 2000, 0.02, 0.5
	case Gradient:
		// One chromosome; a generation is one full-batch Adam step of
		// 0.002 of each range (0.8 cp on a table entry), the evaluation
		// linearised anew every 100 steps: on full-n5k full's defaults
		// went from 0.094496 to 0.093580 in one such round, 5.7 CPU
		// minutes, and the model had predicted 0.093579 (docs/evolution.md).
		s.Fitness, s.Start, s.Population, s.Generations, s.Rate, s.Relinearise = FitnessPositions, StartDefault, 1, 1000, 0.002, 100
	}
	return s
}

// Check reports the first setting that cannot work, naming it.
func (s *Settings) Check() error {
	bad := func(field, format string, args ...any) error {
		return fmt.Errorf("setting %s: %s", field, fmt.Sprintf(format, args...))
	}
	if !slices.Contains(Methods, s.Method) {
		return bad("method", "%q is not one of %v", s.Method, Methods)
	}
	if !slices.Contains(Fitnesses, s.Fitness) {
		return bad("fitness", "%q is not one of %v", s.Fitness, Fitnesses)
	}
	if s.Engine == nil {
		if _, err := core.Preset(s.Preset); err != nil {
			return bad("chromosome", "%v", err)
		}
	} else if err := s.checkEngine(); err != nil {
		return err
	}
	if s.Method != Gradient && s.L2 != 0 {
		return bad("l2", "a ridge toward the start is the gradient method's (--method gradient), not %s's", s.Method)
	}
	if s.Method == Gradient {
		if err := s.checkGradient(); err != nil {
			return err
		}
	} else if s.Population < 2 || s.Population > 10000 {
		return bad("population", "%d is not from 2 to 10000", s.Population)
	}
	if s.Method == Adaptive && s.Population%2 != 0 {
		return bad("population", "the adaptive method needs an even population (N/2 parents, N/2 children), not %d", s.Population)
	}
	if s.Generations < 1 {
		return bad("generations", "%d is not at least 1", s.Generations)
	}
	if _, err := arena.ParseTimeControl(s.TC); err != nil {
		return bad("tc", "%v", err)
	}
	if _, err := core.ParseSearchMode(s.Search); err != nil {
		return bad("search", "%v", err)
	}
	if _, err := s.searchBase(); err != nil {
		return bad("search_params", "%v", err)
	}
	if _, err := s.fullBase(); err != nil {
		return bad("full_defaults", "%v", err)
	}
	if s.HashMB < 1 || s.HashMB > 4096 {
		return bad("hash", "%d MB is not from 1 to 4096", s.HashMB)
	}
	if s.Fitness == FitnessReference {
		// Its form only: what player= or population= name is read when
		// the run is given the data directory (Run.UsePlayers).
		if s.Reference == ReferenceStart {
			// the run's own start: always there
		} else if err := arena.CheckPlayerSpec(s.Reference); err != nil {
			return bad("reference", "%v", err)
		}
		if s.ReferenceGames < 1 {
			return bad("reference-games", "%d is not at least 1", s.ReferenceGames)
		}
	}
	if (s.Method == CMAES || s.Method == SPSA) && (s.Sigma <= 0 || s.Sigma > 1) {
		return bad("sigma", "%g is not in (0, 1]", s.Sigma)
	}
	if s.Method == CMAES && s.Population < 3 {
		return bad("population", "CMA-ES needs the mean and at least 2 samples, not %d", s.Population)
	}
	if s.Method == SPSA && (s.Population%2 != 0 || s.Rate <= 0) {
		return bad("population", "SPSA needs an even population (pairs) and a positive rate, not %d and %g", s.Population, s.Rate)
	}
	if s.Fitness == FitnessPositions && s.Dataset == "" {
		return bad("dataset", "fitness positions needs a dataset (make one with evochess selfplay, or import an EPD)")
	}
	if _, err := parseLabel(s.Label); err != nil {
		return bad("label", "%v", err)
	}
	if s.GamesPerPairing < 1 {
		return bad("games", "%d games per pairing is not at least 1", s.GamesPerPairing)
	}
	if s.MatchOpponents < 1 {
		return bad("match-opponents", "%d is not at least 1", s.MatchOpponents)
	}
	if s.Elitism < 0 {
		return bad("elitism", "%d is negative", s.Elitism)
	}
	if s.AlphaLo > s.AlphaHi {
		return bad("alpha", "[%g, %g] is empty", s.AlphaLo, s.AlphaHi)
	}
	if s.MutationRate < 0 || s.MutationRate > 1 {
		return bad("mutation-rate", "%g is not from 0 to 1", s.MutationRate)
	}
	if s.MutationStrength < 0 {
		return bad("mutation-strength", "%g is negative", s.MutationStrength)
	}
	if s.CrowdingSelection < 1 || s.CrowdingGroups < 1 || s.CrowdingGroupSize < 1 {
		return bad("crowding", "Cs, Cf and s must be at least 1")
	}
	if s.GeneProb < 0 || s.GeneProb > 1 {
		return bad("gene-prob", "%g is not from 0 to 1", s.GeneProb)
	}
	if s.Eta <= 0 {
		return bad("eta", "%g is not positive", s.Eta)
	}
	if s.ValidateEvery < 0 || s.ValidateGames < 0 {
		return bad("validate", "negative interval or games")
	}
	for _, e := range []struct {
		field, value string
		allowed      []string
	}{
		{"mutation", s.Mutation, []string{"", MutationPaper, MutationScaled}},
		{"distance", s.Distance, []string{"", DistancePhenotypic, DistanceGenotypic}},
		{"involved", s.Involved, []string{"", InvolvedAll, InvolvedAuto}},
	} {
		if !slices.Contains(e.allowed, e.value) {
			return bad(e.field, "%q is not one of %v", e.value, e.allowed[1:])
		}
	}
	if s.TimeLimit < 0 {
		return bad("time", "%g seconds is negative", s.TimeLimit)
	}
	if s.CPULimit < 0 {
		return bad("cpu", "%g seconds is negative", s.CPULimit)
	}
	if s.StallGenerations < 0 || s.SlowGenerations < 0 {
		return bad("stall_generations", "%d and slow_generations %d: 0 (never) or more", s.StallGenerations, s.SlowGenerations)
	}
	if s.Converged < 0 {
		return bad("converged", "%g is negative", s.Converged)
	}
	if s.StartTable && s.Preset != "seed003" {
		return bad("start-table", "seed 003's table I is a start for the seed003 chromosome only")
	}
	return s.checkStartEvolve()
}

// checkGradient is Check's part for the gradient method.
func (s *Settings) checkGradient() error {
	bad := func(field, format string, args ...any) error {
		return fmt.Errorf("setting %s: %s", field, fmt.Sprintf(format, args...))
	}
	switch {
	case s.Fitness != FitnessPositions:
		return bad("fitness", "the gradient method tunes on positions only (--fitness positions --dataset NAME): it needs the error's derivative by each gene, "+
			"which the static evaluation of labelled positions has and %s games or searches do not; use cmaes or spsa for %s", s.Fitness, s.Fitness)
	case s.Population != 1:
		return bad("population", "the gradient method moves one chromosome, not %d", s.Population)
	case !(s.Rate > 0 && s.Rate <= 1):
		return bad("rate", "%g is not in (0, 1] (Adam's step, a fraction of each gene's range)", s.Rate)
	case s.Relinearise < 1:
		return bad("relinearise", "%d steps is not at least 1", s.Relinearise)
	case !(s.L2 >= 0 && s.L2 <= 1e6):
		return bad("l2", "%g is not 0 to 1e6", s.L2)
	case s.MemoryMB < 0:
		return bad("memory", "%d MB is negative", s.MemoryMB)
	}
	return nil
}

// memoryMB is the bound of the gradient's linear model.
func (s *Settings) memoryMB() int {
	if s.MemoryMB > 0 {
		return s.MemoryMB
	}
	return DefaultMemoryMB
}

// paperSearches are the players' searches of a method's paper, the
// method's default with the paper's own chromosome: seed 000's "basic
// minimax with alpha/beta pruning" (its Algorithms 1 and 2) at depth 4
// (its Results: "agents at depth 4"), seed 004's alpha-beta with a
// quiescence of captures and checks and a hash table (its section V) at
// "a search depth of four plies". With another chromosome the method's
// players search as every other method's (strong, at strongTC). Seed
// 003's plain,qs=3 at depth 3 is the dynamic method's default, whatever
// the chromosome. Runs saved before these defaults keep the search they
// stored ("strong"): settings are read back whole, never defaulted.
var paperSearches = map[string]struct{ preset, search, tc, strongTC string }{
	Classic:  {"seed000", "paper000", "depth=4", "nodes=2000"},
	Adaptive: {"seed004", "paper004", "depth=4", "depth=4"},
}

// UsePreset sets the gene schema. Seed 003's table I is a start for the
// seed003 chromosome only: with another preset the run starts as Start
// says, whatever the method's default. Likewise a paper's search is the
// default of its own chromosome only (paperSearches).
func (s *Settings) UsePreset(name string) {
	s.Preset = name
	s.StartTable = s.StartTable && name == "seed003"
	if p, ok := paperSearches[s.Method]; ok && name != p.preset && s.Search == p.search && s.TC == p.tc {
		s.Search, s.TC = "strong", p.strongTC
	}
}

// tournamentK is the classic method's tournament size: 000's Algorithm 4
// takes POPULATION_SIZE × 0.05, which is fractional for most sizes and 1
// below 40, where a tournament of one is a random pick; we round up and
// take at least 2 (docs/evolution.md, classic).
func (s *Settings) tournamentK() int {
	if s.TournamentK > 0 {
		return s.TournamentK
	}
	return max(2, (s.Population*5+99)/100)
}

// offspring is how many children MNC makes per generation.
func (s *Settings) offspring() int {
	if s.Offspring > 0 {
		return min(s.Offspring, s.Population)
	}
	return max(1, s.Population/2)
}
