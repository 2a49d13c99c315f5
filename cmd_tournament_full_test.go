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
