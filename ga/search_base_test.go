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

// withBase gives set 1 to the players the program's defaults would stand
// in for, and leaves those with search genes of their own alone.
func TestWithBase(t *testing.T) {
	v1 := core.SearchParamsV1()
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
	for _, tc := range []struct {
		name string
		ps   arena.PlayerSpec
		base *core.SearchParams
		want func() core.SearchParams
	}{
		{"newest set: nothing", arena.PlayerSpec{Genes: seed.Default()}, nil, core.DefaultSearchParams},
		{"seed individual", arena.PlayerSpec{Genes: seed.Default()}, &v1, core.SearchParamsV1},
		{"full preset", arena.PlayerSpec{Chromosome: "full"}, &v1, core.SearchParamsV1},
		{"own options win", arena.PlayerSpec{Chromosome: "full", Options: user}, &v1, func() core.SearchParams {
			p := core.SearchParamsV1()
			p.RFPMargin = 120
			return p
		}},
		{"own search genes", arena.PlayerSpec{Genes: tuned}, &v1, func() core.SearchParams {
			p := core.DefaultSearchParams()
			p.RFPMargin = 150
			return p
		}},
		{"external", arena.PlayerSpec{Engine: "/usr/games/stockfish"}, &v1, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ps := withBase(tc.ps, tc.base)
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
		})
	}
}

// A run of full made with set 1 starts, pins and pads its search genes
// at set 1's values; a new run at the newest defaults.
func TestRunSchemaSearchSet(t *testing.T) {
	for _, tc := range []struct {
		set  int
		want core.SearchParams
	}{{0, core.SearchParamsV1()}, {core.SearchParamSets, core.DefaultSearchParams()}} {
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
