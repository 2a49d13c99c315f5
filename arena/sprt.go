package arena

import "math"

// The models an SPRT's log-likelihood ratio is computed in.
const (
	// Pentanomial tests a match's complete colour-swapped pairs, each one
	// observation scoring 0, ½, 1, 1½ or 2 (PairCounts), as fastchess
	// and fishtest do.
	Pentanomial = "pentanomial"
	// Trinomial tests its games one by one (W-D-L): what matches saved
	// before pairs were recorded resume with.
	Trinomial = "trinomial"
)

// SPRT is a sequential probability ratio test between two Elo hypotheses
// (H0: the first player is elo0 stronger, H1: elo1), with error rates
// alpha and beta, in the usual normal approximation of the
// log-likelihood ratio (fishtest's LLR_alt2), on the pentanomial or the
// trinomial model.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
	Model       string // Pentanomial (also "") or Trinomial
}

// SPRTResult is the test's state after some games.
type SPRTResult struct {
	LLR      float64 `json:"llr"`
	Lower    float64 `json:"lower"`
	Upper    float64 `json:"upper"`
	Decision string  `json:"decision,omitempty"` // "H1 accepted", "H0 accepted" or ""
	Model    string  `json:"model"`              // what the LLR is of: pentanomial or trinomial
	Pairs    int     `json:"pairs,omitempty"`    // pentanomial: the complete pairs tested
}

// Bounds returns the log-likelihood-ratio bounds (accept H0 below the
// lower, H1 above the upper).
func (s SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// Trinomial says whether s tests games one by one rather than pairs.
func (s SPRT) Trinomial() bool { return s.Model == Trinomial }

// TestTable is the test of a match's table in s's model: its pairs, or
// the first player's W-D-L.
func (s SPRT) TestTable(tb *Table) SPRTResult {
	if s.Trinomial() {
		return s.Test(tb.W[0], tb.D[0], tb.L[0])
	}
	return s.TestPairs(tb.Pairs)
}

// Test computes the trinomial LLR of a W-D-L record of the first player.
func (s SPRT) Test(w, d, l int) SPRTResult {
	n := float64(w + d + l)
	if n == 0 || w+l == 0 {
		return s.decide(Trinomial, 0, 0, 0) // no decisive evidence yet
	}
	score := (float64(w) + 0.5*float64(d)) / n
	variance := (float64(w)+0.25*float64(d))/n - score*score
	if variance <= 0 {
		// A perfect record has no spread; one pseudo-draw gives it some,
		// so a long enough run of wins still decides.
		n++
		score = (float64(w) + 0.5*float64(d+1)) / n
		variance = (float64(w)+0.25*float64(d+1))/n - score*score
	}
	return s.decide(Trinomial, n, score, variance)
}

// TestPairs computes the pentanomial LLR of the first player's pairs: n
// pairs, each scoring its points / 2, of mean x̄ and variance σ².
//
// A degenerate record has no variance: no pair that was not 1-1 is no
// evidence yet (the trinomial's "no decisive game"); all pairs alike
// (say every one 2-0) get one pseudo 1-1 pair, as the trinomial's
// pseudo-draw, so a long enough run still decides. fastchess and fishtest
// instead put 10⁻³ in each empty count, which their exact likelihood,
// taking logs of each count, needs; in this approximation it would leave
// a variance near 0 and an LLR near infinity (five 2-0 pairs would accept
// H1 at 0,5 with an LLR of 48).
func (s SPRT) TestPairs(p PairCounts) SPRTResult {
	var res SPRTResult
	if p[0]+p[1]+p[3]+p[4] == 0 {
		res = s.decide(Pentanomial, 0, 0, 0)
	} else {
		q := p
		n, mean, variance := q.scoreStats()
		if variance <= 0 {
			q[2]++
			n, mean, variance = q.scoreStats()
		}
		res = s.decide(Pentanomial, n, mean, variance)
	}
	res.Pairs = p.Pairs()
	return res
}

// decide is the LLR of n observations of mean score x̄ and variance σ²,
// N (s1−s0)(2x̄−s0−s1) / (2σ²) with s0, s1 the hypotheses' expected
// scores, against the bounds (n = 0: no evidence, LLR 0).
func (s SPRT) decide(model string, n, mean, variance float64) SPRTResult {
	lo, hi := s.Bounds()
	res := SPRTResult{Lower: lo, Upper: hi, Model: model}
	if n == 0 {
		return res
	}
	s0 := 1 / (1 + math.Pow(10, -s.Elo0/400))
	s1 := 1 / (1 + math.Pow(10, -s.Elo1/400))
	res.LLR = n * (s1 - s0) * (2*mean - s0 - s1) / (2 * variance)
	switch {
	case res.LLR >= hi:
		res.Decision = "H1 accepted"
	case res.LLR <= lo:
		res.Decision = "H0 accepted"
	}
	return res
}
