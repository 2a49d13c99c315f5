package core

// Weights are the compiled evaluation parameters: what a chromosome turns
// into before the search uses it. Every term is a tapered Score per unit of
// its feature, counted for white and for black and subtracted. A term whose
// weight is zero costs nothing but its (cheap) feature count, so every
// preset is a choice of weights over this one evaluator. Terms peculiar to
// one seed live in their own blocks, switched on by flags.
type Weights struct {
	Material [7]Score
	PST      [7][64]Score // white's view (a1 = 0); black's squares are mirrored

	Mobility       [7]Score // per square a piece reaches that is not own and not attacked by enemy pawns
	MobilityOffset [7]int   // squares subtracted first, so an average piece scores near zero

	DoubledPawn   Score // per pawn beyond the first on a file
	IsolatedPawn  Score
	BackwardPawn  Score
	PhalanxPawn   Score // side by side with a friendly pawn
	SupportedPawn Score // defended by a friendly pawn
	PassedPawn    [8]Score
	// PassedKingDistance rewards, per square, the enemy king being farther
	// from the square in front of a passed pawn than our own king.
	PassedKingDistance Score

	BishopPair       Score
	RookOpenFile     Score
	RookSemiOpenFile Score
	RookSeventh      Score
	KnightOutpost    Score // on the enemy half, pawn-defended, no enemy pawn can chase it
	BishopOutpost    Score

	KingShield       Score // per own pawn on the three squares (and the next rank) in front of the king
	KingAttackWeight [7]int
	// KingAttack is applied as units²/64 where units sum the attackers'
	// weights over enemy-king-zone squares they hit (two or more attackers).
	KingAttack   Score
	PawnThreat   Score // per own non-pawn piece attacked by an enemy pawn
	HangingPiece Score // per own non-pawn piece attacked and not defended
	Tempo        Score

	// Terms2 are the terms of eval_terms2.go, used only when the
	// evaluator's EvalTerms2 switch is on.
	Terms2 Terms2Weights
	Terms3 Terms3Weights // eval_terms3.go: zero (neutral) unless its opt-in genes moved
	Terms4 Terms4Weights // eval_terms4.go: the same
	Terms5 Terms5Weights // eval_terms5.go: the same
	Terms6 Terms6Weights // eval_terms6.go: the same
	Terms7 Terms7Weights // eval_terms7.go: the same
	Terms8 Terms8Weights // eval_terms8.go: the same

	// Seed blocks: terms of one seed preset that the shared fields cannot
	// express (pawn-unit weights rounded once, seed-specific feature
	// definitions); nil for every other preset. Each is added to the
	// white-view score by Evaluate.
	Seed000 *Seed000Weights // eval_seed000.go
	Seed003 *Seed003Weights // eval_seed003.go
	Seed004 *Seed004Weights // eval_seed004.go

	// Search holds the chromosome's search genes (not evaluation, but
	// they travel with it: whoever plays a chromosome plays its search);
	// nil means the defaults (SearchParams).
	Search *SearchParams
}
