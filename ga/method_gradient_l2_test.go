package ga

import (
	"context"
	"math"
	"testing"

	"github.com/evochess/evochess/core"
)

// l2Run is a gradient run of full on p with a ridge of l2.
func l2Run(t *testing.T, p *Positions, gens int, l2 float64) *Run {
	t.Helper()
	s := DefaultSettings(Gradient)
	s.Dataset, s.Generations, s.Relinearise, s.Workers, s.Rate, s.L2 = "t", gens, 20, 2, 0.005, l2
	s.UsePreset("full")
	r, err := NewRun(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.AttachPositions(p); err != nil {
		t.Fatal(err)
	}
	if err := r.Execute(context.Background()); err != nil {
		t.Fatal(err)
	}
	return r
}

// moved is the mean distance, in ranges, the run took the evolving genes
// from full's defaults, over the genes that move the evaluation of at
// least lo and fewer than hi positions of model m.
func moved(t *testing.T, r *Run, m *linearModel, lo, hi int) float64 {
	full, err := core.Preset("full")
	if err != nil {
		t.Fatal(err)
	}
	start := full.Default()
	d, n := 0.0, 0
	for k, i := range r.live() {
		if c := len(m.idx[k]); c >= lo && c < hi {
			d += math.Abs(r.Grad.X[k] - start.Values[i]/geneRange(&r.schema.Genes[i]))
			n++
		}
	}
	if n == 0 {
		t.Fatalf("no gene moves %d to %d positions", lo, hi)
	}
	return d / float64(n)
}

// The ridge holds the genes few positions speak for near the start, and
// lets those many positions speak for move: without it Adam on the full
// batch steps them alike.
func TestGradientRidge(t *testing.T) {
	p, _ := fullPositions(t, 1000, 9)
	free, ridge := l2Run(t, p, 30, 0), l2Run(t, p, 30, 0.005)
	if free.Grad.Start != nil || len(ridge.Grad.Start) != len(ridge.Grad.X) {
		t.Fatalf("start kept: %d genes without a ridge, %d with", len(free.Grad.Start), len(ridge.Grad.Start))
	}
	m := free.lin // the same positions: the counts of one model serve both
	rareFree, rareRidge := moved(t, free, m, 1, 15), moved(t, ridge, m, 1, 15)
	commonFree, commonRidge := moved(t, free, m, p.Len()/5, math.MaxInt), moved(t, ridge, m, p.Len()/5, math.MaxInt)
	errStart, errFree, errRidge := -free.History[0].Best, -free.History[len(free.History)-1].Best, -ridge.History[len(ridge.History)-1].Best
	t.Logf("moved, rare genes: %.4f free, %.4f ridge; common genes: %.4f free, %.4f ridge; error %.6f → %.6f free, %.6f ridge",
		rareFree, rareRidge, commonFree, commonRidge, errStart, errFree, errRidge)
	if !(rareRidge < 0.25*rareFree) {
		t.Errorf("the rare genes moved %.4f with the ridge, %.4f without", rareRidge, rareFree)
	}
	if !(commonRidge > 0.25*commonFree) {
		t.Errorf("the common genes moved %.4f with the ridge, %.4f without", commonRidge, commonFree)
	}
	if !(errRidge < errStart) {
		t.Errorf("with the ridge the error went %.6f → %.6f", errStart, errRidge)
	}
}

// The ridge's slope is the derivative of l2 × Σ (x − start)²: it agrees
// with the central difference of the penalty.
func TestRidgeSlopeIsTheDerivative(t *testing.T) {
	st := &GradState{X: []float64{0.3, -0.2, 0.05}, Start: []float64{0.1, 0.1, 0.05}}
	penalty := func(l2 float64) float64 {
		s := 0.0
		for k := range st.X {
			s += l2 * (st.X[k] - st.Start[k]) * (st.X[k] - st.Start[k])
		}
		return s
	}
	const h = 1e-6
	for _, l2 := range []float64{0, 0.005, 3} {
		for k := range st.X {
			x := st.X[k]
			st.X[k] = x + h
			up := penalty(l2)
			st.X[k] = x - h
			down := penalty(l2)
			st.X[k] = x
			if want, got := (up-down)/(2*h), ridgeSlope(l2, st, k); math.Abs(got-want) > 1e-6 {
				t.Errorf("l2 %g, gene %d: slope %g, the penalty's derivative %g", l2, k, got, want)
			}
		}
	}
}
