package core

import (
	"context"
	"testing"
	"time"
)

func TestNodeScale(t *testing.T) {
	cases := []struct {
		best, total uint64
		want        int
	}{
		{0, 0, 100},
		{100, 100, 50},  // every node: 0.4, raised to the floor
		{90, 100, 60},   // 0.4 + 2·0.1
		{50, 100, 140},  // 0.4 + 2·0.5
		{20, 100, 200},  // 0.4 + 2·0.8 = 2.0
		{0, 100, 200},   // 2.4, cut to the ceiling
		{999, 1000, 50}, // rounding down the best share never passes the floor
	}
	for _, tc := range cases {
		if got := nodeScale(tc.best, tc.total); got != tc.want {
			t.Errorf("nodeScale(%d, %d) = %d, want %d", tc.best, tc.total, got, tc.want)
		}
	}
}

// TestRootNodes: with TimeNodes a search counts each root move's nodes,
// and they add up to (nearly) the search's own; without it the soft limit
// is never scaled.
func TestRootNodes(t *testing.T) {
	p, err := ParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	if err != nil {
		t.Fatal(err)
	}
	for _, on := range []bool{false, true} {
		s := newTestSearcher(t)
		sp := s.SearchParams()
		sp.TimeNodes = on
		s.SetSearchParams(sp)
		res := s.Search(context.Background(), p, Limits{Depth: 8})
		soft := s.nodeScaledSoft(time.Second, 8, res.Move)
		if !on {
			if s.rootNodes != nil || soft != time.Second {
				t.Errorf("off: root nodes kept, or soft limit %v", soft)
			}
			continue
		}
		var sum uint64
		for from := range s.rootNodes {
			for _, n := range s.rootNodes[from] {
				sum += n
			}
		}
		// The root node itself, and nothing else, is counted outside.
		if sum == 0 || sum > res.Nodes || res.Nodes-sum > uint64(res.Depth)*64 {
			t.Errorf("root moves' nodes %d of the search's %d", sum, res.Nodes)
		}
		best := s.rootNodes[res.Move.From()][res.Move.To()]
		if want := time.Second * time.Duration(nodeScale(best, s.nodes)) / 100; soft != want {
			t.Errorf("soft limit %v, want %v", soft, want)
		}
	}
}
