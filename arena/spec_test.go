package arena

import (
	"errors"
	"strings"
	"testing"

	"github.com/evochess/evochess/core"
)

// fakeResolver is a data directory of one saved player and one run.
type fakeResolver struct{}

func (fakeResolver) Player(name string) (PlayerSpec, error) {
	if name != "kept" {
		return PlayerSpec{}, errors.New("no player " + name)
	}
	tc := TimeControl{Nodes: 300}
	return PlayerSpec{Name: "kept", Chromosome: "seed000", HashMB: 8, TC: &tc}, nil
}

func (fakeResolver) Population(ref string) (PlayerSpec, error) {
	switch ref {
	case "runs/x/run.json#best":
		c, err := core.LoadChromosome("seed003")
		return PlayerSpec{Genes: c}, err
	case "tuned#best":
		return PlayerSpec{Name: "g7", Engine: "/usr/games/glaurung", Proto: ProtoUCI, Options: [][2]string{{"Threads", "1"}, {"Space", "120"}}}, nil
	}
	return PlayerSpec{}, errors.New("no run " + ref)
}

// player= and population= are read with the resolver given, and refused,
// saying why, without one; CheckPlayerSpec takes them on trust but still
// checks the rest.
func TestParsePlayerSpecResolver(t *testing.T) {
	tests := []struct {
		spec     string
		r        Resolver
		wantErr  string // substring; "" for none
		wantName string
		check    func(PlayerSpec) bool
	}{
		{"player=kept", fakeResolver{}, "", "kept", func(ps PlayerSpec) bool { return ps.Chromosome == "seed000" && ps.TC.Nodes == 300 }},
		{"name=k2,player=kept,depth=2", fakeResolver{}, "", "k2", func(ps PlayerSpec) bool { return ps.TC.Depth == 2 && ps.HashMB == 8 }},
		{"population=runs/x/run.json#best", fakeResolver{}, "", "run.json#best", func(ps PlayerSpec) bool { return ps.Genes != nil && ps.Population == "runs/x/run.json#best" }},
		{"player=gone", fakeResolver{}, "no player gone", "", nil},
		{"population=runs/y/run.json#best", fakeResolver{}, "no run", "", nil},
		{"population=runs/x/run.json#best,chromosome=full", fakeResolver{}, "a player is one of", "", nil},
		{"population=tuned#best,nodes=500,option.Hash=8", fakeResolver{}, "", "tuned#best", func(ps PlayerSpec) bool {
			return ps.Engine == "/usr/games/glaurung" && ps.Proto == ProtoUCI && ps.TC.Nodes == 500 &&
				len(ps.Options) == 3 && ps.Options[1] == [2]string{"Space", "120"} && ps.Options[2] == [2]string{"Hash", "8"} && ps.processKey() != ""
		}},
		{"name=mine,population=tuned#best", fakeResolver{}, "", "mine", func(ps PlayerSpec) bool { return ps.External() }},
		{"population=tuned#best,uci=/usr/games/stockfish", fakeResolver{}, "give one engine path", "", nil},
		{"uci=/usr/games/stockfish,population=tuned#best", fakeResolver{}, "tuned an engine", "", nil},
		{"population=tuned#best,chromosome=full", fakeResolver{}, "either a built-in engine", "", nil},
		{"player=kept", nil, "player: saved players cannot be read here: no data directory", "", nil},
		{"population=x#best", nil, "population: saved runs and run files cannot be read here", "", nil},
	}
	for _, tc := range tests {
		ps, err := ParsePlayerSpec(tc.spec, tc.r)
		switch {
		case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
			t.Errorf("%q: error %v, want one saying %q", tc.spec, err, tc.wantErr)
		case tc.wantErr == "" && err != nil:
			t.Errorf("%q: %v", tc.spec, err)
		case tc.wantErr == "" && (ps.Name != tc.wantName || !tc.check(ps)):
			t.Errorf("%q: %+v", tc.spec, ps)
		}
	}
}

func TestCheckPlayerSpec(t *testing.T) {
	for spec, ok := range map[string]bool{
		"name=ref,player=anyone,depth=1":      true,
		"population=anyrun#best,nodes=500":    true,
		"name=ref,chromosome=full,depth=1":    true,
		"population=anyrun#best,uci=/e":       false,
		"player=anyone,colour=red":            false,
		"name=ref,chromosome=nosuch,depth=1":  false,
		"player=anyone,player=someone":        false,
		"name=ref,chromosome=full,depth=none": false,
	} {
		if err := CheckPlayerSpec(spec); (err == nil) != ok {
			t.Errorf("%q: %v, want ok %v", spec, err, ok)
		}
	}
}

// A built-in player takes the search options of "evochess uci" as
// option.NAME=VALUE: checked when the SPEC is read, in force in the
// weights it plays with.
func TestParsePlayerSpecSearchOptions(t *testing.T) {
	ps, err := ParsePlayerSpec("name=se,chromosome=full,option.SingularExtensions=true,option.SingularDepth=9", nil)
	if err != nil {
		t.Fatal(err)
	}
	w, err := ps.Weights()
	if err != nil {
		t.Fatal(err)
	}
	if p := w.SearchParams(); !p.Singular || p.SingularDepth != 9 {
		t.Errorf("options not in force: %+v", p)
	}
	plain, _ := ParsePlayerSpec("name=off,chromosome=full", nil)
	full, err := core.Preset("full")
	if err != nil {
		t.Fatal(err)
	}
	if w, _ := plain.Weights(); w.SearchParams() != full.SearchDefaults() {
		t.Errorf("no options: %+v", w.SearchParams())
	}
	for _, tc := range []struct{ spec, want string }{
		{"chromosome=full,option.Bogus=1", `option: option "Bogus" is not a search option`},
		{"chromosome=full,option.SingularDepth=99", `option: option SingularDepth: "99" is not a number from 4 to 20`},
		{"chromosome=full,option.SingularExtensions=on", `option SingularExtensions: "on" is not true or false`},
		{"chromosome=full,args=-x", "args are for external engines"},
	} {
		if _, err := ParsePlayerSpec(tc.spec, nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want an error saying %q", tc.spec, err, tc.want)
		}
	}
}
