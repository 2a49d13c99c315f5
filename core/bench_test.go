package core

import (
	"context"
	"testing"
)

func TestBenchIsDeterministic(t *testing.T) {
	w := mustWeights(t, "full")
	a := Bench(context.Background(), w, 5)
	b := Bench(context.Background(), w, 5)
	if a.Nodes != b.Nodes || a.Positions != len(benchFENs) {
		t.Errorf("bench signatures differ: %d vs %d (%d positions)", a.Nodes, b.Nodes, a.Positions)
	}
}

// BenchmarkSearch reports allocations per search; the search itself must
// not allocate per node (only the PV copies per iteration).
func BenchmarkSearch(b *testing.B) {
	w := mustWeights(b, "full")
	s := NewSearcher(w, 16)
	p := mustFEN(b, KiwipeteFEN)
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		s.NewGame()
		nodes += s.Search(context.Background(), p, Limits{Depth: 9}).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}
