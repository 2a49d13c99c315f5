package ga

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/evochess/evochess/core"
)

// linearModel is the evaluation linearised at a chromosome v0: for every
// position i its evaluation e0[i] at v0 (white's view) and, per evolving
// gene j, the positions whose evaluation the gene moves with the
// central-difference slope c_ij (centipawns per unit of the gene).
// eval_i(v) ≈ e0[i] + Σ_j c_ij (v_j − v0_j). Most c_ij are 0 (a table
// entry counts only where its piece stands), so each gene keeps its own
// sparse column, in position order. It is built once and then only read.
type linearModel struct {
	v0   []float64 // the chromosome's values it was made at
	e0   []float32 // evaluation at v0, white's view
	idx  [][]uint32
	coef [][]float32
	// chunkOff[j][c] is where chunk c starts in gene j's column
	// (len chunks+1), so the sums over a chunk of positions find their
	// part of every column without a search.
	chunkOff [][]int32
	nnz      int
}

// linChunk is how many positions one linearisation pass unpacks and then
// evaluates under every gene's two perturbations: large enough that the
// two evaluators a gene needs per chunk cost little, small enough that the
// unpacked positions (about 200 bytes each) stay a few megabytes.
const linChunk = 1 << 15

// gradStep is the perturbation h of a gene for the central difference.
// Evaluations are whole centipawns and centipawn genes compile to whole
// centipawns, so h is a whole number of them, large enough that rounding
// does not decide the slope — 4 cp on a table entry (a rounding error of
// ±1 cp in the difference of two evaluations 8 cp of gene apart is ±⅛ on
// the slope) — and small against the gene's range, 2% of it, at least 1:
// full's king-attack weights ([0, 20]) index the king-danger table, and
// ±4 there would measure a chord of a curve, not its slope. A gene in
// pawns moves by 0.04; any other unit by 2% of its range, at least 1,
// rounded to a whole number too: such genes are counts, plies or 64ths
// that the evaluation rounds to whole ones (full's end-game scales,
// [−64, 64], would else be taken 2.56 either side, at points that
// compile 6 apart).
func gradStep(g *core.Gene) float64 {
	switch g.Unit {
	case "", "cp":
		return min(4, max(1, math.Round(0.02*geneRange(g))))
	case "pawn":
		return 0.04
	}
	return max(1, math.Round(0.02*geneRange(g)))
}

// perturbed returns the two values a gene is evaluated at, inside its
// bounds. A gene of whole bounds in any unit but pawns is taken at whole
// numbers around its rounded value (what the evaluation sees), so the two
// points are exactly 2h apart after compilation.
func perturbed(g *core.Gene, v float64) (lo, hi float64) {
	h := gradStep(g)
	if g.Unit != "pawn" && g.Lo == math.Round(g.Lo) && g.Hi == math.Round(g.Hi) {
		v = math.Round(v)
	}
	return clip(g, v-h), clip(g, v+h)
}

// modelBytes is the memory a linear model of n positions and nnz
// coefficients takes: 8 bytes a coefficient (index and slope), the
// evaluations and the per-position sums of a step (residuals, model
// evaluations).
func modelBytes(n, nnz int) int64 { return int64(nnz)*8 + int64(n)*(4+8+8) }

// linearise builds the linear model at chromosome c0 over the positions,
// on up to workers goroutines. Every column is filled by one goroutine at
// a time, chunk after chunk in position order, so the model does not
// depend on the number of workers. limitBytes bounds its memory: the
// first chunk's coefficients project the whole model's size, and a model
// that would not fit is refused then (and checked again as it grows).
func (p *Positions) linearise(ctx context.Context, c0 *core.Chromosome, live []int, compile func(*core.Chromosome) (*core.Weights, error), workers int, limitBytes int64) (*linearModel, error) {
	schema := c0.Schema
	n, g := len(p.samples), len(live)
	w0, err := compile(c0)
	if err != nil {
		return nil, err
	}
	// The two perturbed weights of every gene, and the gene distance
	// between them.
	plus, minus := make([]*core.Weights, g), make([]*core.Weights, g)
	span := make([]float64, g)
	for j, gi := range live {
		lo, hi := perturbed(&schema.Genes[gi], c0.Values[gi])
		if hi <= lo {
			continue // a gene pinned at one value has no slope
		}
		span[j] = hi - lo
		for _, side := range []struct {
			v   float64
			dst []*core.Weights
		}{{lo, minus}, {hi, plus}} {
			c := c0.Clone()
			c.Values[gi] = side.v
			w, err := compile(c)
			if err != nil {
				return nil, fmt.Errorf("gene %s at %g: %w", schema.Genes[gi].Name, side.v, err)
			}
			side.dst[j] = w
		}
	}
	chunks := (n + linChunk - 1) / linChunk
	m := &linearModel{v0: append([]float64(nil), c0.Values...), e0: make([]float32, n), idx: make([][]uint32, g),
		coef: make([][]float32, g), chunkOff: make([][]int32, g)}
	for j := range m.chunkOff {
		m.chunkOff[j] = make([]int32, 1, chunks+1)
	}
	pos := make([]core.Position, min(n, linChunk))
	base := core.NewEvaluator(w0)
	for ch := 0; ch < chunks; ch++ {
		lo, hi := ch*linChunk, min((ch+1)*linChunk, n)
		ps := pos[:hi-lo]
		for i := range ps {
			if !p.samples[lo+i].Pos.UnpackForEval(&ps[i]) {
				return nil, fmt.Errorf("dataset %s: sample %d: not a position", p.Name, lo+i)
			}
			m.e0[lo+i] = float32(whiteEval(base, &ps[i]))
		}
		parallel(workers, g, func(j int) {
			if ctx.Err() != nil {
				return
			}
			if span[j] > 0 {
				ep, em := core.NewEvaluator(plus[j]), core.NewEvaluator(minus[j])
				gene := &schema.Genes[live[j]]
				for i := range ps {
					if !gene.Touches(&ps[i]) {
						continue // its slope there is 0: not worth two evaluations
					}
					d := whiteEval(ep, &ps[i]) - whiteEval(em, &ps[i])
					if d != 0 {
						m.idx[j] = append(m.idx[j], uint32(lo+i))
						m.coef[j] = append(m.coef[j], float32(float64(d)/span[j]))
					}
				}
			}
			m.chunkOff[j] = append(m.chunkOff[j], int32(len(m.idx[j])))
		})
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		m.nnz = 0
		for j := range m.idx {
			m.nnz += len(m.idx[j])
		}
		if limitBytes > 0 {
			projected := modelBytes(n, int(float64(m.nnz)*float64(n)/float64(hi)))
			if projected > limitBytes {
				return nil, fmt.Errorf("the gradient's linear model of %d positions × %d genes needs about %d MB (%.1f coefficients a position, from the first %d positions), more than --memory %d MB: "+
					"raise --memory if the machine has the room, tune fewer genes (--evolve), or use a smaller dataset",
					n, g, projected>>20, float64(m.nnz)/float64(hi), hi, limitBytes>>20)
			}
		}
	}
	return m, nil
}

// whiteEval is the static evaluation from white's view.
func whiteEval(e *core.Evaluator, q *core.Position) int {
	v := e.Evaluate(q)
	if q.SideToMove() == core.Black {
		v = -v
	}
	return v
}

// modelGradient evaluates the linear model at values v: it returns the
// model's mean squared error and, in grad (one per column), its
// derivative by each gene in the gene's units. Sums run over chunks of
// positions in parallel, each chunk's and each column's in a fixed
// order, so the result does not depend on workers.
func (p *Positions) modelGradient(m *linearModel, live []int, v []float64, workers int, grad []float64) float64 {
	n, g := len(p.samples), len(live)
	dv := make([]float64, g)
	for j, gi := range live {
		dv[j] = v[gi] - m.v0[gi]
	}
	chunks := (n + linChunk - 1) / linChunk
	resid := make([]float64, n) // dE/d(eval_i)
	errSums := make([]float64, chunks)
	k := p.K
	parallel(workers, chunks, func(ch int) {
		lo, hi := ch*linChunk, min((ch+1)*linChunk, n)
		ev := resid[lo:hi] // the model's evaluations first, then the residuals
		for i := range ev {
			ev[i] = float64(m.e0[lo+i])
		}
		for j := range dv {
			if dv[j] == 0 {
				continue
			}
			for q := m.chunkOff[j][ch]; q < m.chunkOff[j][ch+1]; q++ {
				ev[int(m.idx[j][q])-lo] += float64(m.coef[j][q]) * dv[j]
			}
		}
		sum := 0.0
		for i := range ev {
			s := sigmoid(ev[i], k)
			d := s - float64(p.targets[lo+i])
			sum += d * d
			ev[i] = 2 * d * s * (1 - s) / k
		}
		errSums[ch] = sum
	})
	parallel(workers, g, func(j int) {
		sum := 0.0
		for q, i := range m.idx[j] {
			sum += float64(m.coef[j][q]) * resid[i]
		}
		grad[j] = sum / float64(n)
	})
	total := 0.0
	for _, s := range errSums {
		total += s
	}
	return total / float64(n)
}

// parallel runs f(0..n-1) on up to workers goroutines.
func parallel(workers, n int, f func(int)) {
	workers = max(1, min(workers, n, runtime.GOMAXPROCS(0)))
	var next atomic.Int64
	var wg sync.WaitGroup
	for wk := 0; wk < workers; wk++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				f(i)
			}
		}()
	}
	wg.Wait()
}
