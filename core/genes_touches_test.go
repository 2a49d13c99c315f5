package core

import (
	"bufio"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// touchPositions returns the perft suite's positions and, from each, the
// positions of a few seeded random games: openings, middle games and
// endings with every piece type on many squares.
func touchPositions(t *testing.T) []*Position {
	t.Helper()
	f, err := os.Open("testdata/perft.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rng := rand.New(rand.NewPCG(26, 1))
	var out []*Position
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fen, _, _ := strings.Cut(sc.Text(), ";")
		if strings.TrimSpace(fen) == "" {
			continue
		}
		p := mustFEN(t, strings.TrimSpace(fen))
		q := p.Clone()
		for ply := range 40 {
			moves := q.LegalMoves()
			if len(moves) == 0 {
				break
			}
			q.MakeMove(moves[rng.IntN(len(moves))])
			if ply%4 == 3 {
				out = append(out, q.Clone())
			}
		}
	}
	return out
}

// TestGeneTouches: where a gene says it does not touch a position, moving
// the gene leaves the position's evaluation exactly as it was (the
// gradient's linear model skips those evaluations, so a wrong "no" would
// drop a slope); and the table genes do touch where their piece stands,
// so the test can fail in both directions.
func TestGeneTouches(t *testing.T) {
	positions := touchPositions(t)
	if len(positions) < 1000 {
		t.Fatalf("only %d positions", len(positions))
	}
	for _, tc := range []struct {
		preset, label string
		switches      map[string]bool
	}{
		{"full", "full", nil},
		{"seed001", "seed001", nil},
		// Stockfish's mobility area counts other squares (eval_areas.go),
		// which full plays from its set 10; and full's own.
		{"full", "full with MobilityArea", map[string]bool{"EvalTerms2": true, "MobilityArea": true, "KingRing": true}},
		{"full", "full without MobilityArea", map[string]bool{"EvalTerms2": true}},
	} {
		preset := tc.label
		schema, err := Preset(tc.preset)
		if err != nil {
			t.Fatal(err)
		}
		if tc.switches != nil {
			schema = schema.withSwitches(tc.switches)
		}
		base := schema.Default()
		skipped, changed := 0, 0
		for gi := range schema.Genes {
			g := &schema.Genes[gi]
			if g.reach.kind == reachAnywhere {
				for _, p := range positions[:10] {
					if !g.Touches(p) {
						t.Fatalf("%s gene %s: reaches anywhere, yet touches nothing", preset, g.Name)
					}
				}
				continue
			}
			c := base.Clone()
			c.Values[gi] = min(g.Hi, c.Values[gi]+37)
			if c.Values[gi] == base.Values[gi] {
				c.Values[gi] = max(g.Lo, c.Values[gi]-37)
			}
			w0, err0 := base.Compile()
			w1, err1 := c.Compile()
			if err0 != nil || err1 != nil {
				t.Fatal(err0, err1)
			}
			e0, e1 := NewEvaluator(w0), NewEvaluator(w1)
			for _, p := range positions {
				v0, v1 := e0.Evaluate(p), e1.Evaluate(p)
				if !g.Touches(p) {
					skipped++
					if v0 != v1 {
						t.Fatalf("%s gene %s says it does not touch %s, but moving it changes the evaluation %d → %d", preset, g.Name, p.FEN(), v0, v1)
					}
				} else if v0 != v1 {
					changed++
				}
			}
		}
		t.Logf("%s: %d positions, %d gene-position pairs skipped, %d touched and changed", preset, len(positions), skipped, changed)
		if skipped == 0 || changed == 0 {
			t.Errorf("%s: skipped %d, changed %d: the test saw nothing to check", preset, skipped, changed)
		}
	}
}
