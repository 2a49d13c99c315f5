package core

// The sixth batch of classical terms (issue 26), from Stockfish 11
// (material.cpp and evaluate.cpp, 2020): the material imbalance — a
// polynomial of the second degree in the pieces' counts, Tord Romstad's —
// and the threats the evaluation still lacked: pawns that may safely take
// a piece, knights and sliders one move from attacking the enemy queen,
// and a queen that an enemy rook or bishop pins or would expose. As the
// batches before, every gene's default is 0 and neutral: the code runs
// only where a gene has moved (Evaluator.terms6), and a retune starts from
// Stockfish's numbers (docs/chromosomes.md 6.8).

// imbalanceKinds are the imbalance's counted kinds: 0 the bishop pair (1
// when a side has two bishops or more), then pawn … queen, indexed as
// their PieceType.
const imbalanceKinds = int(Queen) + 1

// Terms6Weights are the compiled genes of those terms.
type Terms6Weights struct {
	// Ours[a][b], Theirs[a][b] (b ≤ a, 32nds of a centipawn): each of
	// our pieces of kind a earns Ours[a][b] per piece of ours, Theirs[a][b]
	// per piece of theirs, of kind b. Ours[pair][pair] is the bishop pair
	// gene's, and Theirs[a][a] cancels between the sides: neither is a
	// gene (both stay 0).
	Ours, Theirs [imbalanceKinds][imbalanceKinds]int
	// SafePawnThreat: per enemy piece (not a pawn) that a pawn of ours
	// attacks from a square the enemy does not attack or we defend.
	// KnightOnQueen, SliderOnQueen: per square, safe for us, from which a
	// knight (a bishop or rook, supported) of ours would attack the enemy's
	// only queen. WeakQueen: off per queen of ours that an enemy rook or
	// bishop pins or would expose by a discovered attack.
	SafePawnThreat, KnightOnQueen, SliderOnQueen, WeakQueen Score
}

// Terms6Family tags every gene of these terms: "--evolve eval_terms6"
// names them all.
const Terms6Family = "eval_terms6"

// active reports whether any term can change an evaluation.
func (t *Terms6Weights) active() bool { return *t != Terms6Weights{} }

// imbalanceActive reports whether the imbalance can change one.
func (t *Terms6Weights) imbalanceActive() bool {
	return t.Ours != [imbalanceKinds][imbalanceKinds]int{} || t.Theirs != [imbalanceKinds][imbalanceKinds]int{}
}

// threatsActive reports whether the threats can change one.
func (t *Terms6Weights) threatsActive() bool {
	return t.SafePawnThreat != 0 || t.KnightOnQueen != 0 || t.SliderOnQueen != 0 || t.WeakQueen != 0
}

// imbalanceMax bounds the imbalance (centipawns): genes in their bounds
// reach far more (some 5 000 cp with the starting pieces against a bare
// king, every ours gene at its top), and with promoted pieces more than a
// Score's half holds.
const imbalanceMax = 3000

// The imbalance depends on the counts alone, which a search changes at
// captures and promotions only, so the evaluator keeps the last value per
// slot with its counts (all of them: slots are shared, but a hit is never
// false).
const (
	imbalanceCacheBits = 12
	imbalanceCacheSize = 1 << imbalanceCacheBits
)

// terms6Imbalance is white's imbalance less black's, in centipawns.
func (e *Evaluator) terms6Imbalance(p *Position) int {
	// The key: four bits a count (a side has at most 16 pieces: the FEN
	// and packed readers refuse more, and moves keep it so), pawn …
	// queen, white's in bits 0–19 and black's in 20–39, and bit 40 set so
	// that an empty slot never matches. Written out with constant shifts:
	// as a loop over the kinds, the variable shifts cost this set 1 % of
	// the search's instructions, most of them on cache hits.
	w, b := p.colors[White], p.colors[Black]
	pc := &p.pieces
	key := uint64(1)<<40 |
		uint64((pc[Pawn] & w).Count()) | uint64((pc[Knight]&w).Count())<<4 | uint64((pc[Bishop]&w).Count())<<8 |
		uint64((pc[Rook]&w).Count())<<12 | uint64((pc[Queen]&w).Count())<<16 |
		uint64((pc[Pawn]&b).Count())<<20 | uint64((pc[Knight]&b).Count())<<24 | uint64((pc[Bishop]&b).Count())<<28 |
		uint64((pc[Rook]&b).Count())<<32 | uint64((pc[Queen]&b).Count())<<36
	slot := &e.imbalanceCache[(key*0x9E3779B97F4A7C15)>>(64-imbalanceCacheBits)]
	if *slot>>16 == key {
		return int(int16(uint16(*slot)))
	}
	var n [2][imbalanceKinds]int
	for c := range 2 {
		for pt := int(Pawn); pt <= int(Queen); pt++ {
			n[c][pt] = int(key >> (20*c + 4*(pt-1)) & 15)
		}
		n[c][0] = boolInt(n[c][Bishop] > 1)
	}
	t := &e.w.Terms6
	v := (imbalanceSide(t, &n[White], &n[Black]) - imbalanceSide(t, &n[Black], &n[White])) / 32
	v = max(-imbalanceMax, min(v, imbalanceMax))
	*slot = key<<16 | uint64(uint16(int16(v)))
	return v
}

// imbalanceSide is Stockfish's imbalance of the side with counts us
// against them, in the genes' 32nds.
func imbalanceSide(t *Terms6Weights, us, them *[imbalanceKinds]int) int {
	bonus := 0
	for a := 0; a < imbalanceKinds; a++ {
		if us[a] == 0 {
			continue
		}
		v := 0
		for b := 0; b <= a; b++ {
			v += t.Ours[a][b]*us[b] + t.Theirs[a][b]*them[b]
		}
		bonus += us[a] * v
	}
	return bonus
}

// terms6Threats is colour c's threats, after both sides' pieceTerms.
func (e *Evaluator) terms6Threats(p *Position, c Color, sides *[2]evalSide) Score {
	t := &e.w.Terms6
	us, them := &sides[c], &sides[c^1]
	own := p.colors[c]
	var v Score
	if t.SafePawnThreat != 0 {
		safe := ^them.attacks | us.attacks
		b := pawnAttacksBB(p.pieces[Pawn]&own&safe, c) & p.colors[c^1] &^ p.pieces[Pawn]
		v += t.SafePawnThreat.Scale(b.Count())
	}
	if queens := p.pieces[Queen] & p.colors[c^1]; queens != 0 && !queens.Several() {
		sq := queens.LSB()
		// Where our pieces may go (not our pawns, king or queen; not
		// where enemy pawns attack) and the enemy does not hold strongly
		// (with a pawn, or twice where we attack once).
		safe := ^(own & (p.pieces[Pawn] | p.pieces[King] | p.pieces[Queen])) &^
			(them.pawnAttacks | them.twice&^us.twice)
		v += t.KnightOnQueen.Scale((us.by[Knight] & knightAttacks[sq] & safe).Count())
		occ := p.Occupied()
		b := us.by[Bishop]&BishopAttacks(sq, occ) | us.by[Rook]&RookAttacks(sq, occ)
		v += t.SliderOnQueen.Scale((b & safe & us.twice).Count())
	}
	if t.WeakQueen != 0 {
		for b := p.pieces[Queen] & own; b != 0; {
			if sliderBlockers(p, b.PopLSB(), c) != 0 {
				v -= t.WeakQueen
			}
		}
	}
	return v
}

// sliderBlockers is the pieces, of either side, that stand alone between
// sq and an enemy rook or bishop (not a queen) on its line: colour c's
// piece on sq is pinned, or would be exposed by a discovered attack.
//
// It repeats kingBlockers' loop with other snipers: kingBlockers runs at
// every evaluation of full's set 7, and one helper for both, called
// there, cost that set 0.27 % more instructions a node (cachegrind,
// bench depth 8).
func sliderBlockers(p *Position, sq Square, c Color) Bitboard {
	snipers := (RookAttacks(sq, 0)&p.pieces[Rook] | BishopAttacks(sq, 0)&p.pieces[Bishop]) & p.colors[c^1]
	occ := p.Occupied() ^ snipers
	var blockers Bitboard
	for snipers != 0 {
		if b := betweenBB[sq][snipers.PopLSB()] & occ; b != 0 && !b.Several() {
			blockers |= b
		}
	}
	return blockers
}
