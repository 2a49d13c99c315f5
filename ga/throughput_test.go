package ga

import (
	"context"
	"flag"
	"runtime"
	"testing"
	"time"

	"github.com/evochess/evochess/arena"
)

var throughput = flag.Bool("ga.throughput", false, "measure games/s of fitness evaluation against the arena alone (slow; needs a quiet machine)")

// TestFitnessThroughput compares the games per second of a round-robin
// fitness evaluation with an arena round-robin tournament of the same
// individuals, players, time control, book and workers. Required: ≥ 90%.
//
//	go test ./ga -run FitnessThroughput -ga.throughput -v
func TestFitnessThroughput(t *testing.T) {
	if !*throughput {
		t.Skip("needs -ga.throughput")
	}
	s := DefaultSettings(MNC)
	s.Population, s.Generations, s.Workers, s.TC, s.MaxMoves = 14, 1, runtime.NumCPU(), "nodes=2000", 150
	best := func(f func() (int, time.Duration)) float64 {
		top := 0.0
		for rep := 0; rep < 3; rep++ {
			n, d := f()
			top = max(top, float64(n)/d.Seconds())
		}
		return top
	}
	ga := best(func() (int, time.Duration) {
		r, err := NewRun(s, nil)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		if err := r.Execute(context.Background()); err != nil {
			t.Fatal(err)
		}
		return r.History[0].Games, time.Since(start)
	})
	alone := best(func() (int, time.Duration) {
		r, err := NewRun(s, nil)
		if err != nil {
			t.Fatal(err)
		}
		ev, err := newEvaluator(&r.Settings, r.schema, nil, nil, nil, false)
		if err != nil {
			t.Fatal(err)
		}
		ev.close()
		tour := &arena.Tournament{Format: arena.RoundRobin, Rounds: 1, Book: ev.book, Seed: 9, Workers: s.Workers,
			Options: arena.GameOptions{TC: ev.tc, MaxMoves: s.MaxMoves}}
		for _, g := range r.Population {
			tour.Players = append(tour.Players, ev.spec(g))
		}
		start := time.Now()
		rep, err := tour.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return rep.Games, time.Since(start)
	})
	ratio := ga / alone
	t.Logf("fitness evaluation %.2f games/s, arena alone %.2f games/s: %.1f%% (%d workers, population %d, %s)", ga, alone, 100*ratio, s.Workers, s.Population, s.TC)
	if ratio < 0.9 {
		t.Errorf("fitness evaluation reaches %.1f%% of the arena's games/s, want ≥ 90%%", 100*ratio)
	}
}
