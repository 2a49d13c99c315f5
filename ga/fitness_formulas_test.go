package ga

import (
	"context"
	"strings"
	"testing"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

func TestReferenceFitness(t *testing.T) {
	moves := make([]arena.MoveRecord, 41) // white made 21 moves, black 20
	tests := []struct {
		r     arena.GameResult
		white bool
		want  float64
	}{
		{arena.GameResult{Outcome: core.WhiteWins}, true, 1000},
		{arena.GameResult{Outcome: core.WhiteWins, Moves: moves}, false, -1000 + 20},
		{arena.GameResult{Outcome: core.BlackWins, Moves: moves}, true, -1000 + 21},
		// Draw: white has Q+R (14) against R+B+P (9): +5 for white, −5 for black.
		{arena.GameResult{Outcome: core.Draw, FinalFEN: "4k3/4p3/8/3b4/8/8/8/Q2RK2r w - - 0 60"}, true, 5},
		{arena.GameResult{Outcome: core.Draw, FinalFEN: "4k3/4p3/8/3b4/8/8/8/Q2RK2r w - - 0 60"}, false, -5},
	}
	for i, tc := range tests {
		if got := ReferenceFitness(&tc.r, tc.white); got != tc.want {
			t.Errorf("case %d: %v, want %v", i, got, tc.want)
		}
	}
}

func TestSolveProblems(t *testing.T) {
	suite := `6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id "mate1";
6k1/5ppp/8/8/8/8/8/R5K1 w - - am Ra8#; id "avoid mate";
r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Qxh7; id "impossible";`
	recs, err := core.ReadEPD(strings.NewReader(suite))
	if err == nil {
		t.Fatal("Qxh7 is not legal there: the suite should not load")
	}
	recs, err = core.ReadEPD(strings.NewReader(strings.Join(strings.Split(suite, "\n")[:2], "\n")))
	if err != nil {
		t.Fatal(err)
	}
	w, _ := core.PresetWeights("full")
	got := SolveProblems(context.Background(), w, recs, core.Limits{Depth: 3}, core.Strong)
	if !got[0] || got[1] {
		t.Errorf("solved %v, want [true false]", got)
	}
}
