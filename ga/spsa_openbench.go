package ga

import (
	"context"
	"fmt"
	"math"

	"github.com/evochess/evochess/core"
)

// SPSA as OpenBench and fishtest run it, for genes that give their own end
// rates C_END and R_END (an engine's options). With N the iterations
// planned at the start, A = N/10, α = 0.602 and γ = 0.101, each gene has
//
//	c = C_END · N^γ             c_k = c / k^γ           (k = 1, 2, …; at least ½ for an int gene)
//	a = R_END · C_END² · (A+N)^α   a_k = a / (A + k)^α     r_k = a_k / c_k²
//
// so that c_N = C_END and a_N / c_N² = R_END. An iteration plays
// population/2 pairs θ ± c_k·δ (δ of ±1 per gene, its own for each pair,
// as OpenBench's "multiple" distribution): an int gene is rounded to one of
// its two nearest integers, the upper with the chance of its fraction (the
// same draw for both sides), then both are clipped. The two of a pair play
// GamesPerPairing games, colour-swapped pairs from one opening each, and
// θ moves by r_k · c_k · Σ_pairs (wins − losses of θ+) · δ: the sum, as
// OpenBench sums over an iteration's pairs. A fitness that is not games
// between the pair gives each pair the signal (f₊ − f₋) / scale instead,
// scale the running mean of |f₊ − f₋|, worth about one game's result.

// spsaGains are iteration k's perturbation c_k and learning rate r_k of
// each evolving gene.
func (r *Run) spsaGains(st *SPSAState, k float64) (ck, rk []float64) {
	live := r.live()
	ck, rk = make([]float64, len(live)), make([]float64, len(live))
	n := float64(max(st.N, 1))
	for j, i := range live {
		g := &r.schema.Genes[i]
		c := g.CEnd * math.Pow(n, spsaGamma)
		a := g.REnd * g.CEnd * g.CEnd * math.Pow(st.A+n, spsaAlpha)
		ck[j] = c / math.Pow(k, spsaGamma)
		if g.Kind == core.KindInt {
			ck[j] = max(ck[j], 0.5)
		}
		rk[j] = a / math.Pow(st.A+k, spsaAlpha) / (ck[j] * ck[j])
	}
	return ck, rk
}

// spsaTheta is θ as a chromosome (the genes that do not evolve at their
// start).
func (r *Run) spsaTheta(theta []float64) *core.Chromosome {
	c := r.schema.Default()
	for k, i := range r.live() {
		c.Values[i] = clip(&r.schema.Genes[i], theta[k])
	}
	return c
}

func (r *Run) stepSPSAOpenBench(ctx context.Context) error {
	s, st := &r.Settings, r.SPSA
	live := r.live()
	ck, rk := r.spsaGains(st, float64(st.Iter+1))
	pairs := s.Population / 2
	deltas := make([][]float64, pairs)
	var pop []*Genome
	for p := range deltas {
		d := make([]float64, len(live))
		plus, minus := r.spsaTheta(st.Theta), r.spsaTheta(st.Theta)
		for j, i := range live {
			g := &r.schema.Genes[i]
			d[j] = 1
			if r.rng.IntN(2) == 0 {
				d[j] = -1
			}
			hi, lo := st.Theta[j]+ck[j]*d[j], st.Theta[j]-ck[j]*d[j]
			if g.Kind == core.KindInt {
				u := r.rng.Float64()
				hi, lo = math.Floor(hi+u), math.Floor(lo+u)
			}
			plus.Values[i], minus.Values[i] = clip(g, hi), clip(g, lo)
		}
		deltas[p] = d
		pop = append(pop, r.newGenome(plus, nil, "θ+cδ"), r.newGenome(minus, nil, "θ−cδ"))
	}
	signals, penta, err := r.spsaSignals(ctx, pop)
	if err != nil {
		return err
	}
	r.Population = pop
	note := ""
	if penta != nil {
		note = fmt.Sprintf("pairs LL LD DD WD WW: %d %d %d %d %d", penta[0], penta[1], penta[2], penta[3], penta[4])
		for i := range penta {
			st.Pentanomial[i] += penta[i]
		}
	}
	r.record(pop, note)
	st.Iter++
	for j, i := range live {
		sum := 0.0
		for p, d := range deltas {
			sum += signals[p] * d[j]
		}
		st.Theta[j] = clip(&r.schema.Genes[i], st.Theta[j]+rk[j]*ck[j]*sum)
	}
	return nil
}

// spsaSignals scores each pair: with a game fitness, θ+'s wins − losses in
// the pair's games and the pentanomial of its colour-swapped game pairs;
// otherwise (f₊ − f₋) / scale.
func (r *Run) spsaSignals(ctx context.Context, pop []*Genome) (signals []float64, penta []int, err error) {
	s, st := &r.Settings, r.SPSA
	pairs := len(pop) / 2
	signals = make([]float64, pairs)
	if s.Fitness != FitnessRoundRobin && s.Fitness != FitnessMatch || r.evaluateHook != nil {
		if err := r.spsaEvaluate(ctx, pop); err != nil {
			return nil, nil, err
		}
		for p := range signals {
			diff := pop[2*p].Fitness - pop[2*p+1].Fitness
			st.Scale = (st.Scale*float64(st.Pairs) + math.Abs(diff)) / float64(st.Pairs+1)
			st.Pairs++
			if st.Scale > 0 {
				signals[p] = diff / st.Scale
			}
		}
		return signals, nil, nil
	}
	var idx [][2]int
	for p := 0; p < pairs; p++ {
		idx = append(idx, [2]int{2 * p, 2*p + 1})
	}
	scores, err := r.ev.pairGames(ctx, r.rng, pop, idx)
	if err != nil {
		return nil, nil, err
	}
	penta = make([]int, 5)
	for p, games := range scores {
		points := 0.0
		for k, x := range games {
			points += x
			signals[p] += 2*x - 1 // a win +1, a draw 0, a loss −1
			if k%2 == 1 {
				penta[int(2*(games[k-1]+x))]++
			}
		}
		pop[2*p].Fitness, pop[2*p].Evaluated = points, true
		pop[2*p+1].Fitness, pop[2*p+1].Evaluated = float64(len(games))-points, true
	}
	return signals, penta, nil
}
