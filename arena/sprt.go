package arena

import "math"

// SPRT is a sequential probability ratio test between two Elo hypotheses
// (H0: the first player is elo0 stronger, H1: elo1), with error rates
// alpha and beta, on the trinomial (win/draw/loss) model in its usual
// normal approximation, as engine testing frameworks use it.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// SPRTResult is the test's state after some games.
type SPRTResult struct {
	LLR      float64 `json:"llr"`
	Lower    float64 `json:"lower"`
	Upper    float64 `json:"upper"`
	Decision string  `json:"decision,omitempty"` // "H1 accepted", "H0 accepted" or ""
}

// Bounds returns the log-likelihood-ratio bounds (accept H0 below the
// lower, H1 above the upper).
func (s SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// Test computes the LLR of a W-D-L record of the first player.
func (s SPRT) Test(w, d, l int) SPRTResult {
	lo, hi := s.Bounds()
	res := SPRTResult{Lower: lo, Upper: hi}
	n := float64(w + d + l)
	if n == 0 || w+l == 0 {
		return res // no decisive evidence yet
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
	s0 := 1 / (1 + math.Pow(10, -s.Elo0/400))
	s1 := 1 / (1 + math.Pow(10, -s.Elo1/400))
	res.LLR = n * (s1 - s0) * (2*score - s0 - s1) / (2 * variance)
	switch {
	case res.LLR >= hi:
		res.Decision = "H1 accepted"
	case res.LLR <= lo:
		res.Decision = "H0 accepted"
	}
	return res
}
