package core

import "testing"

// captureHistoryFENs have captures of every kind: winning, equal and
// losing by SEE, en passant, promotions with and without a capture.
var captureHistoryFENs = []string{
	KiwipeteFEN,
	"r1bbk1nr/pp3p1p/2n5/1N4p1/2Np1B2/8/PPP2PPP/2KR1B1R w kq - 0 1",
	"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
	"1r2k3/P1P5/8/3q4/4P3/2N5/8/4K3 w - - 0 1",
	"4k3/8/3r4/2p5/3Q4/8/8/4K3 w - - 0 1",
}

// With CaptureHistory on, a capture's ordering score keeps its class
// whatever the table holds: winning and equal captures at or above
// orderGoodCap, losing ones below 0 (what the picker, LMR and
// quiescence read), and off the history is not read at all.
func TestCaptureHistoryKeepsClasses(t *testing.T) {
	s := newTestSearcher(t)
	for _, fen := range captureHistoryFENs {
		p := mustFEN(t, fen)
		var ml MoveList
		p.GenerateLegal(&ml)
		for _, fill := range []int16{historyMax, -historyMax, 0} {
			for pc := range s.capHist {
				for to := range s.capHist[pc] {
					for v := range s.capHist[pc][to] {
						s.capHist[pc][to][v] = fill
					}
				}
			}
			for _, m := range ml.Moves[:ml.N] {
				if !m.IsCapture() && m.Promotion() != Queen {
					continue
				}
				plain := noisyScore(p, m)
				s.params.CaptureHistory = false
				if got := s.noisyOrder(p, m); got != plain {
					t.Errorf("%s %s off: %d, want noisyScore's %d", fen, m, got, plain)
				}
				s.params.CaptureHistory = true
				got := s.noisyOrder(p, m)
				if good := plain >= orderGoodCap; good != (got >= orderGoodCap) || !good && got >= 0 {
					t.Errorf("%s %s history %d: %d left its class (noisyScore %d)", fen, m, fill, got, plain)
				}
			}
		}
	}
}

// A cut-off rewards the capture that made it and punishes the captures
// tried before it; a quiet cut-off punishes them all; the values stay
// within ±historyMax however often it happens.
func TestCaptureHistoryUpdate(t *testing.T) {
	s := newTestSearcher(t)
	p := mustFEN(t, KiwipeteFEN)
	var ml MoveList
	p.GenerateLegal(&ml)
	var caps []Move
	for _, m := range ml.Moves[:ml.N] {
		if m.IsCapture() {
			caps = append(caps, m)
		}
	}
	if len(caps) < 3 {
		t.Fatalf("Kiwipete has %d captures", len(caps))
	}
	entry := func(m Move) int16 { return s.capHist[p.board[m.From()]][m.To()][capturedType(p, m)] }
	best := caps[2]
	for range 200 {
		s.updateCaptureHistory(p, 12, best, caps[:3])
	}
	if entry(best) <= 0 || entry(caps[0]) >= 0 || entry(caps[1]) >= 0 {
		t.Errorf("after cut-offs by %s: it %d, %s %d, %s %d", best, entry(best), caps[0], entry(caps[0]), caps[1], entry(caps[1]))
	}
	if entry(best) > historyMax || entry(caps[0]) < -historyMax {
		t.Errorf("out of bounds: %d, %d", entry(best), entry(caps[0]))
	}
	before := entry(best)
	s.updateCaptureHistory(p, 12, NullMove, caps[2:3])
	if entry(best) >= before {
		t.Errorf("a quiet cut-off left %s at %d (was %d)", best, entry(best), before)
	}
	halfOf := entry(best) / 2
	s.ageCaptureHistory()
	if entry(best) != halfOf {
		t.Errorf("ageing left %s at %d, want %d", best, entry(best), halfOf)
	}
	// An under-promotion has no entry of its own: kept out of the table.
	if m := NewMove(A8-8, B8, FlagPromoCap); inCaptureHistory(m) || !inCaptureHistory(NewMove(A8-8, B8, FlagPromoCap+int(Queen-Knight))) {
		t.Error("inCaptureHistory: an under-promotion in, or a queen promotion out")
	}
	s.NewGame()
	if entry(best) != 0 {
		t.Errorf("a new game kept %s's capture history %d", best, entry(best))
	}
}
