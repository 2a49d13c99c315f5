package ga

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/evochess/evochess/arena/dataset"
	"github.com/evochess/evochess/core"
)

// playoutSet makes n samples from random legal playouts (seeded): every
// position after the 6th ply that is not in check, with a result drawn by
// label from the position's evaluation under w (white's view).
func playoutSet(t testing.TB, n int, seed uint64, w *core.Weights, label func(rng *rand.Rand, v int) dataset.Result) *dataset.Set {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	e := core.NewEvaluator(w)
	set := &dataset.Set{}
	for len(set.Samples) < n {
		p := core.NewPosition()
		for ply := 0; ply < 120 && len(set.Samples) < n; ply++ {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			p.MakeMove(moves[rng.IntN(len(moves))])
			if ply < 6 || p.InCheck() {
				continue
			}
			v := e.Evaluate(p)
			if p.SideToMove() == core.Black {
				v = -v
			}
			set.Samples = append(set.Samples, dataset.Sample{Pos: p.Pack(), Result: label(rng, v), Score: int16(max(-3000, min(3000, v)))})
		}
	}
	return set
}

func drawAll(*rand.Rand, int) dataset.Result { return dataset.Draw }

// sigmoidResults draws each result as a win for white with probability
// σ(v/k): a dataset whose best K is k.
func sigmoidResults(k float64) func(*rand.Rand, int) dataset.Result {
	return func(rng *rand.Rand, v int) dataset.Result {
		if rng.Float64() < sigmoid(float64(v), k) {
			return dataset.WhiteWins
		}
		return dataset.BlackWins
	}
}

func fullWeights(t testing.TB) *core.Weights {
	t.Helper()
	c, err := core.Preset("full")
	if err != nil {
		t.Fatal(err)
	}
	w, err := c.Default().Compile()
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// fullPositions are n playout positions whose results are drawn by full's
// evaluation at K = 150, as Positions at that K; and full's schema.
func fullPositions(t testing.TB, n int, seed uint64) (*Positions, *core.Schema) {
	t.Helper()
	p, err := NewPositions("t", playoutSet(t, n, seed, fullWeights(t), sigmoidResults(150)), LabelResult, 150)
	if err != nil {
		t.Fatal(err)
	}
	full, err := core.Preset("full")
	if err != nil {
		t.Fatal(err)
	}
	return p, full
}

// The error is the mean of (target − σ(eval/K))² computed position by
// position from FEN, and it is the same, bit for bit, on 1 or 3 workers.
func TestPositionsErrorMatchesDirectComputation(t *testing.T) {
	w := fullWeights(t)
	set := playoutSet(t, 3*blockSize+17, 3, w, sigmoidResults(200))
	p, err := NewPositions("t", set, LabelResult, 150)
	if err != nil {
		t.Fatal(err)
	}
	e := core.NewEvaluator(w)
	want := 0.0
	for _, s := range set.Samples {
		var q core.Position
		if err := s.Pos.Unpack(&q); err != nil {
			t.Fatal(err)
		}
		fen, err := core.ParseFEN(q.FEN())
		if err != nil {
			t.Fatal(err)
		}
		v := e.Evaluate(fen)
		if fen.SideToMove() == core.Black {
			v = -v
		}
		d := s.Result.Score() - 1/(1+math.Exp(-float64(v)/150))
		want += d * d
	}
	want /= float64(len(set.Samples))
	var got [2]float64
	for i, workers := range []int{1, 3} {
		if got[i], err = p.meanSquaredError(context.Background(), w, 150, workers); err != nil {
			t.Fatal(err)
		}
	}
	if got[0] != got[1] {
		t.Errorf("1 worker %v, 3 workers %v: the error depends on the workers", got[0], got[1])
	}
	if math.Abs(got[0]-want) > 1e-9 {
		t.Errorf("error %v, computed position by position %v", got[0], want)
	}
}

// The positions fitness scores a run's chromosomes as its players
// evaluate them: full's set 3 with the EvalTerms2 terms, unless the run's
// option turns them off (the error is the one of the switch set by hand,
// and not the error with the other setting).
func TestPositionsFitnessEvalTerms2(t *testing.T) {
	ctx := context.Background()
	p, full := fullPositions(t, 2000, 13)
	c := full.Default()
	on, err := p.Errors(ctx, []*core.Chromosome{c}, 2) // full's set 3 plays them
	if err != nil {
		t.Fatal(err)
	}
	w, err := c.Compile()
	if err != nil {
		t.Fatal(err)
	}
	if !w.Search.EvalTerms2 {
		t.Fatal("full's defaults compile with EvalTerms2 off")
	}
	w.Search.EvalTerms2 = false
	off, err := p.meanSquaredError(ctx, w, p.K, 2)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("error of full's defaults: %.6f off, %.6f on", off, on[0])
	if on[0] == off {
		t.Fatal("the terms change no error: this test proves nothing")
	}
	for _, tc := range []struct {
		name    string
		options [][2]string
		want    float64
	}{
		{"no options", nil, on[0]},
		{"EvalTerms2 off", [][2]string{{"EvalTerms2", "false"}}, off},
		{"EvalTerms2 on", [][2]string{{"EvalTerms2", "true"}}, on[0]},
	} {
		s := DefaultSettings(CMAES)
		s.Dataset, s.Options, s.Population, s.Workers = "t", tc.options, 3, 2
		r, err := NewRun(s, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.AttachPositions(p); err != nil {
			t.Fatal(err)
		}
		g := &Genome{Chromosome: c}
		if err := r.positionsFitness(ctx, []*Genome{g}); err != nil {
			t.Fatal(err)
		}
		if -g.Fitness != tc.want {
			t.Errorf("%s: error %v, want %v", tc.name, -g.Fitness, tc.want)
		}
	}
}

// FitK recovers the scale the results were drawn with.
func TestFitKRecoversTheScale(t *testing.T) {
	w := fullWeights(t)
	for _, k := range []float64{80, 250} {
		set := playoutSet(t, 20000, 5, w, sigmoidResults(k))
		p, err := NewPositions("t", set, LabelResult, 0)
		if err != nil {
			t.Fatal(err)
		}
		got, err := p.FitK(context.Background(), w, 2)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got-k)/k > 0.15 {
			t.Errorf("results drawn at K=%g: fitted K=%.1f", k, got)
		}
	}
}

// A score label is read on the reference scores' own scale: with the
// results drawn as σ(score/k), ScoreK recovers k whatever our K is, and a
// mix target is (1 − F) × result + F × σ(score/ScoreK).
func TestScoreKRecoversTheReferenceScale(t *testing.T) {
	w := fullWeights(t)
	for _, k := range []float64{90, 300} {
		set := playoutSet(t, 20000, 6, w, sigmoidResults(k))
		p, err := NewPositions("t", set, "mix=0.25", 150)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(p.ScoreK-k)/k > 0.15 {
			t.Errorf("results drawn at scale %g: fitted ScoreK=%.1f", k, p.ScoreK)
		}
		for i := 0; i < 100; i++ {
			s := set.Samples[i]
			want := 0.75*s.Result.Score() + 0.25*sigmoid(float64(s.Score), p.ScoreK)
			if math.Abs(float64(p.targets[i])-want) > 1e-6 {
				t.Fatalf("sample %d: target %v, want %v", i, p.targets[i], want)
			}
		}
		p.SetScoreK(k)
		if s := set.Samples[0]; math.Abs(float64(p.targets[0])-(0.75*s.Result.Score()+0.25*sigmoid(float64(s.Score), k))) > 1e-6 {
			t.Errorf("SetScoreK(%g) left the targets as they were", k)
		}
		// FitK fits our K to the results alone and leaves the targets be.
		before := append([]float32(nil), p.targets...)
		if _, err := p.FitK(context.Background(), w, 2); err != nil {
			t.Fatal(err)
		}
		for i := range before {
			if p.targets[i] != before[i] {
				t.Fatalf("FitK changed target %d", i)
			}
		}
	}
}

// A better evaluation has a smaller error: material-only weights fit a
// dataset labelled by the full evaluation worse than the full weights do.
func TestPositionsErrorRanksEvaluations(t *testing.T) {
	p, full := fullPositions(t, 8000, 9)
	worse := full.Default()
	for i, g := range full.Genes {
		if !g.Fixed && g.Group != "material" {
			worse.Values[i] = g.Lo + (g.Hi-g.Lo)*float64(i%7)/6 // far from the defaults
		}
	}
	errs, err := p.Errors(context.Background(), []*core.Chromosome{full.Default(), worse}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if errs[0] >= errs[1] {
		t.Errorf("full default error %v is not below a scrambled one's %v", errs[0], errs[1])
	}
}

func TestNewPositionsRejects(t *testing.T) {
	w := fullWeights(t)
	set := playoutSet(t, 10, 1, w, drawAll)
	set.Samples[4].Score = dataset.NoScore
	for _, tc := range []struct {
		name  string
		set   *dataset.Set
		label string
	}{
		{"empty", &dataset.Set{}, LabelResult},
		{"bad label", set, "mix=2"},
		{"unknown label", set, "elo"},
		{"score without scores", set, LabelScore},
	} {
		if _, err := NewPositions("t", tc.set, tc.label, 100); err == nil {
			t.Errorf("%s: accepted", tc.name)
		}
	}
}

// Scoring a position allocates nothing.
func TestPositionsBlockDoesNotAllocate(t *testing.T) {
	w := fullWeights(t)
	set := playoutSet(t, 500, 2, w, drawAll)
	p, err := NewPositions("t", set, LabelResult, 150)
	if err != nil {
		t.Fatal(err)
	}
	e := core.NewEvaluator(w)
	var q core.Position
	allocs := testing.AllocsPerRun(5, func() {
		if _, err := p.blockError(e, &q, 150, 0, len(set.Samples)); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per block of %d positions", allocs, len(set.Samples))
	}
}

// BenchmarkPositionsError measures one chromosome's error over 200 000
// distinct positions on every core; positions/s is for the whole machine,
// ns/position per core is it divided back by the cores used.
func BenchmarkPositionsError(b *testing.B) {
	w := fullWeights(b)
	set := playoutSet(b, 200000, 11, w, sigmoidResults(150))
	p, err := NewPositions("bench", set, LabelResult, 150)
	if err != nil {
		b.Fatal(err)
	}
	workers := 2
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := p.meanSquaredError(context.Background(), w, 150, workers); err != nil {
			b.Fatal(err)
		}
	}
	perPos := b.Elapsed().Seconds() / float64(b.N) / float64(p.Len())
	b.ReportMetric(1/perPos, "positions/s")
	b.ReportMetric(perPos*1e9*float64(workers), "ns/position/core")
	b.ReportMetric(perPos*1e6, "s/1M-positions")
}
