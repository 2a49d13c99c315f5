package arena

import "math"

// Elo from a score fraction: the logistic model, 400 points per factor of
// ten in the odds.
func EloFromScore(s float64) float64 {
	s = min(max(s, 1e-6), 1-1e-6)
	return -400 * math.Log10(1/s-1)
}

// MatchElo is the rating difference a W-D-L record implies, with the 95%
// interval half-width (from the per-game score variance, so draws count
// as the evidence they are) and the likelihood of superiority.
type MatchElo struct {
	Elo, Error, LOS float64
}

// eloWithError is the Elo of score s with the 95% interval's half-width
// for the score's standard error se (no LOS).
func eloWithError(s, se float64) MatchElo {
	lo, hi := EloFromScore(s-1.96*se), EloFromScore(s+1.96*se)
	return MatchElo{Elo: EloFromScore(s), Error: (hi - lo) / 2}
}

// EloFromWDL computes MatchElo for a two-player record.
func EloFromWDL(w, d, l int) MatchElo {
	n := float64(w + d + l)
	if n == 0 {
		return MatchElo{LOS: 0.5}
	}
	s := (float64(w) + 0.5*float64(d)) / n
	v := (float64(w)*(1-s)*(1-s) + float64(d)*(0.5-s)*(0.5-s) + float64(l)*s*s) / n
	m := eloWithError(s, math.Sqrt(v/n))
	m.LOS = 0.5
	if w+l > 0 {
		m.LOS = 0.5 * (1 + math.Erf(float64(w-l)/math.Sqrt(2*float64(w+l))))
	}
	return m
}

// RatingsML estimates everyone's rating from a table of results by
// maximum likelihood in the logistic (Bradley–Terry) model, a draw counting
// as half a win. Like BayesElo's prior, one virtual draw between every two
// players who met keeps a perfect score finite. Ratings average 0; errors
// are 95% half-widths from the Fisher information, scaled by how much
// draws reduce the per-game variance.
func RatingsML(t *Table) (elo, errs []float64) {
	n := len(t.Players)
	elo, errs = make([]float64, n), make([]float64, n)
	if n < 2 {
		return
	}
	games := func(i, j int) float64 {
		g := float64(t.Games[i][j])
		if g > 0 {
			g++ // the virtual draw
		}
		return g
	}
	points := func(i, j int) float64 {
		if t.Games[i][j] == 0 {
			return 0
		}
		return t.Score[i][j] + 0.5
	}
	gamma := make([]float64, n)
	for i := range gamma {
		gamma[i] = 1
	}
	for iter := 0; iter < 10000; iter++ {
		change := 0.0
		for i := 0; i < n; i++ {
			num, den := 0.0, 0.0
			for j := 0; j < n; j++ {
				if i == j || games(i, j) == 0 {
					continue
				}
				num += points(i, j)
				den += games(i, j) / (gamma[i] + gamma[j])
			}
			if den == 0 || num == 0 {
				continue
			}
			g := num / den
			change = max(change, math.Abs(math.Log(g/gamma[i])))
			gamma[i] = g
		}
		// Keep the geometric mean at 1 (ratings average 0).
		mean := 0.0
		for _, g := range gamma {
			mean += math.Log(g)
		}
		mean = math.Exp(mean / float64(n))
		for i := range gamma {
			gamma[i] /= mean
		}
		if change < 1e-10 {
			break
		}
	}
	k := 400 / math.Ln10
	for i := range elo {
		elo[i] = k * math.Log(gamma[i])
		info := 0.0
		for j := 0; j < n; j++ {
			if i == j || games(i, j) == 0 {
				continue
			}
			p := gamma[i] / (gamma[i] + gamma[j])
			info += games(i, j) * p * (1 - p)
		}
		if info > 0 {
			errs[i] = 1.96 * k / math.Sqrt(info) * t.drawFactor(i)
		}
	}
	return elo, errs
}
