package core

import "testing"

// Each seed 000 principle on hand-made positions: the feature of each
// colour in the principle's own units (docs/chromosomes.md 2.4–2.5),
// counted by hand from the board.
var seed000FeatureTests = []struct {
	principle    int
	fen          string
	white, black float64
	why          string
}{
	{prMaterial, StartFEN, 39, 39, "8 + 2·3 + 2·3 + 2·5 + 9"},
	{prMaterial, "3qk3/8/8/8/8/8/PPP5/RNB1K3 w - - 0 1", 14, 9, "3 pawns, N, B, R against a queen"},

	{prPieceMobility, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", 5, 5, "bare kings: every legal move is safe"},
	{prPieceMobility, "7k/8/8/8/2p5/8/8/3RK3 w - - 0 1", 13, 4, "Rd1 10 + Ke1 4, less Rd3 (hit by c4, undefended); c3 is safe"},
	{prPieceMobility, "8/1P2k3/8/8/8/8/8/4K3 w - - 0 1", 9, 8, "each promotion choice is a move"},
	{prPieceMobility, "8/1P2k3/8/8/8/8/8/4K3 b - - 0 1", 9, 8, "the side not to move is given the move"},
	{prPieceMobility, "4k3/8/8/2n5/8/R7/4K3/8 w - - 0 1", 18, 9, "Rd3: one attacker, one defender is safe; Nd3 two attackers is not"},

	{prCastling, StartFEN, 1, 1, "rights kept"},
	{prCastling, "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1", 1, 1, "one right each is enough"},
	{prCastling, "5rk1/8/8/8/8/8/8/1K1R4 w - - 0 1", 2, 2, "Kb1+Rd1 and Kg8+Rf8 count as castled"},
	{prCastling, "r4rk1/8/8/8/8/8/8/2KR3R w - - 0 1", 2, 2, "Kc1+Rd1 and Kg8+Rf8"},
	{prCastling, "6k1/8/8/8/8/8/8/6KR w - - 0 1", 0, 0, "Kg1 with the rook still on h1 is not castled"},

	{prDevelopmentSpeed, StartFEN, 0, 0, "nothing moved"},
	{prDevelopmentSpeed, "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1", 1.5, 0.5, "e4 ½ + Nf3 1; c5 ½"},
	{prDevelopmentSpeed, "4k3/8/8/8/8/3Q4/P7/4K2R w - - 0 1", 1, 0, "Qd3 off the back rank; a2 and Rh1 at home"},

	{prDoubledPawn, "4k3/pp6/p7/8/P7/P7/P3P3/4K3 w - - 0 1", 2, 1, "three on the a-file count 2"},

	{prIsolatedPawn, "4k3/pp6/p7/8/P7/P7/P3P3/4K3 w - - 0 1", 4, 0, "per pawn: a2, a3, a4, e2"},

	{prConnectedPawn, "7k/8/8/3p4/2p5/2P1P3/1P1P4/7K w - - 0 1", 3, 1, "c3 backed by b2 and d2, e3 by d2; c4 by d5"},

	{prPassedPawn, "4k3/8/1p6/8/3P4/2p4p/P5P1/4K3 w - - 0 1", 1, 1, "d4 and c3 are passed; a2, g2, b6, h3 are not"},

	{prEnemyKingPressure, "6k1/8/8/6q1/8/8/5PPP/6K1 w - - 0 1", 0, 2, "queen hits g2 and x-rays g1"},
	{prKingPressure, "6k1/8/8/6q1/8/8/5PPP/6K1 w - - 0 1", -2, 0, "the same count, negated, on the own king"},
	{prEnemyKingPressure, "4k3/4r3/8/8/Q7/8/4N3/4K3 b - - 0 1", 2, 2, "Qa4 hits d7 and x-rays e8; Re7 hits e2 and x-rays e1"},
	{prKingPressure, "4k3/4r3/8/8/Q7/8/4N3/4K3 b - - 0 1", -2, -2, "the same, negated"},

	{prPieceDefense, StartFEN, 13, 13, "all but the two rooks are defended"},
	{prPieceDefense, "4k3/8/8/3p4/4p3/8/8/R3K3 w - - 0 1", 0, 1, "d5 defends e4; Ra1 is alone"},

	{prBishopPair, "2b1kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", 0, 1, ""},
	{prBishopPair, "4k3/8/8/8/8/8/8/B1B1K3 w - - 0 1", 1, 0, "two bishops on one colour still count"},

	{prConnectedRooks, "r3k2r/8/8/8/8/8/8/R4RK1 w - - 0 1", 1, 0, "the black king stands between"},
	{prConnectedRooks, "7k/8/8/8/R7/8/8/R3R1K1 w - - 0 1", 2, 0, "a1–e1 and a1–a4; e1–a4 share no line"},

	{prKingCentralization, StartFEN, -4.75, -4.75, "−3 − ¼·7"},
	{prKingCentralization, "8/8/8/3K4/8/8/8/k7 w - - 0 1", -0.75, -3, "Kd5: −0 − ¼·3; Ka1 (black): −3 − 0"},

	{prKnightOutpost, "1N2k3/P4p2/4N3/2NPp3/1P1n2N1/7P/8/4K3 w - - 0 1", 1, 1,
		"Nc5 and Nd4 count; Ne6 faces f7, Nb8 is on the last rank, Ng4 is too far back"},

	{prBlockedPiece, StartFEN, 5, 5, "bishops, rooks and queen have no square"},

	{prSpaceControl, StartFEN, 0, 0, ""},
	{prSpaceControl, "4k3/8/8/8/4P3/8/8/R3K3 w - - 0 1", 6, 0, "d5, f5 and a5–a8"},

	{prKingShield, "6k1/5ppp/8/8/8/8/5BPP/6K1 w - - 0 1", 4, 3, "Bf2 counts 2"},
	{prKingShield, "4K3/8/8/8/8/8/8/4k3 w - - 0 1", 0, 0, "kings on their last rank have no shield rank"},
}

func TestSeed000Features(t *testing.T) {
	covered := map[int]bool{}
	for _, tt := range seed000FeatureTests {
		covered[tt.principle] = true
		p := mustFEN(t, tt.fen)
		var f [2][numPrinciples]int
		p.seed000Features(&f)
		w, b := float64(f[White][tt.principle])/4, float64(f[Black][tt.principle])/4
		if w != tt.white || b != tt.black {
			t.Errorf("%s on %s: white %g black %g, want %g %g (%s)",
				PrincipleNames[tt.principle], tt.fen, w, b, tt.white, tt.black, tt.why)
		}
		// The mirrored position swaps the colours' features.
		var m [2][numPrinciples]int
		p.Mirror().seed000Features(&m)
		if m[White] != f[Black] || m[Black] != f[White] {
			t.Errorf("%s: features not colour-symmetric", tt.fen)
		}
	}
	for k := range numPrinciples {
		if !covered[k] {
			t.Errorf("principle %s has no hand-made position", PrincipleNames[k])
		}
	}
}

// TestSeed000Score checks the weighting and the matrices on top of the
// features: white's view, default weights, by hand.
func TestSeed000Score(t *testing.T) {
	e := NewEvaluator(mustWeights(t, "seed000"))
	tests := []struct {
		fen  string
		want int
		why  string
	}{
		{StartFEN, 0, "symmetric"},
		// material 100, matrix e4 30, mobility 0.1·(6 − 5), development
		// 0.2·½, isolated −30, passed +40, space 0.2·2 (d5, f5).
		{"4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", 200, "a lone e-pawn"},
		// material 5 pawns 500; matrix Ra1 0.5 (50); safe mobility: Ra1
		// 10 squares + Ke1 5 = 15 against 5 → 100; space a5–a8 0.2·4 = 80;
		// blocked, castling, pressure: none. Kings' matrix and
		// centralisation cancel.
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 730, "a rook up"},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen)
		if got := e.seed000(p); got != tt.want {
			t.Errorf("%s: %d, want %d (%s)", tt.fen, got, tt.want, tt.why)
		}
		if got := e.seed000(p.Mirror()); got != -tt.want {
			t.Errorf("%s mirrored: %d, want %d", tt.fen, got, -tt.want)
		}
	}
}
