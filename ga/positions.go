package ga

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/evochess/evochess/arena/dataset"
	"github.com/evochess/evochess/core"
)

// Positions is a dataset made ready for fitness "positions": its samples,
// the target each is scored against and the sigmoid scale K. The error of
// a chromosome is the mean over the samples of (target − σ(eval/K))²,
// where eval is its static evaluation of the (quiet) position from white's
// view, as Texel tuning does.
type Positions struct {
	Name string
	K    float64
	// ScoreK is the sigmoid scale of the reference scores (labels score
	// and mix): the one that best fits them to the game results, so that
	// a score target is the result the reference engine's score predicts
	// on its own scale. Another engine's centipawns are not ours (Debian's
	// Stockfish reports about 100 for a 50 % chance of winning), so K,
	// fitted to our evaluation, would turn its scores into wrong targets.
	ScoreK  float64
	mix     float64 // the weight of the score in a target (parseLabel)
	samples []dataset.Sample
	targets []float32
}

// Labels a positions fitness can score against.
const (
	LabelResult = "result" // the game's result: 1, ½, 0 (Texel tuning)
	LabelScore  = "score"  // σ(reference score / K): imitate a stronger engine
)

// blockSize is how many samples one unit of work covers. Sums are taken
// per block and then added in block order, so an error does not depend on
// how many workers shared the work.
const blockSize = 4096

// NewPositions prepares set for fitness. label is LabelResult, LabelScore
// (the set must carry reference scores) or "mix=F": F × σ(score/ScoreK) +
// (1 − F) × result, ScoreK fitted here. k > 0 is the sigmoid scale of our
// evaluation; 0 leaves it to FitK.
func NewPositions(name string, set *dataset.Set, label string, k float64) (*Positions, error) {
	if set == nil || len(set.Samples) == 0 {
		return nil, fmt.Errorf("dataset %s: no positions", name)
	}
	mix, err := parseLabel(label)
	if err != nil {
		return nil, fmt.Errorf("dataset %s: %v", name, err)
	}
	if mix > 0 {
		for i := range set.Samples {
			if set.Samples[i].Score == dataset.NoScore {
				return nil, fmt.Errorf("dataset %s: label %q needs reference scores; sample %d has none (make the dataset with selfplay --label)", name, label, i)
			}
		}
	}
	// Every position is checked once here, so that scoring can unpack
	// without the checks (core.UnpackForEval).
	var q core.Position
	for i := range set.Samples {
		if err := set.Samples[i].Pos.Unpack(&q); err != nil {
			return nil, fmt.Errorf("dataset %s: sample %d: %v", name, i, err)
		}
		if !set.Samples[i].Result.Valid() {
			return nil, fmt.Errorf("dataset %s: sample %d: result %d is not 0, 1 or 2", name, i, set.Samples[i].Result)
		}
	}
	p := &Positions{Name: name, K: k, mix: mix, samples: set.Samples, targets: make([]float32, len(set.Samples))}
	if mix > 0 {
		if p.ScoreK, err = goldenK(func(k float64) (float64, error) { return p.scoreError(k), nil }); err != nil {
			return nil, err
		}
	}
	p.setTargets(mix)
	return p, nil
}

// scoreError is the mean squared error of the reference scores at scale k
// against the game results.
func (p *Positions) scoreError(k float64) float64 {
	sum := 0.0
	for i := range p.samples {
		s := &p.samples[i]
		d := s.Result.Score() - sigmoid(float64(s.Score), k)
		sum += d * d
	}
	return sum / float64(len(p.samples))
}

// SetScoreK sets the reference scores' scale, instead of the fitted one,
// and recomputes the targets.
func (p *Positions) SetScoreK(k float64) {
	p.ScoreK = k
	p.setTargets(p.mix)
}

// parseLabel returns the weight of the reference score in the target.
func parseLabel(label string) (float64, error) {
	switch label {
	case "", LabelResult:
		return 0, nil
	case LabelScore:
		return 1, nil
	}
	var f float64
	if _, err := fmt.Sscanf(label, "mix=%g", &f); err != nil || f < 0 || f > 1 || math.IsNaN(f) {
		return 0, fmt.Errorf("label %q is not result, score or mix=F with F from 0 to 1", label)
	}
	return f, nil
}

// setTargets computes the targets: mix × σ(score/ScoreK) + (1 − mix) ×
// result.
func (p *Positions) setTargets(mix float64) {
	for i := range p.samples {
		s := &p.samples[i]
		t := s.Result.Score()
		if mix > 0 {
			t = (1-mix)*t + mix*sigmoid(float64(s.Score), p.ScoreK)
		}
		p.targets[i] = float32(t)
	}
}

// Len is the number of positions.
func (p *Positions) Len() int { return len(p.samples) }

func sigmoid(cp, k float64) float64 { return 1 / (1 + math.Exp(-cp/k)) }

// Errors returns the mean squared error of each chromosome over the
// positions, using up to workers goroutines.
func (p *Positions) Errors(ctx context.Context, chroms []*core.Chromosome, workers int) ([]float64, error) {
	return p.errorsOf(ctx, chroms, (*core.Chromosome).Compile, workers)
}

// errorsOf is Errors with the weights made by compile: a run's scores
// its chromosomes as its players evaluate (playerSearch.compile: the
// EvalTerms2 terms on when its options say so).
func (p *Positions) errorsOf(ctx context.Context, chroms []*core.Chromosome, compile func(*core.Chromosome) (*core.Weights, error), workers int) ([]float64, error) {
	out := make([]float64, len(chroms))
	for i, c := range chroms {
		w, err := compile(c)
		if err != nil {
			return nil, err
		}
		mse, err := p.meanSquaredError(ctx, w, p.K, workers)
		if err != nil {
			return nil, err
		}
		out[i] = mse
	}
	return out, nil
}

// meanSquaredError is the error of weights w at scale k.
func (p *Positions) meanSquaredError(ctx context.Context, w *core.Weights, k float64, workers int) (float64, error) {
	blocks := (len(p.samples) + blockSize - 1) / blockSize
	sums := make([]float64, blocks)
	workers = max(1, min(workers, blocks, runtime.GOMAXPROCS(0)))
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make([]error, workers)
	for wk := 0; wk < workers; wk++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := core.NewEvaluator(w)
			var q core.Position
			for {
				b := int(next.Add(1) - 1)
				if b >= blocks || ctx.Err() != nil {
					return
				}
				lo, hi := b*blockSize, min((b+1)*blockSize, len(p.samples))
				sum, err := p.blockError(e, &q, k, lo, hi)
				if err != nil {
					errs[wk] = err
					return
				}
				sums[b] = sum
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	for _, err := range errs {
		if err != nil {
			return 0, err
		}
	}
	total := 0.0
	for _, s := range sums {
		total += s
	}
	return total / float64(len(p.samples)), nil
}

// blockError sums the squared errors of samples lo..hi-1. q is the
// worker's scratch position: unpacking into it allocates nothing, and
// NewPositions has checked every position, so the unchecked unpacking
// serves.
func (p *Positions) blockError(e *core.Evaluator, q *core.Position, k float64, lo, hi int) (float64, error) {
	sum := 0.0
	for i := lo; i < hi; i++ {
		if !p.samples[i].Pos.UnpackForEval(q) {
			return 0, fmt.Errorf("dataset %s: sample %d: not a position", p.Name, i)
		}
		v := e.Evaluate(q)
		if q.SideToMove() == core.Black {
			v = -v
		}
		d := float64(p.targets[i]) - sigmoid(float64(v), k)
		sum += d * d
	}
	return sum, nil
}

// FitK finds the sigmoid scale that best fits weights w to the game
// results (Texel tuning's K) and sets it. The targets do not depend on it:
// a score target has its own scale, ScoreK.
func (p *Positions) FitK(ctx context.Context, w *core.Weights, workers int) (float64, error) {
	saved := p.targets
	p.targets = make([]float32, len(p.samples))
	p.setTargets(0) // K is fitted to results, whatever the label
	k, err := goldenK(func(k float64) (float64, error) { return p.meanSquaredError(ctx, w, k, workers) })
	p.targets = saved
	if err != nil {
		return 0, err
	}
	p.K = k
	return k, nil
}

// goldenK minimises f over the scales 10 to 2000 centipawns by
// golden-section search on log K.
func goldenK(f func(k float64) (float64, error)) (float64, error) {
	a, b := math.Log(10), math.Log(2000)
	const phi = 0.6180339887498949
	x1, x2 := b-phi*(b-a), a+phi*(b-a)
	f1, err := f(math.Exp(x1))
	if err != nil {
		return 0, err
	}
	f2, err := f(math.Exp(x2))
	if err != nil {
		return 0, err
	}
	for b-a > 1e-3 {
		if f1 < f2 {
			b, x2, f2 = x2, x1, f1
			x1 = b - phi*(b-a)
			f1, err = f(math.Exp(x1))
		} else {
			a, x1, f1 = x1, x2, f2
			x2 = a + phi*(b-a)
			f2, err = f(math.Exp(x2))
		}
		if err != nil {
			return 0, err
		}
	}
	return math.Exp((a + b) / 2), nil
}

// positionsFitness gives each genome not yet evaluated −(mean squared
// error) over the attached dataset: higher is better, like every fitness.
func (r *Run) positionsFitness(ctx context.Context, pop []*Genome) error {
	if r.pos == nil {
		return fmt.Errorf("fitness positions: dataset %s is not loaded", r.Settings.Dataset)
	}
	var todo []*Genome
	var chroms []*core.Chromosome
	for _, g := range pop {
		if !g.Evaluated {
			todo = append(todo, g)
			chroms = append(chroms, g.Chromosome)
		}
	}
	search, err := r.Settings.playerSearch()
	if err != nil {
		return err
	}
	errs, err := r.pos.errorsOf(ctx, chroms, search.compile, r.Settings.Workers)
	if err != nil {
		return err
	}
	for i, g := range todo {
		g.Fitness, g.Evaluated = -errs[i], true
	}
	return nil
}
