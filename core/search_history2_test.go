package core

import "testing"

// historyTestLine puts a line of five quiet moves on s's stack, plies 0
// to 4, and returns them.
func historyTestLine(t *testing.T, s *Searcher) [5]frame {
	t.Helper()
	sq := func(name string) Square { s, _ := ParseSquare(name); return s }
	line := [5]frame{
		{move: NewMove(sq("g1"), sq("f3"), 0), moved: MakePiece(White, Knight)},
		{move: NewMove(sq("g8"), sq("f6"), 0), moved: MakePiece(Black, Knight)},
		{move: NewMove(sq("f1"), sq("c4"), 0), moved: MakePiece(White, Bishop)},
		{move: NewMove(sq("e7"), sq("e6"), 0), moved: MakePiece(Black, Pawn)},
		{move: NewMove(sq("e1"), sq("f1"), 0), moved: MakePiece(White, King)},
	}
	copy(s.stack[:5], line[:])
	return line
}

// TestRewardPriorMove: a node at ply 5 that fails low rewards ply 4's
// quiet move in the continuation histories of plies 3 and 2 (and, with
// ContHist4, of ply 0, unless ply 4's node was in check), by Stockfish's
// conditions: from depth 5 or at PV nodes; twice at PV and cut-nodes and
// after bad fails; never after a capture.
func TestRewardPriorMove(t *testing.T) {
	const alpha = 0
	cases := []struct {
		name            string
		depth, best     int
		pvNode, cutNode bool
		capture, cont4  bool
		priorInCheck    bool
		want            int32 // the bonus, in depth² units times 32 (0: none)
	}{
		{"shallow, mild fail", 3, -10, false, false, false, false, false, 0},
		{"deep, mild fail", 6, -10, false, false, false, false, false, 36 * 32},
		{"deep cut-node", 6, -10, false, true, false, false, false, 2 * 36 * 32},
		{"shallow PV node", 3, -10, true, false, false, false, false, 2 * 9 * 32},
		{"shallow, bad fail", 3, alpha - failLowMargin*3 - 1, false, false, false, false, false, 0},
		{"deep, bad fail", 6, alpha - failLowMargin*6 - 1, false, false, false, false, false, 2 * 36 * 32},
		{"deep, just not bad", 6, alpha - failLowMargin*6, false, false, false, false, false, 36 * 32},
		{"after a capture", 6, -10, true, false, true, false, false, 0},
		{"four plies back too", 6, -10, false, false, false, true, false, 36 * 32},
		{"not four back after a check", 6, -10, false, false, false, true, true, 36 * 32},
		{"twice, within the histories' bound", 20, -10, true, false, false, false, false, historyMax},
	}
	for _, tc := range cases {
		s := newTestSearcher(t)
		sp := s.SearchParams()
		sp.FailLowBonus, sp.ContHist4 = true, tc.cont4
		s.SetSearchParams(sp)
		line := historyTestLine(t, s)
		if tc.capture {
			s.stack[4].move = NewMove(s.stack[4].move.From(), s.stack[4].move.To(), FlagCapture)
		}
		s.stack[4].inCheck = tc.priorInCheck
		prior := line[4]
		s.rewardPriorMove(5, tc.depth, tc.best, alpha, tc.pvNode, tc.cutNode)
		four := int32(0)
		if tc.cont4 && !tc.priorInCheck {
			four = tc.want
		}
		for back, want := range map[int]int32{3: tc.want, 2: tc.want, 1: 0, 0: four} {
			f := line[back]
			got := int32(s.contHist[f.moved][f.move.To()][prior.moved][prior.move.To()])
			// One gravity step from 0 adds the bonus itself.
			if got != want {
				t.Errorf("%s: the table of ply %d holds %d, want %d", tc.name, back, got, want)
			}
		}
	}
}

// TestAddCont4: with ContHist4 a plain quiet move's score gains the
// continuation history of the move four plies back; the hash move's,
// a killer's and a capture's do not change.
func TestAddCont4(t *testing.T) {
	s := newTestSearcher(t)
	line := historyTestLine(t, s)
	p, err := ParseFEN("rnbqkb1r/pppp1ppp/4pn2/8/2B5/5N2/PPPPPPPP/RNBQK2R w KQkq - 0 3")
	if err != nil {
		t.Fatal(err)
	}
	sq := func(name string) Square { s, _ := ParseSquare(name); return s }
	quiet := NewMove(sq("e1"), sq("f1"), 0)
	f0 := line[0]
	s.contHist[f0.moved][f0.move.To()][MakePiece(White, King)][sq("f1")] = 777
	moves := []Move{quiet, quiet, quiet}
	sc := []int32{100, orderKiller1, orderTT}
	s.addCont4(p, 4, moves, sc) // four plies back from ply 4: ply 0's move
	if want := []int32{877, orderKiller1, orderTT}; sc[0] != want[0] || sc[1] != want[1] || sc[2] != want[2] {
		t.Errorf("scores %v, want %v", sc, want)
	}
}
