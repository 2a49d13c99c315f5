package core

import "time"

// TimeNodes: TimeManager2's soft limit scaled by how sure the search is
// of its best move, measured by the share of the nodes that move's
// subtree took (Ethereal's rule, as the Stockfish of later versions has
// one like it): a best move that took nearly every node is not in
// doubt, and the search stops early; one that took few shares the
// search with rivals, and it goes on. From timeNodesDepth, where the
// share means something.
const (
	timeNodesDepth = 6
	// The scale, in hundredths: timeNodesBase + timeNodesSlope·(1 − share)
	// (Ethereal's 0.4 + 2·(1 − share)), within [timeNodesMin, timeNodesMax].
	timeNodesBase, timeNodesSlope = 40, 200
	timeNodesMin, timeNodesMax    = 50, 200
)

// clearRootNodes empties the root moves' node counts for a new search
// (made at the first search that asks).
func (s *Searcher) clearRootNodes() {
	if s.rootNodes == nil {
		s.rootNodes = new([64][64]uint64)
		return
	}
	clear(s.rootNodes[:])
}

// nodeScale is TimeNodes' scale, in hundredths, for a best move whose
// subtree took bestNodes of the search's total nodes.
func nodeScale(bestNodes, total uint64) int {
	if total == 0 {
		return 100
	}
	other := 100 - int(bestNodes*100/total) // the share of the other moves, in hundredths
	return max(timeNodesMin, min(timeNodesMax, timeNodesBase+timeNodesSlope*other/100))
}

// nodeScaledSoft is the soft limit for the iteration after depth, best
// the best move: with TimeNodes, soft scaled by nodeScale; else soft.
func (s *Searcher) nodeScaledSoft(soft time.Duration, depth int, best Move) time.Duration {
	if !s.params.TimeNodes || depth < timeNodesDepth || best == NullMove {
		return soft
	}
	return soft * time.Duration(nodeScale(s.rootNodes[best.From()][best.To()], s.nodes)) / 100
}
