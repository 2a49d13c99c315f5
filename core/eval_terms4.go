package core

import "math/bits"

// The fourth batch of classical terms (issue 26), after eval_terms3's:
// the king's shelter and the pawn storm by file and rank, its flank,
// connected and weak pawns by their shape, threats by minor pieces,
// rooks, the king and pawn pushes, and the placement of minors and rooks
// (the shapes are Stockfish 11's evaluate.cpp and pawns.cpp, 2020;
// docs/chromosomes.md 6.6). As eval_terms3's, every gene's default, 0,
// is neutral and compiles to a zero Terms4Weights, so a chromosome that
// leaves them out evaluates exactly as before, at its old speed: the code
// runs only where a gene has moved (Evaluator.terms4).

// Terms4Weights are the compiled genes of those terms.
type Terms4Weights struct {
	// Shelter[d][r], middle game: per file of the three around the king
	// (its file kept off the edge, b … g), d the file's distance to the
	// nearer edge (0 … 3), r the relative rank of the own pawn least
	// advanced there, on the king's rank or ahead (0: none). Storm[d][r]:
	// the enemy pawn there most advanced toward the king, by its rank
	// seen from the king's side (0: none) — unless that own pawn (the
	// least advanced) stands just in front of it, when BlockedStorm[r]
	// counts instead. Of the king's
	// square and the squares it may still castle to, the best shelter in
	// the middle game counts.
	Shelter, Storm [4][7]int
	BlockedStorm   [7]Score
	// PawnlessFlank: no pawn of either side on the king's flank (the three
	// or four files about it). FlankAttacks: per square of that flank in
	// the king's camp (its own half and one rank more) the enemy attacks,
	// again if it attacks it twice.
	PawnlessFlank, FlankAttacks Score

	// Connected[r]: per pawn beside or defended by an own pawn, by its
	// relative rank; ConnectedOpposed more when an enemy pawn stands ahead
	// on its file. WeakUnopposed: per isolated or backward pawn with no
	// enemy pawn ahead on its file. WeakLever: per pawn two enemy pawns
	// attack and none of its own defends. (They add to the pawn terms of
	// the base evaluation and live in the pawn cache.)
	Connected        [7]Score
	ConnectedOpposed Score
	WeakUnopposed    Score
	WeakLever        Score

	// Threats on the enemy's pawns and minor pieces. ThreatByMinor[pt] and
	// ThreatByRook[pt] (pt a pawn, knight or bishop; eval_terms2 has
	// rooks and queens attacked by lesser pieces, and queens by rooks,
	// whether weak or not): per such piece a knight or bishop attacks
	// when it is weak (not strongly protected — by a pawn, or attacked
	// twice by its side and at most once by ours — and attacked) or, a
	// piece, strongly protected; a rook attacks only weak ones.
	// ThreatByKing: the king attacks a weak one. RestrictedPiece: per
	// square the enemy attacks, not strongly, and we attack too.
	// ThreatByPawnPush: per enemy piece (the king too) a pawn would
	// attack after a safe push.
	ThreatByMinor, ThreatByRook [Bishop + 1]Score
	ThreatByKing                Score
	RestrictedPiece             Score
	ThreatByPawnPush            Score

	// Placement. MinorBehindPawn: per knight or bishop with a pawn just in
	// front. LongDiagonalBishop: a bishop seeing two centre squares
	// through the pawns. RookQueenFile: a rook on a queen's file.
	// TrappedRook: a rook with an own pawn on its file, at most three
	// squares to go, on the king's corner side (twice without castling
	// rights). KingProtector[pt]: per square between a knight or bishop
	// and its king. ReachableOutpost: a knight not on an outpost that
	// attacks an empty or enemy outpost square.
	MinorBehindPawn, LongDiagonalBishop Score
	RookQueenFile, TrappedRook          Score
	KingProtector                       [Bishop + 1]Score
	ReachableOutpost                    Score
}

// Terms4Family tags every gene of these terms: "--evolve eval_terms4"
// names them all.
const Terms4Family = "eval_terms4"

// active reports whether any term can change an evaluation.
func (t *Terms4Weights) active() bool { return *t != Terms4Weights{} }

var (
	// kingFlank[file]: the files of the king's flank (Stockfish's).
	kingFlank [8]Bitboard
	// kingCamp[c]: colour c's half and one rank more.
	kingCamp [2]Bitboard
	// outpostRanks[c]: the ranks 4 to 6 seen by colour c.
	outpostRanks [2]Bitboard
	// centreSquares: d4, e4, d5, e5; longDiagonals: a1–h8 and a8–h1.
	centreSquares = Bitboard(0x0000001818000000)
	longDiagonals = Bitboard(0x8040201008040201 | 0x0102040810204080)
)

func init() {
	queen, centre, king := queenSide, FileA<<2|FileA<<3|FileA<<4|FileA<<5, FileA<<4|FileA<<5|FileA<<6|FileA<<7
	kingFlank = [8]Bitboard{queen &^ (FileA << 3), queen, queen, centre, centre, king, king, king &^ (FileA << 4)}
	for c := White; c <= Black; c++ {
		for r := 0; r <= 4; r++ {
			kingCamp[c] |= relativeRankBB(c, r)
		}
		for r := 3; r <= 5; r++ {
			outpostRanks[c] |= relativeRankBB(c, r)
		}
	}
}

// terms4Terms is the score of the terms but the pawns' (cached with the
// pawn structure) and the pieces' (pieceTerms4, within pieceTerms),
// white minus black, after both sides' pieceTerms.
func (e *Evaluator) terms4Terms(p *Position, sides *[2]evalSide, pe *pawnEntry) Score {
	var s [2]Score
	for c := White; c <= Black; c++ {
		s[c] = e.terms4King(p, c, &sides[c^1], pe) + e.terms4Threats(p, c, sides)
	}
	return s[White] - s[Black]
}

// terms4King is colour c's shelter, storm and flank.
func (e *Evaluator) terms4King(p *Position, c Color, them *evalSide, pe *pawnEntry) Score {
	t := &e.w.Terms4
	ksq := p.kings[c]
	v := pe.king[c].shelter
	flank := kingFlank[ksq.File()]
	if p.pieces[Pawn]&flank == 0 {
		v += t.PawnlessFlank
	}
	if t.FlankAttacks != 0 {
		v += t.FlankAttacks.Scale(flankAttacks(c, ksq, them))
	}
	return v
}

// flankAttacks counts the squares of the king's flank in colour c's camp
// that the enemy (them) attacks, again those it attacks twice.
func flankAttacks(c Color, ksq Square, them *evalSide) int {
	b := them.attacks & flankCamp(c, ksq)
	return b.Count() + (b & them.twice).Count()
}

// flankCamp is the flank of colour c's king on ksq within c's camp.
func flankCamp(c Color, ksq Square) Bitboard { return kingFlank[ksq.File()] & kingCamp[c] }

var (
	// castleRights[c]: colour c's castling rights.
	castleRights = [2]uint8{WhiteKingSide | WhiteQueenSide, BlackKingSide | BlackQueenSide}
	// castleSides: the rights to castle on the king's side, the queen's.
	castleSides = [2]uint8{WhiteKingSide | BlackKingSide, WhiteQueenSide | BlackQueenSide}
)

// kingShelter is colour c's best shelter of the king's square and the
// squares it may still castle to (kept in the pawn entry's king entry).
func (t *Terms4Weights) kingShelter(p *Position, c Color) Score {
	ksq, rights := p.kings[c], p.castling&castleRights[c]
	v := t.shelter(p, c, ksq)
	for i, to := range [2]Square{6, 2} { // the king's side (g1), the queen's (c1)
		if rights&castleSides[i] != 0 {
			if s := t.shelter(p, c, relativeSquare(c, to)); s.MG() > v.MG() {
				v = s
			}
		}
	}
	return v
}

// shelter is the shelter and storm of colour c's king on ksq.
func (t *Terms4Weights) shelter(p *Position, c Color, ksq Square) Score {
	// The pawns on the king's rank or ahead of it.
	ahead := ^(Bitboard(1)<<(8*uint(ksq.Rank())) - 1)
	if c == Black {
		ahead = Bitboard(1)<<(8*uint(ksq.Rank()+1)) - 1
	}
	pawns := p.pieces[Pawn] & ahead
	ours, theirs := pawns&p.colors[c], pawns&^p.colors[c]
	centre := min(max(ksq.File(), 1), 6)
	var v Score
	for f := centre - 1; f <= centre+1; f++ {
		file := FileA << uint(f)
		d := min(f, 7-f)
		ourRank, theirRank := 0, 0
		if b := ours & file; b != 0 {
			ourRank = relativeRank(c, backmost(c, b))
		}
		if b := theirs & file; b != 0 {
			theirRank = relativeRank(c, backmost(c, b))
		}
		v += S(t.Shelter[d][ourRank], 0)
		if ourRank != 0 && ourRank == theirRank-1 {
			v += t.BlockedStorm[theirRank]
		} else {
			v += S(t.Storm[d][theirRank], 0)
		}
	}
	return v
}

// backmost is the square of b nearest colour c's back rank.
func backmost(c Color, b Bitboard) Square {
	if c == White {
		return b.LSB()
	}
	return Square(63 - bits.LeadingZeros64(uint64(b)))
}

// terms4Threats is colour c's threats on the enemy.
func (e *Evaluator) terms4Threats(p *Position, c Color, sides *[2]evalSide) Score {
	t := &e.w.Terms4
	us, them := &sides[c], &sides[c^1]
	enemies := p.colors[c^1] &^ p.pieces[King]
	nonPawnEnemies := enemies &^ p.pieces[Pawn]
	strongly := them.pawnAttacks | them.twice&^us.twice
	weak := enemies &^ strongly & us.attacks
	var v Score
	if targets := nonPawnEnemies&strongly | weak; targets != 0 {
		lesser := p.pieces[Pawn] | p.pieces[Knight] | p.pieces[Bishop] // rooks and queens are eval_terms2's
		for b := targets & lesser & (us.by[Knight] | us.by[Bishop]); b != 0; {
			v += t.ThreatByMinor[p.board[b.PopLSB()].Type()]
		}
		for b := weak & lesser & us.by[Rook]; b != 0; {
			v += t.ThreatByRook[p.board[b.PopLSB()].Type()]
		}
		if weak&kingAttacks[p.kings[c]] != 0 {
			v += t.ThreatByKing
		}
	}
	v += t.RestrictedPiece.Scale((them.attacks &^ strongly & us.attacks).Count())
	if t.ThreatByPawnPush != 0 {
		occ := p.Occupied()
		push := pawnPush(p.pieces[Pawn]&p.colors[c], c) &^ occ
		push |= pawnPush(push&relativeRankBB(c, 2), c) &^ occ
		push &^= them.pawnAttacks
		push &= ^them.attacks | us.attacks
		// The king too: a safe push that will give check.
		v += t.ThreatByPawnPush.Scale((pawnAttacksBB(push, c) & p.colors[c^1] &^ p.pieces[Pawn]).Count())
	}
	return v
}

// relativeRankBB is the rank r seen by colour c.
func relativeRankBB(c Color, r int) Bitboard {
	if c == Black {
		r = 7 - r
	}
	return Rank1 << (8 * uint(r))
}

// pieceTerms4 is the placement of a colour's minors and rooks, scored
// piece by piece within pieceTerms' loops, which hold each piece's
// attacks already.
type pieceTerms4 struct {
	t        *Terms4Weights
	ksq      Square
	own      Bitboard // the colour's pieces
	outposts Bitboard // the colour's outpost squares
}

// start is the terms of the colour's pieces as a whole: its minors behind
// a pawn (of either colour).
func (q *pieceTerms4) start(p *Position, c Color) Score {
	minors := (p.pieces[Knight] | p.pieces[Bishop]) & q.own
	return q.t.MinorBehindPawn.Scale((minors & pawnPush(p.pieces[Pawn], c^1)).Count())
}

// knight is the terms of the knight on sq, attacking att.
func (q *pieceTerms4) knight(sq Square, att Bitboard) Score {
	v := q.t.KingProtector[Knight].Scale(int(distance[sq][q.ksq]))
	if !q.outposts.Has(sq) && att&q.outposts&^q.own != 0 {
		v += q.t.ReachableOutpost
	}
	return v
}

// bishop is the terms of the bishop on sq.
func (q *pieceTerms4) bishop(p *Position, sq Square) Score {
	v := q.t.KingProtector[Bishop].Scale(int(distance[sq][q.ksq]))
	// Only from a long diagonal does a bishop see two centre squares.
	if longDiagonals.Has(sq) && (BishopAttacks(sq, p.pieces[Pawn]) & centreSquares).Several() {
		v += q.t.LongDiagonalBishop
	}
	return v
}

// rook is the terms of colour c's rook on sq, with safe the squares it
// attacks not own and not attacked by an enemy pawn.
func (q *pieceTerms4) rook(p *Position, c Color, sq Square, safe Bitboard) Score {
	var v Score
	file := FileA << uint(sq.File())
	if file&p.pieces[Queen] != 0 {
		v += q.t.RookQueenFile
	}
	if file&p.pieces[Pawn]&q.own != 0 && safe.Count() <= 3 {
		if kf := q.ksq.File(); (kf < 4) == (sq.File() < kf) {
			if p.castling&castleRights[c] == 0 {
				v += q.t.TrappedRook
			}
			v += q.t.TrappedRook
		}
	}
	return v
}

// outpostSquares is colour c's outpost squares: ranks 4 to 6, defended
// by an own pawn, out of every enemy pawn's reach (its file and the
// adjacent ones ahead are free of enemy pawns, as pieceTermsCtx.outpost).
func outpostSquares(c Color, own, enemy Bitboard) Bitboard {
	return outpostRanks[c] & pawnAttacksBB(own, c) &^ pawnSpan(pawnAttacksBB(enemy, c^1), c^1)
}

// pawnsTwice is the squares two of colour c's pawns attack.
func pawnsTwice(c Color, own Bitboard) Bitboard {
	pushed := pawnPush(own, c)
	return pushed.east() & pushed.west()
}

// pawnSpan spreads b over every square ahead of it, seen by colour c:
// where pawns of c attacking b now can attack as they advance.
func pawnSpan(b Bitboard, c Color) Bitboard {
	if c == White {
		b |= b << 8
		b |= b << 16
		b |= b << 32
	} else {
		b |= b >> 8
		b |= b >> 16
		b |= b >> 32
	}
	return b
}

// terms4Pawns is colour c's pawn terms of the family (own against
// enemy; ownAtt its pawns' attacks), kept in the pawn cache.
func (t *Terms4Weights) terms4Pawns(c Color, own, enemy, ownAtt Bitboard) Score {
	var s Score
	ownFiles := fileFill(own)
	enemyPush := pawnPush(enemy, c^1)
	enemyAtt := pawnAttacksBB(enemy, c^1)
	s += t.WeakLever.Scale((own & enemyPush.east() & enemyPush.west() &^ ownAtt).Count())
	for b := own; b != 0; {
		sq := b.PopLSB()
		opposed := forwardMask[c][sq]&enemy != 0
		beside := own & (SquareBB(sq).east() | SquareBB(sq).west())
		if beside != 0 || ownAtt.Has(sq) {
			// Connected: never weak (a pawn beside one is not backward,
			// though pawnSide's test, which looks behind it only, says so).
			s += t.Connected[relativeRank(c, sq)]
			if opposed {
				s += t.ConnectedOpposed
			}
			continue
		}
		if opposed {
			continue
		}
		if adjacentFiles[sq.File()]&ownFiles == 0 || backward(c, sq, own, enemy, enemyAtt) {
			s += t.WeakUnopposed
		}
	}
	return s
}
