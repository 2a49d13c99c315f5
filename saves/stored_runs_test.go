package saves

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"
)

// The runs behind docs/RESULTS.md, saved by earlier versions of the
// program, load and write back their settings, history and tuner states
// byte for byte: nothing added for engine tunings (settings.engine, the
// genes' kinds and SPSA's OpenBench fields) changes how an old run reads
// or goes on. Their genes are left out of the comparison: a run stored
// before full's search genes gets them at their defaults (runs.go).
func TestStoredRunsRoundTrip(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 16 MB of runs")
	}
	d := &Dir{Root: "../testdata/runs"}
	names := d.Names(Runs)
	if len(names) == 0 {
		t.Fatal("no stored runs in ../testdata/runs")
	}
	genes := map[string]bool{"schema": true, "population": true, "hall_of_fame": true, "generation0_best": true}
	for _, name := range names {
		r, err := d.LoadRun(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		path, _ := existingSave(filepath.Join(d.Root, Runs, name, runFile))
		raw, err := readJSON(path)
		if err != nil {
			t.Fatal(err)
		}
		var env envelope
		if err := json.Unmarshal(raw, &env); err != nil {
			t.Fatal(err)
		}
		var was, now map[string]json.RawMessage
		if err := json.Unmarshal(env.Content, &was); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(got, &now); err != nil {
			t.Fatal(err)
		}
		for k := range now {
			if _, ok := was[k]; !ok {
				t.Errorf("%s: written back with %s, which the file has not", name, k)
			}
		}
		for k, v := range was {
			if genes[k] {
				continue
			}
			var a, b bytes.Buffer
			json.Compact(&a, v)
			json.Compact(&b, now[k])
			if !bytes.Equal(a.Bytes(), b.Bytes()) {
				t.Errorf("%s: %s written back differs from the file", name, k)
			}
		}
	}
}
