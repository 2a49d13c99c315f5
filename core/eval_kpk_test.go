package core

import (
	"os"
	"strings"
	"testing"
)

// The bitbase agrees with Stockfish's deep searches (testdata/kpk.txt
// says how they were made) on every position, and on its colour flip.
func TestKPKMatchesStockfish(t *testing.T) {
	data, err := os.ReadFile("testdata/kpk.txt")
	if err != nil {
		t.Fatal(err)
	}
	wins, draws := 0, 0
	for i, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fen, verdict, ok := strings.Cut(line, ";")
		verdict = strings.TrimSpace(verdict)
		if !ok || verdict != "win" && verdict != "draw" {
			t.Fatalf("testdata/kpk.txt:%d: want FEN ; win|draw, got %q", i+1, line)
		}
		p := mustFEN(t, strings.TrimSpace(fen))
		want := verdict == "win"
		if want {
			wins++
		} else {
			draws++
		}
		if got := kpkProbe(p); got != want {
			t.Errorf("testdata/kpk.txt:%d: %s: win %v, Stockfish %s", i+1, fen, got, verdict)
		}
		if got := kpkProbe(p.Mirror()); got != want {
			t.Errorf("testdata/kpk.txt:%d: colour flip of %s: win %v, Stockfish %s", i+1, fen, got, verdict)
		}
	}
	if wins < 100 || draws < 50 {
		t.Errorf("%d wins and %d draws: too few of one kind to tell", wins, draws)
	}
}

// Textbook cases the random ones may miss: the opposition, a rook pawn's
// corner, a pawn on its seventh, stalemate.
func TestKPKTextbook(t *testing.T) {
	cases := []struct {
		fen string
		win bool
	}{
		{"4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", true},  // king on the sixth in front: wins whoever moves
		{"4k3/8/4K3/4P3/8/8/8/8 b - - 0 1", true},  //
		{"4k3/8/8/4K3/4P3/8/8/8 w - - 0 1", true},  // the king two ahead of its pawn: to d6 or e6
		{"4k3/8/8/4K3/4P3/8/8/8 b - - 0 1", false}, // Ke7 takes the opposition
		{"8/8/8/8/8/4k3/4P3/4K3 w - - 0 1", false}, // the defender in front
		{"k7/8/K7/P7/8/8/8/8 w - - 0 1", false},    // a rook pawn, the corner held
		{"7k/8/8/8/8/8/P7/K7 b - - 0 1", true},     // the king outside the pawn's square
		{"8/8/8/8/8/8/7P/K5k1 w - - 0 1", true},    // h4, out of the king's reach
		{"8/4P3/8/2k5/8/8/8/K7 w - - 0 1", true},   // promotes untouched
		{"4k3/4P3/4K3/8/8/8/8/8 b - - 0 1", false}, // stalemate
		{"8/k1P5/8/1K6/8/8/8/8 b - - 0 1", false},  // Kb7 holds c8
	}
	for _, tc := range cases {
		if got := kpkProbe(mustFEN(t, tc.fen)); got != tc.win {
			t.Errorf("%s: win %v, want %v", tc.fen, got, tc.win)
		}
	}
}

// With EndgameScale on, a drawn king-and-pawn ending and two knights
// against a king score 0 in the end game; a won one keeps its score
// unscaled.
func TestEndgameScaleKnownDraws(t *testing.T) {
	on, off := endgameEvaluator(t, true), endgameEvaluator(t, false)
	for _, tc := range []struct {
		fen  string
		draw bool
	}{
		{"8/8/8/8/8/4k3/4P3/4K3 w - - 0 1", true},
		{"4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", false},
		{"8/8/3k4/8/8/2NN4/8/4K3 w - - 0 1", true},
	} {
		p := mustFEN(t, tc.fen)
		got, plain := on.Evaluate(p), off.Evaluate(p)
		tempo := taperBy(on.w.Tempo, p.gamePhase(), maxPhase)
		if on.materialPhase {
			tempo = taperBy(on.w.Tempo, p.materialPhase(), materialPhaseMax)
		}
		switch {
		case tc.draw && abs(got-tempo) > abs(plain)/8:
			t.Errorf("%s: %d with EndgameScale (tempo %d), %d without: not a draw's score", tc.fen, got, tempo, plain)
		case !tc.draw && got != plain:
			t.Errorf("%s: %d with EndgameScale, %d without: a won ending scaled", tc.fen, got, plain)
		}
	}
}
