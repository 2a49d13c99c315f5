package core

// QuietMaxPly bounds how deep QuietSearch follows a capture sequence; real
// exchanges end long before it.
const QuietMaxPly = 32

// QuietSearch resolves a position to the quiet position its evaluation
// stands for: a capture-only alpha-beta quiescence with stand pat,
// MVV-LVA ordering and SEE pruning, which keeps its principal variation
// so the caller can play it and reach the leaf the score comes from.
// Tuning on labelled positions (Texel tuning) needs such leaves: a static
// evaluation taken in the middle of an exchange says nothing about who
// stands better.
//
// Unlike the engine's quiescence it has no transposition table, no clock
// and no evasions (a capture that gives check ends the line like any other
// move, so the leaf may be in check: callers that want quiet leaves skip
// those). A QuietSearch owns its buffers and its evaluator's pawn cache:
// one per goroutine.
type QuietSearch struct {
	eval   *Evaluator
	lists  [QuietMaxPly + 1]MoveList
	order  [QuietMaxPly + 1][256]int32
	pv     [QuietMaxPly + 1][QuietMaxPly + 1]Move
	pvLen  [QuietMaxPly + 1]int
	maxPly int
	// Nodes counts the positions evaluated since the QuietSearch was made.
	Nodes uint64
}

// NewQuietSearch returns a resolver scoring with e (which it then owns).
func NewQuietSearch(e *Evaluator) *QuietSearch {
	return &QuietSearch{eval: e}
}

// Leaf searches captures from p down to at most maxPly plies (clamped to
// 0…QuietMaxPly) and returns the principal capture line and its score in
// centipawns from the side to move's view. Playing line from p reaches
// the leaf whose static evaluation, signed for the root's side, is score;
// an empty line means p is quiet already. line aliases q's buffer and is
// valid until the next call. p is searched with make and unmake and is
// unchanged on return; nothing is allocated.
func (q *QuietSearch) Leaf(p *Position, maxPly int) (line []Move, score int) {
	q.maxPly = min(max(maxPly, 0), QuietMaxPly)
	score = q.search(p, -infScore, infScore, 0)
	return q.pv[0][:q.pvLen[0]], score
}

func (q *QuietSearch) search(p *Position, alpha, beta, ply int) int {
	q.Nodes++
	q.pvLen[ply] = 0
	standPat := q.eval.Evaluate(p)
	if standPat >= beta || ply >= q.maxPly {
		return standPat
	}
	alpha = max(alpha, standPat)
	n := q.captures(p, ply)
	ml, order := &q.lists[ply], &q.order[ply]
	best := standPat
	for i := 0; i < n; i++ {
		// Selection sort as we go: most nodes cut off after a move or two.
		k := i
		for j := i + 1; j < n; j++ {
			if order[j] > order[k] {
				k = j
			}
		}
		ml.Moves[i], ml.Moves[k] = ml.Moves[k], ml.Moves[i]
		order[i], order[k] = order[k], order[i]
		m := ml.Moves[i]
		p.MakeMove(m)
		s := -q.search(p, -beta, -alpha, ply+1)
		p.UnmakeMove()
		if s > best {
			best = s
		}
		if s > alpha {
			alpha = s
			q.pv[ply][0] = m
			copy(q.pv[ply][1:], q.pv[ply+1][:q.pvLen[ply+1]])
			q.pvLen[ply] = q.pvLen[ply+1] + 1
			if s >= beta {
				break
			}
		}
	}
	return best
}

// captures fills the ply's list with the captures and queen promotions
// worth trying, MVV-LVA scored, and returns how many there are. A capture
// that loses material by static exchange is dropped: the side to move
// would rather stand pat.
func (q *QuietSearch) captures(p *Position, ply int) int {
	ml, order := &q.lists[ply], &q.order[ply]
	p.GenerateNoisy(ml) // in check this lists every evasion: keep captures only
	n := 0
	for _, m := range ml.Moves[:ml.N] {
		if m.IsPromotion() && m.Promotion() != Queen || !m.IsCapture() && !m.IsPromotion() {
			continue // under-promotions and (in check) quiet evasions
		}
		attacker := p.board[m.From()].Type()
		victim := p.board[m.To()].Type()
		if m.IsEnPassant() {
			victim = Pawn
		}
		if seeValues[victim] < seeValues[attacker] && p.SEE(m) < 0 {
			continue
		}
		v := mvvValues[victim]*16 - mvvValues[attacker]/100
		if m.Promotion() == Queen {
			v += 800 * 16
		}
		ml.Moves[n], order[n] = m, v
		n++
	}
	return n
}
