package core

// Seed 000's eighteen principles (appendix algorithms 7–23) and six
// matrices (algorithm 24), read as docs/chromosomes.md 2.5 specifies, for
// both colours and weighed white minus black so the score is zero-sum
// (2.3). Features are counted in quarter units because development (½ per
// pawn) and king centralisation (¼ per rank) are fractional.

const (
	prMaterial = iota
	prPieceMobility
	prCastling
	prDevelopmentSpeed
	prDoubledPawn
	prIsolatedPawn
	prConnectedPawn
	prPassedPawn
	prEnemyKingPressure
	prPieceDefense
	prBishopPair
	prConnectedRooks
	prKingCentralization
	prKnightOutpost
	prBlockedPiece
	prSpaceControl
	prKingShield
	prKingPressure
	numPrinciples
)

// PrincipleNames are the gene names of seed 000's principles, in layout order.
var PrincipleNames = [numPrinciples]string{
	"material", "piece_mobility", "castling", "development_speed", "doubled_pawn",
	"isolated_pawn", "connected_pawn", "passed_pawn", "enemy_king_pressure", "piece_defense",
	"bishop_pair", "connected_rooks", "king_centralization", "knight_outpost", "blocked_piece",
	"space_control", "king_shield", "king_pressure",
}

// Seed000Weights is a compiled seed000 chromosome.
type Seed000Weights struct {
	principle [numPrinciples]int64 // fine cp per quarter unit of each feature
	pst       [7][64]int64         // fine cp per piece on a square, white's view
}

// newSeed000Weights converts principle weights and matrices (pawn units)
// to fine centipawns.
func newSeed000Weights(principles []float64, matrices *[7][64]float64) *Seed000Weights {
	w := &Seed000Weights{}
	for k, v := range principles {
		w.principle[k] = toFine(v * 25) // 100 cp per pawn, ¼ per quarter unit
	}
	for pt := Pawn; pt <= King; pt++ {
		for sq, v := range matrices[pt] {
			w.pst[pt][sq] = toFine(v * 100)
		}
	}
	return w
}

// seed000 computes seed 000's score from white's view, in centipawns.
func (e *Evaluator) seed000(p *Position) int {
	w := e.w.Seed000
	var f [2][numPrinciples]int
	p.seed000Features(&f)
	var total int64
	for k, wk := range w.principle {
		total += wk * int64(f[White][k]-f[Black][k])
	}
	for pt := Pawn; pt <= King; pt++ {
		for b := p.pieces[pt] & p.colors[White]; b != 0; {
			total += w.pst[pt][b.PopLSB()]
		}
		for b := p.pieces[pt] & p.colors[Black]; b != 0; {
			total -= w.pst[pt][b.PopLSB().Mirror()]
		}
	}
	return fineToCP(total, fineBits)
}

func (p *Position) seed000Features(f *[2][numPrinciples]int) {
	occ := p.Occupied()
	maps := [2]attackMap{p.attackMapOf(White, occ), p.attackMapOf(Black, occ)}
	var safe [2]safeSets
	safe[White], safe[Black] = newSafeSets(&maps[White], &maps[Black])
	pressure := [2]int{p.kingPressure(White, maps[Black].all), p.kingPressure(Black, maps[White].all)}
	for c := White; c <= Black; c++ {
		p.seed000Side(c, occ, &maps, &safe[c], &f[c])
		// 15, used twice (000:67): pressure on the enemy king is a bonus
		// feature, pressure on our own king a negated one.
		f[c][prEnemyKingPressure] = 4 * pressure[c^1]
		f[c][prKingPressure] = -4 * pressure[c]
	}
}

// seed000Side fills colour c's features other than king pressure, ×4,
// given both colours' attack maps and c's safe-move margins.
func (p *Position) seed000Side(c Color, occ Bitboard, maps *[2]attackMap, safe *safeSets, f *[numPrinciples]int) {
	own, enemy := p.colors[c], p.colors[c^1]
	pawns := p.pieces[Pawn] & own
	enemyPawns := p.pieces[Pawn] & enemy
	ksq := p.kings[c]
	home, pawnStart, enemyHalf := Rank1, Rank2, Rank5|Rank6|Rank7|Rank8
	rights := p.castling & (WhiteKingSide | WhiteQueenSide)
	if c == Black {
		home, pawnStart, enemyHalf = Rank8, Rank7, Rank1|Rank2|Rank3|Rank4
		rights = p.castling & (BlackKingSide | BlackQueenSide)
	}

	// 7: own material 1/3/3/5/9.
	f[prMaterial] = 4 * (pawns.Count() + 3*(p.pieces[Knight]&own).Count() + 3*(p.pieces[Bishop]&own).Count() +
		5*(p.pieces[Rook]&own).Count() + 9*(p.pieces[Queen]&own).Count())
	// 8: legal moves that leave the destination no worse defended than attacked.
	f[prPieceMobility] = 4 * p.seed000SafeMoves(c, maps[c^1].all, safe)
	// 9: castling rights kept score 1, having castled 2 (stateless reading).
	if rights != 0 {
		f[prCastling] = 4
	} else if p.isCastled(c) {
		f[prCastling] = 8
	}
	// 10: pieces off the back rank, pawns off their start; 21: pieces
	// without a move (counted with the attack map).
	pieces := own &^ pawns &^ p.pieces[King]
	f[prDevelopmentSpeed] = 4*(pieces&^home).Count() + 2*(pawns&^pawnStart).Count()
	f[prBlockedPiece] = 4 * maps[c].blocked
	// 11–14: pawn structure.
	f[prDoubledPawn] = 4 * doubledPawns(pawns)
	f[prIsolatedPawn] = 4 * isolatedPawns(pawns).Count()
	f[prConnectedPawn] = 4 * connectedPawnPairs(pawns, c)
	f[prPassedPawn] = 4 * passedPawns(c, pawns, enemyPawns).Count()
	// 16 and 22: own non-king pieces defended by an own piece (the name's
	// reading, not the printed "attacked by the enemy"), enemy-half squares
	// attacked.
	att := maps[c].all
	f[prPieceDefense] = 4 * (own &^ p.pieces[King] & att).Count()
	f[prSpaceControl] = 4 * (att & enemyHalf).Count()
	// 17: bishop pair.
	if (p.pieces[Bishop] & own).Several() {
		f[prBishopPair] = 4
	}
	// 18: rook pairs on one rank or file with nothing between.
	for b := p.pieces[Rook] & own; b != 0; {
		sq := b.PopLSB()
		for o := b; o != 0; {
			t := o.PopLSB()
			if (sq.Rank() == t.Rank() || sq.File() == t.File()) && betweenBB[sq][t]&occ == 0 {
				f[prConnectedRooks] += 4
			}
		}
	}
	// 19: −(distance to the nearest centre square) − ¼ per rank short of
	// the far edge: it rewards advancing the king, as printed.
	// The centre is the product {d, e} × {4, 5}: the king distance to its
	// nearest square is the larger of the file and rank distances.
	cd := max(centreAxis(ksq.File()), centreAxis(ksq.Rank()))
	f[prKingCentralization] = -4*cd - (7 - relativeRank(c, ksq))
	// 20: knights on relative ranks 5–7 (a knight on the last rank has no
	// square in front and is skipped, 000:520), defended by an own pawn,
	// with no enemy pawn diagonally in front.
	for b := p.pieces[Knight] & own; b != 0; {
		sq := b.PopLSB()
		if rr := relativeRank(c, sq); rr < 4 || rr > 6 || pawnAttacks[c^1][sq]&pawns == 0 {
			continue
		}
		if pawnAttacks[c][sq]&enemyPawns == 0 {
			f[prKnightOutpost] += 4
		}
	}
	// 23: the three squares in front of the king: own pawn 1, other own piece 2.
	front := pawnPush(SquareBB(ksq), c)
	front |= front.east() | front.west()
	f[prKingShield] = 4 * ((front & pawns).Count() + 2*(front&own&^pawns).Count())
}

// connectedPawnPairs counts, for every pawn, the friendly pawns on the
// squares diagonally behind it (algorithm 13: a pawn defended from both
// sides counts twice).
func connectedPawnPairs(pawns Bitboard, c Color) int {
	// Counted from the back pawn: the pawns each pawn defends, one
	// capture direction at a time so a pawn defended twice counts twice.
	if c == White {
		return (pawns & ((pawns & notFileA) << 7)).Count() + (pawns & ((pawns & notFileH) << 9)).Count()
	}
	return (pawns & ((pawns & notFileA) >> 9)).Count() + (pawns & ((pawns & notFileH) >> 7)).Count()
}

// centreAxis is a file's (or rank's) distance to the d and e files (4th
// and 5th ranks).
func centreAxis(x int) int { return max(3-x, x-4) }

// kingPressure is algorithm 15 for colour c's king: neighbouring squares
// the enemy attacks (enemyAttacks, its attack map), plus enemy pieces
// attacking the king once every other piece of c is lifted off the board
// (x-rays through own pieces).
func (p *Position) kingPressure(c Color, enemyAttacks Bitboard) int {
	ksq := p.kings[c]
	enemy := p.colors[c^1]
	n := (kingAttacks[ksq] & enemyAttacks).Count()
	bare := enemy | SquareBB(ksq)
	return n + (p.AttackersTo(ksq, bare) & enemy).Count()
}
