package arena

import (
	"math"
	"sort"
)

// Table accumulates a tournament's results: the crosstable (points and
// games of each player against each other), W-D-L and game count.
type Table struct {
	Players []string
	Score   [][]float64 // Score[i][j]: points i scored against j
	Games   [][]int     // Games[i][j]: games i played against j (either colour)
	Wins    [][]int     // Wins[i][j]: games i won against j
	W, D, L []int
	Played  int
	Total   int // games scheduled (0 if open-ended)
	// Pairs is a match's pentanomial record: its complete colour-swapped
	// pairs (other formats leave it empty).
	Pairs PairCounts
}

// NewTable returns an empty table for the named players.
func NewTable(players []string, total int) *Table {
	n := len(players)
	t := &Table{Players: append([]string(nil), players...), W: make([]int, n), D: make([]int, n), L: make([]int, n), Total: total}
	t.Score, t.Games, t.Wins = make([][]float64, n), make([][]int, n), make([][]int, n)
	for i := range t.Score {
		t.Score[i], t.Games[i], t.Wins[i] = make([]float64, n), make([]int, n), make([]int, n)
	}
	return t
}

// Add records a finished game between players white and black (indices).
// An aborted game counts for nothing.
func (t *Table) Add(white, black int, r *GameResult) {
	if r.Reason == ReasonAborted {
		return
	}
	s := r.Score()
	t.Score[white][black] += s
	t.Score[black][white] += 1 - s
	t.Games[white][black]++
	t.Games[black][white]++
	t.Played++
	switch s {
	case 1:
		t.W[white]++
		t.L[black]++
		t.Wins[white][black]++
	case 0:
		t.L[white]++
		t.W[black]++
		t.Wins[black][white]++
	default:
		t.D[white]++
		t.D[black]++
	}
}

// Clone returns an independent copy (what subscribers are handed, so the
// tournament can go on updating its own table).
func (t *Table) Clone() *Table {
	c := NewTable(t.Players, t.Total)
	for i := range t.Score {
		copy(c.Score[i], t.Score[i])
		copy(c.Games[i], t.Games[i])
		copy(c.Wins[i], t.Wins[i])
	}
	copy(c.W, t.W)
	copy(c.D, t.D)
	copy(c.L, t.L)
	c.Played, c.Pairs = t.Played, t.Pairs
	return c
}

// Points returns player i's total.
func (t *Table) Points(i int) float64 {
	p := 0.0
	for _, s := range t.Score[i] {
		p += s
	}
	return p
}

// drawFactor shrinks a rating error by how much draws lower the per-game
// variance below the no-draw (binomial) variance at the same score.
func (t *Table) drawFactor(i int) float64 {
	n := float64(t.W[i] + t.D[i] + t.L[i])
	if n == 0 {
		return 1
	}
	s := (float64(t.W[i]) + 0.5*float64(t.D[i])) / n
	binom := s * (1 - s)
	if binom <= 0 {
		return 1
	}
	v := (float64(t.W[i])*(1-s)*(1-s) + float64(t.D[i])*(0.5-s)*(0.5-s) + float64(t.L[i])*s*s) / n
	return math.Sqrt(v / binom)
}

// Standing is one line of the standings.
type Standing struct {
	Rank    int     `json:"rank"`
	Player  string  `json:"player"`
	Index   int     `json:"-"`
	Points  float64 `json:"points"`
	Games   int     `json:"games"`
	W       int     `json:"wins"`
	D       int     `json:"draws"`
	L       int     `json:"losses"`
	Elo     float64 `json:"elo"`
	Error   float64 `json:"elo_error"`
	LOSNext float64 `json:"los_next"` // likelihood of superiority over the next in the ranking
}

// Standings returns the players ranked by points (then Elo), with ratings.
func (t *Table) Standings() []Standing {
	elo, errs := RatingsML(t)
	out := make([]Standing, len(t.Players))
	for i, name := range t.Players {
		out[i] = Standing{Player: name, Index: i, Points: t.Points(i), Games: t.W[i] + t.D[i] + t.L[i],
			W: t.W[i], D: t.D[i], L: t.L[i], Elo: elo[i], Error: errs[i]}
	}
	sort.SliceStable(out, func(a, b int) bool {
		if out[a].Points != out[b].Points {
			return out[a].Points > out[b].Points
		}
		return out[a].Elo > out[b].Elo
	})
	for i := range out {
		out[i].Rank = i + 1
		if i+1 < len(out) {
			a, b := out[i].Index, out[i+1].Index
			// Head-to-head LOS where they met, else from the ratings.
			if t.Games[a][b] > 0 {
				out[i].LOSNext = EloFromWDL(t.Wins[a][b], 0, t.Wins[b][a]).LOS
			} else {
				se := math.Hypot(out[i].Error, out[i+1].Error) / 1.96
				if se > 0 {
					out[i].LOSNext = 0.5 * (1 + math.Erf((out[i].Elo-out[i+1].Elo)/(se*math.Sqrt2)))
				}
			}
		}
	}
	return out
}
