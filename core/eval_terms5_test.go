package core

import "testing"

// Each term alone, in a position made for it: the change it makes, and
// the opposite in the colour-flipped position.
func TestTerms5Terms(t *testing.T) {
	checkTermCases(t, "testdata/eval_terms5.txt", func(e *Evaluator) bool { return e.terms5 }, Terms5Family)
}

// With every gene of the family drawn in its bounds, the evaluation stays
// symmetric, EvalTerms2 on or off. The penalty acts past 100 units only
// (and kd_flank_defense drawn high takes many below), so a quarter of the
// positions is asked to change, not half.
func TestTerms5Symmetric(t *testing.T) {
	checkFamilySymmetric(t, Terms5Family, "testdata/eval_terms5.txt", func(e *Evaluator) bool { return e.terms5 }, 4, false)
}

// The genes are opt-in, in the family, neutral by default, and
// docs/chromosomes.md 6.7 lists them.
func TestTerms5Genes(t *testing.T) {
	checkFamilyGenes(t, Terms5Family, "### 6.7", 22, func(w *Weights) bool { return w.Terms5 == Terms5Weights{} })
}

// The penalty of white's king, exactly: the units, then Stockfish's
// transform scaled by the 64ths.
func TestTerms5Penalty(t *testing.T) {
	for _, tc := range []struct {
		genes     map[string]float64
		fen       string
		mg, eg    int
		terms4Off bool
	}{
		// The queen's safe check: 1000 units, 1000²/4096 and 1000/16.
		{map[string]float64{"kd_safe_check_queen": 1000, "kd_scale_mg": 64, "kd_scale_eg": 64}, "6k1/5ppp/8/8/3q4/8/5PPP/6K1 w - - 0 1", -244, -62, false},
		// Scaled by half and by two.
		{map[string]float64{"kd_safe_check_queen": 1000, "kd_scale_mg": 32, "kd_scale_eg": 128}, "6k1/5ppp/8/8/3q4/8/5PPP/6K1 w - - 0 1", -122, -125, false},
		// The rook: three weak squares, three hits, one attacker: 3·20 +
		// 3·10 + 30 = 120 units.
		{map[string]float64{"kd_weak_ring": 20, "kd_king_hits": 10, "kd_attacker_rook": 30, "kd_scale_mg": 64, "kd_scale_eg": 64}, "6k1/5ppp/8/8/8/8/r7/6K1 w - - 0 1", -3, -7, false},
		// 100 units are not past 100.
		{map[string]float64{"kd_bias": 100, "kd_scale_mg": 64, "kd_scale_eg": 64}, "6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1", 0, 0, false},
		// Three unsafe checks (the knight's from f3 and h3, which the g2
		// pawn holds; the bishop's by taking on f2, which the king
		// holds) and one pinned knight: 350 units.
		{map[string]float64{"kd_unsafe_check": 100, "kd_blocker": 50, "kd_scale_mg": 64, "kd_scale_eg": 64}, "6k1/5ppp/8/2b3n1/8/8/5NPP/6K1 w - - 0 1", -29, -21, false},
		// Each half bounded: 2 500 units at scale 256 would be 6 103 cp.
		{map[string]float64{"kd_safe_check_queen": 2000, "kd_bias": 500, "kd_scale_mg": 256, "kd_scale_eg": 256}, "6k1/5ppp/8/8/3q4/8/5PPP/6K1 w - - 0 1", -4000, -625, false},
		// Two attackers, the a2 rook (on f2, g2, h2) and the e4 knight
		// (on f2), counted twice: (30 + 40)·2 = 140 units.
		{map[string]float64{"kd_attacker_rook": 30, "kd_attacker_knight": 40, "kd_attackers_count": 64, "kd_scale_mg": 64, "kd_scale_eg": 64}, "6k1/5ppp/8/8/4n3/8/r7/6K1 w - - 0 1", -4, -8, false},
		// Half the product: 70 + 35 = 105 units. Without it, 70 units.
		{map[string]float64{"kd_attacker_rook": 30, "kd_attacker_knight": 40, "kd_attackers_count": 32, "kd_scale_mg": 64, "kd_scale_eg": 64}, "6k1/5ppp/8/8/4n3/8/r7/6K1 w - - 0 1", -2, -6, false},
		{map[string]float64{"kd_attacker_rook": 30, "kd_attacker_knight": 40, "kd_scale_mg": 64, "kd_scale_eg": 64, "kd_bias": 40}, "6k1/5ppp/8/8/4n3/8/r7/6K1 w - - 0 1", -2, -6, false},
		// A pawn on the zone (f2, from the e3 pawn) is an attacker too:
		// the rook's 30 twice, 60 + bias 50.
		{map[string]float64{"kd_attacker_rook": 30, "kd_attackers_count": 64, "kd_bias": 50, "kd_scale_mg": 64, "kd_scale_eg": 64}, "6k1/5ppp/8/8/8/4p3/r7/6K1 w - - 0 1", -2, -6, false},
		// The flank defence: the lone king holds f1, h1, f2, g2, h2 of
		// its flank, 200 − 5·10 = 150 units.
		{map[string]float64{"kd_flank_defense": 10, "kd_bias": 200, "kd_scale_mg": 64, "kd_scale_eg": 64}, "6k1/8/8/8/8/8/8/6K1 w - - 0 1", -5, -9, false},
		// eval_terms4 off too: the squares two pawns attack still count
		// twice (e3 and g3 on f2): flank attacks f2, h2 and f2 again,
		// 90 + 20·3²/8 = 112 units.
		{map[string]float64{"kd_flank": 20, "kd_bias": 90, "kd_scale_mg": 64, "kd_scale_eg": 64}, "6k1/8/8/8/8/4p1p1/8/6K1 w - - 0 1", -3, -7, true},
	} {
		neutral := []string{Terms5Family}
		if tc.terms4Off {
			neutral = append(neutral, Terms4Family)
		}
		e := terms2Evaluator(t, familyNeutral(t, tc.genes, neutral...), true)
		if e.terms4 == tc.terms4Off {
			t.Fatalf("%s: eval_terms4 on %v", tc.fen, e.terms4)
		}
		p := mustFEN(t, tc.fen)
		var sides [2]evalSide
		pe := e.pawnStructure(p)
		sides[White].start(p, White, pe, false)
		sides[Black].start(p, Black, pe, false)
		occ := p.Occupied()
		e.pieceTerms(p, White, &sides, pe, occ)
		e.pieceTerms(p, Black, &sides, pe, occ)
		e.refreshKings(p, pe)
		if got := e.terms5King(p, White, &sides, pe); got != S(tc.mg, tc.eg) {
			t.Errorf("%s %v: (%d, %d), want (%d, %d)", tc.fen, tc.genes, got.MG(), got.EG(), tc.mg, tc.eg)
		}
	}
}
