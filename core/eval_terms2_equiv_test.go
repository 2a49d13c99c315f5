package core

import "testing"

// The evaluation with EvalTerms2 on equals the reference's (the terms as
// first written, eval_terms2_ref_test.go) on the perft suite, the paper
// and bench positions, the positions made for the terms and every position
// of seeded random walks from them, with full's defaults and with random
// chromosomes (every gene drawn in its bounds), so that no shortcut the
// fast code takes (a zero weight, no minor piece, no passer) goes unseen.
func TestTerms2MatchesReference(t *testing.T) {
	walks := 200
	if testing.Short() {
		walks = 40
	}
	ps := seed000TestPositions(t, walks, 40)
	for _, tc := range loadTerms2Cases(t) {
		p := mustFEN(t, tc.fen)
		ps = append(ps, p, p.Mirror())
	}
	schema := mustPreset(t, "full")
	for seed := range uint64(6) {
		var seen struct{ danger, passers, threats, noMinors int }
		on, off := seededWeights(t, schema, seed), seededWeights(t, schema, seed)
		on.Search.EvalTerms2, off.Search.EvalTerms2 = true, false
		// The reference knows full's own mobility area and king zone only.
		on.Search.MobilityArea, on.Search.KingRing = false, false
		off.Search.MobilityArea, off.Search.KingRing = false, false
		// The reference knows nothing of eval_terms3.go's terms but the
		// mobility table, which both evaluators compile alike, nor of
		// eval_terms4.go's, eval_terms5.go's, eval_terms6.go's and
		// eval_terms8.go's (computed with the switch on only).
		on.Terms3 = Terms3Weights{MobilityTable: on.Terms3.MobilityTable}
		off.Terms3 = on.Terms3
		on.Terms4, off.Terms4 = Terms4Weights{}, Terms4Weights{}
		on.Terms5, off.Terms5 = Terms5Weights{}, Terms5Weights{}
		on.Terms6, off.Terms6 = Terms6Weights{}, Terms6Weights{}
		on.Terms8, off.Terms8 = Terms8Weights{}, Terms8Weights{}
		e, ref := NewEvaluator(on), NewEvaluator(off)
		for _, p := range ps {
			if got, want := e.evaluate(p), refTerms2Evaluate(t, ref, p); got != want {
				t.Fatalf("chromosome %d, %s: %d, reference %d", seed, p.FEN(), got, want)
			}
			sides := attackSides(e, p)
			if max(sides[White].kingAttackers, sides[Black].kingAttackers) >= 2 {
				seen.danger++
			}
			if e.pawnStructure(p).passed != 0 {
				seen.passers++
			}
			by := refAttacksByType(p, p.Occupied())
			for c := White; c <= Black; c++ {
				if p.colors[c]&(p.pieces[Rook]|p.pieces[Queen])&(by[c^1][Knight]|by[c^1][Bishop]|by[c^1][Rook]) != 0 {
					seen.threats++
				}
			}
			if p.pieces[Knight]|p.pieces[Bishop] == 0 {
				seen.noMinors++
			}
		}
		if seed == 0 {
			t.Logf("%d positions: %d with king danger, %d with passers, %d threats by lesser pieces, %d without minors",
				len(ps), seen.danger, seen.passers, seen.threats, seen.noMinors)
			if min(seen.danger, seen.passers, seen.threats, seen.noMinors) < 50 {
				t.Error("the positions meet too few king attacks, passers, threats or minorless boards")
			}
		}
	}
}

// Switching the terms on a searcher's evaluator (SetSearchParams, as
// UCI's setoption does) empties its caches, which hold scores of the old
// setting and, in the pawn entries, parts of the terms: its evaluations
// equal a fresh evaluator's each way.
func TestTerms2SwitchClearsCaches(t *testing.T) {
	off, on := terms2Evaluator(t, nil, false), terms2Evaluator(t, nil, true)
	s := NewSearcher(off.Weights(), 1)
	ps := seed000TestPositions(t, 10, 40)
	for _, want := range []*Evaluator{off, on, off} {
		sp := s.SearchParams()
		sp.EvalTerms2 = want.terms2
		s.SetSearchParams(sp)
		for _, p := range ps {
			if got, w := s.Evaluator().Evaluate(p), want.Evaluate(p); got != w {
				t.Fatalf("switched to EvalTerms2=%v, %s: %d, fresh evaluator %d", want.terms2, p.FEN(), got, w)
			}
		}
	}
}
