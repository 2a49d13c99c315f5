package saves

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/evochess/evochess/ga"
)

// savedGenerations lists the generations h has checkpoints of, oldest first.
func savedGenerations(h *RunHandle) []int {
	var gens []int
	for _, cp := range h.checkpoints() {
		gens = append(gens, checkpointGeneration(cp))
	}
	slices.Reverse(gens)
	return gens
}

// generationOf is r's generation, -1 without r.
func generationOf(r *ga.Run) int {
	if r == nil {
		return -1
	}
	return r.Generation
}

// Generations shorter than the interval are saved in batches, longer ones
// each at its end, and the run at rest whatever came before; room is
// asked before every save but the start.
func TestBeginBatchesShortGenerations(t *testing.T) {
	tests := []struct {
		name     string
		interval time.Duration
		each     time.Duration // what a generation takes
		want     []int         // generations with a checkpoint
		asked    int           // room's calls
	}{
		{"every generation", 0, time.Second, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, 13},
		{"short generations", 10 * time.Second, 3 * time.Second, []int{0, 4, 8, 12}, 4},
		{"adaptive's", 10 * time.Second, 2 * time.Millisecond, []int{0, 12}, 1},
		{"games", 10 * time.Second, 15 * time.Second, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, 13},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, _ := Open(t.TempDir())
			h, r, err := d.StartRun(tinySettings(), "r", false)
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			clock := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
			h.now = func() time.Time { return clock }
			h.Interval, h.Keep = tc.interval, 100
			asked := 0
			if err := h.Begin(r, func(int64) error { asked++; return nil }); err != nil {
				t.Fatal(err)
			}
			for gen := 1; gen <= 12; gen++ {
				clock = clock.Add(tc.each)
				r.Generation = gen
				if err := r.AfterGeneration(r); err != nil {
					t.Fatal(err)
				}
			}
			if err := r.AtRest(r); err != nil { // as Execute calls it at the end
				t.Fatal(err)
			}
			if got := savedGenerations(h); !slices.Equal(got, tc.want) || asked != tc.asked {
				t.Errorf("checkpoints of generations %v, room asked %d times; want %v and %d", got, asked, tc.want, tc.asked)
			}
			if back, err := d.LoadRun("r"); err != nil || back.Generation != 12 {
				t.Errorf("the run file reads back at generation %d (%v), want 12", generationOf(back), err)
			}
		})
	}
}

// A run of short generations paused, stopped or finished leaves its file
// at the generation it stands at, though none was due a save.
func TestSavedRunAtRestIsWritten(t *testing.T) {
	d, _ := Open(t.TempDir())
	h, r, err := d.StartRun(tinySettings(), "r", false)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	h.Interval = time.Hour
	if err := h.Begin(r, nil); err != nil {
		t.Fatal(err)
	}
	after := r.AfterGeneration
	r.AfterGeneration = func(r *ga.Run) error {
		if r.Generation == 1 {
			r.Pause()
		}
		return after(r)
	}
	sub := r.Bus().Subscribe()
	defer sub.Close()
	done := make(chan error, 1)
	go func() { done <- r.Execute(context.Background()) }()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for paused := false; !paused; {
		e, ok := sub.Next(ctx)
		if !ok {
			t.Fatal("the run did not pause")
		}
		_, paused = e.(ga.RunPaused)
	}
	if back, err := d.LoadRun("r"); err != nil || back.Generation != 1 {
		t.Fatalf("paused after generation 1, the run file reads back at %d (%v)", generationOf(back), err)
	}
	r.Resume()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	back, err := d.LoadRun("r")
	if err != nil || back.Generation != r.Generation || back.Finished != r.Finished || r.Finished == "" {
		t.Fatalf("finished %q at generation %d, the run file reads back at %d (%v)", r.Finished, r.Generation, generationOf(back), err)
	}
}

// Cancelled in a generation with generations unsaved, a run saves the last
// complete one; resumed, it ends as the run that never stopped.
func TestCancelledRunResumesExactly(t *testing.T) {
	for _, m := range []string{ga.Dynamic, ga.Adaptive, ga.CMAES} {
		t.Run(m, func(t *testing.T) {
			straight := tinyRun(t, m, 3)
			if err := straight.Execute(context.Background()); err != nil {
				t.Fatal(err)
			}
			d, _ := Open(t.TempDir())
			h, err := d.CreateRun("r")
			if err != nil {
				t.Fatal(err)
			}
			r := tinyRun(t, m, 3)
			h.Interval = time.Hour // nothing saved between the start and the end
			if err := h.Begin(r, nil); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			after := r.AfterGeneration
			r.AfterGeneration = func(r *ga.Run) error {
				if r.Generation == 1 {
					cancel() // Ctrl-C: the next generation is abandoned
				}
				return after(r)
			}
			if err := r.Execute(ctx); !errors.Is(err, context.Canceled) {
				t.Fatalf("Execute: %v, want cancelled", err)
			}
			h.Close()
			back, err := d.LoadRun("r")
			if err != nil {
				t.Fatal(err)
			}
			if back.Generation < 1 || back.Generation >= straight.Generation || !bytes.Equal(fingerprint(t, back), fingerprint(t, r)) {
				t.Fatalf("cancelled at generation %d of %d, the run file at %d is not the run", r.Generation, straight.Generation, back.Generation)
			}
			h, resumed, err := d.ResumeRun("r", 1)
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			h.Interval = time.Hour
			if err := h.Begin(resumed, nil); err != nil {
				t.Fatal(err)
			}
			if err := resumed.Execute(context.Background()); err != nil {
				t.Fatal(err)
			}
			if got, want := fingerprint(t, resumed), fingerprint(t, straight); !bytes.Equal(got, want) {
				t.Fatal("the resumed run differs from the straight one")
			}
			if saved, err := ReadRunFile(filepath.Join(h.Dir(), runFile)); err != nil || !bytes.Equal(fingerprint(t, saved), fingerprint(t, straight)) {
				t.Fatalf("the finished run's file is not the run (%v)", err)
			}
		})
	}
}
