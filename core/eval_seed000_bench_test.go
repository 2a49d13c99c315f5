package core

import (
	"context"
	"testing"
)

// BenchmarkPaper000Seed000 is the search issue 27 re-runs seed 000's GA
// table with: Paper000 (alpha-beta to depth 4, no quiescence) with the
// seed000 chromosome over the first 20 bench positions. Its time is
// mostly seed 000's evaluation; nodes/op must not change when the
// evaluation only gets faster.
func BenchmarkPaper000Seed000(b *testing.B) {
	w := mustWeights(b, "seed000")
	var ps []*Position
	for _, fen := range benchFENs[:20] {
		ps = append(ps, mustFEN(b, fen))
	}
	s := NewSearcher(w, 1)
	s.Mode = Paper000
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		nodes = 0
		for _, p := range ps {
			s.NewGame()
			nodes += s.Search(context.Background(), p, Limits{Depth: 4}).Nodes
		}
	}
	b.ReportMetric(float64(nodes), "nodes")
}

// BenchmarkSeed000Score computes seed 000's score of each bench position
// (its block alone, past the evaluator's cache).
func BenchmarkSeed000Score(b *testing.B) {
	e := NewEvaluator(mustWeights(b, "seed000"))
	var ps []*Position
	for _, fen := range benchFENs {
		ps = append(ps, mustFEN(b, fen))
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range ps {
			e.seed000(p)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/position")
}
