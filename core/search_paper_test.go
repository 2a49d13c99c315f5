package core

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"testing"
)

// The paper searches' test positions: the start, a mate threat (Qxf7),
// the perft suite's positions 4, 5 and 3 (promotions, checks, pins, an
// endgame), and two back-rank positions.
const paperPositions = "testdata/paper_search.epd"

// refPaperQuiesce is Paper004's quiescence by its definition, in
// textbook fail-hard alpha-beta, biggest victims first (called with an
// open window it returns the exact minimax value of the quiescence tree;
// minimax itself, or alpha-beta in generation order, takes minutes there:
// every order of every exchange): in check, the best evasion (or mate); otherwise the best of
// standing pat, the captures (promoting to a queen), the queen promotions
// and, at the first ply only, the quiet checks.
func refPaperQuiesce(e *Evaluator, p *Position, alpha, beta, ply, qply int) int {
	if qply > 0 && (p.halfmove >= 100 || p.IsInsufficientMaterial() || p.RepetitionCount() >= 3) {
		if !p.HasLegalMove() && p.InCheck() {
			return -MateScore + ply
		}
		return 0
	}
	moves := p.LegalMoves()
	inCheck := p.InCheck()
	if inCheck && len(moves) == 0 {
		return -MateScore + ply
	}
	victim := func(m Move) int { return seeValues[p.board[m.To()].Type()] }
	sort.SliceStable(moves, func(i, j int) bool { return victim(moves[i]) > victim(moves[j]) })
	if !inCheck {
		stand := e.Evaluate(p)
		if stand >= beta {
			return beta
		}
		alpha = max(alpha, stand)
	}
	for _, m := range moves {
		noisy := (m.IsCapture() || m.IsPromotion()) && (!m.IsPromotion() || m.Promotion() == Queen)
		p.MakeMove(m)
		if check := qply == 0 && !m.IsCapture() && p.InCheck(); inCheck || noisy || check {
			score := -refPaperQuiesce(e, p, -beta, -alpha, ply+1, qply+1)
			if score >= beta {
				p.UnmakeMove()
				return beta
			}
			alpha = max(alpha, score)
		}
		p.UnmakeMove()
	}
	return alpha
}

// naivePaper004 is minimax over every legal move to depth, then the
// quiescence's exact value: what Paper004's alpha-beta and table return.
func naivePaper004(e *Evaluator, p *Position, depth, ply int) int {
	if ply > 0 && (p.halfmove >= 100 || p.IsInsufficientMaterial() || p.RepetitionCount() >= 3) {
		if !p.HasLegalMove() && p.InCheck() {
			return -MateScore + ply
		}
		return 0
	}
	if depth == 0 {
		return refPaperQuiesce(e, p, -infScore, infScore, ply, 0)
	}
	moves := p.LegalMoves()
	if len(moves) == 0 {
		if p.InCheck() {
			return -MateScore + ply
		}
		return 0
	}
	best := -infScore
	for _, m := range moves {
		p.MakeMove(m)
		best = max(best, -naivePaper004(e, p, depth-1, ply+1))
		p.UnmakeMove()
	}
	return best
}

// Alpha-beta returns the minimax value whatever it prunes: each paper
// search, on the test positions, scores exactly what plain minimax over
// the same tree scores. Paper004 at depth 4 also meets transpositions
// (its table answers nodes at ply 3): on the quiet positions only, where
// the unpruned reference takes seconds, not minutes.
func TestPaperSearchesMatchMinimax(t *testing.T) {
	fens := loadEPDFENs(t, paperPositions)
	tests := []struct {
		mode      SearchMode
		preset    string
		depth     int
		qs        int   // PlainQuiescence: Paper000 must ignore it
		positions []int // lines of the file; none: all
		naive     func(e *Evaluator, p *Position, depth, ply int) int
	}{
		{Paper000, "seed000", 3, 3, nil, naiveMinimax},
		{Paper000, "seed004", 3, 0, nil, naiveMinimax},
		{Paper004, "seed004", 2, 0, nil, naivePaper004},
		{Paper004, "seed004", 4, 0, []int{1, 5}, naivePaper004},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%s/%s/depth%d", tc.mode, tc.preset, tc.depth), func(t *testing.T) {
			w := mustWeights(t, tc.preset)
			e := NewEvaluator(w)
			for i, fen := range fens {
				if tc.positions != nil && !slices.Contains(tc.positions, i+1) {
					continue
				}
				s := NewSearcher(w, 1)
				s.Mode, s.PlainQuiescence = tc.mode, tc.qs
				p := mustFEN(t, fen)
				res := s.Search(context.Background(), p, Limits{Depth: tc.depth})
				want := tc.naive(e, p, tc.depth, 0)
				if res.Score != want || res.Depth != tc.depth {
					t.Errorf("%s: %s %d (depth %d), minimax %d", fen, tc.mode, res.Score, res.Depth, want)
				}
				if p.FEN() != mustFEN(t, fen).FEN() {
					t.Errorf("%s: the search left the position changed: %s", fen, p.FEN())
				}
			}
		})
	}
}

// A quiet check that mates is seen by Paper004's quiescence and missed by
// a captures-only one: at depth 1 White's rook may take a knight and
// leave its back rank to ...Re1 mate, beyond the horizon.
func TestPaper004QuiescenceSeesMateByCheck(t *testing.T) {
	tests := []struct {
		name, fen, blunder string
	}{
		{"back rank, rook takes knight", "4r1k1/5ppp/8/3n4/8/8/5PPP/3R2K1 w - - 0 1", "d1d5"},
		{"back rank, rook takes a knight", "6k1/2p2ppp/8/8/8/8/r1N2PPP/1R4K1 b - - 0 1", "a2c2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := mustWeights(t, "seed004")
			captures := NewSearcher(w, 1)
			captures.Mode, captures.PlainQuiescence = Plain, 16
			res := captures.Search(context.Background(), mustFEN(t, tc.fen), Limits{Depth: 1})
			if res.Move.String() != tc.blunder {
				t.Fatalf("captures-only quiescence plays %s (score %d), not the blunder %s: the test position proves nothing", res.Move, res.Score, tc.blunder)
			}
			paper := NewSearcher(w, 1)
			paper.Mode = Paper004
			res = paper.Search(context.Background(), mustFEN(t, tc.fen), Limits{Depth: 1})
			if res.Move.String() == tc.blunder || res.Score < -MateBound {
				t.Errorf("paper004 plays %s, score %d: it should see the mate after %s and avoid it", res.Move, res.Score, tc.blunder)
			}
			// The blunder's own value, searched from after it: mated in one.
			after := mustFEN(t, tc.fen)
			after.MakeMove(mustMove(t, after, tc.blunder))
			paper.NewGame()
			res = paper.Search(context.Background(), after, Limits{Depth: 1})
			if MateIn(res.Score) != 1 {
				t.Errorf("after %s: paper004 scores %d, want a mate in 1", tc.blunder, res.Score)
			}
		})
	}
}

// Node counts, scores and moves depend only on the position, the weights,
// the mode and the depth: not on the searcher's past (NewGame forgets it)
// nor on which searcher runs.
func TestPaperSearchesDeterministic(t *testing.T) {
	fens := loadEPDFENs(t, paperPositions)
	w := mustWeights(t, "seed004")
	for _, mode := range []SearchMode{Plain, Paper000, Paper004} {
		t.Run(mode.String(), func(t *testing.T) {
			used := NewSearcher(w, 1)
			// A strong search first: whatever it leaves in the tables, NewGame clears.
			used.Search(context.Background(), mustFEN(t, KiwipeteFEN), Limits{Depth: 6})
			used.Mode = mode
			for _, fen := range fens {
				fresh := NewSearcher(w, 1)
				fresh.Mode = mode
				a := fresh.Search(context.Background(), mustFEN(t, fen), Limits{Depth: 3})
				used.NewGame()
				b := used.Search(context.Background(), mustFEN(t, fen), Limits{Depth: 3})
				if a.Nodes != b.Nodes || a.Score != b.Score || a.Move != b.Move || a.Nodes == 0 {
					t.Errorf("%s: fresh %d nodes %d %s, used %d nodes %d %s", fen, a.Nodes, a.Score, a.Move, b.Nodes, b.Score, b.Move)
				}
			}
		})
	}
}

func TestSearchModeNames(t *testing.T) {
	for _, name := range SearchModeNames() {
		m, err := ParseSearchMode(name)
		if err != nil || m.String() != name || !m.Valid() {
			t.Errorf("%s: parsed %v (%v), %q", name, m, err, m.String())
		}
	}
	if m, err := ParseSearchMode("PAPER004"); err != nil || m != Paper004 {
		t.Errorf("PAPER004: %v %v", m, err)
	}
	if _, err := ParseSearchMode("paper001"); err == nil {
		t.Error("paper001 parsed")
	}
	if SearchMode(len(SearchModeNames())).Valid() {
		t.Error("a mode past the last is valid")
	}
}
