package arena

import (
	"math"
	"testing"
)

// The pentanomial LLR against fastchess's for the same vector, and
// against figures worked out by hand. fastchess (alpha 1.8.2, model
// logistic) computes the exact generalised LLR by maximum likelihood;
// ours is its normal approximation, which agrees to the 0.01 fastchess
// prints near the hypotheses, where tests end.
func TestSPRTPentanomialLLR(t *testing.T) {
	tests := []struct {
		name       string
		elo0, elo1 float64
		ptnml      PairCounts
		want, tol  float64
	}{
		// fastchess's printout for a config.json holding these counts
		// (LLR: -3.07, 2.10), and its test suite's (-4.98).
		{"fastchess: H0 side", 0.5, 2.5, PairCounts{223, 9863, 21279, 10037, 246}, -3.07, 0.01},
		{"fastchess: suite", 0, 2, PairCounts{871, 26175, 55983, 26678, 821}, -4.98, 0.01},
		{"fastchess: H1 side", 0, 5, PairCounts{30, 250, 501, 300, 40}, 2.10, 0.01},
		// By hand: x = 0, ¼, ½, ¾, 1 over 10 pairs: x̄ = 0.55, σ² = 0.4 −
		// 0.55² = 0.0975; s0 = 0.5, s1 = 1/(1+10^(−5/400)) = 0.50719508;
		// LLR = 10 (s1−s0)(2·0.55−s0−s1)/(2σ²).
		{"by hand", 0, 5, PairCounts{1, 2, 3, 2, 2}, 0.0342430, 1e-6},
		// By hand, degenerate: five 2-0 pairs and one pseudo 1-1: x̄ =
		// 5.5/6, σ² = 5.25/6 − x̄². (fastchess's 10⁻³ per empty count would
		// give 47.7 in this approximation: H1 after five pairs.)
		{"all pairs 2-0", 0, 5, PairCounts{0, 0, 0, 0, 5}, 0.5135730, 1e-6},
		{"all pairs 0-2", -5, 0, PairCounts{5, 0, 0, 0, 0}, -0.5135730, 1e-6},
		{"only 1-1 pairs: no evidence", 0, 5, PairCounts{0, 0, 7, 0, 0}, 0, 0},
		{"no pairs", 0, 5, PairCounts{}, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := SPRT{Elo0: tt.elo0, Elo1: tt.elo1, Alpha: 0.05, Beta: 0.05}
			got := s.TestPairs(tt.ptnml)
			if math.Abs(got.LLR-tt.want) > tt.tol || math.IsNaN(got.LLR) {
				t.Errorf("LLR %.6f, want %.6f ± %g", got.LLR, tt.want, tt.tol)
			}
			if got.Model != Pentanomial || got.Pairs != tt.ptnml.Pairs() {
				t.Errorf("model %q over %d pairs, want pentanomial over %d", got.Model, got.Pairs, tt.ptnml.Pairs())
			}
		})
	}
}

// The trinomial LLR, which saved matches made before pairs were recorded
// resume with, against fastchess's test suite (logistic trinomial 1, 2).
func TestSPRTTrinomialLLR(t *testing.T) {
	tests := []struct {
		elo0, elo1 float64
		w, d, l    int
		want, tol  float64
	}{
		{0.5, 2.5, 21404, 40708, 21184, -1.57, 0.01},
		{0, 2, 57433, 106593, 57030, -2.59, 0.01},
		// By hand: 5 wins and a pseudo-draw: the same as five 2-0 pairs.
		{0, 5, 5, 0, 0, 0.5135730, 1e-6},
		{0, 5, 0, 9, 0, 0, 0},
	}
	for _, tt := range tests {
		s := SPRT{Elo0: tt.elo0, Elo1: tt.elo1, Alpha: 0.05, Beta: 0.05, Model: Trinomial}
		got := s.Test(tt.w, tt.d, tt.l)
		if math.Abs(got.LLR-tt.want) > tt.tol || got.Model != Trinomial {
			t.Errorf("%d-%d-%d at %g,%g: LLR %.6f (%s), want %.6f", tt.w, tt.d, tt.l, tt.elo0, tt.elo1, got.LLR, got.Model, tt.want)
		}
	}
}

// A table is tested in the SPRT's model, and the bounds decide.
func TestSPRTTestTable(t *testing.T) {
	tb := NewTable([]string{"a", "b"}, 0)
	tb.W[0], tb.D[0], tb.L[0] = 600, 100, 300
	tb.Pairs = PairCounts{10, 50, 200, 180, 60}
	tests := []struct {
		model    string
		want     float64
		decision string
	}{
		{"", SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}.TestPairs(tb.Pairs).LLR, "H1 accepted"},
		{Pentanomial, SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}.TestPairs(tb.Pairs).LLR, "H1 accepted"},
		{Trinomial, SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}.Test(600, 100, 300).LLR, "H1 accepted"},
	}
	for _, tt := range tests {
		s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: tt.model}
		got := s.TestTable(tb)
		if got.LLR != tt.want || got.Decision != tt.decision {
			t.Errorf("model %q: LLR %.4f %q, want %.4f %q", tt.model, got.LLR, got.Decision, tt.want, tt.decision)
		}
	}
	lose := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}.TestPairs(PairCounts{60, 180, 200, 50, 10})
	if lose.Decision != "H0 accepted" || lose.LLR > lose.Lower {
		t.Errorf("a losing record: %+v", lose)
	}
}
