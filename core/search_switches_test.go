package core

import (
	"context"
	"strings"
	"testing"
	"time"
)

// A search switch is off by default until its SPRT says otherwise
// (docs/RESULTS.md): TimeManager2, SingularExtensions and QuiescenceTT
// are on in the program's defaults, and full's schema turns EvalTerms2 on (its set 3
// was tuned with it) and MobilityArea and KingRing (its set 10), no other.
func TestSearchSwitchDefaults(t *testing.T) {
	full := mustPreset(t, "full").SearchDefaults()
	d := DefaultSearchParams()
	for _, sw := range searchSwitchTable {
		byDefault := sw.uci == "TimeManager2" || sw.uci == "SingularExtensions" || sw.uci == "QuiescenceTT"
		if on := *sw.field(&d); on != byDefault {
			t.Errorf("%s: %v by default, want %v", sw.uci, on, byDefault)
		}
		if on, want := *sw.field(&full), byDefault || sw.uci == "EvalTerms2" || sw.uci == "MobilityArea" || sw.uci == "KingRing"; on != want {
			t.Errorf("%s: %v in full's defaults, want %v", sw.uci, on, want)
		}
	}
	if got := mustPreset(t, "seed003").SearchDefaults(); got != d {
		t.Errorf("a seed preset's search defaults are not the program's: %+v", got)
	}
}

// Each switch is set by its option's name in any case, to true or false
// only; a bad value leaves every parameter as it was.
func TestSearchSwitchesSet(t *testing.T) {
	for _, sw := range searchSwitchTable {
		p := DefaultSearchParams()
		if err := p.Set(strings.ToUpper(sw.uci), "true"); err != nil || !*sw.field(&p) {
			t.Errorf("%s=true: %v, on %v", sw.uci, err, *sw.field(&p))
		}
		q := p
		err := p.Set(sw.uci, "1")
		if err == nil || !strings.Contains(err.Error(), "option "+sw.uci+`: "1" is not true or false`) || p != q {
			t.Errorf("%s=1: %v", sw.uci, err)
		}
		if err := p.Set(strings.ToLower(sw.uci), "False"); err != nil || *sw.field(&p) {
			t.Errorf("%s=False: %v, on %v", sw.uci, err, *sw.field(&p))
		}
		if names := strings.Join(SearchOptionNames(), " "); !strings.Contains(names, sw.uci) {
			t.Errorf("SearchOptionNames lacks %s: %s", sw.uci, names)
		}
	}
}

// Mates of WAC, found by each switch alone and by all of them together,
// with the right move, at the distance the default search finds. Search
// set 6 reduces more: with KillerReduction or CheckExtensionSEE alone,
// WAC.212 takes 500 000 and 410 000 nodes (300 000 before).
func TestSwitchesFindMates(t *testing.T) {
	if testing.Short() {
		t.Skip("searches of up to 600 000 nodes")
	}
	mates := []struct {
		id, fen, best string
		mateIn        int
	}{
		{"WAC.004", "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1", "h6h7", 2},
		{"WAC.050", "k4r2/1R4pb/1pQp1n1p/3P4/5p1P/3P2P1/r1q1R2K/8 w - - 0 1", "b7b6", 3},
		{"WAC.079", "r3k2r/pbp2pp1/3b1n2/1p6/3P3p/1B2N1Pq/PP1PQP1P/R1B2RK1 b kq - 0 1", "h3h2", 3},
		{"WAC.139", "rnb3kr/ppp2ppp/1b6/3q4/3pN3/Q4N2/PPP2KPP/R1B1R3 w - - 0 1", "e4f6", 4},
		{"WAC.009", "3q1rk1/p4pp1/2pb3p/3p4/6Pr/1PNQ4/P1PB1PP1/4RRK1 b - - 0 1", "d6h2", 5},
		{"WAC.212", "rn1qr2Q/pbppk1p1/1p2pb2/4N3/3P4/2N5/PPP3PP/R4RK1 w - - 0 1", "h8g7", 5},
	}
	sets := [][]string{nil}
	for _, sw := range searchSwitchTable {
		sets = append(sets, []string{sw.uci})
	}
	all := []string{}
	for _, sw := range searchSwitchTable {
		all = append(all, sw.uci)
	}
	sets = append(sets, all)
	for _, set := range sets {
		s := newTestSearcher(t)
		p := s.SearchParams()
		for _, name := range set {
			if err := p.Set(name, "true"); err != nil {
				t.Fatal(err)
			}
		}
		s.SetSearchParams(p)
		for _, tc := range mates {
			s.NewGame()
			res := s.Search(context.Background(), mustFEN(t, tc.fen), Limits{Nodes: 600_000})
			if res.Move.String() != tc.best || MateIn(res.Score) != tc.mateIn {
				t.Errorf("%v %s: %s, mate in %d (score %d, depth %d); want %s, mate in %d",
					set, tc.id, res.Move, MateIn(res.Score), res.Score, res.Depth, tc.best, tc.mateIn)
			}
		}
	}
}

// The correction of a pawn structure moves toward the error the search
// proved, by a weight growing with depth, within its limit; a bound that
// proves nothing of the error leaves it; with the option off the static
// evaluation is not corrected; a new game forgets the corrections.
func TestCorrectionHistory(t *testing.T) {
	s := newTestSearcher(t)
	p := mustFEN(t, KiwipeteFEN)
	entry := func() int32 { return s.corrHist[p.side][pawnIndex(p)] }
	if got := s.correct(p, 37); got != 37 {
		t.Errorf("off: corrected 37 to %d", got)
	}
	sp := s.SearchParams()
	sp.CorrectionHistory = true
	s.SetSearchParams(sp)
	s.updateCorrection(p, 10, boundLower, 0, 50)  // fail high below the evaluation: no news
	s.updateCorrection(p, 10, boundUpper, 80, 50) // fail low above it: none either
	s.updateCorrection(p, 10, boundExact, MateScore-3, 50)
	if entry() != 0 {
		t.Fatalf("bounds that prove nothing moved the entry to %d", entry())
	}
	s.updateCorrection(p, 3, boundExact, 150, 50) // 100 too low, weight 4/256
	if want := int32(100 * corrHistGrain * 4 / corrHistScale); entry() != want {
		t.Errorf("one update: %d, want %d", entry(), want)
	}
	for range 200 {
		s.updateCorrection(p, 20, boundLower, 350, 50)
	}
	if entry() != corrHistLimit {
		t.Errorf("after many: %d, want the limit %d", entry(), corrHistLimit)
	}
	if got := s.correct(p, 50); got != 50+corrHistLimit/corrHistGrain {
		t.Errorf("corrected 50 to %d", got)
	}
	p.MakeMove(mustMove(t, p, "e2a6")) // the other side to move: its own entry
	if got := s.correct(p, 50); got != 50 {
		t.Errorf("the other side's evaluation corrected to %d", got)
	}
	p.UnmakeMove()
	s.NewGame()
	if entry() != 0 {
		t.Errorf("a new game kept the correction %d", entry())
	}
}

func mustMove(t *testing.T, p *Position, uci string) Move {
	t.Helper()
	m, err := p.ParseUCIMove(uci)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// Quiescence with QuiescenceChecks finds a mate by a quiet check at its
// first ply, which captures alone never see; without, it stands pat.
func TestQuiescenceChecks(t *testing.T) {
	s := newTestSearcher(t)
	p := mustFEN(t, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1") // Ra8#
	if got := s.quiesce(p, -infScore, infScore, 0, 0); got >= MateBound {
		t.Fatalf("captures only: %d, a mate", got)
	}
	sp := s.SearchParams()
	sp.QSChecks = true
	s.SetSearchParams(sp)
	if got := s.quiesce(p, -infScore, infScore, 0, 0); got != MateScore-1 {
		t.Errorf("with quiet checks: %d, want mate in one (%d)", got, MateScore-1)
	}
	// A check that loses the piece by SEE is not tried: Qf7+?? Kxf7.
	p = mustFEN(t, "6k1/8/6K1/8/8/8/8/5Q2 w - - 0 1")
	if got := s.quiesce(p, -infScore, infScore, 0, 0); got >= MateBound || got < 500 {
		t.Errorf("KQK: %d", got)
	}
}

// Quiescence with QuiescenceTT leaves its result in the table, a bound
// at depth −1, and asked again the same question answers from it in one
// node, with the same score; without the switch it stores nothing below
// the main search. A table score bounds the stand-pat: an upper bound
// below the static evaluation, at a node that keeps its evaluation,
// lowers what quiescence returns.
func TestQuiescenceTT(t *testing.T) {
	fens := []string{
		KiwipeteFEN,
		"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
		"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
	}
	for _, fen := range fens {
		for _, on := range []bool{false, true} {
			s := newTestSearcher(t)
			sp := s.SearchParams()
			sp.QuiescenceTT = on
			s.SetSearchParams(sp)
			p := mustFEN(t, fen)
			first := s.quiesce(p, -infScore, infScore, 0, 0)
			e, stored := s.tt.probe(p.key)
			if stored != on {
				t.Fatalf("%s, QuiescenceTT %v: an entry %v", fen, on, stored)
			}
			if !on {
				continue
			}
			if e.depth != -1 || int(e.genBound&3) != boundExact || int(e.score) != first {
				t.Errorf("%s: entry depth %d bound %d score %d, want -1, exact, %d", fen, e.depth, e.genBound&3, e.score, first)
			}
			before := s.nodes
			if again := s.quiesce(p, -infScore, infScore, 0, 0); again != first || s.nodes-before != 1 {
				t.Errorf("%s: again %d in %d nodes, want %d in one", fen, again, s.nodes-before, first)
			}
		}
	}
	s := newTestSearcher(t)
	sp := s.SearchParams()
	sp.QuiescenceTT = true
	s.SetSearchParams(sp)
	p := mustFEN(t, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1") // nothing to capture: the stand-pat
	stand := s.eval.Evaluate(p)
	s.tt.store(p.key, NullMove, stand-50, stand, -1, boundUpper)
	if got := s.quiesce(p, stand-100, stand+100, 0, 0); got != stand-50 {
		t.Errorf("stand-pat under an upper bound %d: %d, want the bound", stand-50, got)
	}
}

// singular's answers with and without SingularPlus: taking a hanging
// queen, the only move that wins it, is extended by two plies
// at a non-PV node with SingularPlus (one at a PV node, one without it);
// in the opening, where other moves are as good, a table score above
// beta gives a negative extension with SingularPlus and none without;
// a line that has used its double extensions gets a single one.
func TestSingularPlus(t *testing.T) {
	recapture := "4k3/8/8/8/3q4/8/5PPP/3R2K1 w - - 0 1" // Rxd4 wins the queen
	tests := []struct {
		name           string
		fen, move      string
		plus, pv       bool
		ttScore, beta  int
		doubleExtSoFar int
		want           int
	}{
		{"recapture, plus, non-PV", recapture, "d1d4", true, false, 0, 0, 0, 2},
		{"recapture, plus, PV", recapture, "d1d4", true, true, 0, 0, 0, 1},
		{"recapture, plus, doubles spent", recapture, "d1d4", true, false, 0, 0, singularDoubleMax, 1},
		{"recapture, off", recapture, "d1d4", false, false, 0, 0, 0, 1},
		{"opening, plus, table above beta", StartFEN, "e2e4", true, false, 0, -10, 0, -1},
		{"opening, off", StartFEN, "e2e4", false, false, 0, -10, 0, 0},
	}
	for _, tc := range tests {
		s := newTestSearcher(t)
		sp := s.SearchParams()
		sp.Singular, sp.SingularPlus = true, tc.plus
		s.SetSearchParams(sp)
		p := mustFEN(t, tc.fen)
		m, err := p.ParseUCIMove(tc.move)
		if err != nil {
			t.Fatal(err)
		}
		depth, ply := 8, 2
		ttScore := tc.ttScore
		if tc.fen == recapture {
			ttScore = s.Search(context.Background(), p.Clone(), Limits{Depth: 6}).Score
			s.NewGame()
		}
		s.stack[ply].doubleExt = tc.doubleExtSoFar
		ext, cut, _ := s.singular(p, depth, tc.beta, ply, tc.pv, !tc.pv, m, ttScore, boundLower, depth)
		if ext != tc.want || cut {
			t.Errorf("%s: extend %d, cut %v; want %d, no cut", tc.name, ext, cut, tc.want)
		}
	}
}

// Razoring fails a hopeless non-PV node low through quiescence alone, a
// node instead of a search of every move; where a capture wins the
// material back (a hanging queen), the node is searched and fails high
// with the switch as without it.
func TestRazoring(t *testing.T) {
	tests := []struct {
		name, fen string
		razored   bool
	}{
		{"a queen down, nothing to take", "3qk3/8/8/8/8/8/5PPP/6K1 w - - 0 1", true},
		{"a queen down, the queen hangs", "4k3/8/8/8/3q4/8/5PPP/3R2K1 w - - 0 1", false},
	}
	for _, tc := range tests {
		var score [2]int
		var nodes [2]uint64
		for i, on := range []bool{false, true} {
			s := newTestSearcher(t)
			sp := s.SearchParams()
			sp.Razoring = on
			s.SetSearchParams(sp)
			p := mustFEN(t, tc.fen)
			alpha := s.eval.Evaluate(p) + razorBase + razorMargin*razorDepth*razorDepth + 100 // beyond the margin
			score[i] = s.negamax(p, razorDepth, alpha, alpha+1, 1, true)
			nodes[i] = s.nodes
			if failsLow := score[i] <= alpha; failsLow != tc.razored {
				t.Errorf("%s, Razoring %v: %d against alpha %d, want a fail-low %v", tc.name, on, score[i], alpha, tc.razored)
			}
		}
		if razored := nodes[1] == 2 && nodes[0] > 2; razored != tc.razored { // the node and its quiescence
			t.Errorf("%s: %d nodes with Razoring, %d without; razored %v, want %v", tc.name, nodes[1], nodes[0], razored, tc.razored)
		}
	}
}

// TimeManager2's limits: within the clock, the hard one at most half of
// what is left after the overhead, the soft one at most a quarter; at a
// small clock with an increment, less than the increment.
func TestTimeBudget2(t *testing.T) {
	s := newTestSearcher(t)
	s.MoveOverhead = 30 * time.Millisecond
	ms := time.Millisecond
	white, black := NewPosition(), mustFEN(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	for _, tc := range []struct {
		lim      Limits
		pos      *Position
		soft     time.Duration // the expected soft limit (0: none)
		hardWant time.Duration
	}{
		// 10+0.1 at the start: the clock and three quarters of 29
		// increments less 20 overheads, over 30 moves, × 5/4:
		// (10 000 + 2 175 − 600)·5/4/30 = 482.3 ms.
		{Limits{WTime: 10000 * ms, WInc: 100 * ms}, white, 482291666, 482291666 * 5},
		{Limits{BTime: 10000 * ms, BInc: 100 * ms, WTime: 1}, black, 482291666, 482291666 * 5},
		// 1+0.01 at the start: (1000 + 217.5 − 600)·5/4/30 = 25.7 ms.
		{Limits{WTime: 1000 * ms, WInc: 10 * ms}, white, 25729166, 25729166 * 5},
		// … and at 141 ms, within the reserve: a quarter of 111 ms planned,
		// 27.75·5/4/30 = 1.16 ms, less than the increment.
		{Limits{WTime: 141 * ms, WInc: 10 * ms}, white, 1156250, 1156250 * 5},
		// … and at 10 ms, less than the overhead: at once.
		{Limits{WTime: 10 * ms, WInc: 10 * ms}, white, 10416, 10416 * 5},
		// 10+0.1 at 150 ms: a quarter of what is left, not the increment.
		{Limits{WTime: 150 * ms, WInc: 100 * ms}, white, 30 * ms, 60 * ms},
		// The last move before the control: a quarter of the clock, half at most.
		{Limits{WTime: 2000 * ms, MovesToGo: 1}, white, 492500 * time.Microsecond, 985 * ms},
		// A move time: no soft limit, all of it less the overhead.
		{Limits{MoveTime: 500 * ms}, white, 0, 470 * ms},
		// No clock at all.
		{Limits{Depth: 5}, white, 0, 0},
	} {
		soft, hard := s.timeBudget2(tc.pos, tc.lim)
		if soft != tc.soft || hard != tc.hardWant {
			t.Errorf("%+v: soft %v hard %v, want %v and %v", tc.lim, soft, hard, tc.soft, tc.hardWant)
		}
	}
	// TimeFrontload plans over 16 moves: at the start of 10+0.1
	// (10 000 + 1 125 − 600)·5/4/16 = 822.3 ms, and with 20 moves to go
	// the same (the horizon clamps it); a movestogo below 16 still wins.
	front := newTestSearcher(t)
	front.MoveOverhead = s.MoveOverhead
	fp := front.params
	fp.TimeFrontload = true
	front.SetSearchParams(fp)
	for _, tc := range []struct {
		lim        Limits
		soft, hard time.Duration
	}{
		{Limits{WTime: 10000 * ms, WInc: 100 * ms}, 822265625, 822265625 * 5},
		{Limits{WTime: 10000 * ms, WInc: 100 * ms, MovesToGo: 20}, 822265625, 822265625 * 5},
		{Limits{WTime: 2000 * ms, MovesToGo: 1}, 492500 * time.Microsecond, 985 * ms},
	} {
		if soft, hard := front.timeBudget2(white, tc.lim); soft != tc.soft || hard != tc.hard {
			t.Errorf("TimeFrontload %+v: soft %v hard %v, want %v and %v", tc.lim, soft, hard, tc.soft, tc.hard)
		}
	}
	// Over a grid of clocks, with and without TimeFrontload: 0 < soft ≤
	// hard ≤ (left − overhead)/2, and soft ≤ (left − overhead)/4.
	for _, tm := range []*Searcher{s, front} {
		for _, left := range []time.Duration{1 * ms, 20 * ms, 31 * ms, 100 * ms, 1000 * ms, 60000 * ms} {
			for _, inc := range []time.Duration{0, 10 * ms, 100 * ms, 2000 * ms} {
				for _, mtg := range []int{0, 1, 2, 20, 40, 100} {
					soft, hard := tm.timeBudget2(white, Limits{WTime: left, WInc: inc, MovesToGo: mtg})
					usable := max(left-tm.MoveOverhead, ms)
					if soft <= 0 || soft > hard || hard > usable/2 || soft > usable/4 {
						t.Errorf("TimeFrontload %v left %v inc %v mtg %d: soft %v hard %v", tm.params.TimeFrontload, left, inc, mtg, soft, hard)
					}
				}
			}
		}
	}
}

// TimeManager2's iterations: a best move that changes keeps the search
// going longer than one that stands; a falling score longer still.
func TestTM2Continue(t *testing.T) {
	soft := 100 * time.Millisecond
	m1, m2 := NewMove(E1+8, E1+24, FlagDoublePush), NewMove(G1, F1+16, FlagQuiet)
	var c tm2State
	if !c.tm2Continue(1, m1, 20, 60*time.Millisecond, soft) {
		t.Error("a first iteration at 0.6 of the soft limit stops the search")
	}
	for d := 2; d <= 6; d++ {
		c.tm2Continue(d, m1, 20, 0, soft)
	}
	if c.stable != 5 || c.tm2Continue(7, m1, 20, 56*time.Millisecond, soft) {
		t.Errorf("a best move stable for %d iterations goes on at 0.56 of the soft limit", c.stable)
	}
	if !c.tm2Continue(8, m2, 20, 124*time.Millisecond, soft) || c.stable != 0 {
		t.Error("a new best move stops the search at 1.24 times the soft limit")
	}
	var f tm2State
	f.tm2Continue(1, m1, 50, 0, soft)
	f.tm2Continue(2, m1, 50, 0, soft)
	f.tm2Continue(3, m1, 50, 0, soft) // stable 2 and 3: 0.625 of the soft limit
	if !f.tm2Continue(4, m1, -50, 90*time.Millisecond, soft) {
		t.Error("a score falling by a pawn stops the search at 0.9 of the soft limit")
	}
}
