package core

import "testing"

// Each term alone, in a position made for it: the change it makes, and
// the opposite in the colour-flipped position.
func TestTerms6Terms(t *testing.T) {
	checkTermCases(t, "testdata/eval_terms6.txt", func(e *Evaluator) bool { return e.terms6 }, Terms6Family)
}

// With every gene of the family drawn in its bounds, the evaluation stays
// symmetric, EvalTerms2 on or off, and half the positions change.
func TestTerms6Symmetric(t *testing.T) {
	checkFamilySymmetric(t, Terms6Family, "testdata/eval_terms6.txt", func(e *Evaluator) bool { return e.terms6 }, 2, false)
}

// The threats alone, on full's set 5 (no eval_terms4 or eval_terms5, so
// the squares two pawns attack are there for eval_terms6 alone): still
// symmetric, and not dead (threats on a queen are rare: some 5 % of
// the positions change).
func TestTerms6ThreatsWithoutTerms4(t *testing.T) {
	set5, err := FullDefaultSet(5)
	if err != nil {
		t.Fatal(err)
	}
	ps := seed000TestPositions(t, 40, 40)
	for _, tc := range loadTermCases(t, "testdata/eval_terms6.txt") {
		ps = append(ps, mustFEN(t, tc.fen))
	}
	genes := map[string]float64{"threat_safe_pawn_mg": 80, "threat_safe_pawn_eg": 40, "knight_on_queen_mg": 30, "knight_on_queen_eg": 20,
		"slider_on_queen_mg": 40, "slider_on_queen_eg": 10, "weak_queen_mg": 50, "weak_queen_eg": 20}
	with, without := set5.Clone(), set5.Clone()
	for name, v := range genes {
		with.Values[with.Schema.GeneIndex(name)] = v
	}
	w1, err := with.Compile()
	if err != nil {
		t.Fatal(err)
	}
	w0, err := without.Compile()
	if err != nil {
		t.Fatal(err)
	}
	if w1.Terms4.active() || w1.Terms5.active() || !w1.Terms6.active() || w1.Terms6.imbalanceActive() {
		t.Fatal("set 5 with the threats: eval_terms4, eval_terms5 on, or the threats off, or the imbalance on")
	}
	e1, e0 := NewEvaluator(w1), NewEvaluator(w0)
	changed := 0
	for _, p := range ps {
		d := whiteEval(e1, p) - whiteEval(e0, p)
		m := p.Mirror()
		if dm := whiteEval(e1, m) - whiteEval(e0, m); dm != -d {
			t.Fatalf("%s: %+d, mirrored %+d", p.FEN(), d, dm)
		}
		if d != 0 {
			changed++
		}
	}
	if changed < len(ps)/40 {
		t.Errorf("the threats change %d of %d positions", changed, len(ps))
	}
}

// The genes are opt-in, in the family, neutral by default, and
// docs/chromosomes.md 6.8 lists them.
func TestTerms6Genes(t *testing.T) {
	checkFamilyGenes(t, Terms6Family, "### 6.8", 43, func(w *Weights) bool { return w.Terms6 == Terms6Weights{} })
}

// The imbalance exactly, as Stockfish 11's polynomial: white's sum less
// black's, in 32nds; and again from the evaluator's cache.
func TestTerms6Imbalance(t *testing.T) {
	for _, tc := range []struct {
		genes map[string]float64
		fen   string
		want  int
	}{
		// White: a knight, two pawns: 1·(320·2) = 640; black 1·(320·3)
		// = 960: −320/32.
		{map[string]float64{"imbalance_ours_knight_pawn": 320}, "6k1/ppp5/2n5/8/8/2N5/PP6/6K1 w - - 0 1", -10},
		// White's queen against two rooks: 1·(400·2) = 800; black none.
		{map[string]float64{"imbalance_theirs_queen_rook": 400}, "r5rk/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 1", 25},
		// Pawns squared: white 3·(38·3) = 342, black 3·(38·3): 0; with
		// the knight's own pawns, white's knight 1·(255·3 − 62·1) = 703
		// against black's none: 703/32 truncated.
		{map[string]float64{"imbalance_ours_pawn_pawn": 38, "imbalance_ours_knight_pawn": 255, "imbalance_ours_knight_knight": -62}, "4r1k1/5ppp/8/8/8/8/5PPP/4N1K1 w - - 0 1", 21},
		// The bishop pair: white's two bishops earn the queen's −189 once
		// (its count 1 times the pair's 1) and the pair's pawns 40·3 once.
		{map[string]float64{"imbalance_ours_queen_pair": -189, "imbalance_ours_pawn_pair": 40}, "3q2k1/5ppp/8/8/8/8/5PPP/2BQB1K1 w - - 0 1", (-189 + 3*40) / 32},
		// Bounded: nine queens against none at the bounds' end.
		{map[string]float64{"imbalance_ours_queen_queen": 1000, "imbalance_ours_queen_pawn": 1000}, "QQQ5/QQQ5/QQQ5/8/7k/8/PPPPPP2/6K1 w - - 0 1", imbalanceMax},
	} {
		e := terms2Evaluator(t, familyNeutral(t, tc.genes, Terms6Family), true)
		if !e.imbalance {
			t.Fatalf("%v: the imbalance is off", tc.genes)
		}
		p := mustFEN(t, tc.fen)
		for pass := range 2 { // the second from the cache
			if got := e.terms6Imbalance(p); got != tc.want {
				t.Errorf("%s %v (pass %d): %d, want %d", tc.fen, tc.genes, pass, got, tc.want)
			}
		}
		if got := e.terms6Imbalance(p.Mirror()); got != -tc.want {
			t.Errorf("%s mirrored: %d, want %d", tc.fen, got, -tc.want)
		}
	}
}

// The pieces alone between a square and an enemy rook or bishop: a queen
// is no sniper, two pieces between are no pin.
func TestTerms6SliderBlockers(t *testing.T) {
	for _, tc := range []struct {
		fen  string
		sq   string
		want Bitboard
	}{
		{"6k1/8/8/b7/8/2P5/3Q4/6K1 w - - 0 1", "d2", SquareBB(mustSquare(t, "c3"))},
		{"6k1/8/8/b7/1P6/2P5/3Q4/6K1 w - - 0 1", "d2", 0},
		{"6k1/8/8/q7/8/2P5/3Q4/6K1 w - - 0 1", "d2", 0},
		{"3r2k1/8/8/8/3n4/8/8/3Q2K1 w - - 0 1", "d1", SquareBB(mustSquare(t, "d4"))}, // an enemy piece between: a discovered attack
		{"3r2k1/8/8/8/8/8/8/3Q2K1 w - - 0 1", "d1", 0},                               // attacked, not pinned
		{"3R2K1/8/8/8/3N4/8/8/3q2k1 b - - 0 1", "d1", SquareBB(mustSquare(t, "d4"))},
		{"3q2k1/8/8/8/3N4/8/8/3Q2K1 w - - 0 1", "d1", 0}, // a queen on the file is no sniper either
		{"3r2k1/8/8/3r4/8/8/8/3Q2K1 w - - 0 1", "d1", 0}, // a rook behind a rook: attacked, not pinned
		{"6k1/8/8/B7/8/2P5/3Q4/6K1 w - - 0 1", "d2", 0},  // our own bishop
	} {
		p := mustFEN(t, tc.fen)
		sq := mustSquare(t, tc.sq)
		if got := sliderBlockers(p, sq, p.board[sq].Color()); got != tc.want {
			t.Errorf("%s %s: %#x, want %#x", tc.fen, tc.sq, uint64(got), uint64(tc.want))
		}
	}
}

func mustSquare(t *testing.T, s string) Square {
	t.Helper()
	sq, ok := ParseSquare(s)
	if !ok {
		t.Fatalf("bad square %q", s)
	}
	return sq
}
