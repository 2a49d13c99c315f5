package core

import "testing"

// phaseEvaluator is full's evaluator with MaterialPhase set to on.
func phaseEvaluator(t *testing.T, on bool) *Evaluator {
	return switchedEvaluator(t, func(p *SearchParams) { p.MaterialPhase = on })
}

// The material phase by hand: Stockfish's non-pawn material (knight 781,
// bishop 825, rook 1 276, queen 2 538) clamped to [3 915, 15 258], mapped
// onto 0 … 128; the plain phase beside it.
func TestMaterialPhase(t *testing.T) {
	cases := []struct {
		fen          string
		phase, plain int
	}{
		{StartFEN, 128, 24},
		// A bishop gone: 16 604 − 825 = 15 779, still a full middle game;
		// knights traded: 15 042 → (15 042 − 3 915)·128 / 11 343 = 125.
		{"rnbqk1nr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 128, 23},
		{"r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1", 125, 22},
		// Queens off: 11 528 → (11 528 − 3 915)·128 / 11 343 = 85.
		{"rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1", 85, 16},
		// A rook and a knight a side: 4 114 → 2.
		{"r3k1n1/pppppppp/8/8/8/8/PPPPPPPP/R3K1N1 w - - 0 1", 2, 6},
		// A rook a side: below the end-game limit.
		{"r3k3/pppppppp/8/8/8/8/PPPPPPPP/R3K3 w - - 0 1", 0, 4},
		{"4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", 0, 0},
		// A promoted queen beyond the middle-game limit: clamped.
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPQ/RNBQKBNR w KQkq - 0 1", 128, 24},
	}
	for _, tc := range cases {
		p := mustFEN(t, tc.fen)
		if got := p.materialPhase(); got != tc.phase {
			t.Errorf("%s: material phase %d, want %d", tc.fen, got, tc.phase)
		}
		if got := p.gamePhase(); got != tc.plain {
			t.Errorf("%s: plain phase %d, want %d", tc.fen, got, tc.plain)
		}
	}
}

// Where both phases agree (a full middle game, a pawn ending) the
// switch changes no score; in a rook-and-knight ending, where the plain
// phase keeps a quarter of the middle game, it does; a fresh evaluator
// and a switched one agree (the cache emptied).
func TestMaterialPhaseEvaluation(t *testing.T) {
	off, on := phaseEvaluator(t, false), phaseEvaluator(t, true)
	for _, fen := range []string{
		StartFEN,
		"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
		"8/5pk1/6p1/8/3K4/6P1/5P2/8 b - - 0 1",
	} {
		if a, b := whiteView(t, off, fen), whiteView(t, on, fen); a != b {
			t.Errorf("%s: %d with the switch off, %d on", fen, a, b)
		}
	}
	fen := "r5k1/5ppp/2n5/8/3N4/8/5PPP/3R2K1 w - - 0 1"
	a := whiteView(t, off, fen)
	if b := whiteView(t, on, fen); a == b {
		t.Errorf("%s: %d whether the switch is on or off", fen, a)
	}
	if !off.setMaterialPhase(true) || off.setMaterialPhase(true) {
		t.Fatal("setMaterialPhase reports changes wrongly")
	}
	if got, want := whiteView(t, off, fen), whiteView(t, on, fen); got != want {
		t.Errorf("switched on: %d, a fresh evaluator with it on: %d", got, want)
	}
}
