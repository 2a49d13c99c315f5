package lobby

import "math"

// Glicko-2 as in Glickman, "Example of the Glicko-2 system" (2012): a
// rating, its deviation and a volatility, updated once per rating period
// from the games played in it.

const (
	initialRating     = 1500
	initialRD         = 350
	initialVolatility = 0.06
	// glickoTau constrains how fast the volatility changes; the paper
	// suggests 0.3 to 1.2 and works its example with 0.5.
	glickoTau = 0.5
	// glickoScale converts between the Glicko and Glicko-2 scales.
	glickoScale = 173.7178
	// glickoEpsilon is the convergence tolerance of the volatility.
	glickoEpsilon = 0.000001
)

// glicko is one player's rating on the Glicko scale.
type glicko struct{ r, rd, vol float64 }

// glickoGame is one game of a rating period: the opponent's rating before
// it and the player's score (1, ½ or 0).
type glickoGame struct {
	opp   glicko
	score float64
}

func gPhi(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func expected(mu, muJ, phiJ float64) float64 { return 1 / (1 + math.Exp(-gPhi(phiJ)*(mu-muJ))) }

// update is p's rating after a rating period with games (steps 2 to 8 of
// the paper); with no games only the deviation grows (step 6).
func (p glicko) update(games []glickoGame, tau float64) glicko {
	mu := (p.r - initialRating) / glickoScale
	phi := p.rd / glickoScale
	if len(games) == 0 {
		return glicko{p.r, math.Sqrt(phi*phi+p.vol*p.vol) * glickoScale, p.vol}
	}
	var invV, sum float64
	for _, gm := range games {
		muJ := (gm.opp.r - initialRating) / glickoScale
		phiJ := gm.opp.rd / glickoScale
		g := gPhi(phiJ)
		e := expected(mu, muJ, phiJ)
		invV += g * g * e * (1 - e)
		sum += g * (gm.score - e)
	}
	v := 1 / invV
	delta := v * sum
	vol := newVolatility(phi, v, delta, p.vol, tau)
	phiStar := math.Sqrt(phi*phi + vol*vol)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	return glicko{muNew*glickoScale + initialRating, phiNew * glickoScale, vol}
}

// idle is p after n rating periods without a game: the deviation grows by
// the volatility each period (step 6 on its own, n times over: φ² + nσ²),
// but never past a newcomer's.
func (p glicko) idle(n int) glicko {
	if n <= 0 {
		return p
	}
	phi := p.rd / glickoScale
	rd := math.Sqrt(phi*phi+float64(n)*p.vol*p.vol) * glickoScale
	return glicko{p.r, min(rd, initialRD), p.vol}
}

// newVolatility is step 5: the root of f by the Illinois algorithm.
func newVolatility(phi, v, delta, sigma, tau float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 && k < 1000 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	// The bound on iterations only guards against inputs that are not
	// numbers; the method converges in a handful.
	for i := 0; math.Abs(B-A) > glickoEpsilon && i < 200; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}
