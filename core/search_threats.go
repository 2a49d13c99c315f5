package core

// Threat-indexed quiet history (the option ThreatHistory). The main quiet
// history is indexed also by whether the move's from-square and its
// to-square are attacked by the opponent: a piece stepping out of an
// attack, or into one, is a different move, tactically, from the same
// step between quiet squares, and learns its own score.
//
// "Attacked" is every square the opponent's pawns, pieces and king
// attack through the board's occupancy, defended or not and whatever the
// moving piece: one bitboard a node, read by two bit tests a move. The
// finer "attacked by a lesser piece or a pawn" (which a knight must fear
// from pawns only, a queen from everything but queens and the king)
// would take a bitboard per kind of attacker and the moved piece's type
// a move; several engines that index their history by threats use the
// plain attacked squares, as here.
//
// Cost (cachegrind, evochess bench --depth 8, docs/RESULTS.md): the
// attacked squares about 180 instructions a computation, 49 a node over
// all nodes (1.2 %); the second scoring pass, rescoreThreats, about 240
// a node (6 %). That pass keeps the loops that score a node's moves as
// they were, so that the switch costs nothing off (+0.2 % of the
// engine's instructions); once the switch is decided, one loop scoring
// by the quarter would save most of it.

// quietHistory is one side's main quiet history:
// [from threatened][to threatened][from][to]. Without ThreatHistory only
// [0][0] is read, written and aged (the rest stays zero: SetSearchParams
// clears the history when the switch changes).
type quietHistory [2][2][64][64]int32

// threatened returns the squares the side not to move attacks.
func (p *Position) threatened() Bitboard {
	return p.attackUnion(p.side^1, p.Occupied())
}

// threatCache is one ply's threatened squares and the key of the position
// they are of: a node scores its quiet moves and updates their history
// from the one computation.
type threatCache struct {
	key     uint64
	squares Bitboard
}

// threatsAt returns p's threatened squares, p being the node at ply.
// Searched positions have a Zobrist key (only positions unpacked for
// evaluation have none, and those are never searched).
func (s *Searcher) threatsAt(p *Position, ply int) Bitboard {
	c := &s.threats[ply]
	if c.key != p.key || c.squares == 0 {
		c.key, c.squares = p.key, p.threatened()
	}
	return c.squares
}

// historyThreats is the threat mask the history of p's quiet moves is
// indexed by: its threatened squares with ThreatHistory, else none (every
// move in the unthreatened quarter, as before the switch).
func (s *Searcher) historyThreats(p *Position, ply int) Bitboard {
	if !s.params.ThreatHistory {
		return 0
	}
	return s.threatsAt(p, ply)
}

// quietOrderLimit bounds the ordering scores of plain quiet moves (three
// histories, four with ContHist4, each within ±historyMax); every other order (the hash move,
// captures, killers, the counter move, under-promotions) lies beyond it.
const quietOrderLimit = 1 << 26

// rescoreThreats, with ThreatHistory, gives the plain quiet moves among
// moves, the moves of ply's node p that quietScorer.score scored, their
// scores in their threat quarter; sc holds every move's score, those of
// the others beyond quietOrderLimit.
func (s *Searcher) rescoreThreats(p *Position, ply int, moves []Move, sc []int32) {
	qs := s.quietScorer(p, ply)
	threats := s.threatsAt(p, ply)
	moves = moves[:len(sc)]
	for i, m := range moves {
		if abs32(sc[i]) < quietOrderLimit {
			sc[i] = qs.scoreThreats(m, threats)
		}
	}
}

// ageHistory halves the quiet history between searches: the part in use
// (all of it with ThreatHistory, else the unthreatened quarter, the
// others being zero).
func (s *Searcher) ageHistory() {
	for c := range s.history {
		for f := range s.history[c] {
			for t := range s.history[c][f] {
				if (f != 0 || t != 0) && !s.params.ThreatHistory {
					continue
				}
				h := &s.history[c][f][t]
				for from := range h {
					for to := range h[from] {
						h[from][to] /= 2
					}
				}
			}
		}
	}
}
