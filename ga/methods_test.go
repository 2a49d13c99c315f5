package ga

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

// byFirstGene is a hand-checkable fitness: the value of gene 0.
func byFirstGene(_ context.Context, pop []*Genome) error {
	for _, g := range pop {
		g.Fitness, g.Evaluated = g.Chromosome.Values[0], true
	}
	return nil
}

func hookedRun(t *testing.T, s Settings) *Run {
	t.Helper()
	s.Workers = 1
	r, err := NewRun(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.evaluateHook = byFirstGene
	return r
}

func TestTwoRoundSelectionFittestEndsLast(t *testing.T) {
	for seed := uint64(0); seed < 200; seed++ {
		rg := rng(seed)
		n := 2 + int(seed%7)
		line := make([]*Genome, n)
		for i := range line {
			line[i] = &Genome{ID: i, Fitness: float64(rg.IntN(1000)*10 + i)} // distinct
		}
		best := slices.MaxFunc(line, func(a, b *Genome) int { return int(a.Fitness - b.Fitness) })
		next := 100
		clone := func(g *Genome) *Genome {
			c := &Genome{ID: next, Fitness: g.Fitness, Parents: []int{g.ID}}
			next++
			return c
		}
		byFitness := func(a, b *Genome) (float64, float64, error) { return a.Fitness, b.Fitness, nil }
		played, err := twoRoundSelection(rg, line, byFitness, clone)
		if err != nil {
			t.Fatal(err)
		}
		if line[n-1].Fitness != best.Fitness {
			t.Fatalf("seed %d: last slot has fitness %g, the best is %g", seed, line[n-1].Fitness, best.Fitness)
		}
		if len(played) < n-1 {
			t.Fatalf("seed %d: only %d of %d played", seed, len(played), n)
		}
	}
}

// Hand-checked line of three: 0 meets 1 or 2, then 1 meets 2.
func TestTwoRoundSelectionTiesOverwriteNobody(t *testing.T) {
	line := []*Genome{{ID: 0, Fitness: 1}, {ID: 1, Fitness: 1}, {ID: 2, Fitness: 1}}
	cloned := 0
	clone := func(g *Genome) *Genome { cloned++; return g }
	twoRoundSelection(rng(1), line, func(a, b *Genome) (float64, float64, error) { return 1, 1, nil }, clone)
	if cloned != 0 || line[0].ID != 0 || line[1].ID != 1 || line[2].ID != 2 {
		t.Fatalf("a tie overwrote: %d clones, line %v", cloned, ids(line))
	}
	wantErr := errors.New("engine gone")
	if _, err := twoRoundSelection(rng(1), line, func(a, b *Genome) (float64, float64, error) { return 0, 0, wantErr }, clone); !errors.Is(err, wantErr) {
		t.Fatalf("error not passed on: %v", err)
	}
}

func TestClassicKeepsElitesAndBreedsTheRest(t *testing.T) {
	s := DefaultSettings(Classic)
	s.Population, s.Generations = 10, 2
	r := hookedRun(t, s)
	gen0 := r.Population
	byFirstGene(context.Background(), gen0)
	elite := Elite(gen0, 2)
	if err := r.Execute(context.Background()); err != nil {
		t.Fatal(err)
	}
	// Generation 1 started with the two elites, unchanged.
	for k, e := range elite {
		got := r.Population[k]
		if got.ID != e.ID || !slices.Equal(got.Chromosome.Values, e.Chromosome.Values) {
			t.Fatalf("slot %d: genome %d, want elite %d unchanged", k, got.ID, e.ID)
		}
	}
	for _, g := range r.Population[2:] {
		if len(g.Parents) != 2 || g.Note != "blend" || g.ID < len(gen0) {
			t.Fatalf("genome %d is not a new blend child: parents %v note %q", g.ID, g.Parents, g.Note)
		}
	}
	if len(r.History) != 2 || r.History[0].Best != elite[0].Fitness {
		t.Fatalf("history %d generations, best %g, want 2 and %g", len(r.History), r.History[0].Best, elite[0].Fitness)
	}
}

func TestMNCReplacesOnlyLastGeneration(t *testing.T) {
	s := DefaultSettings(MNC)
	s.Population, s.Generations, s.Offspring = 8, 1, 5
	s.StallGenerations, s.SlowGenerations = 0, 0
	r := hookedRun(t, s)
	before := slices.Clone(r.Population)
	s2 := s
	s2.Generations = 2
	r.Settings = s2
	// One generation by hand: evaluate + breed.
	r.ev = &evaluator{s: &r.Settings}
	if err := r.stepMNC(context.Background()); err != nil {
		t.Fatal(err)
	}
	children, kept := 0, 0
	for i, g := range r.Population {
		switch {
		case g.Note == "crowding":
			children++
			if len(g.Parents) != 2 {
				t.Fatalf("child %d has parents %v", g.ID, g.Parents)
			}
		case g == before[i]:
			kept++
		default:
			t.Fatalf("slot %d holds genome %d, neither a child nor its old occupant", i, g.ID)
		}
	}
	if children != 5 || kept != 3 {
		t.Fatalf("%d children and %d kept, want 5 and 3", children, kept)
	}
}

func TestMNCStopsWhenTheBestStays(t *testing.T) {
	s := DefaultSettings(MNC)
	s.Population, s.Generations, s.StallGenerations, s.SlowGenerations = 6, 100, 3, 0
	r := hookedRun(t, s)
	r.evaluateHook = func(_ context.Context, pop []*Genome) error {
		for _, g := range pop {
			g.Fitness, g.Evaluated = 0, true
		}
		pop[0].Fitness = 1 // slot 0 is never replaced below
		return nil
	}
	s.Offspring = 1
	r.Settings.Offspring = 1
	r.Settings.CrowdingGroups, r.Settings.CrowdingGroupSize = 1, 1
	if err := r.Execute(context.Background()); err != nil {
		t.Fatal(err)
	}
	if r.Finished == "generations" || r.Generation >= 100 {
		t.Fatalf("ran %d generations (%s); want an early stop", r.Generation, r.Finished)
	}
}

func TestAdaptiveBreedMutatesOnlyInvolvedGenes(t *testing.T) {
	s := DefaultSettings(Adaptive)
	s.Population = 6
	r := hookedRun(t, s)
	for i, g := range r.Population {
		g.Solved, g.Fitness = i, float64(i)
	}
	top := TopHalf(r.Population)[:3]
	involved := []int{1, 4}
	r.adaptiveBreed(involved, func(g *Genome) float64 { return 0 })
	if !slices.Equal(ids(r.Population[:3]), ids(top)) {
		t.Fatalf("survivors %v, want the top half %v", ids(r.Population[:3]), ids(top))
	}
	for k, c := range r.Population[3:] {
		p := top[k]
		if c.Parents[0] != p.ID || c.Solved != 0 {
			t.Fatalf("child %d: parents %v solved %d, want parent %d and nothing solved yet", c.ID, c.Parents, c.Solved, p.ID)
		}
		for i := range c.Chromosome.Values {
			changed := c.Chromosome.Values[i] != p.Chromosome.Values[i]
			if changed && !slices.Contains(involved, i) {
				t.Fatalf("gene %d changed but is not involved", i)
			}
		}
	}
}

func TestControlAppliesAtBoundaries(t *testing.T) {
	s := DefaultSettings(Classic)
	s.Population, s.Generations = 6, 4
	r := hookedRun(t, s)
	if err := r.Set("mutation-rate", "2"); err == nil {
		t.Fatal("mutation rate 2 was accepted")
	}
	if err := r.Set("population", "x"); err == nil {
		t.Fatal("population x was accepted")
	}
	if err := r.Set("bogus", "1"); err == nil {
		t.Fatal("an unknown parameter was accepted")
	}
	if err := r.Set("population", "8"); err != nil {
		t.Fatal(err)
	}
	if r.Settings.Population != 6 {
		t.Fatal("a change applied before the boundary")
	}
	r.Pause()
	done := make(chan error)
	go func() { done <- r.Execute(context.Background()) }()
	sub := r.Bus().Subscribe()
	defer sub.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		e, ok := sub.Next(ctx)
		if !ok {
			t.Fatal("no pause event")
		}
		if _, ok := e.(RunPaused); ok {
			break
		}
	}
	r.Stop()
	r.Resume()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if r.Finished != "stopped" || r.Generation != 0 {
		t.Fatalf("finished %q after %d generations, want stopped after 0", r.Finished, r.Generation)
	}
	if len(r.Changes) != 1 || r.Changes[0] != (Change{Generation: 0, Param: "population", Old: "6", New: "8"}) || len(r.Population) != 8 {
		t.Fatalf("changes %+v, population %d", r.Changes, len(r.Population))
	}
}

// Cancelling in the middle of a generation leaves the run as it was.
func TestInterruptedGenerationLeavesRunIntact(t *testing.T) {
	s := tiny(Classic)
	s.Fitness, s.Workers = FitnessRoundRobin, 2
	r, err := NewRun(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	before := fingerprint(t, r)
	ctx, cancel := context.WithCancel(context.Background())
	sub := r.Bus().Subscribe()
	go func() {
		for n := 0; ; n++ {
			if _, ok := sub.Next(ctx); !ok {
				return
			}
			if n == 20 {
				cancel()
			}
		}
	}()
	if err := r.Execute(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("Execute: %v, want cancelled", err)
	}
	sub.Close()
	if after := fingerprint(t, r); string(after) != string(before) {
		t.Fatal("the abandoned generation changed the run")
	}
	// And the run goes on to the same result as one never interrupted.
	if err := r.Execute(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got, want := fingerprint(t, r), fingerprint(t, runFor(t, s)); string(got) != string(want) {
		t.Fatal("a run resumed after an interruption differs from an uninterrupted one")
	}
}

// Stop after k generations, save, load, go on: the same run as one that
// never stopped — for every method.
func TestSavedRunResumesExactly(t *testing.T) {
	for _, m := range Methods {
		t.Run(m, func(t *testing.T) {
			if m == Gradient {
				t.Skip("positions only: TestGradientResumesExactly")
			}
			s := tiny(m)
			s.Workers = 2
			want := fingerprint(t, runFor(t, s))
			r, err := NewRun(s, nil)
			if err != nil {
				t.Fatal(err)
			}
			r.AfterGeneration = func(r *Run) error { r.Stop(); return nil }
			if err := r.Execute(context.Background()); err != nil {
				t.Fatal(err)
			}
			if r.Finished != "stopped" || r.Generation != 1 {
				t.Fatalf("stopped %q after %d generations, want after 1", r.Finished, r.Generation)
			}
			back := resumed(t, r)
			if err := back.Execute(context.Background()); err != nil {
				t.Fatal(err)
			}
			if got := fingerprint(t, back); string(got) != string(want) {
				t.Fatal("the resumed run differs from the uninterrupted one")
			}
		})
	}
}
