package ga

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"
)

// tiny returns a method's defaults cut down to run in a second or two.
func tiny(method string) Settings {
	s := DefaultSettings(method)
	s.Generations, s.MaxMoves, s.TC = 3, 30, "nodes=300"
	s.ReferenceGames, s.StartMoves, s.StartDepth = 2, 4, 2
	switch method {
	case Classic:
		s.Population = 6
	case MNC:
		s.Population = 6
	case Adaptive:
		s.Population, s.Problems, s.Generations, s.Suite = 4, 3, 2, "wac"
	case CMAES, SPSA:
		// Games (the positions fitness has its own tests, tuners_test.go).
		s.Fitness, s.Population = FitnessRoundRobin, 4
	}
	return s
}

// fingerprint is the run as JSON without its wall times and worker count:
// everything that must not depend on how many workers played.
func fingerprint(t *testing.T, r *Run) []byte {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	delete(m["settings"].(map[string]any), "workers")
	hist, _ := m["history"].([]any)
	for _, h := range hist {
		delete(h.(map[string]any), "seconds")
		delete(h.(map[string]any), "elapsed")
		delete(h.(map[string]any), "cpu")
		delete(h.(map[string]any), "cpu_elapsed")
	}
	if b, err = json.Marshal(m); err != nil {
		t.Fatal(err)
	}
	return b
}

func runFor(t *testing.T, s Settings) *Run {
	t.Helper()
	r, err := NewRun(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Execute(context.Background()); err != nil {
		t.Fatal(err)
	}
	return r
}

// Same seed and settings with fixed-node players: the same run, bit for
// bit, with one worker or two, for every method and fitness kind.
func TestRunsAreReproducible(t *testing.T) {
	cases := []struct {
		method, fitness string
	}{
		{Classic, FitnessReference},
		{MNC, FitnessRoundRobin},
		{Dynamic, FitnessMatch},
		{Adaptive, FitnessProblems},
		{Classic, FitnessMatch},
		{CMAES, FitnessRoundRobin},
		{SPSA, FitnessMatch},
	}
	for _, tc := range cases {
		t.Run(tc.method+"/"+tc.fitness, func(t *testing.T) {
			s := tiny(tc.method)
			s.Fitness = tc.fitness
			s.Workers = 1
			a := runFor(t, s)
			s.Workers = 2
			b := runFor(t, s)
			c := runFor(t, s)
			fa, fb, fc := fingerprint(t, a), fingerprint(t, b), fingerprint(t, c)
			if !bytes.Equal(fb, fc) {
				t.Fatal("two runs with the same seed and 2 workers differ")
			}
			if !bytes.Equal(fa, fb) {
				t.Fatal("1 and 2 workers give different runs")
			}
			if len(a.History) == 0 || a.Finished == "" {
				t.Fatalf("run did not progress: %d generations, finished %q", len(a.History), a.Finished)
			}
			s.Seed++
			if d := runFor(t, s); bytes.Equal(fingerprint(t, d), fb) {
				t.Fatal("another seed gave the same run: the seed is not used")
			}
		})
	}
}

// resumed is r saved as JSON and loaded back, ready to go on (what a
// saved run is after evolve --resume).
func resumed(t *testing.T, r *Run) *Run {
	t.Helper()
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back Run
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	back.Reopen()
	return &back
}
