package core

import (
	"context"
	"testing"
)

// probCut fails high through a capture that wins enough by SEE and keeps
// winning in quiescence and in the reduced search, storing the cut as a
// lower bound three plies shallower; it tries no move when no capture's
// SEE reaches the raised beta, nor when the table says the node is
// below it at nearly the depth.
func TestProbCut(t *testing.T) {
	p := mustFEN(t, "4k3/8/8/3q4/8/4N3/8/4K3 w - - 0 1") // Nxd5 wins the queen
	nxd5 := mustMove(t, p, "e3d5")
	const depth = 8
	for _, tc := range []struct {
		name               string
		betaOverEval       int // beta − the static evaluation
		ttScore, ttBound   int // what the table says (ttScore over the eval)
		ttDepth            int
		wantCut, wantNodes bool
	}{
		{"the queen beats beta+200", 0, 0, boundNone, -1, true, true},
		{"no SEE reaches beta+200 (the queen is 950)", 751, 0, boundNone, -1, false, false},
		{"the table's upper bound below beta+200 at depth−3", 0, 199, boundUpper, depth - 3, false, false},
		{"… but shallower: searched", 0, 199, boundUpper, depth - 4, true, true},
		{"… a lower bound says nothing: searched", 0, 199, boundLower, depth, true, true},
	} {
		s := newTestSearcher(t)
		sp := s.SearchParams()
		sp.ProbCut = true
		s.SetSearchParams(sp)
		eval := s.eval.Evaluate(p)
		beta := eval + tc.betaOverEval
		score, cut := s.probCut(p, depth, beta, 0, true, NullMove, eval+tc.ttScore, tc.ttBound, tc.ttDepth, eval, eval)
		if cut != tc.wantCut || (s.nodes > 0) != tc.wantNodes {
			t.Errorf("%s: cut %v after %d nodes, want cut %v, nodes %v", tc.name, cut, s.nodes, tc.wantCut, tc.wantNodes)
		}
		if p.FEN() != "4k3/8/8/3q4/8/4N3/8/4K3 w - - 0 1" {
			t.Fatalf("%s: the position is now %s", tc.name, p.FEN())
		}
		e, ok := s.tt.probe(p.key)
		if !cut {
			if ok {
				t.Errorf("%s: no cut, but the node's entry %+v stored", tc.name, e)
			}
			continue
		}
		if score < beta+sp.ProbCutMargin {
			t.Errorf("%s: cut with %d, below beta+margin %d", tc.name, score, beta+sp.ProbCutMargin)
		}
		if !ok || e.move != nxd5 || int(e.genBound&3) != boundLower || int(e.depth) != depth-3 || int(e.score) != score {
			t.Errorf("%s: entry %+v (found %v), want Nxd5, a lower bound %d at depth %d", tc.name, e, ok, score, depth-3)
		}
	}
}

// With ProbCut the node counts are reproducible: the same searcher after
// NewGame and a fresh one search a position with as many nodes and to the
// same move and score.
func TestProbCutDeterministic(t *testing.T) {
	w := mustWeights(t, "full")
	sp := w.SearchParams()
	sp.ProbCut = true
	for _, fen := range benchFENs[:4] {
		var first Result
		s := NewSearcher(w, 16)
		s.SetSearchParams(sp)
		for try := range 3 {
			if try == 2 {
				s = NewSearcher(w, 16)
				s.SetSearchParams(sp)
			}
			s.NewGame()
			r := s.Search(context.Background(), mustFEN(t, fen), Limits{Depth: 9})
			if try == 0 {
				first = r
				continue
			}
			if r.Nodes != first.Nodes || r.Move != first.Move || r.Score != first.Score {
				t.Errorf("%s, try %d: %v %d in %d nodes; first %v %d in %d", fen, try, r.Move, r.Score, r.Nodes, first.Move, first.Score, first.Nodes)
			}
		}
	}
}

// With ProbCut off its depth and margin change nothing; on, they act.
func TestProbCutOffIgnoresItsParameters(t *testing.T) {
	base := benchWith(t, 8)
	if n := benchWith(t, 8, [2]string{"ProbCutDepth", "3"}, [2]string{"ProbCutMargin", "0"}); n != base {
		t.Errorf("off, depth 3 margin 0: %d nodes, default %d", n, base)
	}
	on := benchWith(t, 8, [2]string{"ProbCut", "true"})
	if on == base {
		t.Errorf("ProbCut on changes nothing (%d nodes)", on)
	}
	if n := benchWith(t, 8, [2]string{"ProbCut", "true"}, [2]string{"ProbCutMargin", "100"}); n == on {
		t.Errorf("ProbCutMargin 100 searches as 200 (%d nodes)", n)
	}
}

// full's layout: the genes of the search parameters past searchGenesFirst
// come after the eval_terms2 genes, and only the eval_terms3 genes, then
// the eval_terms4 genes, then the eval_terms5 genes, then the eval_terms6
// genes, then the eval_terms7 genes after them, so that a
// run stored before any of them (its genomes stored by position) is a
// prefix of the layout.
func TestSearchGenesLaterBlockLast(t *testing.T) {
	s := mustPreset(t, "full")
	late := searchParamTable[searchGenesFirst:]
	if len(late) == 0 {
		t.Fatal("no parameters after searchGenesFirst")
	}
	end := len(s.Genes)
	for _, family := range []string{Terms8Family, Terms7Family, Terms6Family, Terms5Family, Terms4Family, Terms3Family} { // from the end
		last := end
		for end > 0 && s.Genes[end-1].InFamily(family) {
			end--
		}
		if end == last {
			t.Fatalf("full has no %s genes in its last blocks", family)
		}
		for _, g := range s.Genes[:end] {
			if g.InFamily(family) {
				t.Errorf("%s of family %s is not in its block", g.Name, family)
			}
		}
	}
	tail := s.Genes[end-len(late) : end]
	for i, sp := range late {
		if tail[i].Name != "search_"+sp.gene || !tail[i].OptIn {
			t.Errorf("gene %d from the end is %s (opt-in %v), want search_%s", len(late)-i, tail[i].Name, tail[i].OptIn, sp.gene)
		}
	}
	if g := s.Genes[end-len(late)-1]; g.Group == SearchGroup {
		t.Errorf("the gene before the later search block is %s, of group search: the eval_terms2 genes should be there", g.Name)
	}
	firstTerms2 := -1
	for i, g := range s.Genes {
		if g.Name == "search_"+searchParamTable[searchGenesFirst-1].gene {
			firstTerms2 = i + 1
		}
	}
	if firstTerms2 < 0 || s.Genes[firstTerms2].Group == SearchGroup {
		t.Errorf("the first block of search genes is not followed by the eval_terms2 genes (at %d)", firstTerms2)
	}
}
