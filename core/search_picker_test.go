package core

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// pickAll runs ply's staged picker to its end.
func pickAll(s *Searcher, p *Position, ply int, skip Move) (moves []Move, orders []int32) {
	s.startPicker(p, ply, skip)
	for {
		m, v := s.nextMove(p, ply)
		if m == NullMove {
			return moves, orders
		}
		moves, orders = append(moves, m), append(orders, v)
	}
}

// TestCapturesAndQuietsPartitionLegal: the picker's two generators list
// every legal move once between them, the noisy ones first, on every
// position of the perft suite and every position one move from them.
func TestCapturesAndQuietsPartitionLegal(t *testing.T) {
	check := func(p *Position) {
		var lc legalContext
		p.legalContext(&lc)
		var ml MoveList
		p.appendCaptures(&ml, &lc)
		nNoisy := ml.N
		p.appendQuiets(&ml, &lc)
		for i, m := range ml.Slice() {
			if noisy := m.IsCapture() || m.Promotion() == Queen; noisy != (i < nNoisy) {
				t.Fatalf("%s: %s listed by the wrong generator", p.FEN(), m)
			}
		}
		got, want := slices.Clone(ml.Slice()), p.LegalMoves()
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: captures+quiets %v, legal %v", p.FEN(), got, want)
		}
	}
	perftSuiteAndChildren(t, check)
}

// TestPickerYieldsLegal: with killers, counter moves and a skipped move
// drawn from the position's legal moves and from other positions (most
// of them illegal here), the staged picker yields every legal move but
// the skipped one exactly once, each with scoreMoves's ordering score,
// in order of score (so the staged search differs from the unstaged one
// only in the order of equal scores), on the perft suite and one ply on;
// with the history indexed by threats (ThreatHistory) too.
func TestPickerYieldsLegal(t *testing.T) {
	for _, threats := range []bool{false, true} {
		t.Run(fmt.Sprintf("ThreatHistory=%v", threats), func(t *testing.T) { pickerYieldsLegal(t, threats, false) })
	}
	t.Run("CaptureHistory=true", func(t *testing.T) { pickerYieldsLegal(t, false, true) })
}

func pickerYieldsLegal(t *testing.T, threatHistory, captureHistory bool) {
	s := newTestSearcher(t)
	sp := s.SearchParams()
	sp.ThreatHistory, sp.CaptureHistory = threatHistory, captureHistory
	s.SetSearchParams(sp)
	rng := rand.New(rand.NewPCG(26, 1))
	for pc := range s.capHist {
		for to := range s.capHist[pc] {
			for v := range s.capHist[pc][to] {
				s.capHist[pc][to][v] = int16(rng.IntN(2*historyMax) - historyMax)
			}
		}
	}
	for c := range s.history {
		for ft := range s.history[c] {
			for tt := range s.history[c][ft] {
				for f := range s.history[c][ft][tt] {
					for to := range s.history[c][ft][tt][f] {
						s.history[c][ft][tt][f][to] = rng.Int32N(2*historyMax) - historyMax
					}
				}
			}
		}
	}
	for pc := range s.contHist {
		for to := range s.contHist[pc] {
			for q := range s.contHist[pc][to] {
				for sq := range s.contHist[pc][to][q] {
					s.contHist[pc][to][q][sq] = int16(rng.IntN(2*historyMax) - historyMax)
				}
			}
		}
	}
	var foreign []Move // moves of other positions
	const ply = 2
	check := func(p *Position) {
		legal := p.LegalMoves()
		draw := func() Move {
			switch rng.IntN(3) {
			case 0:
				if len(legal) > 0 {
					return legal[rng.IntN(len(legal))]
				}
			case 1:
				if len(foreign) > 0 {
					return foreign[rng.IntN(len(foreign))]
				}
			}
			return NullMove
		}
		for try := 0; try < 4; try++ {
			s.killers[ply] = [2]Move{draw(), draw()}
			if s.killers[ply][0] == s.killers[ply][1] {
				s.killers[ply][1] = NullMove
			}
			s.stack[ply-1].move, s.stack[ply-1].moved = NewMove(E1+8, E1+24, FlagQuiet), MakePiece(p.side^1, Pawn)
			s.stack[ply-2].move, s.stack[ply-2].moved = NewMove(G1, F1+16, FlagQuiet), MakePiece(p.side, Knight)
			s.counter[s.stack[ply-1].moved][E1+24] = draw()
			skip := draw()
			if !p.IsLegal(skip) && rng.IntN(2) == 0 {
				skip = NullMove
			}
			before := p.FEN()
			moves, orders := pickAll(s, p, ply, skip)
			if p.FEN() != before {
				t.Fatalf("the picker changed the position %s", before)
			}
			// The unstaged search's list and scores.
			want := map[Move]int32{}
			ml := &s.lists[ply]
			p.GenerateLegal(ml)
			s.scoreMoves(p, ply, skip)
			for i, m := range ml.Slice() {
				if m != skip {
					want[m] = s.scores[ply][i]
				}
			}
			if len(moves) != len(want) {
				t.Fatalf("%s skip %s killers %v: %d moves yielded %v, %d legal", p.FEN(), skip, s.killers[ply], len(moves), moves, len(want))
			}
			for i, m := range moves {
				v, ok := want[m]
				if !ok {
					t.Fatalf("%s: yielded %s, not legal, the skipped move or twice", p.FEN(), m)
				}
				delete(want, m)
				if v != orders[i] {
					t.Fatalf("%s: %s ordered %d, unstaged %d", p.FEN(), m, orders[i], v)
				}
				if i > 0 && orders[i] > orders[i-1] {
					t.Fatalf("%s: %s (%d) after %s (%d)", p.FEN(), m, orders[i], moves[i-1], orders[i-1])
				}
			}
			if n := s.pickers[ply].generated; n != len(legal) {
				t.Fatalf("%s: the picker counted %d legal moves, there are %d", p.FEN(), n, len(legal))
			}
		}
		foreign = append(foreign, legal...)
		if len(foreign) > 4000 {
			foreign = foreign[len(foreign)-4000:]
		}
	}
	for _, c := range loadPerftSuite(t) {
		p := mustFEN(t, c.fen)
		check(p)
		for _, m := range p.LegalMoves() {
			p.MakeMove(m)
			if p.HasLegalMove() {
				check(p)
			}
			p.UnmakeMove()
		}
	}
}

// pickerPerft is perft with the staged picker listing each node's moves,
// the killers and counter moves recorded as a search would (the last
// moves yielded at the ply), so they are often legal.
func pickerPerft(s *Searcher, p *Position, depth, ply int) uint64 {
	if depth == 0 {
		return 1
	}
	var nodes uint64
	s.startPicker(p, ply, NullMove)
	for {
		m, _ := s.nextMove(p, ply)
		if m == NullMove {
			break
		}
		if !m.IsCapture() && !m.IsPromotion() && s.killers[ply][0] != m {
			s.killers[ply][1], s.killers[ply][0] = s.killers[ply][0], m
		}
		s.stack[ply].move, s.stack[ply].moved = m, p.board[m.From()]
		p.MakeMove(m)
		nodes += pickerPerft(s, p, depth-1, ply+1)
		p.UnmakeMove()
		if ply > 0 {
			f := s.stack[ply-1]
			s.counter[f.moved][f.move.To()] = m
		}
	}
	return nodes
}

// TestPickerPerft: perft through the staged picker counts the suite's
// numbers (every legal move once, at every node of the tree).
func TestPickerPerft(t *testing.T) {
	budget := uint64(2_000_000)
	if testing.Short() {
		budget = 20_000
	}
	s := newTestSearcher(t)
	for _, c := range loadPerftSuite(t) {
		p := mustFEN(t, c.fen)
		for depth := 1; depth <= 4; depth++ {
			want, ok := c.counts[depth]
			if !ok || want > budget && depth > 1 {
				continue
			}
			if got := pickerPerft(s, p, depth, 0); got != want {
				t.Errorf("%s depth %d: picker perft %d, want %d", c.fen, depth, got, want)
			}
		}
	}
}
