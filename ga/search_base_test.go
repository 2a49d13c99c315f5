package ga

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// A run records its set of search parameters: new runs the newest, a
// run.json without the field set 1, and a set the program lacks is
// refused by name.
func TestSettingsSearchParams(t *testing.T) {
	if core.SearchParamsV1() == core.DefaultSearchParams() {
		t.Fatal("the sets are equal: this test proves nothing")
	}
	fresh := DefaultSettings(Classic)
	var old Settings
	if err := json.Unmarshal([]byte(`{"method":"classic"}`), &old); err != nil {
		t.Fatal(err)
	}
	v1 := core.SearchParamsV1()
	for _, tc := range []struct {
		name string
		set  int
		want *core.SearchParams
		err  string
	}{
		{"new run", fresh.SearchParams, nil, ""},
		{"saved before", old.SearchParams, &v1, ""},
		{"set 1", 1, &v1, ""},
		{"unknown set", core.SearchParamSets + 1, nil, "search_params"},
		{"negative", -1, nil, "search_params"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := DefaultSettings(Classic)
			s.SearchParams = tc.set
			err := s.Check()
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("Check: %v, want an error naming %s", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got, err := s.searchBase()
			if err != nil || (got == nil) != (tc.want == nil) || (got != nil && *got != *tc.want) {
				t.Errorf("searchBase: %+v, %v; want %+v", got, err, tc.want)
			}
		})
	}
}

// with is p changed by f, as a func for the tables.
func with(p core.SearchParams, f func(*core.SearchParams)) func() core.SearchParams {
	return func() core.SearchParams { f(&p); return p }
}

// playerSearch gives set 1 to the players the program's defaults would
// stand in for, and set 1's switches alone to those with search genes of
// their own; the run's options go to every built-in player, under its
// own.
func TestPlayerSearch(t *testing.T) {
	v1 := core.SearchParamsV1()
	// Set 1's numbers with today's time manager (it reads clocks only, so
	// no set pins it) and, for full, its schema's switches: EvalTerms2,
	// and MobilityArea and KingRing (set 10's, which no search set pins).
	seedV1 := with(v1, func(p *core.SearchParams) { p.TimeManager2 = core.DefaultSearchParams().TimeManager2 })
	fullV1 := with(seedV1(), func(p *core.SearchParams) { p.EvalTerms2, p.MobilityArea, p.KingRing = true, true, true })
	areas := func(p *core.SearchParams) { p.MobilityArea, p.KingRing = true, true }
	seed, err := core.Preset("seed000")
	if err != nil {
		t.Fatal(err)
	}
	full, err := core.Preset("full")
	if err != nil {
		t.Fatal(err)
	}
	tuned := full.Default()
	tuned.Values[full.GeneIndex("search_rfp_margin")] = 150
	user := [][2]string{{"RFPMargin", "120"}}
	terms2 := [][2]string{{"EvalTerms2", "true"}}
	for _, tc := range []struct {
		name string
		ps   arena.PlayerSpec
		base *core.SearchParams
		opts [][2]string // the run's
		want func() core.SearchParams
	}{
		{"newest set: nothing", arena.PlayerSpec{Genes: seed.Default()}, nil, nil, core.DefaultSearchParams},
		{"seed individual", arena.PlayerSpec{Genes: seed.Default()}, &v1, nil, seedV1},
		{"full preset", arena.PlayerSpec{Chromosome: "full"}, &v1, nil, fullV1},
		{"own options win", arena.PlayerSpec{Chromosome: "full", Options: user}, &v1, nil,
			with(fullV1(), func(p *core.SearchParams) { p.RFPMargin = 120 })},
		{"own search genes", arena.PlayerSpec{Genes: tuned}, &v1, nil,
			with(full.SearchDefaults(), func(p *core.SearchParams) {
				p.RFPMargin, p.Singular, p.QuiescenceTT = 150, v1.Singular, v1.QuiescenceTT
			})},
		{"run's options, newest set", arena.PlayerSpec{Genes: seed.Default()}, nil, terms2,
			with(core.DefaultSearchParams(), func(p *core.SearchParams) { p.EvalTerms2 = true })},
		{"run's options over the set", arena.PlayerSpec{Chromosome: "full", Options: [][2]string{{"EvalTerms2", "false"}}}, &v1, terms2,
			with(seedV1(), areas)}, // the player's own option wins over the run's
		{"run's options over full's switches", arena.PlayerSpec{Chromosome: "full"}, &v1, [][2]string{{"EvalTerms2", "false"}},
			with(seedV1(), areas)},
		{"run's options over search genes", arena.PlayerSpec{Genes: tuned}, &v1, append([][2]string{{"RFPMargin", "90"}}, terms2...),
			with(full.SearchDefaults(), func(p *core.SearchParams) {
				p.RFPMargin, p.EvalTerms2, p.Singular, p.QuiescenceTT = 90, true, v1.Singular, v1.QuiescenceTT
			})},
		{"own options over the run's", arena.PlayerSpec{Chromosome: "full", Options: [][2]string{{"evalterms2", "false"}}}, nil, terms2,
			with(core.DefaultSearchParams(), areas)},
		{"external", arena.PlayerSpec{Engine: "/usr/games/stockfish"}, &v1, terms2, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			search := playerSearch{base: tc.base, options: tc.opts}
			ps := search.player(tc.ps)
			if tc.want == nil {
				if len(ps.Options) != 0 {
					t.Errorf("options %v given to an external engine", ps.Options)
				}
				return
			}
			w, err := ps.Weights()
			if err != nil {
				t.Fatal(err)
			}
			if got := w.SearchParams(); got != tc.want() {
				t.Errorf("search %+v, want %+v", got, tc.want())
			}
			// What the fitness scores and solves with is what the player plays.
			if tc.ps.Genes != nil && len(tc.ps.Options) == 0 {
				cw, err := search.compile(tc.ps.Genes)
				if err != nil {
					t.Fatal(err)
				}
				if got := cw.SearchParams(); got != tc.want() {
					t.Errorf("compile: search %+v, want %+v", got, tc.want())
				}
			}
		})
	}
}

// fullToday is p as a run of full's newest defaults plays it: with
// today's time manager (no set pins it) and full's switches (EvalTerms2,
// MobilityArea, KingRing).
func fullToday(p core.SearchParams) core.SearchParams {
	p.TimeManager2, p.EvalTerms2 = core.DefaultSearchParams().TimeManager2, true
	p.MobilityArea, p.KingRing = true, true
	return p
}

// A run of full made with set 1 starts, pins and pads its search genes
// at set 1's values; a new run at the newest defaults.
func TestRunSchemaSearchSet(t *testing.T) {
	for _, tc := range []struct {
		set  int
		want core.SearchParams
	}{{0, fullToday(core.SearchParamsV1())}, {core.SearchParamSets, fullToday(core.DefaultSearchParams())}} {
		s := DefaultSettings(CMAES)
		s.SearchParams = tc.set
		schema, err := runSchema(&s)
		if err != nil {
			t.Fatal(err)
		}
		w, err := schema.Default().Compile()
		if err != nil {
			t.Fatal(err)
		}
		if got := w.SearchParams(); got != tc.want {
			t.Errorf("set %d: the start plays %+v, want %+v", tc.set, got, tc.want)
		}
		g := schema.Genes[schema.GeneIndex("search_lmr_base")]
		if !g.Fixed || g.Lo != float64(tc.want.LMRBase) || g.Hi != g.Lo {
			t.Errorf("set %d: search_lmr_base %+v, want fixed at %d", tc.set, g, tc.want.LMRBase)
		}
	}
}

// A run whose options switch EvalTerms2 on evolves the terms' genes with
// the others when Evolve names none (they act now); a search gene an
// option sets is pinned at the option's value, so that the individuals
// carry what their players play.
func TestRunSchemaOptions(t *testing.T) {
	s := DefaultSettings(CMAES)
	s.Dataset, s.Options = "d", [][2]string{{"EvalTerms2", "true"}, {"LMRBase", "80"}}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	rs, err := runSchema(&s)
	if err != nil {
		t.Fatal(err)
	}
	terms2 := 0
	for _, g := range rs.Genes {
		want := !g.OptIn || g.InFamily(core.Terms2Family)
		if g.Fixed == want {
			t.Fatalf("gene %s (group %s): fixed %v", g.Name, g.Group, g.Fixed)
		}
		if g.InFamily(core.Terms2Family) {
			terms2++
		}
	}
	if terms2 == 0 {
		t.Fatal("full has no eval_terms2 genes")
	}
	g := rs.Genes[rs.GeneIndex("search_lmr_base")]
	if !g.Fixed || g.Default != 80 || g.Lo != 80 || g.Hi != 80 {
		t.Errorf("search_lmr_base %+v, want fixed at the option's 80", g)
	}
	w, err := rs.Default().Compile()
	if err != nil {
		t.Fatal(err)
	}
	if p := w.SearchParams(); p.LMRBase != 80 {
		t.Errorf("the start's LMRBase is %d, want 80", p.LMRBase)
	}
	// full's set 3 plays the terms: they evolve without the option, and
	// not with it off.
	for _, tc := range []struct {
		opts   [][2]string
		evolve bool
	}{{nil, true}, {[][2]string{{"EvalTerms2", "false"}}, false}} {
		s.Options = tc.opts
		if rs, err = runSchema(&s); err != nil {
			t.Fatal(err)
		}
		for _, g := range rs.Genes {
			if g.InFamily(core.Terms2Family) && g.Fixed == tc.evolve {
				t.Fatalf("options %v: gene %s fixed %v", tc.opts, g.Name, g.Fixed)
			}
		}
	}
}

// The run's options reach every player it makes: the individuals, the
// reference, the validation's opponent and an individual taken as a
// player (population=RUN#best); an external reference is left alone.
func TestRunOptionsReachEveryPlayer(t *testing.T) {
	s := DefaultSettings(Classic)
	s.Preset, s.Search, s.Options = "full", "strong", [][2]string{{"EvalTerms2", "true"}}
	r, err := NewRun(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := newEvaluator(&r.Settings, r.schema, r.bus, nil, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	defer ev.close()
	best, err := r.PlayerOf(r.Population[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		ps   arena.PlayerSpec
	}{
		{"individual", ev.spec(r.Population[0])},
		{"reference", ev.ref},
		{"opponent", ev.opponent()},
		{"population=RUN#best", best},
	} {
		w, err := tc.ps.Weights()
		if err != nil {
			t.Fatal(err)
		}
		if !w.SearchParams().EvalTerms2 {
			t.Errorf("%s plays with EvalTerms2 off (options %q)", tc.name, tc.ps.Options)
		}
	}
	if ref := (playerSearch{options: s.Options}).player(arena.PlayerSpec{Engine: "/usr/games/stockfish"}); len(ref.Options) != 0 {
		t.Errorf("an external reference was given %q", ref.Options)
	}
}
