package ga

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/evochess/evochess/core"
)

func TestParseStart(t *testing.T) {
	cases := []struct {
		in   string
		kind string
		f    float64
		bad  bool
	}{
		{"", StartRandom, 0, false},
		{"random", StartRandom, 0, false},
		{"default", StartDefault, 0, false},
		{"noise=0.05", "noise", 0.05, false},
		{"noise=1", "noise", 1, false},
		{"noise=0", "", 0, true},
		{"noise=-0.1", "", 0, true},
		{"noise=1.5", "", 0, true},
		{"noise=NaN", "", 0, true},
		{"noise=", "", 0, true},
		{"gauss", "", 0, true},
		{"file=my.chromosome.json", "file", 0, false},
		{"file=", "", 0, true},
		{"noise=0.02,file=my.chromosome.json", "file", 0.02, false},
		{"noise=0.02,file=a,b.json", "file", 0.02, false},
		{"noise=0.02,my.chromosome.json", "", 0, true},
		{"noise=0.02,file=", "", 0, true},
		{"noise=0,file=my.chromosome.json", "", 0, true},
	}
	for _, c := range cases {
		kind, f, err := parseStart(c.in)
		if (err != nil) != c.bad || kind != c.kind || f != c.f {
			t.Errorf("parseStart(%q) = %q, %g, %v; want %q, %g, error %v", c.in, kind, f, err, c.kind, c.f, c.bad)
		}
	}
}

// Check names the bad setting and, for Evolve, the bad group; the genes
// of the EvalTerms2 terms evolve only in a run that plays them (full's
// defaults do, from set 3, unless an option turns them off), and the
// run's options set no gene that evolves.
func TestCheckStartAndEvolve(t *testing.T) {
	terms2 := [][2]string{{"EvalTerms2", "true"}}
	cases := []struct {
		preset, start, evolve string
		options               [][2]string
		want                  string // substring of the error; empty: valid
	}{
		{"full", "noise=0.025", "psqt_pawn,psqt_knight,psqt_bishop,psqt_rook,psqt_queen,psqt_king", nil, ""},
		{"full", "default", " material , mobility ", nil, ""},
		{"seed000", "", "piece_square", nil, ""},
		{"seed000", "", "knight", nil, ""}, // a tag, not a group
		{"full", "noise=2", "", nil, "setting start"},
		{"full", "", "psqt_knight,psqt_dragon", nil, `setting evolve: no gene of chromosome full is in group or family "psqt_dragon"`},
		{"seed001", "", "material", nil, ""},                  // a tag of the tables
		{"seed004", "", "Material", nil, `family "Material"`}, // names are exact
		{"full", "", " , ", nil, ""},                          // no name: everything evolves
		{"full", "", "material,space", [][2]string{{"EvalTerms2", "false"}}, "gene space_mg acts only with the evaluation's EvalTerms2 switch on, which the run's option EvalTerms2=false turns off: drop the option, or leave the gene out of --evolve"},
		{"full", "", "material,space", nil, ""},  // full's set 3 plays them
		{"full", "", core.Terms2Family, nil, ""}, // the same
		{"full", "", core.Terms2Family, [][2]string{{"EvalTerms2", "false"}}, "gene king_danger_slope acts only"},
		{"full", "", "material,space", terms2, ""},
		{"full", "", core.Terms2Family, [][2]string{{"evalterms2", "true"}}, ""}, // option names in any case, as UCI's
		{"full", "", "", terms2, ""},
		{"seed000", "", "", terms2, ""},
		{"full", "", "", [][2]string{{"EvalTerms3", "true"}}, `setting options: option "EvalTerms3" is not a search option`},
		{"full", "", "", [][2]string{{"EvalTerms2", "yes"}}, `setting options: option EvalTerms2: "yes" is not true or false`},
		{"full", "", "material,search", [][2]string{{"LMRBase", "80"}}, "setting options: LMRBase sets gene search_lmr_base, which evolves"},
		{"full", "", "material", [][2]string{{"LMRBase", "80"}}, ""},
	}
	for _, c := range cases {
		s := DefaultSettings(MNC)
		s.Preset, s.Start, s.Evolve, s.Options = c.preset, c.start, c.evolve, c.options
		err := s.Check()
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s start %q evolve %q: %v", c.preset, c.start, c.evolve, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s start %q evolve %q: error %v, want one containing %s", c.preset, c.start, c.evolve, err, c.want)
		}
	}
	// A run of an older set of full's defaults plays them off: the
	// message says how to turn them on.
	s := DefaultSettings(MNC)
	s.Preset, s.Evolve, s.FullDefaults = "full", "space", 2
	if err := s.Check(); err == nil || !strings.Contains(err.Error(), "gene space_mg acts only with the evaluation's EvalTerms2 switch on: switch it on for the run's players and positions with the option EvalTerms2=true (evochess evolve --option EvalTerms2=true)") {
		t.Errorf("full's set 2, evolve space: %v", err)
	}
	s.Options = [][2]string{{"EvalTerms2", "true"}}
	if err := s.Check(); err != nil {
		t.Errorf("full's set 2 with EvalTerms2 on, evolve space: %v", err)
	}
}

// The run's schema fixes exactly the genes outside Evolve, at the preset's
// value, and leaves the preset itself alone.
func TestRunSchemaFixesOtherGenes(t *testing.T) {
	s := DefaultSettings(MNC)
	s.Preset, s.Evolve = "full", "psqt_knight,mobility"
	rs, err := runSchema(&s)
	if err != nil {
		t.Fatal(err)
	}
	preset, _ := core.Preset("full")
	live := 0
	for i, g := range rs.Genes {
		evolves := g.Group == "psqt_knight" || g.Group == "mobility"
		if g.Fixed == evolves {
			t.Fatalf("gene %s (group %s): fixed %v", g.Name, g.Group, g.Fixed)
		}
		if !evolves && (g.Lo != preset.Genes[i].Default || g.Hi != g.Lo || g.Default != g.Lo) {
			t.Fatalf("gene %s fixed in [%g, %g] default %g, want the preset's %g", g.Name, g.Lo, g.Hi, g.Default, preset.Genes[i].Default)
		}
		if evolves {
			live++
		}
		if preset.Genes[i].Fixed {
			t.Fatalf("the preset's gene %s was changed", g.Name)
		}
	}
	if live != 128+8 {
		t.Fatalf("%d genes evolve, want 128 knight squares + 8 mobility", live)
	}
}

// full's search genes evolve only when Evolve names their group: with
// Evolve empty every other gene evolves (as in every run made before they
// existed), and the positions fitness, blind to the search, refuses them
// alone.
func TestRunSchemaSearchGenesOptIn(t *testing.T) {
	preset, _ := core.Preset("full")
	nSearch := 0
	for _, g := range preset.Genes {
		if g.Group == core.SearchGroup {
			nSearch++
			if !g.OptIn {
				t.Fatalf("search gene %s is not opt-in", g.Name)
			}
		}
	}
	for _, tc := range []struct {
		evolve string
		live   func(g core.Gene) bool
	}{
		{"", func(g core.Gene) bool { return !g.OptIn && !g.Fixed || g.InFamily(core.Terms2Family) }}, // full's set 3 plays EvalTerms2's terms
		{"search", func(g core.Gene) bool { return g.Group == core.SearchGroup }},
		{"material,search", func(g core.Gene) bool { return g.Group == core.SearchGroup || g.Group == "material" }},
	} {
		s := DefaultSettings(SPSA)
		s.Preset, s.Evolve, s.Fitness = "full", tc.evolve, FitnessRoundRobin
		if err := s.Check(); err != nil {
			t.Fatalf("evolve %q: %v", tc.evolve, err)
		}
		rs, err := runSchema(&s)
		if err != nil {
			t.Fatal(err)
		}
		for i, g := range rs.Genes {
			if want := tc.live(preset.Genes[i]); g.Fixed == want {
				t.Fatalf("evolve %q: gene %s fixed %v", tc.evolve, g.Name, g.Fixed)
			}
			if g.Fixed && g.Default != preset.Genes[i].Default {
				t.Fatalf("evolve %q: gene %s fixed at %g, not the preset's %g", tc.evolve, g.Name, g.Default, preset.Genes[i].Default)
			}
		}
	}
	if nSearch == 0 {
		t.Fatal("full has no search genes")
	}
	s := DefaultSettings(CMAES) // the positions fitness
	s.Dataset, s.Evolve = "any", "search"
	if err := s.Check(); err == nil || !strings.Contains(err.Error(), "positions fitness") {
		t.Errorf("positions fitness, evolve search: %v", err)
	}
	s.Evolve = "search,material"
	if err := s.Check(); err != nil {
		t.Errorf("positions fitness, evolve search and material: %v", err)
	}
}

// Generation 0 with noise=F: the preset's values plus N(0, F × range) in
// the genes that evolve, the others exactly the preset's.
func TestNoiseStart(t *testing.T) {
	const f = 0.025
	s := DefaultSettings(MNC)
	s.Preset, s.Start, s.Evolve, s.Population, s.Workers = "full", "noise=0.025", "psqt_knight,psqt_king", 20, 1
	r, err := NewRun(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	def, _ := core.Preset("full")
	var sum, sum2, n float64
	for _, g := range r.Population {
		for i, v := range g.Chromosome.Values {
			gene := &r.schema.Genes[i]
			d := v - def.Genes[i].Default
			if gene.Fixed {
				if d != 0 {
					t.Fatalf("fixed gene %s moved by %g", gene.Name, d)
				}
				continue
			}
			z := d / (f * (gene.Hi - gene.Lo)) // no default is near a bound: no clipping
			sum, sum2, n = sum+z, sum2+z*z, n+1
		}
	}
	mean, sd := sum/n, math.Sqrt(sum2/n-(sum/n)*(sum/n))
	// 20 × 256 draws: the mean within 4 standard errors of 0, the spread within 5%.
	if math.Abs(mean) > 4/math.Sqrt(n) || math.Abs(sd-1) > 0.05 {
		t.Fatalf("noise in units of F × range: mean %.4f sd %.4f over %g genes, want 0 and 1", mean, sd, n)
	}
	s.Start = "default"
	if r, err = NewRun(s, nil); err != nil {
		t.Fatal(err)
	}
	for _, g := range r.Population {
		if d := normalisedDistance(def.Genes, g.Chromosome.Values, def.Default().Values); d != 0 {
			t.Fatalf("start default: genome %d is %g from the preset", g.ID, d)
		}
	}
}

// fakeFitness is a stand-in evaluation that depends on the genes (their
// sum), so selection has something to select on.
func fakeFitness(_ context.Context, pop []*Genome) error {
	for _, g := range pop {
		sum := 0.0
		for _, v := range g.Chromosome.Values {
			sum += v
		}
		g.Fitness, g.Evaluated = sum, true
	}
	return nil
}

// Genes outside Evolve never change under any operator of any method,
// while the evolving ones do; and such a run saves, loads and resumes to
// the same run as one never stopped.
func TestEvolveOnlyNamedGenesEveryMethod(t *testing.T) {
	cases := []struct {
		method, fitness, preset, evolve string
	}{
		{Classic, FitnessReference, "seed000", "piece_square"},
		{MNC, FitnessRoundRobin, "full", "psqt_knight,psqt_bishop"},
		{Dynamic, FitnessReference, "seed003", "material"},
		{Adaptive, FitnessProblems, "seed004", "mobility"},
		{CMAES, FitnessRoundRobin, "full", "search"},
		{SPSA, FitnessRoundRobin, "full", ""}, // everything but the search genes (opt-in)
	}
	for _, c := range cases {
		t.Run(c.method, func(t *testing.T) {
			s := tiny(c.method)
			s.Fitness, s.Preset, s.Evolve, s.Start, s.Workers = c.fitness, c.preset, c.evolve, "noise=0.05", 1
			s.StartTable, s.Generations = false, 6
			if c.method == MNC {
				s.StallGenerations, s.SlowGenerations = 0, 0
			}
			hook := func(r *Run) {
				r.evaluateHook = fakeFitness
				r.solveHook = func(_ context.Context, pop []*Genome, probs []*core.EPDRecord) ([][]bool, error) {
					out := make([][]bool, len(pop))
					for i, g := range pop {
						for k := range probs {
							out[i] = append(out[i], (g.ID+k)%3 == 0)
						}
					}
					return out, nil
				}
			}
			r, err := NewRun(s, nil)
			if err != nil {
				t.Fatal(err)
			}
			hook(r)
			if err := r.Execute(context.Background()); err != nil {
				t.Fatal(err)
			}
			preset, _ := core.Preset(c.preset)
			gen0 := r.Gen0Best.Chromosome.Values
			moved := false
			for _, g := range append(append([]*Genome(nil), r.Population...), r.HallOfFame...) {
				for i, v := range g.Chromosome.Values {
					gene := &r.schema.Genes[i]
					switch {
					case gene.Fixed && v != preset.Genes[i].Default:
						t.Fatalf("genome %d: gene %s (group %s, not evolving) is %g, the preset's %g", g.ID, gene.Name, gene.Group, v, preset.Genes[i].Default)
					case !gene.Fixed && v != gen0[i]:
						moved = true
					}
				}
			}
			if !moved {
				t.Fatal("no evolving gene changed since generation 0")
			}

			// Stop after one generation, save, load, go on.
			want := fingerprint(t, r)
			if r, err = NewRun(s, nil); err != nil {
				t.Fatal(err)
			}
			hook(r)
			r.AfterGeneration = func(r *Run) error { r.Stop(); return nil }
			if err := r.Execute(context.Background()); err != nil {
				t.Fatal(err)
			}
			data, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			var back Run
			if err := json.Unmarshal(data, &back); err != nil {
				t.Fatalf("loading a run with --evolve: %v", err)
			}
			back.Reopen()
			hook(&back)
			if err := back.Execute(context.Background()); err != nil {
				t.Fatal(err)
			}
			if got := fingerprint(t, &back); string(got) != string(want) {
				t.Fatal("the resumed run differs from the uninterrupted one")
			}
		})
	}
}

// --start file=PATH: generation 0 takes a chromosome file's values (a
// user's own player, tuned further); a file of another preset, or none,
// is refused before the run exists.
func TestStartFromFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, c *core.Chromosome) string {
		var b strings.Builder
		if err := core.WriteChromosome(&b, c); err != nil {
			t.Fatal(err)
		}
		path := dir + "/" + name
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	full, _ := core.Preset("full")
	mine := full.Default()
	for i := range mine.Values {
		if g := &full.Genes[i]; !g.Fixed && !g.OptIn { // the genes a run evolves unless told otherwise
			mine.Values[i] = (g.Lo + g.Hi) / 2
		}
	}
	seed, _ := core.Preset("seed003")
	good, other := write("mine.json", mine), write("other.json", seed.Default())
	for _, tc := range []struct {
		name, start, want string
	}{
		{"own file", "file=" + good, ""},
		{"other preset", "file=" + other, "holds a chromosome of seed003"},
		{"no file", "file=" + dir + "/none.json", "none.json"},
	} {
		s := DefaultSettings(CMAES)
		s.Fitness, s.Dataset, s.Start, s.Population = FitnessRoundRobin, "", tc.start, 4
		r, err := NewRun(s, nil)
		if tc.want != "" {
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s: %v, want an error naming %q", tc.name, err, tc.want)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := r.Population[0].Chromosome.Values; !slices.Equal(got, mine.Values) {
			t.Errorf("%s: generation 0's first individual is not the file's chromosome", tc.name)
		}
	}

	// noise=F,file=PATH: the file's own chromosome first, then distinct
	// players around it, every gene within its bounds and fixed genes kept.
	s := DefaultSettings(CMAES)
	s.Fitness, s.Dataset, s.Start, s.Population = FitnessRoundRobin, "", "noise=0.02,file="+good, 5
	r, err := NewRun(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Population[0].Chromosome.Values; !slices.Equal(got, mine.Values) {
		t.Error("noise,file: the first individual is not the file's chromosome")
	}
	for i := 1; i < len(r.Population); i++ {
		v := r.Population[i].Chromosome.Values
		if slices.Equal(v, mine.Values) || slices.Equal(v, r.Population[i-1].Chromosome.Values) {
			t.Errorf("noise,file: individual %d is not a distinct player", i)
		}
		for j, x := range v {
			g := &full.Genes[j]
			if x < g.Lo || x > g.Hi || (g.Fixed && x != mine.Values[j]) {
				t.Errorf("noise,file: individual %d gene %s = %g (bounds %g..%g, fixed %v)", i, g.Name, x, g.Lo, g.Hi, g.Fixed)
				break
			}
		}
	}
}
