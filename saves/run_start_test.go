package saves

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/ga"
)

func tinySettings() ga.Settings {
	s := ga.DefaultSettings(ga.Classic)
	s.Population, s.Generations, s.TC, s.Workers = 4, 3, "nodes=300", 1
	return s
}

// StartRun makes the run and its directory, or, refused, nothing at all.
func TestStartRun(t *testing.T) {
	tests := []struct {
		name     string
		settings func(*ga.Settings)
		run      string
		fresh    bool
		wantName string // "" when it is refused
		wantErr  string
	}{
		{"free name", nil, "a", false, "a", ""},
		{"taken name", nil, "taken", false, "", "exists already"},
		{"taken name, fresh", nil, "taken", true, "taken-2", ""},
		{"bad settings", func(s *ga.Settings) { s.Population = 0 }, "b", false, "", "population"},
		{"saved reference player", func(s *ga.Settings) { s.Reference = "name=ref,player=kept,depth=1" }, "c", false, "c", ""},
		{"missing reference player", func(s *ga.Settings) { s.Reference = "name=ref,player=gone,depth=1" }, "d", false, "", "gone"},
		{"bad name", nil, "../x", true, "", "name"},
	}
	d, _ := Open(t.TempDir())
	if err := os.Mkdir(filepath.Join(d.Root, Runs, "taken"), 0o755); err != nil {
		t.Fatal(err)
	}
	c, _ := core.Player("seed000")
	if err := d.SavePlayer(&Player{Name: "kept", Chromosome: c, Search: "strong"}, false); err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		before := d.Names(Runs)
		s := tinySettings()
		if tc.settings != nil {
			tc.settings(&s)
		}
		h, r, err := d.StartRun(s, tc.run, tc.fresh)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%s: %v, want an error saying %q", tc.name, err, tc.wantErr)
			}
			if after := d.Names(Runs); len(after) != len(before) {
				t.Errorf("%s: refused, yet the runs went from %v to %v", tc.name, before, after)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if h.Name != tc.wantName || r.Generation != 0 || len(r.Population) != s.Population {
			t.Errorf("%s: run %q at generation %d of %d, want %q", tc.name, h.Name, r.Generation, len(r.Population), tc.wantName)
		}
		if _, _, err := d.OpenRun(h.Name); err == nil {
			t.Errorf("%s: the new run is not locked", tc.name)
		}
		h.Close()
	}
}

// Begin writes the start, then (Interval 0) a checkpoint after every
// generation while room allows it; a run stopped is resumed, reopened, on other workers.
func TestBeginAndResumeRun(t *testing.T) {
	d, _ := Open(t.TempDir())
	h, r, err := d.StartRun(tinySettings(), "r", false)
	if err != nil {
		t.Fatal(err)
	}
	full := errors.New("full")
	var sizes []int64
	room := func(size int64) error {
		sizes = append(sizes, size)
		if len(sizes) > 2 {
			return full
		}
		return nil
	}
	h.Interval = 0 // every generation saved: room is asked before each
	if err := h.Begin(r, room); err != nil {
		t.Fatal(err)
	}
	if back, err := d.LoadRun("r"); err != nil || back.Generation != 0 {
		t.Fatalf("the start reads back as %v, %v", back, err)
	}
	for gen := 1; gen <= 3; gen++ {
		r.Generation = gen
		err := r.AfterGeneration(r)
		if gen < 3 && err != nil || gen == 3 && err != full {
			t.Fatalf("generation %d: %v", gen, err)
		}
	}
	if back, _ := d.LoadRun("r"); back.Generation != 2 || len(sizes) != 3 || sizes[0] <= 0 {
		t.Fatalf("after a refused third generation the run stands at %d (room asked with %v)", back.Generation, sizes)
	}
	if cps, _ := filepath.Glob(filepath.Join(h.Dir(), "checkpoints", "gen-*.json")); len(cps) != 3 {
		t.Errorf("checkpoints %v, want generations 0 to 2", cps)
	}
	r.Generation, r.Finished = 2, "stopped" // as the refused generation left it
	if err := h.Save(r); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.ResumeRun("r", 2); err == nil {
		t.Fatal("resumed a run that is open")
	}
	h.Close()
	h, back, err := d.ResumeRun("r", 3)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if back.Finished != "" || back.Settings.Workers != 3 || back.Generation != 2 {
		t.Errorf("resumed: finished %q, %d workers, generation %d", back.Finished, back.Settings.Workers, back.Generation)
	}
	if _, _, err := d.ResumeRun("nosuch", 1); err == nil {
		t.Error("resumed a run that is not there")
	}
}
