package core

import (
	"strings"
	"testing"
)

func TestQuietLeaf(t *testing.T) {
	tests := []struct {
		name, fen string
		maxPly    int
		line      string // the principal capture line, space-separated UCI
	}{
		{"start position is quiet", StartFEN, QuietMaxPly, ""},
		{"hanging queen is taken", "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1", QuietMaxPly, "d1d5"},
		{"defended pawn is not taken by the queen", "4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", QuietMaxPly, ""},
		{"recapture is played out", "4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1", QuietMaxPly, "e4d5 c6d5"},
		{"best victim first", "4k3/8/8/2r1q3/3P4/8/8/4K3 w - - 0 1", QuietMaxPly, "d4e5 c5e5"},
		{"queen promotion", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", QuietMaxPly, "b7b8q"},
		{"en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", QuietMaxPly, "e5d6"},
		{"black to move takes", "4k3/8/8/3q4/8/8/3R4/K7 b - - 0 1", QuietMaxPly, "d5d2"},
		{"losing capture is not made", "4k3/8/8/3q4/8/8/3R4/4K3 b - - 0 1", QuietMaxPly, ""},
		{"no plies: the position itself", "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1", 0, ""},
		{"one ply", "4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1", 1, "e4d5"},
		{"kiwipete", KiwipeteFEN, QuietMaxPly, ""},
	}
	// full without the eval_terms3 terms: with them (set 5) the pawn
	// ending after the en-passant capture, the defender's king in front
	// of the pawn, reads as nearly drawn, and no capture is better than
	// standing pat. The cases test the search, not that judgement.
	q := NewQuietSearch(terms3Evaluator(t, nil))
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustFEN(t, tc.fen)
			before, key := p.FEN(), p.Key()
			line, score := q.Leaf(p, tc.maxPly)
			var got []string
			for _, m := range line {
				got = append(got, m.String())
			}
			if tc.name != "kiwipete" && strings.Join(got, " ") != tc.line {
				t.Errorf("line %q, want %q (score %d)", strings.Join(got, " "), tc.line, score)
			}
			if p.FEN() != before || p.Key() != key || p.Ply() != 0 {
				t.Fatalf("position changed: %s", p.FEN())
			}
			// The score is the leaf's static evaluation, seen from the root.
			leaf := p.Clone()
			for _, m := range line {
				if !leaf.IsLegal(m) {
					t.Fatalf("line move %s is illegal in %s", m, leaf.FEN())
				}
				leaf.MakeMove(m)
			}
			want := q.eval.Evaluate(leaf)
			if len(line)%2 == 1 {
				want = -want
			}
			if score != want {
				t.Errorf("score %d, the leaf %s evaluates to %d", score, leaf.FEN(), want)
			}
		})
	}
}

// A resolved leaf resolves to itself: it has no capture worth making.
func TestQuietLeafIsQuiet(t *testing.T) {
	// full without the eval_terms3 terms: with them (set 5) the pawn
	// ending after the en-passant capture, the defender's king in front
	// of the pawn, reads as nearly drawn, and no capture is better than
	// standing pat. The cases test the search, not that judgement.
	q := NewQuietSearch(terms3Evaluator(t, nil))
	for _, fen := range []string{KiwipeteFEN, "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
		"r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2Q1RK1 b - - 0 10"} {
		p := mustFEN(t, fen)
		line, _ := q.Leaf(p, QuietMaxPly)
		for _, m := range line {
			p.MakeMove(m)
		}
		if again, _ := q.Leaf(p, QuietMaxPly); len(again) != 0 {
			t.Errorf("%s: the leaf %s still has the line %v", fen, p.FEN(), again)
		}
	}
}

func TestQuietLeafAllocatesNothing(t *testing.T) {
	// full without the eval_terms3 terms: with them (set 5) the pawn
	// ending after the en-passant capture, the defender's king in front
	// of the pawn, reads as nearly drawn, and no capture is better than
	// standing pat. The cases test the search, not that judgement.
	q := NewQuietSearch(terms3Evaluator(t, nil))
	p := mustFEN(t, KiwipeteFEN)
	q.Leaf(p, QuietMaxPly) // grows the position's history once
	if n := testing.AllocsPerRun(100, func() { q.Leaf(p, QuietMaxPly) }); n != 0 {
		t.Errorf("%v allocations per call, want 0", n)
	}
}
