package core

import (
	"fmt"
	"testing"
)

// areaEvaluator is full's evaluator with MobilityArea and KingRing as given.
func areaEvaluator(t *testing.T, mobility, ring bool) *Evaluator {
	t.Helper()
	w := mustWeights(t, "full")
	p := w.SearchParams()
	p.MobilityArea, p.KingRing = mobility, ring
	w.Search = &p
	return NewEvaluator(w)
}

// The squares MobilityArea counts for one piece, against full's own
// count, in positions made for each rule.
func TestMobilityAreaCounts(t *testing.T) {
	tests := []struct {
		name     string
		fen      string
		sq       string
		area     int // MobilityArea's count
		ownCount int // full's: not own, not attacked by an enemy pawn
	}{
		{"rook through its own rook, the rook counted", "7k/8/8/8/8/8/8/R3R1K1 w - - 0 1", "a1", 12, 10},
		{"bishop pinned moves along the pin", "4k3/8/8/8/1b6/8/3B4/4K3 w - - 0 1", "d2", 2, 7},
		{"knight pinned does not move", "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1", "d2", 0, 6},
		{"a defended knight counts, a pawn on the second rank does not", "4k3/8/8/8/8/4N3/1P6/2B1K3 w - - 0 1", "c1", 2, 1},
		{"bishop through a queen", "4k3/8/8/8/8/2q5/8/B5K1 w - - 0 1", "a1", 7, 2},
		{"a blocked pawn is out", "4k3/8/8/3p4/3P4/8/8/3RK3 w - - 0 1", "d1", 5, 5},
		{"a free pawn past its third rank is in", "4k3/8/8/8/3P4/8/8/3RK3 w - - 0 1", "d1", 6, 5},
		{"squares an enemy pawn attacks are out", "4k3/8/8/8/3p4/8/8/3NK3 w - - 0 1", "d1", 2, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustFEN(t, tc.fen)
			sq, ok := ParseSquare(tc.sq)
			if !ok {
				t.Fatalf("bad square %q", tc.sq)
			}
			pc := p.PieceAt(sq)
			c, pt := pc.Color(), pc.Type()
			occ := p.Occupied()
			enemyPawnAttacks := pawnAttacksBB(p.pieces[Pawn]&p.colors[c^1], c^1)
			blockers := kingBlockers(p, c)
			area := mobilityArea(p, c, occ, blockers, enemyPawnAttacks)
			if got := (areaAttacks(p, c, pt, sq, occ, blockers) & area).Count(); got != tc.area {
				t.Errorf("MobilityArea counts %d squares, want %d", got, tc.area)
			}
			safe := ^p.colors[c] &^ enemyPawnAttacks
			if got := (pieceAttacks(pt, sq, occ) & safe).Count(); got != tc.ownCount {
				t.Errorf("full counts %d squares, want %d", got, tc.ownCount)
			}
		})
	}
}

// KingRing's zone: an edge king's ring moved inward, less the squares two
// own pawns defend.
func TestKingRing(t *testing.T) {
	tests := []struct {
		fen  string
		c    Color
		want []string
	}{
		{"6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1", White, []string{"f1", "g1", "h1", "f2", "g2", "h2", "f3", "h3"}},
		{"k7/8/8/8/8/8/8/4K3 w - - 0 1", Black, []string{"a8", "b8", "c8", "a7", "b7", "c7", "a6", "b6", "c6"}},
		{"4k3/8/8/8/3K4/8/8/8 w - - 0 1", White, []string{"c3", "d3", "e3", "c4", "d4", "e4", "c5", "d5", "e5"}},
	}
	for _, tc := range tests {
		p := mustFEN(t, tc.fen)
		// An empty pawn entry: the pawn cache fills the squares two pawns
		// attack only for the terms that read them, and the ring must not
		// depend on those being on.
		var s evalSide
		s.start(p, tc.c, &pawnEntry{}, true)
		var want Bitboard
		for _, name := range tc.want {
			sq, ok := ParseSquare(name)
			if !ok {
				t.Fatalf("bad square %q", name)
			}
			want |= SquareBB(sq)
		}
		if s.kingZone != want {
			t.Errorf("%s: the ring of %v is\n%v\nwant\n%v", tc.fen, tc.c, s.kingZone, want)
		}
	}
}

// With either switch, or both, the evaluation stays symmetric, and it
// changes some positions: the switches reach the evaluation (most of
// these positions, perft's, are bare endings where neither can).
func TestAreasSymmetric(t *testing.T) {
	positions := touchPositions(t)
	plain := areaEvaluator(t, false, false)
	for _, sw := range []struct{ mobility, ring bool }{{true, false}, {false, true}, {true, true}} {
		e := areaEvaluator(t, sw.mobility, sw.ring)
		if changed := mirrorChanges(t, e, plain, positions, fmt.Sprintf("%+v", sw)); changed < len(positions)/20 {
			t.Errorf("%+v: only %d of %d positions changed", sw, changed, len(positions))
		}
	}
}

// Switching the areas on an evaluator empties its cache.
func TestAreasSwitchClearsCache(t *testing.T) {
	e := areaEvaluator(t, false, false)
	fen := "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
	off := whiteView(t, e, fen)
	if !e.setAreas(true, true) {
		t.Fatal("setAreas reported no change")
	}
	on := whiteView(t, e, fen)
	if on == off {
		t.Fatalf("the same score %d with the areas on as off", on)
	}
	if want := whiteView(t, areaEvaluator(t, true, true), fen); on != want {
		t.Errorf("switched on: %d, a fresh evaluator with them on: %d", on, want)
	}
}
