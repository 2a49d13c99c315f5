package ga

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/evochess/evochess/core"
)

// A hand-checked pass through Algorithm 1 with a stand-in search: the
// genome with ID i solves problem p when p <= i mod 4.
func TestAdaptiveFollowsAlgorithm1(t *testing.T) {
	s := DefaultSettings(Adaptive)
	s.Population, s.Problems, s.Generations, s.Suite, s.Workers = 4, 4, 3, "wac", 1
	r, err := NewRun(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	index := func(p *core.EPDRecord) int { return slices.Index(r.probs, p) }
	searches := 0
	r.solveHook = func(_ context.Context, pop []*Genome, probs []*core.EPDRecord) ([][]bool, error) {
		out := make([][]bool, len(pop))
		for i, g := range pop {
			for _, p := range probs {
				out[i] = append(out[i], index(p) <= g.ID%4)
				searches++
			}
		}
		return out, nil
	}
	if err := r.Execute(context.Background()); err != nil {
		t.Fatal(err)
	}
	if r.Gen0Best == nil || r.Gen0Best.ID != 3 || r.Adaptive.Gen0Solved != 4 {
		t.Fatalf("generation 0's best: %+v solving %d, want ID 3 solving all 4", r.Gen0Best, r.Adaptive.Gen0Solved)
	}
	h := r.History
	// Problem 1: everyone finds it at once: no breeding, next problem.
	if !strings.HasPrefix(h[0].Note, "problem 1/4") || h[0].Best != 1 || h[0].Mean != 1 {
		t.Fatalf("generation 0: %q best %g mean %g", h[0].Note, h[0].Best, h[0].Mean)
	}
	// Problem 2: counts start again from zero (lines 3-5); 1, 2, 3 find it.
	if !strings.HasPrefix(h[1].Note, "problem 2/4") || h[1].Best != 1 || h[1].Mean != 0.75 {
		t.Fatalf("generation 1: %q best %g mean %g (counts not reset?)", h[1].Note, h[1].Best, h[1].Mean)
	}
	// Survivors 1 and 2 found it again (2 each); their children 4 and 5
	// start at zero: 4 does not find it, 5 does.
	if h[2].Best != 2 || h[2].Mean != (2+2+0+1)/4.0 {
		t.Fatalf("generation 2: best %g mean %g, want 2 and 1.25 (children must earn their credit)", h[2].Best, h[2].Mean)
	}
	last := h[len(h)-1]
	if r.Finished != "problems" || !strings.HasPrefix(last.Note, "final re-test") {
		t.Fatalf("finished %q, last note %q", r.Finished, last.Note)
	}
	if b := r.Best(); b == nil || int(b.Fitness) != r.Adaptive.FinalSolved || b.Fitness != last.Best {
		t.Fatalf("best %+v, final solved %d, last best %g", b, r.Adaptive.FinalSolved, last.Best)
	}
	// Generation 0 is kept: each of its players can be picked.
	if len(r.Adaptive.Initial) != 4 {
		t.Fatalf("%d initial players kept, want 4", len(r.Adaptive.Initial))
	}
	g, err := r.Pick("gen0=3")
	if err != nil || !slices.Equal(g.Chromosome.Values, r.Adaptive.Initial[3]) || !slices.Equal(g.Chromosome.Values, r.Gen0Best.Chromosome.Values) {
		t.Fatalf("gen0=3: %v, %v", g, err)
	}
	for _, bad := range []string{"gen0=4", "gen0=-1", "gen0=x"} {
		if _, err := r.Pick(bad); err == nil {
			t.Fatalf("%s was accepted", bad)
		}
	}
	// A survivor's unchanged weights are not searched again on a problem.
	perGen := searches - 2*4*4 // the two re-tests
	if perGen >= len(h[:len(h)-1])*4 {
		t.Fatalf("%d searches for %d generations of 4: survivors searched again", perGen, len(h)-1)
	}
}

// Generation 0's problems come from both suites, mixed.
func TestChooseProblemsShuffles(t *testing.T) {
	probs, err := ChooseProblems(rng(4), "wac,sts", 40)
	if err != nil {
		t.Fatal(err)
	}
	wac := 0
	firstHalf := 0
	for i, p := range probs {
		if strings.HasPrefix(p.ID, "WAC") {
			wac++
			if i < 20 {
				firstHalf++
			}
		}
	}
	if wac != 20 || firstHalf == 20 || firstHalf == 0 {
		t.Fatalf("%d WAC problems, %d of them in the first half: want 20, mixed", wac, firstHalf)
	}
}

// Two ends of a line that differ only in where White's knight stands: the
// genes that decide between them are knight genes, never material (the
// material is equal), and every one of them moves the choice.
func TestDecisionGenesAreTheOnesThatDecide(t *testing.T) {
	s, err := core.Preset("seed004")
	if err != nil {
		t.Fatal(err)
	}
	own, err := core.ParseFEN("4k3/8/8/8/8/N7/8/4K3 b - - 0 1") // knight on the rim
	if err != nil {
		t.Fatal(err)
	}
	sol, err := core.ParseFEN("4k3/8/8/8/3N4/8/8/4K3 b - - 0 1") // knight in the centre
	if err != nil {
		t.Fatal(err)
	}
	base := s.Default()
	got := decisionGenes(s, (*core.Chromosome).Compile, base, core.White, own, sol)
	if len(got) == 0 {
		t.Fatal("no gene decides between a rim knight and a central one")
	}
	for _, i := range got {
		g := s.Genes[i]
		if g.InFamily("material") || !strings.Contains(g.Name, "knight") {
			t.Fatalf("gene %s is involved; only knight placement differs (got %v)", g.Name, got)
		}
	}
	// The same position at both ends: nothing to decide, nothing involved.
	if same := decisionGenes(s, (*core.Chromosome).Compile, base, core.White, own, own); len(same) != 0 {
		t.Fatalf("identical ends involve %v", same)
	}
}
