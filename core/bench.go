package core

import (
	"context"
	"time"
)

// benchFENs are the positions of "evochess bench": openings, middle games
// with tactics, and endings, drawn from the perft suite, the books and WAC.
var benchFENs = []string{
	StartFEN,
	KiwipeteFEN,
	"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
	"rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
	"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
	"r2q1rk1/pp1nbppp/2p1pn2/3p4/2PP1B2/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9",
	"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
	"r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - 0 1",
	"5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1",
	"r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1",
	"r4rk1/1b2qppp/p1n1p3/1p6/3pP3/P2B1N2/1PPQ1PPP/R4RK1 w - - 0 1",
	"2r2rk1/1bqnbpp1/1p1ppn1p/pP6/N1P1P3/P2B1N1P/1B2QPP1/R2R2K1 b - - 0 1",
	"r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1",
	"3r1rk1/p5pp/bpp1pp2/8/q1PP1P2/b3P3/P2NQRPP/1R2B1K1 b - - 0 1",
	"r3r1k1/ppqb1ppp/8/4p1NQ/8/2P5/PP3PPP/R3R1K1 b - - 0 1",
	"2r1nrk1/p2q1ppp/bp1p4/n1pPp3/P1P1P3/2PBB1N1/4QPPP/R4RK1 w - - 0 1",
	"r1bbk1nr/pp3p1p/2n5/1N4p1/2Np1B2/8/PPP2PPP/2KR1B1R w kq - 0 1",
	"r1bq1r1k/b1p1npp1/p2p3p/1p6/3PP3/1B2NN2/PP3PPP/R2Q1RK1 w - - 0 1",
	"3r2k1/ppp2ppp/6q1/b4n2/3nQB2/2p5/P4PPP/RN3RK1 b - - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"8/8/1P6/5pr1/8/4R3/7k/2K5 w - - 0 1",
	"6k1/6p1/6Pp/ppp5/3pn2P/1P3K2/1PP2P2/3N4 b - - 0 1",
	"8/8/4kpp1/3p1b2/p6P/2B5/6P1/6K1 b - - 0 1",
	"8/3k4/8/8/8/4B3/4KB2/2B5 w - - 0 1",
	"8/8/8/5N2/8/p7/8/2NK3k w - - 0 1",
	"4k3/8/8/8/8/8/8/4K2R w K - 0 1",
	"1r3k2/4q3/2Pp3b/3Bp3/2Q2p2/1p1P2P1/1P2KP2/3N4 w - - 0 1",
	"2K5/p7/7P/5pR1/8/5k2/r7/8 w - - 0 1",
	"8/6pk/1p6/8/PP3p1p/5P2/4KP1q/3Q4 w - - 0 1",
	"7k/3p2pp/4q3/8/4Q3/5Kp1/P6b/8 w - - 0 1",
}

// BenchResult is the outcome of a bench run.
type BenchResult struct {
	Positions int
	Nodes     uint64
	Time      time.Duration
}

// NPS returns nodes per second.
func (b BenchResult) NPS() uint64 {
	return uint64(float64(b.Nodes) / max(b.Time.Seconds(), 1e-9))
}

// Bench searches every bench position to depth with a fresh searcher and
// the given weights. The node total is a signature of the search: it
// changes only when search or evaluation behaviour changes.
func Bench(ctx context.Context, w *Weights, depth int) BenchResult {
	s := NewSearcher(w, 16)
	var res BenchResult
	for _, fen := range benchFENs {
		p, err := ParseFEN(fen)
		if err != nil {
			panic("core: bench position does not parse: " + err.Error())
		}
		s.NewGame()
		r := s.Search(ctx, p, Limits{Depth: depth})
		res.Positions++
		res.Nodes += r.Nodes
		res.Time += r.Time
		if ctx.Err() != nil {
			break
		}
	}
	return res
}
