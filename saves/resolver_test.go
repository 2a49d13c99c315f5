package saves

import (
	"slices"
	"testing"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/ga"
)

// SPECs name saved players and runs' individuals in the directory given.
func TestDirResolvesSpecs(t *testing.T) {
	d, _ := Open(t.TempDir())
	c, _ := core.Player("seed004")
	if err := d.SavePlayer(&Player{Name: "champ", Chromosome: c, Search: "plain", PlainQuiescence: 3, TC: "depth=3"}, false); err != nil {
		t.Fatal(err)
	}
	r := tinyRun(t, ga.Dynamic, 1)
	h, err := d.CreateRun("evo")
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Save(r); err != nil {
		t.Fatal(err)
	}
	h.Close()
	tests := []struct {
		spec  string
		check func(arena.PlayerSpec) bool
	}{
		{"player=champ", func(ps arena.PlayerSpec) bool {
			return ps.Name == "champ" && ps.PlainQuiescence == 3 && ps.TC.Depth == 3 && slices.Equal(ps.Genes.Values, c.Values)
		}},
		{"name=x,player=champ,nodes=100", func(ps arena.PlayerSpec) bool { return ps.Name == "x" && ps.TC.Nodes == 100 }},
		{"population=evo#id=1", func(ps arena.PlayerSpec) bool {
			return ps.Population == "evo#id=1" && slices.Equal(ps.Genes.Values, r.Population[1].Chromosome.Values)
		}},
	}
	for _, tc := range tests {
		ps, err := arena.ParsePlayerSpec(tc.spec, d)
		if err != nil || !tc.check(ps) {
			t.Errorf("%s: %+v %v", tc.spec, ps, err)
		}
	}
	for _, bad := range []string{"player=nobody", "population=nosuch#best", "population=evo#999"} {
		if _, err := arena.ParsePlayerSpec(bad, d); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}
