package ga

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// FuzzLoadRunFile: any bytes give a run or an error, never a panic, and a
// loaded run's individuals can all be picked.
func FuzzLoadRunFile(f *testing.F) {
	s := tiny(Dynamic)
	s.Generations = 1
	r, err := NewRun(s, nil)
	if err != nil {
		f.Fatal(err)
	}
	r.evaluateHook = byFirstGene
	if err := r.Execute(t0()); err != nil {
		f.Fatal(err)
	}
	dir := f.TempDir()
	if err := writeTestRun(filepath.Join(dir, "seed.json"), r); err != nil {
		f.Fatal(err)
	}
	seed, _ := os.ReadFile(filepath.Join(dir, "seed.json"))
	f.Add(seed)
	f.Add([]byte(`{"population":[{"chromosome":null}]}`))
	f.Add([]byte(`{"population":[]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "run.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		run, err := LoadRunFile(path)
		if err != nil {
			return
		}
		for _, sel := range []string{"best", "gen0", "0", "id=0", "-1", "x"} {
			if g, err := run.Pick(sel); err == nil && g.Chromosome == nil {
				t.Fatalf("picked %q: a genome without a chromosome", sel)
			}
		}
	})
}

func t0() context.Context { return context.Background() }

func writeTestRun(path string, r *Run) error {
	data, err := json.Marshal(r)
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}
