package main

import (
	"slices"
	"testing"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/saves"
)

// A tournament saved before full's defaults changed resumes with its
// players naming the preset pinned at set 1; one saved since, or a new
// one, plays the preset; other players are left alone.
func TestResumedTournamentKeepsItsFullDefaults(t *testing.T) {
	one, err := core.FullDefaultSet(1)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		journal *saves.Journal
		pinned  bool
	}{
		{"new", nil, false},
		{"saved before", &saves.Journal{Name: "old"}, true},
		{"saved since", &saves.Journal{Name: "new", Settings: saves.TournamentSettings{FullDefaults: core.FullDefaultSets}}, false},
	} {
		players, err := arena.ParsePlayerSpecs([]string{"name=a,chromosome=full", "name=b", "name=c,chromosome=seed001"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		f := &tournamentFlags{journal: tc.journal}
		if err := f.pinFull(players); err != nil {
			t.Fatal(err)
		}
		for _, ps := range players[:2] {
			if got := ps.Genes != nil && slices.Equal(ps.Genes.Values, one.Values) && ps.Chromosome == ""; got != tc.pinned {
				t.Errorf("%s: %s pinned at set 1 %v, want %v", tc.name, ps.Name, got, tc.pinned)
			}
		}
		if players[2].Chromosome != "seed001" || players[2].Genes != nil {
			t.Errorf("%s: seed001's player was changed", tc.name)
		}
	}
	f := &tournamentFlags{journal: &saves.Journal{Name: "future", Settings: saves.TournamentSettings{FullDefaults: core.FullDefaultSets + 1}}}
	if err := f.pinFull(nil); err == nil {
		t.Error("a set this evochess lacks was taken")
	}
}

// A resumed tournament searches with the set of search parameters it
// began with where the defaults stand in (a preset, by name or pinned),
// under its players' own options; a chromosome file's search genes are
// left alone (it is given the set's switches only), and an external
// engine is.
func TestResumedTournamentKeepsItsSearchParams(t *testing.T) {
	v1 := core.SearchParamsV1()
	older, _ := core.SearchParamSet(max(1, core.SearchParamSets-1))
	today := core.DefaultSearchParams()
	for _, tc := range []struct {
		name     string
		settings saves.TournamentSettings
		want     core.SearchParams
	}{
		{"saved before either field", saves.TournamentSettings{}, v1},
		{"saved with full_defaults only", saves.TournamentSettings{FullDefaults: 7}, mustSearchSet(t, 2)},
		{"saved with the older set", saves.TournamentSettings{FullDefaults: core.FullDefaultSets, SearchParams: max(1, core.SearchParamSets-1)}, older},
		{"saved with today's", saves.TournamentSettings{FullDefaults: core.FullDefaultSets, SearchParams: core.SearchParamSets}, today},
	} {
		players, err := arena.ParsePlayerSpecs([]string{
			"name=a,chromosome=full",
			"name=b,chromosome=seed001",
			"name=own,chromosome=full,option.LMRBase=50",
			"name=file,chromosome=testdata/chromosomes/r9-t6.chromosome.json",
			"name=sf,uci=stockfish",
		}, nil)
		if err != nil {
			t.Fatal(err)
		}
		f := &tournamentFlags{journal: &saves.Journal{Name: "j", Settings: tc.settings}}
		if err := f.pinFull(players); err != nil {
			t.Fatal(err)
		}
		search := func(ps arena.PlayerSpec) core.SearchParams {
			w, err := ps.Weights()
			if err != nil {
				t.Fatalf("%s: %s: %v", tc.name, ps.Name, err)
			}
			return w.SearchParams()
		}
		for _, ps := range players[:2] {
			if got := search(ps); !slices.Equal(got.Options(), tc.want.Options()) {
				t.Errorf("%s: %s searches with %v, want %v", tc.name, ps.Name, got.Options(), tc.want.Options())
			}
		}
		want := tc.want
		want.LMRBase = 50
		if got := search(players[2]); !slices.Equal(got.Options(), want.Options()) {
			t.Errorf("%s: the player's own option lost: %v", tc.name, got.Options())
		}
		file, err := core.LoadWeights("testdata/chromosomes/r9-t6.chromosome.json")
		if err != nil {
			t.Fatal(err)
		}
		// The file's genes, with the set's switches (they are no genes).
		wantFile := file.SearchParams()
		if err := wantFile.SetAll(tc.want.SetSwitchOptions()); err != nil {
			t.Fatal(err)
		}
		if got := search(players[3]); !slices.Equal(got.Options(), wantFile.Options()) {
			t.Errorf("%s: the file's search genes were overridden: %v", tc.name, got.Options())
		}
		if len(players[4].Options) != 0 {
			t.Errorf("%s: the external engine was given options %v", tc.name, players[4].Options)
		}
	}
	f := &tournamentFlags{journal: &saves.Journal{Name: "future", Settings: saves.TournamentSettings{FullDefaults: core.FullDefaultSets, SearchParams: core.SearchParamSets + 1}}}
	if err := f.pinFull(nil); err == nil {
		t.Error("a search set this evochess lacks was taken")
	}
}

func mustSearchSet(t *testing.T, n int) core.SearchParams {
	t.Helper()
	p, err := core.SearchParamSet(n)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
