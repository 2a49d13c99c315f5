package ga

import (
	"context"
	"math"
	"sort"

	"github.com/evochess/evochess/core"
)

// InvolvedGenes is establishWeightsToMutate() of seed 004's Algorithm 1
// for any gene schema: the weights "involved in the solution of the
// current problem", read as the few weights that decide between the
// solution and the move a player makes instead (004 §II: mutating only
// those prevents "mutations that can lead to incorrect values for future
// evaluations").
//
// The first player of pop (in order) whose own search misses the solution
// is the witness. Its line — its move and principal variation — and the
// solution line — the problem's best move, then the witness's principal
// variation from there — end in two positions, and the witness prefers
// its own end by a gap D (at least 1 cp). Each gene i moves the
// solution's standing against that end by s_i per unit (the evaluator is
// linear in the genes, so a nudge measures it); within one mutation step
// σ = range/6 it can move it by |s_i|·σ. The involved genes are the
// fewest, by that reach, whose reaches add up to D: the weights that can
// make this player find the solution. Genes whose features are the same
// at both ends cannot change the decision and never take part. When every
// player solves the problem (nothing will be bred for it), the problem
// has no best move, or no gene reaches, every gene is involved. compile
// makes a chromosome's weights as the run's players have them (its set of
// search parameters and its options: playerSearch.compile).
func InvolvedGenes(s *core.Schema, pop []*core.Chromosome, p *core.EPDRecord, lim core.Limits, mode core.SearchMode, qs int, compile func(*core.Chromosome) (*core.Weights, error)) []int {
	if len(p.Best) == 0 {
		return s.Live()
	}
	for _, c := range pop {
		w, err := compile(c)
		if err != nil {
			continue
		}
		sr := core.NewSearcher(w, 1)
		sr.Mode, sr.PlainQuiescence = mode, qs
		res := sr.Search(context.Background(), p.Position.Clone(), lim)
		if p.Solves(res.Move) {
			continue
		}
		own := playLine(p.Position, res.PV)
		sol := p.Position.Clone()
		sol.MakeMove(p.Best[0])
		if !sol.Status().Over() {
			sr.NewGame()
			sol = playLine(sol, sr.Search(context.Background(), sol.Clone(), lim).PV)
		}
		if out := decisionGenes(s, compile, c, p.Position.SideToMove(), own, sol); len(out) > 0 {
			return out
		}
		break
	}
	return s.Live()
}

// decisionGenes returns the fewest genes whose one-step reaches (|s_i|·
// range/6) add up to the gap by which base prefers own to sol, for the
// side mover; largest reach first, ties by gene order.
func decisionGenes(s *core.Schema, compile func(*core.Chromosome) (*core.Weights, error), base *core.Chromosome, mover core.Color, own, sol *core.Position) []int {
	// advantage is how much base's evaluation prefers sol to own, from
	// mover's side.
	advantage := func(c *core.Chromosome) (float64, bool) {
		w, err := compile(c)
		if err != nil {
			return 0, false
		}
		e := core.NewEvaluator(w)
		return float64(moverScore(e, sol, mover) - moverScore(e, own, mover)), true
	}
	a0, ok := advantage(base)
	if !ok {
		return nil
	}
	gap := max(-a0, 1)
	type reach struct {
		gene int
		r    float64
	}
	var reaches []reach
	for i := range s.Genes {
		g := &s.Genes[i]
		if g.Fixed || g.Hi <= g.Lo {
			continue
		}
		c := base.Clone()
		step := (g.Hi - g.Lo) / 4
		if c.Values[i]+step > g.Hi {
			step = -step
		}
		c.Values[i] += step
		a, ok := advantage(c)
		if !ok {
			continue
		}
		if r := math.Abs((a-a0)/step) * (g.Hi - g.Lo) / 6; r >= 0.5 {
			reaches = append(reaches, reach{i, r})
		}
	}
	sort.SliceStable(reaches, func(a, b int) bool { return reaches[a].r > reaches[b].r })
	var out []int
	sum := 0.0
	for _, r := range reaches {
		out = append(out, r.gene)
		if sum += r.r; sum >= gap {
			break
		}
	}
	sort.Ints(out)
	return out
}

// moverScore is e's evaluation of p from mover's side.
func moverScore(e *core.Evaluator, p *core.Position, mover core.Color) int {
	v := e.Evaluate(p)
	if p.SideToMove() != mover {
		v = -v
	}
	return v
}

// playLine plays the legal prefix of line from a copy of p.
func playLine(p *core.Position, line []core.Move) *core.Position {
	y := p.Clone()
	for _, m := range line {
		if y.Status().Over() || !y.IsLegal(m) {
			break
		}
		y.MakeMove(m)
	}
	return y
}
