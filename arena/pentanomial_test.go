package arena

import (
	"math"
	"testing"

	"github.com/evochess/evochess/core"
)

// Games count in their pair once both have ended, in whatever order they
// end; an aborted game counts for nothing (it is played again).
func TestPairTally(t *testing.T) {
	win, draw, loss := core.WhiteWins, core.Draw, core.BlackWins
	type game struct {
		id      int
		outcome core.Outcome
		aborted bool
	}
	// Jobs 2k (player 0 white) and 2k+1 (player 1 white) are pair k.
	tests := []struct {
		name  string
		games []game
		want  PairCounts
	}{
		{"in order", []game{{0, win, false}, {1, loss, false}, {2, draw, false}, {3, draw, false}}, PairCounts{0, 0, 1, 0, 1}},
		{"out of order", []game{{3, win, false}, {1, draw, false}, {0, win, false}, {2, loss, false}}, PairCounts{1, 0, 0, 1, 0}},
		{"one game of a pair", []game{{0, win, false}, {3, loss, false}, {5, win, false}, {4, win, false}}, PairCounts{0, 0, 1, 0, 0}},
		{"aborted", []game{{0, win, false}, {1, win, true}, {2, draw, false}, {3, win, false}}, PairCounts{0, 1, 0, 0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tb := NewTable([]string{"a", "b"}, 0)
			pt := newPairTally(0)
			for _, g := range tt.games {
				j := GameJob{ID: g.id, White: g.id % 2, Black: 1 - g.id%2}
				res := GameResult{Outcome: g.outcome}
				if g.aborted {
					res.Reason = ReasonAborted
				}
				pt.add(tb, j, &res)
			}
			if tb.Pairs != tt.want {
				t.Errorf("ptnml %v, want %v", tb.Pairs, tt.want)
			}
		})
	}
}

// The pentanomial Elo ± error against fastchess's printout for the same
// counts, and the degenerate records.
func TestPairElo(t *testing.T) {
	tests := []struct {
		ptnml          PairCounts
		elo, err, los  float64
		tolElo, tolLOS float64
	}{
		{PairCounts{30, 250, 501, 300, 40}, 10.85, 8.74, -1, 0.005, 0},       // fastchess: Elo: 10.85 +/- 8.74
		{PairCounts{223, 9863, 21279, 10037, 246}, 0.92, 1.21, -1, 0.005, 0}, // fastchess: Elo: 0.92 +/- 1.21
		{PairCounts{0, 0, 4, 0, 0}, 0, 0, 0.5, 1e-9, 1e-9},
		{PairCounts{0, 0, 0, 0, 3}, 2400, 0, 1, 1e-3, 1e-9}, // EloFromScore caps a perfect score
		{PairCounts{}, 0, 0, 0.5, 1e-9, 1e-9},
	}
	for _, tt := range tests {
		got := tt.ptnml.PairElo()
		if math.Abs(got.Elo-tt.elo) > tt.tolElo || math.Abs(got.Error-tt.err) > tt.tolElo ||
			(tt.los >= 0 && math.Abs(got.LOS-tt.los) > tt.tolLOS) {
			t.Errorf("%v: Elo %.3f ± %.3f LOS %.3f, want %.2f ± %.2f LOS %.2f", tt.ptnml, got.Elo, got.Error, got.LOS, tt.elo, tt.err, tt.los)
		}
	}
	if s := (PairCounts{1, 2, 3, 4, 5}).String(); s != "[1, 2, 3, 4, 5]" {
		t.Errorf("String %q", s)
	}
}
