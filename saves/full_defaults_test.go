package saves

import (
	"slices"
	"testing"

	"github.com/evochess/evochess/core"
)

// A self-play dataset made before full's defaults changed goes on with
// the set it was made with: its players naming the preset, its label and
// the evaluation resolving quiet leaves; a new one takes the newest.
func TestSelfplayKeepsItsFullDefaults(t *testing.T) {
	d := openTemp(t)
	given := SelfplaySettings{Players: []string{DefaultSelfplayPlayer, "name=x,chromosome=seed001"}, TC: "nodes=300",
		Book: "", Seed: 1, MaxMoves: 50, Label: "self,depth=2"}
	job, err := d.OpenSelfplay("new", given, 3, false, func(string) bool { return false })
	if err != nil {
		t.Fatal(err)
	}
	if job.Settings.FullDefaults != core.FullDefaultSets {
		t.Errorf("a new dataset's set is %d, not the newest", job.Settings.FullDefaults)
	}
	cfg, err := job.Settings.Config(1, d)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Players[0].Chromosome != "full" || cfg.Players[0].Genes != nil || cfg.Resolve != nil || cfg.Label.Chromosome != "full" {
		t.Errorf("newest set: players %+v, resolve %v", cfg.Players[0], cfg.Resolve != nil)
	}

	one, err := core.FullDefaultSet(1)
	if err != nil {
		t.Fatal(err)
	}
	old := given // as saved before the field: 0, set 1
	cfg, err = old.Config(1, d)
	if err != nil {
		t.Fatal(err)
	}
	for _, ps := range []struct {
		who   string
		genes *core.Chromosome
	}{{"player full", cfg.Players[0].Genes}, {"label", cfg.Label.Genes}} {
		if ps.genes == nil || !slices.Equal(ps.genes.Values, one.Values) {
			t.Errorf("set 1: the %s does not play set 1's values", ps.who)
		}
	}
	if cfg.Players[1].Chromosome != "seed001" || cfg.Players[1].Genes != nil {
		t.Errorf("set 1: the seed001 player was changed: %+v", cfg.Players[1])
	}
	w, err := one.Compile()
	if err != nil {
		t.Fatal(err)
	}
	today, err := core.PresetWeights("full")
	if err != nil {
		t.Fatal(err)
	}
	p, err := core.ParseFEN("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9")
	if err != nil {
		t.Fatal(err)
	}
	eval := func(w *core.Weights) int { return core.NewEvaluator(w).Evaluate(p) }
	if cfg.Resolve == nil || eval(cfg.Resolve) != eval(w) || eval(w) == eval(today) {
		t.Error("set 1: quiet leaves are not resolved with set 1's evaluation")
	}
}

// A self-play dataset goes on searching with the set of search
// parameters it was started with where the defaults stand in (its
// players and label naming a preset); a new one records the newest.
func TestSelfplayKeepsItsSearchParams(t *testing.T) {
	d := openTemp(t)
	given := SelfplaySettings{Players: []string{DefaultSelfplayPlayer, "name=x,chromosome=seed001"}, TC: "nodes=300",
		Seed: 1, MaxMoves: 50, Label: "self,depth=2"}
	job, err := d.OpenSelfplay("new", given, 3, false, func(string) bool { return false })
	if err != nil {
		t.Fatal(err)
	}
	if job.Settings.SearchParams != core.SearchParamSets {
		t.Errorf("a new dataset's search set is %d, not the newest", job.Settings.SearchParams)
	}
	for _, tc := range []struct {
		name     string
		full, n  int
		wantSet1 bool
	}{{"saved before either field", 0, 0, true}, {"saved with set 1", core.FullDefaultSets, 1, true}, {"saved with today's", core.FullDefaultSets, core.SearchParamSets, false}} {
		s := given
		s.FullDefaults, s.SearchParams = tc.full, tc.n
		cfg, err := s.Config(1, d)
		if err != nil {
			t.Fatal(err)
		}
		for _, ps := range []struct {
			who  string
			spec interface {
				Weights() (*core.Weights, error)
			}
		}{{"player full", cfg.Players[0]}, {"player seed001", cfg.Players[1]}, {"label", *cfg.Label}} {
			w, err := ps.spec.Weights()
			if err != nil {
				t.Fatal(err)
			}
			want := core.DefaultSearchParams()
			if tc.wantSet1 {
				want = core.SearchParamsV1()
			}
			if got := w.SearchParams(); !slices.Equal(got.Options(), want.Options()) {
				t.Errorf("%s: the %s searches with %v, want %v", tc.name, ps.who, got.Options(), want.Options())
			}
		}
	}
	bad := given
	bad.FullDefaults, bad.SearchParams = core.FullDefaultSets, core.SearchParamSets+1
	if _, err := bad.Config(1, d); err == nil {
		t.Error("a search set this evochess lacks was taken")
	}
}
