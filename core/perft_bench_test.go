package core

import "testing"

// BenchmarkPerft measures bulk-counting perft; it must report 0 allocs/op.
func BenchmarkPerft(b *testing.B) {
	for _, bc := range []struct {
		name  string
		fen   string
		depth int
	}{
		{"startpos-5", StartFEN, 5},
		{"kiwipete-4", KiwipeteFEN, 4},
	} {
		b.Run(bc.name, func(b *testing.B) {
			p := mustFEN(b, bc.fen)
			b.ReportAllocs()
			var nodes uint64
			for b.Loop() {
				nodes += p.Perft(bc.depth)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
