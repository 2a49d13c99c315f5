package core

// Staged move picking (the option StagedMovegen). After the hash move,
// which the search tries before any generation, the captures and queen
// promotions are generated and ordered alone; the killers and the counter
// move are checked and tried without generating anything; the quiet moves
// are generated only when the search gets to them. A node cut off by a
// capture or a killer never lists its quiet moves.
//
// The moves are those of GenerateLegal, each once, and each move's
// ordering score is the one scoreMoves gives it (TestPickerYieldsLegal
// checks both), so only the order among equal scores may differ from the
// unstaged search.

// The stages, in order.
const (
	stageGenCaptures = iota
	stageGoodCaptures
	stageKiller1
	stageKiller2
	stageCounter
	stageGenQuiets
	stageQuiets
	stageBadCaptures
	stageUnderPromotions
	stageDone
)

// specialOrders are the ordering scores of the killers and counter move,
// by stage.
var specialOrders = [3]int32{orderKiller1, orderKiller2, orderCounter}

// movePicker is one ply's staged picking state. The ply's list holds the
// captures at [0, noisyEnd) and the quiet moves after them.
type movePicker struct {
	lc        legalContext
	stage     int
	skip      Move    // never yielded: the hash move tried already, or the excluded move
	special   [3]Move // the killers and the counter move
	yielded   [3]Move // those of them tried already (NullMove: not)
	noisyNext int
	noisyEnd  int
	quietNext int
	// generated counts the legal moves listed so far; once the picker is
	// done, zero means there is none (mate or stalemate).
	generated int
}

// startPicker prepares ply's picker; skip is never yielded.
func (s *Searcher) startPicker(p *Position, ply int, skip Move) {
	mp := &s.pickers[ply]
	mp.stage = stageGenCaptures
	mp.skip = skip
	mp.special = [3]Move{s.killers[ply][0], s.killers[ply][1], s.counterMove(ply)}
	mp.yielded = [3]Move{}
	mp.generated = 0
	s.lists[ply].N = 0
}

// counterMove is the recorded answer to the previous move (NullMove: none).
func (s *Searcher) counterMove(ply int) Move {
	if ply > 0 {
		if prev := s.stack[ply-1]; prev.move != NullMove {
			return s.counter[prev.moved][prev.move.To()]
		}
	}
	return NullMove
}

// nextMove returns ply's next move and its ordering score, or NullMove
// when none is left.
func (s *Searcher) nextMove(p *Position, ply int) (Move, int32) {
	mp := &s.pickers[ply]
	ml := &s.lists[ply]
	sc := &s.scores[ply]
	for {
		switch mp.stage {
		case stageGenCaptures:
			p.legalContext(&mp.lc)
			p.appendCaptures(ml, &mp.lc)
			for i, m := range ml.Moves[:ml.N] {
				sc[i] = s.noisyOrder(p, m)
			}
			mp.noisyNext, mp.noisyEnd, mp.generated = 0, ml.N, ml.N
			mp.stage++
		case stageGoodCaptures, stageBadCaptures:
			for mp.noisyNext < mp.noisyEnd {
				m, v := pickFrom(ml.Moves[:mp.noisyEnd], sc[:mp.noisyEnd], mp.noisyNext)
				if mp.stage == stageGoodCaptures && v < orderGoodCap {
					break // the rest lose material: after the quiet moves
				}
				mp.noisyNext++
				if m != mp.skip {
					return m, v
				}
			}
			mp.stage++
		case stageKiller1, stageKiller2, stageCounter:
			k := mp.stage - stageKiller1
			m := mp.special[k]
			mp.stage++
			if m == NullMove || m == mp.skip || m.IsCapture() || m.IsPromotion() ||
				m == mp.yielded[0] || m == mp.yielded[1] || !p.IsLegal(m) {
				continue
			}
			mp.yielded[k] = m
			return m, specialOrders[k]
		case stageGenQuiets:
			start := ml.N
			p.appendQuiets(ml, &mp.lc)
			mp.generated += ml.N - start
			// Keep the quiet moves not tried yet, scored; drop the others.
			qs := s.quietScorer(p, ply)
			n := start
			for _, m := range ml.Moves[start:ml.N] {
				if m == mp.skip || m == mp.yielded[0] || m == mp.yielded[1] || m == mp.yielded[2] {
					continue
				}
				ml.Moves[n] = m
				if m.IsPromotion() {
					sc[n] = orderBadCap - 1000 // under-promotions: almost never right
				} else {
					sc[n] = qs.score(m)
				}
				n++
			}
			if s.params.ThreatHistory {
				s.rescoreThreats(p, ply, ml.Moves[start:n], sc[start:n])
			}
			if s.params.ContHist4 {
				s.addCont4(p, ply, ml.Moves[start:n], sc[start:n])
			}
			ml.N = n
			mp.quietNext = start
			mp.stage++
		case stageQuiets, stageUnderPromotions:
			if mp.quietNext < ml.N {
				q := mp.noisyEnd
				m, v := pickFrom(ml.Moves[q:ml.N], sc[q:ml.N], mp.quietNext-q)
				if mp.stage == stageUnderPromotions || v > orderBadCap {
					mp.quietNext++
					return m, v
				}
			}
			mp.stage++
		default:
			return NullMove, 0
		}
	}
}
