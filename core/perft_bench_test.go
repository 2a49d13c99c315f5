package core

import "testing"

const KiwipeteFEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

func benchPerft(b *testing.B, fen string, depth int) {
	p := mustFEN(b, fen)
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		nodes += p.Perft(depth)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkPerftStart5(b *testing.B)    { benchPerft(b, StartFEN, 5) }
func BenchmarkPerftKiwipete4(b *testing.B) { benchPerft(b, KiwipeteFEN, 4) }
