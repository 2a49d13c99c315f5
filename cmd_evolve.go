package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/ga"
	"github.com/evochess/evochess/saves"
)

const evolveSynopsis = "evochess evolve --method classic|mnc|dynamic|adaptive|cmaes|spsa|gradient [flags]"

const evolveAbout = `Evolve a population of chess players with one of the four seed methods or
tune one with one of three tuners:
  classic   seed 000: elitism, tournament selection, blend crossover, annealed mutation
  mnc       seed 001: multi-niche crowding over piece-square tables
  dynamic   seed 003: two-round selection, polynomial mutation, moving bounds
  adaptive  seed 004: problem by problem, the best half survives, Gaussian mutation
            of the genes involved in the problem
  cmaes     separable CMA-ES: the mean and λ samples a generation (tuning)
  spsa      simultaneous perturbation, as fishtest and OpenBench tune (tuning)
  gradient  Texel tuning by gradient descent (positions fitness only): the
            evaluation linearised in every gene (central differences), Adam
            steps of --rate of each gene's range on it, linearised again every
            --relinearise steps, when the true error is reported
Every method starts from its paper's defaults (docs/evolution.md lists
them); each flag given overrides one. The players search as the paper's
do with the paper's chromosome: classic on seed000 with paper000 (plain
minimax with alpha-beta, no quiescence) at depth 4, adaptive on seed004
with paper004 (alpha-beta, quiescence of captures and checks, hash table)
at depth 4, dynamic with plain alpha-beta and 3 capture plies at depth 3;
--search strong (PVS, null move, LMR, pruning) gives the strong search.
--option NAME=VALUE (repeatable) gives every player of the run, and the
positions fitness, a search option of evochess uci, kept with the run:
full plays the evaluation terms of family eval_terms2 (docs/chromosomes.md
6.4) from its set 3 of defaults, and their genes evolve too; --option
EvalTerms2=false turns them off (an older set's run: =true on); the run's
best plays with its options as population=RUN#best or a kept player, an
exported chromosome as chromosome=FILE,option.NAME=VALUE. Fitness:
  reference    games against --reference from middlegame starts (seed 000)
  round-robin  everyone plays everyone, --games per pairing (seed 001)
  match        two-game colour-swapped matches, +1 a win (seed 003)
  problems     best moves found in --suite (seed 004)
  positions    −(mean squared error) of σ(eval/K) v the labels of --dataset
               (Texel tuning; K fitted once per dataset)
A line per generation goes to stderr; with --json one JSON object per
generation to stdout. Same --seed and settings with depth= or nodes= players
give the same run whatever --workers is. With --save NAME the run is kept
in the data directory: written (its file and a checkpoint) after a
generation once --save-every (10 s) has passed since its last write, so
that short generations are written in batches and a longer one as it
ends, and whenever it stops: finished, Ctrl-C or an error. --resume NAME
goes on exactly as if the run had never stopped: Ctrl-C loses only the
generation in progress, a crash (kill -9, a power cut) that and at most
the generations completed in the --save-every after the last write.

Any UCI engine can be tuned: --engine uci=PATH[,args=…,option.NAME=VALUE…]
(fixed options, set once and never evolved) with --genes, a gene file
(OpenBench's SPSA input, one option a line NAME, int|float, START, MIN, MAX,
C_END, R_END, or the same in JSON) or a selector over the engine's own
options ('spin:Mobility*,check:Ponder,Space', taking min, max and default
from the engine). Every method runs on it; check and combo options are
categories that classic, mnc, dynamic and adaptive evolve and cmaes and
spsa refuse. Fitness: round-robin, match, reference (default: the start)
or problems (the engine searches the positions through UCI). spsa then
runs as OpenBench does, C_END and R_END per gene. The engine is asked
before any game: an option it lacks, a bound outside its own or a
setoption it refuses is an error. depth= or nodes= games reproduce.`

func runEvolve(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("evolve")
	method := fs.String("method", ga.Classic, "classic, mnc, dynamic, adaptive, cmaes, spsa or gradient")
	preset := fs.String("chromosome", "", "gene schema (a preset: full, seed000, seed001, seed003, seed004; default: the method's)")
	pop := fs.Int("population", 0, "individuals (default: the method's)")
	gens := fs.Int("generations", 0, "generations (adaptive: Gmax per problem)")
	fitness := fs.String("fitness", "", "reference, round-robin, match, problems or positions (default: the method's)")
	datasetName := fs.String("dataset", "", "positions fitness: the dataset `NAME` (evochess selfplay, or saves import FILE.epd)")
	label := fs.String("label", "", "positions fitness: result (default), score (the dataset's reference scores) or mix=F")
	reference := fs.String("reference", "", "reference opponent SPEC for --fitness reference (default: name=ref,chromosome=full,depth=1)")
	suite := fs.String("suite", "", "problem suites, comma-separated: built-in wac, ecm, sts, bk or EPD files (default wac)")
	problems := fs.Int("problems", -1, "problems drawn from the suites (0: all)")
	tc := fs.String("tc", "", "the individuals' search: depth=N or nodes=N (movetime and clocks are allowed but not reproducible)")
	games := fs.Int("games", 0, "games per pairing (round-robin, match)")
	refGames := fs.Int("reference-games", 0, "games per individual against the reference")
	maxMoves := fs.Int("max-moves", -1, "moves per side before a game is a draw")
	workers := fs.Int("workers", runtime.NumCPU(), "games or searches at once")
	seed := fs.Uint64("seed", 1, "random seed")
	validate := fs.Int("validate-every", 0, "every N generations, play the best against generation 0's best and the full default")
	validateGames := fs.Int("validate-games", 0, "games of each validation match")
	rate := fs.Float64("mutation-rate", -1, "classic: probability that a gene mutates")
	strength := fs.Float64("mutation-strength", -1, "classic: mutation strength in pawns at generation 0")
	start := fs.String("start", "", "generation 0: random, default (the preset's values), noise=F (default plus Gaussian noise of F × range) file=PATH (a chromosome file of the preset: tune your own player) or noise=F,file=PATH (that file first, then noise of F around it)")
	evolveGenes := fs.String("evolve", "", "gene groups or families that evolve, comma-separated (default: all but full's search genes, which evolve only when named: --evolve search)")
	mutation := fs.String("mutation", "", "classic: paper (±strength pawns on every gene) or scaled (strength × each gene's range)")
	distance := fs.String("distance", "", "mnc: phenotypic or genotypic crowding distance")
	stall := fs.Int("stall-generations", -1, "mnc: stop when the best is unchanged this many generations (0: never)")
	slow := fs.Int("slow-generations", -1, "mnc: stop when the best moves less than the slow change this many generations (0: never)")
	converged := fs.Float64("converged", -1, "stop when the population's diversity falls below this (0: never)")
	search := fs.String("search", "", "the individuals' search: "+searchHelp+
		" (default: the paper's own, paper000 at depth=4 for classic on seed000 and paper004 for adaptive on seed004; strong otherwise but dynamic's plain --qs 3;"+
		" --search strong gives the strong search back, as the runs saved before these defaults have it)")
	qs := fs.Int("qs", -1, "plain search: capture plies of quiescence")
	optionFlags := fs.StringArray("option", nil, "a search option `NAME=VALUE` of evochess uci for every player of the run and the positions fitness (repeatable; EvalTerms2=false: without the eval_terms2 terms, which full plays from its set 3, and their genes fixed)")
	involved := fs.String("involved", "", "adaptive: all or auto (the genes involved in each problem)")
	eta := fs.Float64("eta", -1, "mnc, dynamic: polynomial mutation's distribution index (larger: smaller steps)")
	geneProb := fs.Float64("gene-prob", -1, "mnc: probability that a gene of a child mutates")
	sigma := fs.Float64("sigma", -1, "cmaes: initial step; spsa: perturbation c₁ (fractions of each gene's range)")
	spsaRate := fs.Float64("rate", -1, "spsa: first step for a unit signal, as a fraction of c₁; gradient: Adam's step, a fraction of each gene's range")
	relinearise := fs.Int("relinearise", 0, "gradient: linearise the evaluation again (and report the true error) every `N` steps")
	l2 := fs.Float64("l2", 0, "gradient: a ridge toward the start, `L2` × Σ (gene − its start)², genes in units of their range")
	memory := fs.Int("memory", 0, fmt.Sprintf("gradient: bound of the linear model in `MB` (default %d); a larger one is refused", ga.DefaultMemoryMB))
	timeLimit := fs.Duration("time", 0, "end the run after the generation that reaches this much time (e.g. 1h; 0: none): equal budgets for methods compared")
	cpuLimit := fs.Duration("cpu", 0, "like --time, in CPU time of all cores (e.g. 2h for 1h of both of two cores): a budget other work on the machine does not shrink")
	out := fs.String("out", "", "also write the finished run to `DIR`/run.json")
	save := fs.String("save", "", "save the run in the data directory under `NAME`, with a checkpoint (at most every --save-every, and when the run stops)")
	resume := fs.String("resume", "", "go on with the saved run `NAME` exactly where it stopped (--generations raises its limit)")
	keep := fs.Int("checkpoints", saves.DefaultKeep, "checkpoints kept per saved run (the newest)")
	saveEvery := fs.Duration("save-every", saves.SaveInterval, "a saved run is written after a generation once this much time has passed since its last write (0: after every one), and whenever it stops")
	engine := fs.String("engine", "", "tune an external engine's options: `uci=PATH[,args=…,option.NAME=VALUE…]` (fixed options are never evolved)")
	genes := fs.String("genes", "", "with --engine: a gene `FILE` (OpenBench's NAME, int|float, START, MIN, MAX, C_END, R_END lines, or JSON) or a selector such as 'spin:Mobility*,Space'")
	data := addDataFlag(fs, "")
	asJSON := fs.Bool("json", false, "one JSON object per generation on stdout")
	cl := addClusterFlags(fs)
	if status, ok := parseFlags(fs, evolveSynopsis, evolveAbout, args, stdout, stderr); !ok {
		return status
	}
	if fs.NArg() > 0 {
		return usageError(stderr, "evolve", "unexpected argument %q", fs.Arg(0))
	}
	if err := cl.checkWorkers("--workers", *workers); err != nil {
		return usageError(stderr, "evolve", "%v", err)
	}
	if err := cl.check(); err != nil {
		return usageError(stderr, "evolve", "%v", err)
	}
	if *saveEvery < 0 {
		return usageError(stderr, "evolve", "--save-every %s: a time of 0 or more", *saveEvery)
	}
	identity := "" // a run that cannot resume has no name to find its games by
	var r *ga.Run
	var handle *saves.RunHandle
	if *resume != "" {
		if *save != "" {
			return usageError(stderr, "evolve", "--resume continues a saved run: --save is not needed")
		}
		if *engine != "" || *genes != "" {
			return usageError(stderr, "evolve", "--resume continues a saved run with its own engine and genes: --engine and --genes are not needed")
		}
		if len(*optionFlags) > 0 {
			return usageError(stderr, "evolve", "--resume continues a saved run with its own options: --option is not needed")
		}
		d, err := data.open()
		if err != nil {
			return usageError(stderr, "evolve", "%v", err)
		}
		if handle, r, err = d.ResumeRun(*resume, max(*workers, 1)); err != nil {
			return usageError(stderr, "evolve", "%v", err)
		}
		defer handle.Close()
		if fs.Changed("generations") {
			if err := r.ExtendGenerations(*gens); err != nil {
				return usageError(stderr, "evolve", "%v", err)
			}
		}
		if fs.Changed("time") {
			if err := r.ExtendTime(timeLimit.Seconds()); err != nil {
				return usageError(stderr, "evolve", "%v", err)
			}
		}
		if fs.Changed("cpu") {
			if err := r.ExtendCPU(cpuLimit.Seconds()); err != nil {
				return usageError(stderr, "evolve", "%v", err)
			}
		}
		if r.Finished != "" {
			fmt.Fprintf(stderr, "evolve: run %q is finished (%s); give --generations to go further\n", *resume, r.Finished)
			return exitOK
		}
		fmt.Fprintf(stderr, "resuming %q at generation %d\n", *resume, r.Generation)
	} else {
		s := ga.DefaultSettings(*method)
		if code, ok := useEngine(&s, *engine, *genes, fs.Changed("chromosome"), stderr); !ok {
			return code
		}
		set := func(name string, apply func()) {
			if fs.Changed(name) {
				apply()
			}
		}
		set("chromosome", func() { s.UsePreset(*preset) })
		set("population", func() { s.Population = *pop })
		set("generations", func() { s.Generations = *gens })
		set("fitness", func() { s.Fitness = *fitness })
		set("reference", func() { s.Reference = *reference })
		set("suite", func() { s.Suite = *suite })
		set("problems", func() { s.Problems = *problems })
		set("dataset", func() { s.Dataset = *datasetName })
		set("label", func() { s.Label = *label })
		set("tc", func() { s.TC = *tc })
		set("games", func() { s.GamesPerPairing = *games })
		set("reference-games", func() { s.ReferenceGames = *refGames })
		set("max-moves", func() { s.MaxMoves = *maxMoves })
		set("validate-every", func() { s.ValidateEvery = *validate })
		set("validate-games", func() { s.ValidateGames = *validateGames })
		set("mutation-rate", func() { s.MutationRate = *rate })
		set("mutation-strength", func() { s.MutationStrength = *strength })
		set("start", func() { s.Start = *start })
		set("evolve", func() { s.Evolve = *evolveGenes })
		set("mutation", func() { s.Mutation = *mutation })
		set("distance", func() { s.Distance = *distance })
		set("converged", func() { s.Converged = *converged })
		set("stall-generations", func() { s.StallGenerations = *stall })
		set("slow-generations", func() { s.SlowGenerations = *slow })
		set("involved", func() { s.Involved = *involved })
		set("eta", func() { s.Eta = *eta })
		set("gene-prob", func() { s.GeneProb = *geneProb })
		set("sigma", func() { s.Sigma = *sigma })
		set("rate", func() { s.Rate = *spsaRate })
		set("relinearise", func() { s.Relinearise = *relinearise })
		set("l2", func() { s.L2 = *l2 })
		set("memory", func() { s.MemoryMB = *memory })
		set("time", func() { s.TimeLimit = timeLimit.Seconds() })
		set("cpu", func() { s.CPULimit = cpuLimit.Seconds() })
		set("search", func() { s.Search = *search })
		set("qs", func() { s.PlainQuiescence = *qs })
		if len(*optionFlags) > 0 {
			opts, err := parseOptions(*optionFlags)
			if err != nil {
				return usageError(stderr, "evolve", "%v", err)
			}
			s.Options = opts
		}
		s.Seed, s.Workers = *seed, max(*workers, 1)
		if *save == "" {
			var err error
			if r, err = ga.NewRun(s, nil); err == nil {
				err = r.UsePlayers(data)
			}
			if err != nil {
				return usageError(stderr, "evolve", "%v", err)
			}
		} else {
			d, err := data.open()
			if err != nil {
				return usageError(stderr, "evolve", "%v", err)
			}
			if handle, r, err = d.StartRun(s, *save, false); err != nil {
				return usageError(stderr, "evolve", "%v", err)
			}
			defer handle.Close()
		}
	}
	if handle != nil {
		d, err := data.open()
		if err != nil {
			return usageError(stderr, "evolve", "%v", err)
		}
		identity = d.RunIdentity(handle.Name)
		handle.Keep, handle.Interval = *keep, *saveEvery
		if err := handle.Begin(r, nil); err != nil {
			fmt.Fprintf(stderr, "evolve: %v\n", err)
			return exitFail
		}
	}
	if tc, err := arena.ParseTimeControl(r.Settings.TC); err == nil && tc.Depth == 0 && tc.Nodes == 0 {
		fmt.Fprintf(stderr, "evolve: --tc %s plays by the clock: the run will not reproduce exactly (depth= or nodes= would)\n", r.Settings.TC)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	cc, err := cl.start(ctx, data, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "evolve: %v\n", err)
		return exitFail
	}
	defer cc.close()
	remoteGames := func() int { return 0 }
	if cc != nil {
		remote, err := cc.run(ctx, identity)
		if err != nil {
			fmt.Fprintf(stderr, "evolve: %v\n", err)
			return exitFail
		}
		defer remote.Close()
		r.Remote, r.RemoteOnly, remoteGames = remote, *workers == 0, remote.Games
		cc.announce(stderr, *workers)
	}
	started, played := time.Now(), 0
	if r.Settings.Fitness == ga.FitnessPositions {
		d, err := data.open()
		if err != nil {
			return usageError(stderr, "evolve", "%v", err)
		}
		k, err := d.AttachPositions(ctx, r)
		if err != nil {
			fmt.Fprintf(stderr, "evolve: %v\n", err)
			return exitFail
		}
		pos := r.Positions()
		fmt.Fprintf(stderr, "dataset %s: %d positions, K = %.1f", r.Settings.Dataset, pos.Len(), k)
		if pos.ScoreK > 0 {
			fmt.Fprintf(stderr, ", the reference scores' scale %.1f", pos.ScoreK)
		}
		fmt.Fprintln(stderr)
	}
	enc := json.NewEncoder(stdout)
	done := make(chan struct{})
	bus := r.Bus()
	sub := bus.Subscribe()
	go func() {
		defer close(done)
		for {
			e, ok := sub.Next(context.Background())
			if !ok {
				return
			}
			switch e := e.(type) {
			case evolveEnd:
				return
			case ga.GenerationDone:
				played += e.Stats.Games
				printGeneration(stderr, e.Stats, rates(played, r.Remote, remoteGames, started))
				if *asJSON {
					enc.Encode(generationLine(e.Stats))
				}
			case ga.RunFinished:
				fmt.Fprintln(stderr, e)
			}
		}
	}()
	runErr := r.Execute(ctx)
	bus.Publish(evolveEnd{}) // after every event of the run: the printer drains them all
	<-done
	sub.Close()
	if *out != "" {
		if err := saves.WriteRunFile(filepath.Join(*out, "run.json"), r); err != nil {
			fmt.Fprintf(stderr, "evolve: %v\n", err)
			return exitFail
		}
	}
	if runErr != nil {
		fmt.Fprintf(stderr, "evolve: %v\n", runErr)
		return exitFail
	}
	return exitOK
}

// useEngine makes s a tuning of the engine's options when --engine is
// given: the engine is started and asked (arena.NewEngineTuning) before
// anything else, so a gene it lacks stops the command before any game.
func useEngine(s *ga.Settings, engine, genes string, chromosome bool, stderr io.Writer) (int, bool) {
	switch {
	case engine == "" && genes == "":
		return exitOK, true
	case engine == "":
		return usageError(stderr, "evolve", "--genes names an engine's options: give the engine with --engine uci=PATH"), false
	case genes == "":
		return usageError(stderr, "evolve", "--engine needs --genes: a gene file or a selector such as 'spin:*'"), false
	case chromosome:
		return usageError(stderr, "evolve", "--engine makes the chromosome the engine's options: --chromosome is not for it"), false
	}
	t, warnings, err := arena.NewEngineTuning(context.Background(), engine, genes)
	if err != nil {
		return usageError(stderr, "evolve", "%v", err), false
	}
	for _, w := range warnings {
		fmt.Fprintf(stderr, "evolve: warning: %s\n", w)
	}
	fmt.Fprintf(stderr, "%s (%s), %d genes:\n", t.SchemaName(), t.ID, len(t.Genes))
	for _, g := range t.Genes {
		if g.Categorical() {
			fmt.Fprintf(stderr, "  %-40s %s %q from %q\n", g.Name, g.Type, g.Choices, g.Value(g.Start))
		} else {
			fmt.Fprintf(stderr, "  %-40s %s [%g, %g] from %g  c_end %g r_end %g\n", g.Name, g.Type, g.Min, g.Max, g.Start, g.CEnd, g.REnd)
		}
	}
	s.UseEngine(t)
	return exitOK, true
}

// evolveEnd tells the printer that the run has published everything.
type evolveEnd struct{}

// generationJSON is the --json record of one generation.
type generationJSON struct {
	Generation int            `json:"generation"`
	Best       float64        `json:"best"`
	Mean       float64        `json:"mean"`
	Std        float64        `json:"std"`
	Diversity  float64        `json:"diversity"`
	Elapsed    float64        `json:"elapsed"`
	CPU        float64        `json:"cpu_elapsed,omitempty"`
	Games      int            `json:"games"`
	Note       string         `json:"note,omitempty"`
	Validation *ga.Validation `json:"validation,omitempty"`
}

func generationLine(st ga.GenStats) generationJSON {
	return generationJSON{st.Generation, st.Best, st.Mean, st.Std, st.Diversity, st.Elapsed, st.CPUElapsed, st.Games, st.Note, st.Validation}
}

// printGeneration prints a generation's line; extra (who played) ends it.
func printGeneration(w io.Writer, st ga.GenStats, extra string) {
	var b strings.Builder
	// Positions fitness lives in (−1, 0]: its progress is in the fourth
	// decimal and beyond.
	num := "%9.2f"
	if math.Abs(st.Best) < 1 && math.Abs(st.Mean) < 1 {
		num = "%9.6f"
	}
	fmt.Fprintf(&b, "gen %4d  best "+num+"  mean "+num+"  std "+num+"  diversity %.3f  games %4d  %6.1fs", st.Generation, st.Best, st.Mean, st.Std, st.Diversity, st.Games, st.Elapsed)
	if st.Validation != nil {
		v := st.Validation
		fmt.Fprintf(&b, "  vs gen0 %+.0f±%.0f  vs full %+.0f±%.0f", v.VsGen0.Elo, v.VsGen0.Error, v.VsDefault.Elo, v.VsDefault.Error)
	}
	if st.Note != "" {
		b.WriteString("  " + st.Note)
	}
	b.WriteString(extra)
	fmt.Fprintln(w, b.String())
}
