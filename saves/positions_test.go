package saves

import (
	"bytes"
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/evochess/evochess/arena/dataset"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/ga"
)

// randomDataset saves n positions of seeded random playouts, results
// drawn at random, as dataset name.
func randomDataset(t *testing.T, d *Dir, name string, n int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	set := &dataset.Set{}
	for len(set.Samples) < n {
		p := core.NewPosition()
		for ply := 0; ply < 60 && len(set.Samples) < n; ply++ {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			p.MakeMove(moves[rng.IntN(len(moves))])
			if !p.InCheck() {
				set.Samples = append(set.Samples, dataset.Sample{Pos: p.Pack(), Result: dataset.Result(rng.IntN(3)), Score: dataset.NoScore})
			}
		}
	}
	if err := d.SaveDataset(set, DatasetInfo{Name: name, Source: "test", Complete: true}, false); err != nil {
		t.Fatal(err)
	}
}

// A tuning run on positions, stopped and resumed from the data directory
// (the dataset attached again, K read back), ends as the straight run;
// with the run's option EvalTerms2=true too, the option kept in the saved
// run (and the terms' genes tuned).
func TestPositionsRunResumes(t *testing.T) {
	for _, tc := range []struct {
		name, method, evolve string
		options              [][2]string
	}{
		{"plain", ga.CMAES, "material,mobility", nil},
		{"EvalTerms2", ga.CMAES, "material," + core.Terms2Family, [][2]string{{"EvalTerms2", "true"}}},
		// Stopped between linearisations: the resumed run rebuilds its model.
		{"gradient", ga.Gradient, "material,mobility", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			positionsRunResumes(t, tc.method, tc.evolve, tc.options)
		})
	}
}

func positionsRunResumes(t *testing.T, method, evolve string, options [][2]string) {
	d, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	randomDataset(t, d, "rnd", 3000)
	newRun := func() *ga.Run {
		s := ga.DefaultSettings(method)
		s.Dataset, s.Generations, s.Workers, s.Evolve, s.Options = "rnd", 4, 2, evolve, options
		r, err := ga.NewRun(s, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.AttachPositions(context.Background(), r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	straight := newRun()
	if err := straight.Execute(context.Background()); err != nil {
		t.Fatal(err)
	}
	info, err := d.DatasetInfo("rnd")
	if err != nil || info.K <= 0 {
		t.Fatalf("K not kept with the dataset: %+v, %v", info, err)
	}
	h, err := d.CreateRun("r")
	if err != nil {
		t.Fatal(err)
	}
	r := newRun()
	r.AfterGeneration = func(r *ga.Run) error {
		if r.Generation == 2 {
			r.Stop()
		}
		return h.Save(r)
	}
	if err := r.Execute(context.Background()); err != nil {
		t.Fatal(err)
	}
	h.Close()
	h, back, err := d.OpenRun("r")
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if !slices.Equal(back.Settings.Options, options) {
		t.Fatalf("saved with options %q, loaded with %q", options, back.Settings.Options)
	}
	back.Reopen()
	if _, err := d.AttachPositions(context.Background(), back); err != nil {
		t.Fatal(err)
	}
	if err := back.Execute(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got, want := fingerprint(t, back), fingerprint(t, straight); !bytes.Equal(got, want) {
		t.Fatal("resumed tuning run differs from the straight one")
	}
	if back.Best().Fitness <= back.History[0].Best-1e-12 {
		t.Errorf("best fitness fell from %v to %v", back.History[0].Best, back.Best().Fitness)
	}
}
