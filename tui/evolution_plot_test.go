package tui

import (
	"math"
	"strings"
	"testing"

	"github.com/evochess/evochess/ga"
	"github.com/evochess/evochess/tui/evolution"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

// endedRun puts the Evolution tab on the view of an ended run of preset
// with a made-up history of gens generations: each gene's mean moves from
// its generation-0 value by an exponential approach plus a wobble, its std
// shrinks, so every plot has a shape to draw; edit changes the run and
// its history before the tab shows them. Only the view is under test.
func endedRun(t *testing.T, a *App, preset string, gens int, edit ...func(*ga.Run, []ga.GenStats)) *evolution.Page {
	t.Helper()
	tuitest.Keys(a, "3")
	e := a.pages[tabEvolution].(*evolution.Page)
	s := ga.DefaultSettings(ga.Dynamic)
	if preset != "seed003" {
		s = ga.DefaultSettings(ga.Classic)
	}
	s.UsePreset(preset) // as the Evolution tab does: a paper's search only on its own chromosome
	r, err := ga.NewRun(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	var history []ga.GenStats
	n := len(r.Schema().Genes)
	for g := 0; g < gens; g++ {
		st := ga.GenStats{Generation: g, Best: 2, Mean: 1, Diversity: 0.3 * math.Exp(-float64(g)/200),
			GeneMean: make([]float64, n), GeneStd: make([]float64, n)}
		for i := range n {
			v0 := r.Population[0].Chromosome.Values[i]
			f := 1 - math.Exp(-float64(g)/float64(50+10*(i%7)))
			st.GeneMean[i] = v0 + f*float64(i%5+1) + 0.1*math.Sin(float64(g*(i+1))/20)
			st.GeneStd[i] = (0.7 + 0.1*float64(i%3)) * math.Exp(-float64(g*(i%4+1))/300)
		}
		history = append(history, st)
	}
	for _, f := range edit {
		f(r, history)
	}
	e.ShowEnded(r, history)
	return e
}

func TestGenePlotViews(t *testing.T) {
	cases := []struct {
		name, preset string
		w, h         int
		keys         string
		want         []string // in the view
	}{
		{"evolution-fitness-80x24", "seed003", 80, 24, "",
			[]string{"fitness  ⠒⠒ best  ·· mean", "0        generation         519", "diversity"}},
		{"evolution-genes-80x24", "seed003", 80, 24, "g",
			[]string{"fig. 2", "6 genes", "queen_value", "rook_value", "bishop_value", "knight_value", "doubled_pawn", "mobility", "generation 0 … 519"}},
		{"evolution-genes-120x40", "seed003", 120, 40, "g",
			[]string{"fig. 2", "queen_value", "mobility"}},
		{"evolution-gene-stds-80x24", "seed003", 80, 24, "gg",
			[]string{"fig. 3", "queen_value std", "(gen 0: 0.7)"}},
		{"evolution-genes-full-80x24", "full", 80, 24, "g",
			[]string{"genes 1–6 of", "by spread"}},
		{"evolution-genes-full-page2-80x24", "full", 80, 24, "gG",
			[]string{"genes 7–12 of"}},
		{"evolution-help-80x24", "seed003", 80, 24, "?",
			[]string{"plots: fitness/path/means/stds", "next genes"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := testApp(t, c.w, c.h)
			endedRun(t, a, c.preset, 520)
			tuitest.Keys(a, c.keys)
			v := a.View()
			tuitest.FitsWindow(t, v, c.w, c.h)
			for _, s := range c.want {
				if !strings.Contains(v, s) {
					t.Errorf("view lacks %q", s)
				}
			}
			tuitest.Golden(t, c.name, v)
		})
	}
}

// g cycles fitness → gene means → gene stds → fitness.
func TestGeneViewKeyCycles(t *testing.T) {
	a := testApp(t, 80, 24)
	e := endedRun(t, a, "seed003", 10)
	for i, want := range []string{"⠒⠒ best", "fig. 2", "fig. 3", "⠒⠒ best"} {
		if i > 0 {
			tuitest.Keys(a, "g")
		}
		if v := e.View(); !strings.Contains(v, want) {
			t.Fatalf("after %d presses of g the view lacks %q:\n%s", i, want, v)
		}
	}
}

// The fitness view of a run that validated every 50 generations, with
// the best genome's piece-square tables: every figure, the heat map and
// the axes fit the window.
func TestFitnessViewValidated(t *testing.T) {
	a := testApp(t, 80, 24)
	endedRun(t, a, "full", 520, func(r *ga.Run, history []ga.GenStats) {
		for g := 0; g < len(history); g += 50 {
			v := &ga.Validation{}
			v.VsGen0.Elo, v.VsDefault.Elo = 40*math.Sqrt(float64(g)), -120+float64(g)/5
			history[g].Validation = v
		}
		history[len(history)-1].BestGenes = r.Population[0].Chromosome.Values
	})
	v := a.View()
	tuitest.FitsWindow(t, v, 80, 24)
	for _, s := range []string{"fitness  ⠒⠒ best  ·· mean", "validation Elo  ⠒⠒ v gen 0  ·· v default", "0        generation         500", "pst_pawn_mg (t: next table)", "0 = "} {
		if !strings.Contains(v, s) {
			t.Errorf("view lacks %q", s)
		}
	}
	tuitest.Golden(t, "evolution-validated-80x24", v)
}
