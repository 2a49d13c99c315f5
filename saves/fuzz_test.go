package saves

import (
	"testing"

	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/ga"
)

// The loaders take any bytes: a value or an error, never a panic.
func FuzzUnsealRun(f *testing.F) {
	r, err := ga.NewRun(ga.DefaultSettings(ga.Dynamic), nil)
	if err != nil {
		f.Fatal(err)
	}
	data, err := seal(runFormat, r)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte(`{"format":"evochess-run","version":1,"content":{"settings":{},"population":[]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var r ga.Run
		if err := unseal("fuzz.json", data, runFormat, &r); err != nil {
			return
		}
		for _, sel := range []string{"best", "gen0", "0", "id=3"} {
			if g, err := r.Pick(sel); err == nil && g.Chromosome == nil {
				t.Fatalf("%s: genome without chromosome", sel)
			}
		}
	})
}

func FuzzUnsealPlayer(f *testing.F) {
	c, _ := core.Player("seed004")
	data, err := seal(playerFormat, &Player{Name: "p", Chromosome: c, Search: "strong", TC: "nodes=100"})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Fuzz(func(t *testing.T, data []byte) {
		var p Player
		if err := unseal("fuzz.json", data, playerFormat, &p); err != nil {
			return
		}
		if p.Check() == nil {
			if _, err := p.Spec(); err != nil {
				t.Fatalf("a checked player has no spec: %v", err)
			}
		}
	})
}
