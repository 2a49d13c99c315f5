package arena

import (
	"fmt"
	"math"
)

// PairCounts is a match's pentanomial record: how many of its complete
// colour-swapped pairs (one opening played twice, colours swapped) the
// first player scored 0, ½, 1, 1½ and 2 points in — fastchess's
// "Ptnml(0-2)". A pair is one observation: the opening's bias, which
// favours one side in both its games, cancels within it, so with a biased
// book pairs vary less than twice as many single games and an SPRT on
// them decides sooner (with the balanced built-in book, about as soon:
// docs/RESULTS.md, "The SPRT on pairs").
type PairCounts [5]int

// Pairs is how many pairs there are.
func (p PairCounts) Pairs() int {
	return p[0] + p[1] + p[2] + p[3] + p[4]
}

// String is the vector as fastchess prints it: "[a, b, c, d, e]".
func (p PairCounts) String() string {
	return fmt.Sprintf("[%d, %d, %d, %d, %d]", p[0], p[1], p[2], p[3], p[4])
}

// add counts a pair in which the first player scored points (0 to 2 in
// half points).
func (p *PairCounts) add(points float64) {
	p[min(max(int(math.Round(2*points)), 0), 4)]++
}

// scoreStats is the mean and variance of the pair score per game (the
// pair's points / 2, in [0, 1]) over n pairs.
func (p PairCounts) scoreStats() (n, mean, variance float64) {
	n = float64(p.Pairs())
	if n == 0 {
		return 0, 0.5, 0
	}
	for i, c := range p {
		mean += float64(c) * float64(i) / 4
	}
	mean /= n
	for i, c := range p {
		d := float64(i)/4 - mean
		variance += float64(c) * d * d
	}
	return n, mean, variance / n
}

// PairElo is the Elo difference the complete pairs imply, with its 95%
// interval half-width from the per-pair variance (fastchess's
// pentanomial error) and the likelihood of superiority.
func (p PairCounts) PairElo() MatchElo {
	n, s, v := p.scoreStats()
	if n == 0 {
		return MatchElo{LOS: 0.5}
	}
	se := math.Sqrt(v / n)
	m := eloWithError(s, se)
	switch {
	case se > 0:
		m.LOS = 0.5 * (1 + math.Erf((s-0.5)/(se*math.Sqrt2)))
	case s > 0.5: // every pair alike: no spread to weigh it by
		m.LOS = 1
	case s == 0.5:
		m.LOS = 0.5
	}
	return m
}

// PairReport is a match's pentanomial summary.
type PairReport struct {
	Ptnml PairCounts `json:"ptnml"` // pairs scoring 0, ½, 1, 1½, 2 for the first player
	Pairs int        `json:"pairs"`
	// Unpaired are the games played whose pair is not complete (the
	// match stopped between them): in the W-D-L, not in Ptnml.
	Unpaired int     `json:"unpaired_games"`
	Elo      float64 `json:"elo"`
	Error    float64 `json:"elo_error"` // 95% half-width from the pairs' variance
	LOS      float64 `json:"los"`
}

// pairReport sums up the table's pairs.
func pairReport(tb *Table) *PairReport {
	e := tb.Pairs.PairElo()
	n := tb.Pairs.Pairs()
	return &PairReport{Ptnml: tb.Pairs, Pairs: n, Unpaired: tb.Played - 2*n, Elo: e.Elo, Error: e.Error, LOS: e.LOS}
}

// pairTally counts a match's pairs as their games end, in whatever order
// (several workers, a resumed match's journal): a pair goes into the
// table's Pairs once both its games have ended.
type pairTally struct {
	first int             // the first player's index
	half  map[int]float64 // pair -> the first player's points in its game that has ended
}

func newPairTally(first int) *pairTally {
	return &pairTally{first: first, half: map[int]float64{}}
}

// add records j's game. runner.pair numbers a pair's games 2k and 2k+1,
// so the pair is j.ID / 2.
func (pt *pairTally) add(tb *Table, j GameJob, res *GameResult) {
	if res.Reason == ReasonAborted {
		return
	}
	points := res.Score()
	if j.White != pt.first {
		points = 1 - points
	}
	k := j.ID / 2
	other, ok := pt.half[k]
	if !ok {
		pt.half[k] = points
		return
	}
	delete(pt.half, k)
	tb.Pairs.add(other + points)
}
