package ga

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/evochess/evochess/arena"
)

var fakeOnce struct {
	sync.Once
	path string
	err  error
}

// fakeUCI builds arena's scripted UCI engine (its -options mode plays by
// its options: the nearer Skill is to 70, the stronger) once per binary.
func fakeUCI(t *testing.T) string {
	t.Helper()
	fakeOnce.Do(func() {
		dir, err := os.MkdirTemp("", "fakeuci")
		if err != nil {
			fakeOnce.err = err
			return
		}
		fakeOnce.path = filepath.Join(dir, "fakeuci")
		out, err := exec.Command("go", "build", "-o", fakeOnce.path, "../arena/testdata/fakeuci").CombinedOutput()
		if err != nil {
			fakeOnce.err = fmt.Errorf("building fakeuci: %v\n%s", err, out)
		}
	})
	if fakeOnce.err != nil {
		t.Fatal(fakeOnce.err)
	}
	return fakeOnce.path
}

// fakeTuning is the fake engine's options as genes, asked of the engine.
func fakeTuning(t *testing.T, genes string) *arena.EngineTuning {
	t.Helper()
	tu, _, err := arena.NewEngineTuning(context.Background(), "uci="+fakeUCI(t)+",args=-options,option.Threads=1", genes)
	if err != nil {
		t.Fatal(err)
	}
	return tu
}

// staticTuning is a tuning made without an engine (Check does not ask it).
func staticTuning() *arena.EngineTuning {
	return &arena.EngineTuning{Spec: "uci=/e", Genes: []arena.EngineGene{
		{Name: "Skill", Type: arena.GeneInt, Start: 30, Min: 0, Max: 100, CEnd: 5, REnd: 0.002},
		{Name: "Style", Type: arena.GeneCombo, Choices: []string{"Solid", "Sharp"}},
	}}
}

// engineSettings is a method's defaults on an engine's options, cut down.
func engineSettings(method string, tu *arena.EngineTuning) Settings {
	s := DefaultSettings(method)
	s.UseEngine(tu)
	s.Generations, s.MaxMoves, s.TC, s.ReferenceGames, s.StartMoves, s.StartDepth = 2, 40, "nodes=1", 2, 4, 2
	switch method {
	case Adaptive:
		s.Population, s.Problems, s.Suite = 4, 3, "wac"
	case SPSA, CMAES:
		s.Population = 6
	default:
		s.Population = 4
	}
	return s
}

// What an engine's options cannot do is refused by Check, naming why.
func TestEngineSettingsCheck(t *testing.T) {
	tests := []struct {
		method  string
		change  func(*Settings)
		wantErr string
	}{
		{Classic, func(*Settings) {}, ""},
		{MNC, func(*Settings) {}, ""},
		{Dynamic, func(*Settings) {}, ""},
		{Adaptive, func(*Settings) {}, ""},
		{SPSA, func(s *Settings) { s.Evolve = "int" }, ""},
		{CMAES, func(s *Settings) { s.Evolve = "int" }, ""},
		{SPSA, func(*Settings) {}, "spsa moves every gene along a continuous coordinate, and Style is a category"},
		{CMAES, func(*Settings) {}, "cmaes moves every gene along a continuous coordinate"},
		{Classic, func(s *Settings) { s.Fitness, s.Dataset = FitnessPositions, "d" }, "positions scores our static evaluation"},
		{MNC, func(s *Settings) { s.Distance = DistancePhenotypic }, "use --distance genotypic"},
		{MNC, func(s *Settings) { s.Distance = "" }, "use --distance genotypic"},
		{Classic, func(s *Settings) { s.Mutation = MutationPaper }, "use --mutation scaled"},
		{Adaptive, func(s *Settings) { s.Involved = InvolvedAuto }, "use --involved all"},
		{Classic, func(s *Settings) { s.Start = "file=x.json" }, "a chromosome file holds our weights"},
		{Classic, func(s *Settings) { s.Preset = "full" }, `"full" is not the engine's (engine:e)`},
		{Classic, func(s *Settings) { s.Engine.Genes[0].Max = 10 }, "start 30 is outside [0, 10]"},
		{Classic, func(s *Settings) { s.Engine.Spec = "chromosome=full" }, "give a UCI engine as uci=PATH"},
		{Classic, func(s *Settings) { s.Evolve = "float" }, `no gene of chromosome engine:e is in group or family "float"`},
		{Classic, func(s *Settings) { s.Options = [][2]string{{"EvalTerms2", "true"}} }, "setting options: they are our engine's search options"},
	}
	for _, tt := range tests {
		s := engineSettings(tt.method, staticTuning())
		tt.change(&s)
		err := s.Check()
		switch {
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("%s: error %v, want one saying %q", tt.method, err, tt.wantErr)
		case tt.wantErr == "" && err != nil:
			t.Errorf("%s: %v", tt.method, err)
		}
	}
	s := engineSettings(Classic, staticTuning())
	if s.Fitness != FitnessReference || s.Reference != ReferenceStart || s.Mutation != MutationScaled || s.Preset != "engine:e" {
		t.Errorf("classic's defaults on an engine: %+v", s)
	}
	if s := engineSettings(SPSA, staticTuning()); s.Fitness != FitnessRoundRobin {
		t.Errorf("spsa on an engine plays games, not %s", s.Fitness)
	}
}

// Every method runs on an engine's options, categories and all where it
// takes them: the individuals play (or solve problems) as the engine told
// their genes, and the run saves and loads with its engine and genes.
func TestEveryMethodTunesAnEngine(t *testing.T) {
	all := fakeTuning(t, "spin:Skill,Style,Aggressive Mode")
	numeric := fakeTuning(t, writeGenes(t, "Skill, int, 30, 0, 100, 5, 0.02\nRatio, float, 0.5, 0, 1, 0.05, 0.002\n"))
	for _, tt := range []struct {
		method, fitness string
		tu              *arena.EngineTuning
	}{
		{Classic, FitnessReference, all},
		{MNC, FitnessRoundRobin, all},
		{Dynamic, FitnessMatch, all},
		{Adaptive, FitnessProblems, all},
		{CMAES, FitnessReference, numeric},
		{SPSA, FitnessRoundRobin, numeric},
		{SPSA, FitnessProblems, numeric},
	} {
		t.Run(tt.method+"/"+tt.fitness, func(t *testing.T) {
			s := engineSettings(tt.method, tt.tu)
			s.Fitness, s.Workers = tt.fitness, 2
			if tt.fitness == FitnessProblems {
				s.Problems, s.Suite = 3, "wac"
			}
			r := runFor(t, s)
			if r.Finished == "" || len(r.History) == 0 {
				t.Fatalf("finished %q after %d generations", r.Finished, len(r.History))
			}
			if tt.fitness != FitnessProblems && r.History[0].Games == 0 {
				t.Fatal("no games played")
			}
			best := r.Best()
			ps, err := r.PlayerOf(best)
			if err != nil || ps.Engine != fakeUCI(t) || len(ps.Options) != 1+len(tt.tu.Genes) || ps.Options[0] != [2]string{"Threads", "1"} {
				t.Fatalf("the best as a player: %+v, %v", ps, err)
			}
			back := resumed(t, r)
			if !bytes.Equal(fingerprint(t, back), fingerprint(t, r)) || back.Settings.Engine == nil || back.Schema().HasWeights() {
				t.Fatal("the run did not load back as it was saved")
			}
		})
	}
}

func writeGenes(t *testing.T, data string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "genes.spsa")
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// At fixed nodes an engine's run is the same with one worker or two, and
// a run stopped and resumed is the run never stopped.
func TestEngineRunsReproduceAndResume(t *testing.T) {
	tu := fakeTuning(t, writeGenes(t, "Skill, int, 30, 0, 100, 5, 0.02\nRatio, float, 0.5, 0, 1, 0.05, 0.002\n"))
	for _, method := range []string{SPSA, Classic} {
		t.Run(method, func(t *testing.T) {
			s := engineSettings(method, tu)
			s.Generations, s.Workers = 3, 1
			a := runFor(t, s)
			s.Workers = 2
			b := runFor(t, s)
			if !bytes.Equal(fingerprint(t, a), fingerprint(t, b)) {
				t.Fatal("1 and 2 workers give different runs")
			}
			part, err := NewRun(s, nil)
			if err != nil {
				t.Fatal(err)
			}
			part.AfterGeneration = func(r *Run) error { r.Stop(); return nil }
			if err := part.Execute(context.Background()); err != nil || part.Generation != 1 {
				t.Fatalf("stopped after %d generations: %v", part.Generation, err)
			}
			part = resumed(t, part)
			if err := part.Execute(context.Background()); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(fingerprint(t, part), fingerprint(t, b)) {
				t.Fatal("a run resumed after generation 1 differs from one never stopped")
			}
		})
	}
}

// OpenBench's schedules: c_k = c/k^γ and r_k = a_k/c_k² reach C_END and
// R_END at the planned last iteration; an int gene is never perturbed by
// less than ½.
func TestSPSAOpenBenchGains(t *testing.T) {
	tu := &arena.EngineTuning{Spec: "uci=/e", Genes: []arena.EngineGene{
		{Name: "A", Type: arena.GeneInt, Start: 100, Min: 0, Max: 200, CEnd: 10, REnd: 0.002},
		{Name: "B", Type: arena.GeneFloat, Start: 0.5, Min: 0, Max: 1, CEnd: 0.05, REnd: 0.01},
		{Name: "C", Type: arena.GeneInt, Start: 5, Min: 0, Max: 10, CEnd: 0.4, REnd: 0.002},
	}}
	s := engineSettings(SPSA, tu)
	s.Generations = 500
	r, err := NewRun(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	st := r.newSPSAState(r.Population[0].Chromosome)
	if !st.OpenBench || st.N != 500 || st.A != 50 || st.Theta[0] != 100 {
		t.Fatalf("state %+v", st)
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9*max(1, math.Abs(b)) }
	ck, rk := r.spsaGains(st, 500)
	if !near(ck[0], 10) || !near(rk[0], 0.002) || !near(ck[1], 0.05) || !near(rk[1], 0.01) || ck[2] != 0.5 {
		t.Fatalf("at N: c %v r %v, want C_END, R_END (and ½ for C)", ck, rk)
	}
	ck, rk = r.spsaGains(st, 1)
	c1 := 10 * math.Pow(500, spsaGamma)
	a := 0.002 * 100 * math.Pow(550, spsaAlpha)
	if !near(ck[0], c1) || !near(rk[0], a/math.Pow(51, spsaAlpha)/(c1*c1)) {
		t.Fatalf("at 1: c %v r %v, want %v and %v", ck[0], rk[0], c1, a/math.Pow(51, spsaAlpha)/(c1*c1))
	}
}

// SPSA's OpenBench steps climb towards the optimum of a hand-made
// objective, and an int gene's two sides are integers around θ.
func TestSPSAOpenBenchClimbs(t *testing.T) {
	tu := &arena.EngineTuning{Spec: "uci=/e", Genes: []arena.EngineGene{
		{Name: "A", Type: arena.GeneInt, Start: 20, Min: 0, Max: 200, CEnd: 4, REnd: 0.05},
		{Name: "B", Type: arena.GeneFloat, Start: 0.9, Min: 0, Max: 1, CEnd: 0.05, REnd: 0.5},
	}}
	s := engineSettings(SPSA, tu)
	s.Generations, s.Population = 150, 8
	r, err := NewRun(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.evaluateHook = func(_ context.Context, pop []*Genome) error {
		for _, g := range pop {
			v := g.Chromosome.Values
			if v[0] != math.Trunc(v[0]) {
				return fmt.Errorf("int gene played at %g", v[0])
			}
			g.Fitness, g.Evaluated = -math.Abs(v[0]-70)/200-math.Abs(v[1]-0.3), true
		}
		return nil
	}
	if err := r.Execute(context.Background()); err != nil {
		t.Fatal(err)
	}
	th := r.SPSA.Theta
	if math.Abs(th[0]-70) > 10 || math.Abs(th[1]-0.3) > 0.1 {
		t.Fatalf("θ = %v after %d iterations, want near [70 0.3]", th, r.SPSA.Iter)
	}
}

// With game fitness, each SPSA pair plays colour-swapped game pairs whose
// pentanomial is recorded, and θ moves towards the stronger fake engine.
func TestSPSAOpenBenchGamePairs(t *testing.T) {
	tu := fakeTuning(t, writeGenes(t, "Skill, int, 20, 0, 100, 10, 0.05\n"))
	s := engineSettings(SPSA, tu)
	s.Generations, s.Population, s.GamesPerPairing, s.MaxMoves, s.Workers = 12, 8, 4, 80, 2
	r := runFor(t, s)
	pairs := 0
	for _, n := range r.SPSA.Pentanomial {
		pairs += n
	}
	if want := 12 * 4 * 2; pairs != want {
		t.Fatalf("pentanomial %v counts %d game pairs, want %d", r.SPSA.Pentanomial, pairs, want)
	}
	if !strings.HasPrefix(r.History[0].Note, "pairs LL LD DD WD WW:") {
		t.Fatalf("generation note %q", r.History[0].Note)
	}
	if r.SPSA.Theta[0] <= 30 {
		t.Fatalf("θ = %v: it did not move towards the stronger Skill", r.SPSA.Theta)
	}
}

const glaurung = "/usr/games/glaurung"

func glaurungTuning(t *testing.T, genes string) *arena.EngineTuning {
	t.Helper()
	if _, err := os.Stat(glaurung); err != nil {
		t.Skip("no " + glaurung)
	}
	tu, warnings, err := arena.NewEngineTuning(context.Background(), "uci="+glaurung+",option.Threads=1,option.OwnBook=false,option.Hash=4", genes)
	if err != nil || len(warnings) > 0 {
		t.Fatal(err, warnings)
	}
	return tu
}

// A real engine's run at fixed nodes is the same with one worker or two
// (at 3000 nodes: below about 1000 glaurung's search depends on what its
// process searched before, docs/evolution.md).
func TestGlaurungRunReproduces(t *testing.T) {
	tu := glaurungTuning(t, "Space,Mobility (Middle Game)")
	s := engineSettings(SPSA, tu)
	s.Generations, s.Population, s.TC, s.MaxMoves, s.Workers = 2, 4, "nodes=3000", 40, 1
	a := runFor(t, s)
	s.Workers = 2
	b := runFor(t, s)
	if !bytes.Equal(fingerprint(t, a), fingerprint(t, b)) {
		t.Fatal("1 and 2 workers give different runs")
	}
	if a.History[0].Games != 4 {
		t.Fatalf("%d games in generation 0", a.History[0].Games)
	}
}

// Glaurung solves problems through UCI: the same counts with one worker
// or two, and some solved at a few thousand nodes.
func TestGlaurungSolvesProblems(t *testing.T) {
	tu := glaurungTuning(t, "Space")
	s := engineSettings(Classic, tu)
	s.Fitness, s.Suite, s.Problems, s.Generations, s.TC, s.Workers = FitnessProblems, "wac", 6, 1, "nodes=5000", 1
	a := runFor(t, s)
	s.Workers = 2
	b := runFor(t, s)
	if !bytes.Equal(fingerprint(t, a), fingerprint(t, b)) {
		t.Fatal("1 and 2 workers solve differently")
	}
	if a.History[0].Best < 1 {
		t.Fatalf("glaurung solves %g of 6 WAC problems at 5000 nodes", a.History[0].Best)
	}
}
