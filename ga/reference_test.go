package ga

import (
	"errors"
	"strings"
	"testing"

	"github.com/evochess/evochess/arena"
)

// players is a data directory with one saved player, "kept".
type players struct{}

func (players) Player(name string) (arena.PlayerSpec, error) {
	if name != "kept" {
		return arena.PlayerSpec{}, errors.New("no player " + name)
	}
	return arena.PlayerSpec{Name: name, Chromosome: "full", HashMB: arena.DefaultHashMB}, nil
}

func (players) Population(ref string) (arena.PlayerSpec, error) {
	return arena.PlayerSpec{}, errors.New("no run " + ref)
}

// A reference naming a saved player passes Check on its form alone; the
// data directory given with UsePlayers then says whether it is there.
func TestUsePlayers(t *testing.T) {
	tests := []struct {
		fitness, reference string
		res                arena.Resolver
		wantErr            string // substring; "" for none
	}{
		{FitnessReference, "name=ref,player=kept,depth=1", players{}, ""},
		{FitnessReference, "name=ref,player=gone,depth=1", players{}, "no player gone"},
		{FitnessReference, "name=ref,population=x#best", players{}, "no run x#best"},
		{FitnessReference, "name=ref,player=kept,depth=1", nil, "no data directory"},
		{FitnessReference, "name=ref,chromosome=full,depth=1", nil, ""},
		{FitnessRoundRobin, "name=ref,player=gone,depth=1", nil, ""}, // no reference games: not read
	}
	for _, tc := range tests {
		s := DefaultSettings(Classic)
		s.Population, s.Fitness, s.Reference = 4, tc.fitness, tc.reference
		r, err := NewRun(s, nil)
		if err != nil {
			t.Fatalf("%s: NewRun: %v", tc.reference, err)
		}
		err = r.UsePlayers(tc.res)
		if tc.wantErr == "" && err != nil || tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
			t.Errorf("%s %s: %v, want an error saying %q", tc.fitness, tc.reference, err, tc.wantErr)
		}
	}
}

// Seed 003's table I starts the seed003 chromosome only; seed 000's and
// 004's searches are their methods' defaults with their own chromosomes
// only.
func TestUsePreset(t *testing.T) {
	tests := []struct {
		method, preset string
		table          bool
		search, tc     string
	}{
		{Dynamic, "seed003", true, "plain", "depth=3"},
		{Dynamic, "full", false, "plain", "depth=3"},
		{Dynamic, "seed000", false, "plain", "depth=3"},
		{Classic, "seed003", false, "strong", "nodes=2000"}, // the method does not start from the table
		{Classic, "full", false, "strong", "nodes=2000"},
		{Classic, "seed000", false, "paper000", "depth=4"},
		{Adaptive, "seed004", false, "paper004", "depth=4"},
		{Adaptive, "full", false, "strong", "depth=4"},
		{MNC, "seed000", false, "strong", "nodes=2000"},
	}
	for _, tc := range tests {
		s := DefaultSettings(tc.method)
		s.UsePreset(tc.preset)
		if s.Preset != tc.preset || s.StartTable != tc.table || s.Search != tc.search || s.TC != tc.tc {
			t.Errorf("%s with %s: preset %s, start table %v, search %s at %s; want %v, %s at %s",
				tc.method, tc.preset, s.Preset, s.StartTable, s.Search, s.TC, tc.table, tc.search, tc.tc)
		}
		if err := s.Check(); err != nil {
			t.Errorf("%s with %s: %v", tc.method, tc.preset, err)
		}
	}
}
