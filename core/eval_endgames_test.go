package core

import (
	"context"
	"strconv"
	"testing"
)

// endgameEvaluator is full's evaluator with EndgameScale set to on.
func endgameEvaluator(t *testing.T, on bool) *Evaluator {
	return switchedEvaluator(t, func(p *SearchParams) { p.EndgameScale = on })
}

// switchedEvaluator is full's evaluator with its search parameters (the
// evaluation switches among them) changed by set.
func switchedEvaluator(t *testing.T, set func(*SearchParams)) *Evaluator {
	t.Helper()
	w := mustWeights(t, "full")
	p := w.SearchParams()
	set(&p)
	w.Search = &p
	return NewEvaluator(w)
}

// whiteView is e's score of fen from white's side.
func whiteView(t *testing.T, e *Evaluator, fen string) int {
	t.Helper()
	p := mustFEN(t, fen)
	v := e.Evaluate(p)
	if p.SideToMove() == Black {
		v = -v
	}
	return v
}

// TestWrongBishopDraw: a bishop that does not control its rook pawns'
// promotion square, the defending king there, is a draw; the right
// bishop, a second file, or the king away from the corner is not this rule's.
func TestWrongBishopDraw(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		draw bool
	}{
		// Positions from the games against Stockfish 2500 (session 29).
		{"white light bishop, h-pawn, king on h8", "7k/7P/8/5B2/2K5/8/8/8 w - - 0 1", true},
		{"black dark bishop, h-pawn, king on h1", "4k3/8/8/4b3/8/8/7p/7K b - - 0 1", true},
		{"black dark bishop, h-pawn, king on g2", "1b6/8/8/5k2/8/8/6Kp/8 b - - 0 1", true},
		{"two h-pawns, light bishop", "7k/8/7P/7P/2K1B3/8/8/8 w - - 0 1", true},
		{"a-pawn, dark bishop, king on b7", "8/1k6/8/P7/8/4B3/8/4K3 w - - 0 1", true},
		{"black light bishop, a-pawn, king on a1", "8/8/8/8/4b3/p7/2k5/K7 b - - 0 1", true},
		{"a defending pawn on the rook file itself", "7k/7p/7P/8/2K1B3/8/8/8 w - - 0 1", true},
		{"right bishop", "7k/8/7P/8/2K5/4B3/8/8 w - - 0 1", false},
		{"a defending pawn the rook pawn can take", "7k/5Kp1/7P/8/8/3B4/8/8 w - - 0 1", false},
		{"defending king far from the corner", "8/8/8/4b3/8/3k4/7p/1K6 b - - 0 1", false},
		{"a g-pawn besides", "7k/7P/8/5B2/2K3P1/8/8/8 w - - 0 1", false},
		{"a knight besides", "7k/7P/8/5B2/2K5/8/8/1N6 w - - 0 1", false},
		{"two bishops", "7k/7P/8/5B2/2K5/8/8/2B5 w - - 0 1", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustFEN(t, tc.fen)
			strong := White
			if p.pieces[Pawn]&p.colors[White] == 0 {
				strong = Black
			}
			if got := wrongBishopDraw(p, strong, p.pieces[Pawn]&p.colors[strong]); got != tc.draw {
				t.Fatalf("wrongBishopDraw %v, want %v", got, tc.draw)
			}
			off := whiteView(t, endgameEvaluator(t, false), tc.fen)
			on := whiteView(t, endgameEvaluator(t, true), tc.fen)
			if tc.draw && (abs(on) > 60 || abs(off) < 150) {
				t.Errorf("a drawn ending scored %d with EndgameScale, %d without", on, off)
			}
			if !tc.draw && abs(on) < 100 {
				t.Errorf("a won ending scored %d with EndgameScale (%d without)", on, off)
			}
		})
	}
}

// TestEndgamePawnScale: the end-game score shrinks with the strong side's
// pawns, by Stockfish 11's 36 + 7·pawns of 64, and is left alone where
// eval_terms3 scales it already (no pawns, bishops of opposite colours).
func TestEndgamePawnScale(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		eg   int
		want int
	}{
		{"rook and a pawn against a rook", "8/8/4k3/8/4P3/4K3/8/r6R w - - 0 1", 640, 640 * 43 / 64},
		{"the same for black", "R6r/8/4k3/4p3/8/4K3/8/8 w - - 0 1", -640, -640 * 43 / 64},
		{"three pawns", "8/8/4k3/8/4P3/3PKP2/8/r6R w - - 0 1", 640, 640 * 57 / 64},
		{"four pawns: unscaled", "8/8/4k3/8/4P3/2PPKP2/8/r6R w - - 0 1", 640, 640},
		{"the weak side's pawns do not count", "8/pppp4/4k3/8/4P3/4K3/8/r6R w - - 0 1", 640, 640 * 43 / 64},
		{"no pawns: eval_terms3's case", "8/8/4k3/8/8/4K3/8/r5BR w - - 0 1", 640, 640},
		{"opposite bishops: eval_terms3's case", "8/8/4k3/2b5/4P3/4K3/2B5/8 w - - 0 1", 640, 640},
		{"a draw is a draw", "8/8/4k3/8/4P3/4K3/8/r6R w - - 0 1", 0, 0},
		{"rounded toward zero for black", "R6r/8/4k3/4p3/8/4K3/8/8 w - - 0 1", -641, -430},
		{"rounded toward zero for white", "8/8/4k3/8/4P3/4K3/8/r6R w - - 0 1", 641, 430},
	}
	for _, tc := range tests {
		if got := endgameScale(mustFEN(t, tc.fen), tc.eg); got != tc.want {
			t.Errorf("%s: %d scaled to %d, want %d", tc.name, tc.eg, got, tc.want)
		}
	}
}

// TestEndgameScaleSwitchClearsCache: the evaluation cache holds scores of
// one setting, so switching must not answer from the other's.
func TestEndgameScaleSwitchClearsCache(t *testing.T) {
	e := endgameEvaluator(t, false)
	fen := "7k/7P/8/5B2/2K5/8/8/8 w - - 0 1"
	off := whiteView(t, e, fen)
	e.setEndgameScale(true)
	on := whiteView(t, e, fen)
	if on == off {
		t.Fatalf("the same score %d with the switch on as off", on)
	}
	if want := whiteView(t, endgameEvaluator(t, true), fen); on != want {
		t.Errorf("switched on: %d, a fresh evaluator with it on: %d", on, want)
	}
}

// TestEvalSwitchClearsTable: a searcher's table holds static evaluations
// (used instead of evaluating again), so switching an evaluation switch
// on a searcher that has searched empties it; other parameters do not.
func TestEvalSwitchClearsTable(t *testing.T) {
	s := NewSearcher(mustWeights(t, "full"), 1)
	p := mustFEN(t, "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
	search := func() {
		s.Search(context.Background(), p, Limits{Depth: 7})
		if s.tt.Hashfull() == 0 {
			t.Fatal("the search filled nothing of the table")
		}
	}
	for _, sw := range []string{"EndgameScale", "EvalTerms2", "MaterialPhase"} {
		search()
		params := s.SearchParams()
		if err := params.Set("LMPBase", "5"); err != nil {
			t.Fatal(err)
		}
		s.SetSearchParams(params)
		if s.tt.Hashfull() == 0 {
			t.Fatalf("a search parameter's change emptied the table")
		}
		on := !*findSearchSwitch(sw).field(&params)
		if err := params.Set(sw, strconv.FormatBool(on)); err != nil {
			t.Fatal(err)
		}
		s.SetSearchParams(params)
		if h := s.tt.Hashfull(); h != 0 {
			t.Errorf("%s switched: the table still %d‰ full", sw, h)
		}
	}
}
