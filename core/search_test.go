package core

import (
	"context"
	"testing"
	"time"
)

func newTestSearcher(t testing.TB) *Searcher {
	t.Helper()
	return NewSearcher(mustWeights(t, "full"), 16)
}

func TestMateSearch(t *testing.T) {
	tests := []struct {
		name, fen string
		mateIn    int
		best      string // empty: any mating move
	}{
		{"back rank", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1, "a1a8"},
		{"queen and king", "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1", 1, "g1g7"},
		{"rook sacrifice", "6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1", 2, "g2g1"},
		{"queen sacrifice", "r1b3kr/ppp1Bp1p/1b6/n2P4/2p3q1/2Q2N2/P4PPP/RN2R1K1 w - - 1 1", 3, "c3h8"},
		{"mated side", "6k1/5ppp/8/8/8/8/5PPP/r5K1 w - - 0 1", -1, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestSearcher(t)
			p := mustFEN(t, tc.fen)
			res := s.Search(context.Background(), p, Limits{Depth: 2*abs(tc.mateIn) + 4})
			if got := MateIn(res.Score); got != tc.mateIn && !(tc.mateIn < 0 && res.Move == NullMove) {
				t.Fatalf("mate in %d, want %d (score %d, pv %v)", got, tc.mateIn, res.Score, res.PV)
			}
			if tc.best != "" && res.Move.String() != tc.best {
				t.Errorf("best %s, want %s", res.Move, tc.best)
			}
		})
	}
}

// naiveMinimax is the textbook definition the plain search must agree with.
func naiveMinimax(e *Evaluator, p *Position, depth, ply int) int {
	if ply > 0 && (p.halfmove >= 100 || p.IsInsufficientMaterial() || p.RepetitionCount() >= 3) {
		if !p.HasLegalMove() && p.InCheck() {
			return -MateScore + ply
		}
		return 0
	}
	moves := p.LegalMoves()
	if len(moves) == 0 {
		if p.InCheck() {
			return -MateScore + ply
		}
		return 0
	}
	if depth == 0 {
		return e.Evaluate(p)
	}
	best := -infScore
	for _, m := range moves {
		p.MakeMove(m)
		best = max(best, -naiveMinimax(e, p, depth-1, ply+1))
		p.UnmakeMove()
	}
	return best
}

func TestPlainMatchesMinimax(t *testing.T) {
	fens := loadEPDFENs(t, "testdata/books/noob_2moves.epd")
	for _, preset := range PresetNames() {
		w := mustWeights(t, preset)
		s := NewSearcher(w, 1)
		s.Mode = Plain
		e := NewEvaluator(w)
		for i := 0; i < 12; i++ {
			p := mustFEN(t, fens[i*97])
			depth := 2 + i%2
			res := s.Search(context.Background(), p, Limits{Depth: depth})
			if want := naiveMinimax(e, p, depth, 0); res.Score != want {
				t.Errorf("%s %s depth %d: plain %d, minimax %d", preset, p.FEN(), depth, res.Score, want)
			}
		}
	}
}

func TestSearchStopsQuickly(t *testing.T) {
	s := newTestSearcher(t)
	p := mustFEN(t, KiwipeteFEN)
	done := make(chan Result)
	go func() { done <- s.Search(context.Background(), p, Limits{Infinite: true}) }()
	time.Sleep(100 * time.Millisecond)
	start := time.Now()
	s.Stop()
	res := <-done
	d := time.Since(start)
	t.Logf("stop answered in %v", d)
	if d > 50*time.Millisecond {
		t.Errorf("stop took %v", d)
	}
	if res.Move == NullMove {
		t.Fatal("no move after stop")
	}
	if p.FEN() != KiwipeteFEN {
		t.Errorf("search changed the position: %s", p.FEN())
	}
}

func TestSearchLimits(t *testing.T) {
	s := newTestSearcher(t)
	p := NewPosition()
	res := s.Search(context.Background(), p, Limits{Nodes: 20000})
	if res.Nodes < 20000 || res.Nodes > 20100 {
		t.Errorf("node limit 20000: searched %d", res.Nodes)
	}
	start := time.Now()
	res = s.Search(context.Background(), p, Limits{MoveTime: 150 * time.Millisecond})
	if d := time.Since(start); d < 100*time.Millisecond || d > 300*time.Millisecond {
		t.Errorf("movetime 150ms took %v", d)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 80*time.Millisecond)
	defer cancel()
	start = time.Now()
	s.Search(ctx, p, Limits{Infinite: true})
	if d := time.Since(start); d > 200*time.Millisecond {
		t.Errorf("context cancel took %v", d)
	}
}

// TestFixedNodesDeterministic: same settings, same result, on fresh searchers.
func TestFixedNodesDeterministic(t *testing.T) {
	var first Result
	for i := 0; i < 2; i++ {
		s := newTestSearcher(t)
		res := s.Search(context.Background(), mustFEN(t, KiwipeteFEN), Limits{Nodes: 50000})
		if i == 0 {
			first = res
		} else if res.Move != first.Move || res.Score != first.Score || res.Nodes != first.Nodes {
			t.Errorf("run 2 differs: %v %d %d vs %v %d %d", res.Move, res.Score, res.Nodes, first.Move, first.Score, first.Nodes)
		}
	}
}

// A move that beats the last iteration's best, searched in full before
// the budget runs out, is the answer: WAC.049's Qxh7+ (mate in 6)
// fails high part-way through depth 16, after depth 15 chose Qh6. With
// the defaults of issue 26's SPSA, depth 15 ends at 674 979 nodes, Qxh7+
// stands as a lower bound from about 1.15 M and depth 16 ends (a mate
// score, exact) at 1 252 163: the budget is inside that window (search
// set 2's numbers, which the test keeps: later sets move the window).
func TestStoppedIterationKeepsBetterMove(t *testing.T) {
	if testing.Short() {
		t.Skip("a search of 1.2 M nodes")
	}
	pos, err := ParseFEN("2b3k1/4rrpp/p2p4/2pP2RQ/1pP1Pp1N/1P3P1P/1q6/6RK w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher(set1Weights(t), 64)
	sp := s.SearchParams()
	if err := sp.SetAll(SearchParamsV2().Options()); err != nil {
		t.Fatal(err)
	}
	s.SetSearchParams(sp)
	var last Info
	s.OnInfo = func(in Info) { last = in }
	res := s.Search(context.Background(), pos, Limits{Nodes: 1_200_000})
	if got := res.Move.String(); got != "h5h7" {
		t.Fatalf("best move %s (depth %d, score %d), want h5h7", got, res.Depth, res.Score)
	}
	if last.Bound != boundLower || last.PV[0] != res.Move {
		t.Errorf("the last report is %+v, want the move as a lower bound of the unfinished iteration", last)
	}
}
