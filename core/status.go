package core

// Outcome is the result of a game from the rules' point of view.
type Outcome uint8

const (
	Ongoing Outcome = iota
	WhiteWins
	BlackWins
	Draw
)

// String returns the PGN result token ("1-0", "0-1", "1/2-1/2", "*").
func (o Outcome) String() string {
	switch o {
	case WhiteWins:
		return "1-0"
	case BlackWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	}
	return "*"
}

// Termination says why a game ended by the rules.
type Termination uint8

const (
	NotOver Termination = iota
	Checkmate
	Stalemate
	FiftyMoveRule
	ThreefoldRepetition
	InsufficientMaterial
)

var terminationNames = [...]string{"", "checkmate", "stalemate", "fifty-move", "threefold", "insufficient material"}

func (t Termination) String() string {
	if int(t) < len(terminationNames) {
		return terminationNames[t]
	}
	return "unknown"
}

// Status is whether and why the game in a position has ended.
type Status struct {
	Outcome Outcome
	Reason  Termination
}

// Over reports whether the game has ended.
func (s Status) Over() bool { return s.Outcome != Ongoing }

// Status applies the rules that end a game without a claim by a player:
// checkmate and stalemate first (mate on the hundredth quiet ply still
// wins), then dead positions, the fifty-move rule and threefold repetition.
// As engines and servers usually do, the last two end the game at once
// rather than waiting for a claim.
func (p *Position) Status() Status {
	if !p.HasLegalMove() {
		if p.InCheck() {
			if p.side == White {
				return Status{BlackWins, Checkmate}
			}
			return Status{WhiteWins, Checkmate}
		}
		return Status{Draw, Stalemate}
	}
	switch {
	case p.IsInsufficientMaterial():
		return Status{Draw, InsufficientMaterial}
	case p.halfmove >= 100:
		return Status{Draw, FiftyMoveRule}
	case p.RepetitionCount() >= 3:
		return Status{Draw, ThreefoldRepetition}
	}
	return Status{}
}

// HasLegalMove reports whether the side to move has any legal move.
func (p *Position) HasLegalMove() bool { return p.CountLegal() > 0 }

// RepetitionCount returns how many times the current position has occurred
// in the game (1 if never before), comparing Zobrist keys of positions with
// the same side to move since the last irreversible move.
func (p *Position) RepetitionCount() int {
	n := 1
	h := p.history
	limit := len(h) - min(p.halfmove, p.sinceNull)
	for i := len(h) - 2; i >= 0 && i >= limit; i -= 2 {
		if h[i].key == p.key {
			n++
		}
	}
	return n
}

// IsRepetition reports whether the current position occurred before (once
// is enough inside a search tree).
func (p *Position) IsRepetition() bool {
	h := p.history
	limit := len(h) - min(p.halfmove, p.sinceNull)
	for i := len(h) - 4; i >= 0 && i >= limit; i -= 2 {
		if h[i].key == p.key {
			return true
		}
	}
	return false
}

// IsInsufficientMaterial reports a dead position by material: no pawns,
// rooks or queens, and either at most one minor piece on the board or
// only bishops, all on squares of one colour (K+B v K+B same colour).
func (p *Position) IsInsufficientMaterial() bool {
	if p.pieces[Pawn]|p.pieces[Rook]|p.pieces[Queen] != 0 {
		return false
	}
	minors := p.pieces[Knight] | p.pieces[Bishop]
	if !minors.Several() {
		return true
	}
	if p.pieces[Knight] != 0 {
		return false
	}
	b := p.pieces[Bishop]
	return b&lightSquares == 0 || b&darkSquares == 0
}
