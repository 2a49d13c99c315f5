package saves

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"
)

// The runs behind docs/RESULTS.md, saved by earlier versions of the
// program, load and write back byte for byte: nothing added to settings,
// genes or tuner states changes how an old run reads or goes on.
func TestStoredRunsRoundTrip(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 16 MB of runs")
	}
	d := &Dir{Root: "../testdata/runs"}
	names := d.Names(Runs)
	if len(names) == 0 {
		t.Fatal("no stored runs in ../testdata/runs")
	}
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
		var want bytes.Buffer
		json.Compact(&want, env.Content)
		if !bytes.Equal(got, want.Bytes()) {
			t.Errorf("%s: written back differs from the file (%d v %d bytes)", name, len(got), want.Len())
		}
	}
}
