package ga

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
)

// AtRest is called whenever the run stops advancing, at the generation it
// stands at, and not again after a hook has just failed to save it.
func TestAtRestWhenTheRunStops(t *testing.T) {
	broken := errors.New("engine gone")
	full := errors.New("disk full")
	tests := []struct {
		name string
		// during is called as each generation's fitness is measured with
		// the generations done before it; after after each generation.
		during  func(r *Run, done int, cancel context.CancelFunc) error
		after   func(r *Run) error
		atRest  func(r *Run) error // besides recording the call
		want    []string           // each call: generation, and "paused" or how the run ended
		wantErr error
	}{
		{name: "finished", want: []string{"3 generations"}},
		{name: "stopped", after: func(r *Run) error {
			if r.Generation == 1 {
				r.Stop()
			}
			return nil
		}, want: []string{"1 stopped"}},
		{name: "cancelled in a generation", during: func(_ *Run, done int, cancel context.CancelFunc) error {
			if done == 2 {
				cancel()
				return context.Canceled
			}
			return nil
		}, want: []string{"2 "}, wantErr: context.Canceled},
		{name: "failed in a generation", during: func(_ *Run, done int, _ context.CancelFunc) error {
			if done == 1 {
				return broken
			}
			return nil
		}, want: []string{"1 "}, wantErr: broken},
		{name: "AfterGeneration failed to save", after: func(r *Run) error {
			if r.Generation == 2 {
				return full
			}
			return nil
		}, want: nil, wantErr: full},
		{name: "paused, then stopped", after: func(r *Run) error {
			if r.Generation == 1 {
				r.Pause()
			}
			return nil
		}, atRest: func(r *Run) error {
			if r.Paused() {
				r.Stop()
				r.Resume()
			}
			return nil
		}, want: []string{"1 paused", "1 stopped"}},
		{name: "AtRest failed at the end", atRest: func(*Run) error { return full }, want: []string{"3 generations"}, wantErr: full},
		{name: "AtRest failed at a pause", after: func(r *Run) error {
			if r.Generation == 1 {
				r.Pause()
			}
			return nil
		}, atRest: func(*Run) error { return full }, want: []string{"1 paused"}, wantErr: full},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := DefaultSettings(Classic)
			s.Population, s.Generations = 6, 3
			r := hookedRun(t, s)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			r.evaluateHook = func(ctx context.Context, pop []*Genome) error {
				if tc.during != nil {
					if err := tc.during(r, r.Generation, cancel); err != nil {
						return err
					}
				}
				return byFirstGene(ctx, pop)
			}
			r.AfterGeneration = tc.after
			var calls []string
			r.AtRest = func(r *Run) error {
				how := r.Finished
				if r.Paused() {
					how = "paused"
				}
				calls = append(calls, fmt.Sprintf("%d %s", r.Generation, how))
				if tc.atRest != nil {
					return tc.atRest(r)
				}
				return nil
			}
			err := r.Execute(ctx)
			if !errors.Is(err, tc.wantErr) || (err == nil) != (tc.wantErr == nil) {
				t.Fatalf("Execute: %v, want %v", err, tc.wantErr)
			}
			if !slices.Equal(calls, tc.want) {
				t.Errorf("AtRest called at %q, want %q", calls, tc.want)
			}
		})
	}
}
