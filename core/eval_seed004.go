package core

// Seed 004 (Vázquez-Fernández & Coello): per side, material plus 18
// positional factors, each normalised to [0, 1] per piece as
// docs/chromosomes.md 5.2 reads them, weighed by Table I's weights and
// subtracted between the sides. Most factors differ in detail from the
// shared fields (king-zone attack by reference material, mobility over 27,
// 14, 13 and 8 squares, eviction by any pawn ahead), so the whole seed is
// computed here and rounded once, as 5.3 asks of Table I's fractional
// values.

// Seed 004's positional factors, in gene order (genes 4–21).
const (
	f4KingDefenders = iota
	f4KingAttackers
	f4KingCastled
	f4KingPawnShield
	f4QueenMobility
	f4RookMobility
	f4RookOpenFile
	f4RookSeventh
	f4RooksSeventh
	f4BishopMobility
	f4KnightMobility
	f4KnightRim
	f4KnightPawnDefended
	f4KnightUnevictable
	f4PawnDoubled
	f4PawnIsolated
	f4PawnCentral
	f4PawnPassed
	numSeed004Factors
)

// seed004Divisor turns each factor's integer count into its [0, 1] value:
// king-zone material over a full set of pieces (2·300 + 2·330 + 2·500 +
// 900), shield files over three, mobility over the most squares the piece
// can reach; booleans and counts of pawns divide by 1.
var seed004Divisor = [numSeed004Factors]float64{
	f4KingDefenders: 3160, f4KingAttackers: 3160, f4KingCastled: 1, f4KingPawnShield: 3,
	f4QueenMobility: 27, f4RookMobility: 14, f4RookOpenFile: 1, f4RookSeventh: 1, f4RooksSeventh: 1,
	f4BishopMobility: 13, f4KnightMobility: 8, f4KnightRim: 1, f4KnightPawnDefended: 1,
	f4KnightUnevictable: 1, f4PawnDoubled: 1, f4PawnIsolated: 1, f4PawnCentral: 1, f4PawnPassed: 1,
}

// seed004RefValue is the material of a piece in the king factors: the
// values 004:366 quotes, fixed so the factor does not move with the genes.
var seed004RefValue = [7]int{Knight: 300, Bishop: 330, Rook: 500, Queen: 900}

// centralSquares are c4, d4, e4, f4, c5, d5, e5, f5 (004:361-362).
const centralSquares Bitboard = 0x0000003C3C000000

// Seed004Weights is a compiled seed004 chromosome, in fine centipawns.
type Seed004Weights struct {
	material [7]int64                 // per piece
	factor   [numSeed004Factors]int64 // per unit of the factor's integer count
}

// newSeed004Weights converts piece values and factor weights (cp).
func newSeed004Weights(material [7]float64, factors []float64) *Seed004Weights {
	w := &Seed004Weights{}
	for pt, v := range material {
		w.material[pt] = toFine(v)
	}
	for k, v := range factors {
		w.factor[k] = toFine(v / seed004Divisor[k])
	}
	return w
}

// seed004 returns seed 004's score from white's view, in centipawns.
func (e *Evaluator) seed004(p *Position) int {
	w := e.w.Seed004
	var n [2][numSeed004Factors]int
	occ := p.Occupied()
	p.seed004Factors(White, occ, &n[White])
	p.seed004Factors(Black, occ, &n[Black])
	var total int64
	for pt := Pawn; pt <= Queen; pt++ {
		total += w.material[pt] * int64((p.pieces[pt]&p.colors[White]).Count()-(p.pieces[pt]&p.colors[Black]).Count())
	}
	for k, wk := range w.factor {
		total += wk * int64(n[White][k]-n[Black][k])
	}
	return fineToCP(total, fineBits)
}

// seed004Factors fills colour c's factor counts (before normalisation).
func (p *Position) seed004Factors(c Color, occ Bitboard, n *[numSeed004Factors]int) {
	own, enemy := p.colors[c], p.colors[c^1]
	pawns := p.pieces[Pawn] & own
	enemyPawns := p.pieces[Pawn] & enemy
	allPawns := p.pieces[Pawn]
	ksq := p.kings[c]
	zone := kingAttacks[ksq] | SquareBB(ksq)
	seventh := Rank7
	if c == Black {
		seventh = Rank2
	}

	for pt := Knight; pt <= Queen; pt++ {
		for b := p.pieces[pt] & own; b != 0; {
			sq := b.PopLSB()
			att := pieceAttacks(pt, sq, occ)
			if att&zone != 0 {
				n[f4KingDefenders] += seed004RefValue[pt]
			}
			moves := (att &^ own).Count()
			switch pt {
			case Queen:
				n[f4QueenMobility] += moves
			case Rook:
				n[f4RookMobility] += moves
				if (FileA<<uint(sq.File()))&allPawns == 0 {
					n[f4RookOpenFile]++
				}
				if seventh.Has(sq) {
					n[f4RookSeventh]++
				}
			case Bishop:
				n[f4BishopMobility] += moves
			case Knight:
				n[f4KnightMobility] += moves
				if f, r := sq.File(), sq.Rank(); f == 0 || f == 7 || r == 0 || r == 7 {
					n[f4KnightRim]++
				}
				if pawnAttacks[c^1][sq]&pawns != 0 {
					n[f4KnightPawnDefended]++
				}
				// No enemy pawn ahead on an adjacent file: none attacks
				// the knight now or can ever advance to (blockers ignored).
				if passedMask[c][sq]&adjacentFiles[sq.File()]&enemyPawns == 0 {
					n[f4KnightUnevictable]++
				}
			}
		}
	}
	// Attackers: enemy pieces reaching c's king zone.
	for pt := Knight; pt <= Queen; pt++ {
		for b := p.pieces[pt] & enemy; b != 0; {
			if pieceAttacks(pt, b.PopLSB(), occ)&zone != 0 {
				n[f4KingAttackers] += seed004RefValue[pt]
			}
		}
	}
	if p.isCastled(c) {
		n[f4KingCastled] = 1
	}
	n[f4KingPawnShield] = kingShieldFiles(c, ksq, pawns)
	if (p.pieces[Rook] & own & seventh).Several() {
		n[f4RooksSeventh] = 1
	}
	n[f4PawnDoubled] = doubledPawns(pawns)
	n[f4PawnIsolated] = isolatedPawns(pawns).Count()
	n[f4PawnCentral] = (pawns & centralSquares).Count()
	n[f4PawnPassed] = passedPawns(c, pawns, enemyPawns).Count()
}

// kingShieldFiles counts the files among the king's and its neighbours
// with an own pawn one or two ranks in front of the king.
func kingShieldFiles(c Color, ksq Square, pawns Bitboard) int {
	one := pawnPush(SquareBB(ksq), c)
	band := one | pawnPush(one, c)
	front := band | band.east() | band.west()
	return (fileFill(front&pawns) & Rank1).Count()
}
