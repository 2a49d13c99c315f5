package dataset

import (
	"errors"
	"fmt"
	"slices"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// Rules are which positions of a finished game become samples: what
// self-play keeps of the games it plays, and an import of games played
// before (FromGames) of those, so that the two make the same samples of
// the same game.
type Rules struct {
	// SkipPlies after the game's start (the book opening) are not
	// sampled.
	SkipPlies int
	// PerGame, when positive, keeps at most that many samples per game,
	// drawn from Seed and the game's index.
	PerGame int
	Seed    uint64
	// Resolve is the evaluation the quiescence that finds each sample's
	// quiet leaf scores with (nil: the full preset's default).
	Resolve *core.Weights
}

func (r Rules) check() error {
	if r.SkipPlies < 0 || r.PerGame < 0 {
		return errors.New("plies skipped and samples per game must not be negative")
	}
	return nil
}

// Sampler picks the samples of finished games by Rules. It holds the
// quiescence's buffers: one per goroutine.
type Sampler struct {
	rules Rules
	fens  bool // keep each candidate's FEN, for a labeller
	qs    *core.QuietSearch
	seen  map[uint64]struct{}
	cands []candidate
}

// candidate is a quiet leaf found in a game, before sampling and labelling.
type candidate struct {
	pos core.PackedPosition
	fen string // for the labelling engine; empty when not labelling
}

// NewSampler returns a sampler by r.
func NewSampler(r Rules) (*Sampler, error) {
	if err := r.check(); err != nil {
		return nil, err
	}
	if r.Resolve == nil {
		w, err := core.PresetWeights("full")
		if err != nil {
			return nil, err
		}
		r.Resolve = w
	}
	return &Sampler{rules: r, qs: core.NewQuietSearch(core.NewEvaluator(r.Resolve)), seen: map[uint64]struct{}{}}, nil
}

// Samples returns the unlabelled samples of game g (its index in the
// sequence of games, which draws its sample); ok is false for a game
// whose ending leaves its result in doubt (see Trusted), which gives
// none.
func (s *Sampler) Samples(g int, res *arena.GameResult) (samples []Sample, ok bool, err error) {
	cands, result, ok, err := s.pick(g, res)
	if !ok || err != nil {
		return nil, ok, err
	}
	samples = make([]Sample, len(cands))
	for i, c := range cands {
		samples[i] = Sample{Pos: c.pos, Result: result, Score: NoScore}
	}
	return samples, true, nil
}

// Trusted reports whether a game's ending makes its result a label worth
// learning from: the rules ended it, or both engines agreed one side had
// won. A draw by move limit or score adjudication, a crash, an illegal
// move or a flag fall says little about the positions before it.
func Trusted(reason string) bool {
	switch reason {
	case arena.ReasonCheckmate, arena.ReasonStalemate, arena.ReasonThreefold, arena.ReasonFiftyMove,
		arena.ReasonInsufficient, arena.ReasonResign:
		return true
	}
	return false
}

// pick returns the candidates of game g: the positions after the opening
// and SkipPlies more, not in check and not scored as a mate by the player
// to move, each resolved to its quiet leaf (skipped if the leaf is in
// check, stalemate or a dead draw, or was reached before in the game),
// then at most PerGame of them drawn at random. The slice is the
// sampler's, valid until the next call.
func (s *Sampler) pick(g int, res *arena.GameResult) (cands []candidate, result Result, ok bool, err error) {
	result, ok = gameResult(res.Outcome)
	if !ok || !Trusted(res.Reason) {
		return nil, result, false, nil
	}
	pos, err := core.ParseFEN(res.StartFEN)
	if err != nil {
		return nil, result, true, fmt.Errorf("start position: %w", err)
	}
	clear(s.seen)
	s.cands = s.cands[:0]
	for i, rec := range res.Moves {
		if i >= s.rules.SkipPlies && !pos.InCheck() && core.MateIn(rec.Score) == 0 {
			s.resolve(pos)
		}
		if !pos.IsLegal(rec.Move) { // the referee checked every move: a bug if not
			return nil, result, true, fmt.Errorf("move %d (%s) is illegal in %s", i+1, rec.Move, pos.FEN())
		}
		pos.MakeMove(rec.Move)
	}
	cands = s.cands
	if k := s.rules.PerGame; k > 0 && len(cands) > k {
		cands = s.sample(g, k)
	}
	return cands, result, true, nil
}

// resolve plays p's principal capture line, keeps the quiet leaf it
// reaches as a candidate if it is one, and takes the line back. Quiet
// means the quiescence of the leaf itself is its static evaluation, as
// Texel tuning wants; a PV leaf nearly always is (its captures failed low
// under the root's narrower window), and the rare one that is not is
// followed on, a few times at most.
func (s *Sampler) resolve(p *core.Position) {
	const rounds = 4
	made, quiet := 0, false
	for range rounds {
		line, _ := s.qs.Leaf(p, core.QuietMaxPly)
		if quiet = len(line) == 0; quiet {
			break
		}
		for _, m := range line {
			p.MakeMove(m)
		}
		made += len(line)
	}
	if _, dup := s.seen[p.Key()]; quiet && !dup && !p.InCheck() && !p.IsInsufficientMaterial() && p.HasLegalMove() {
		s.seen[p.Key()] = struct{}{}
		c := candidate{pos: p.Pack()}
		if s.fens {
			c.fen = p.FEN()
		}
		s.cands = append(s.cands, c)
	}
	for range made {
		p.UnmakeMove()
	}
}

// sample draws k of the game's candidates, kept in game order.
func (s *Sampler) sample(g, k int) []candidate {
	idx := gameRand(s.rules.Seed, g, streamSample).Perm(len(s.cands))[:k]
	slices.Sort(idx)
	out := make([]candidate, k)
	for i, j := range idx {
		out[i] = s.cands[j]
	}
	return out
}

func gameResult(o core.Outcome) (Result, bool) {
	switch o {
	case core.WhiteWins:
		return WhiteWins, true
	case core.BlackWins:
		return BlackWins, true
	case core.Draw:
		return Draw, true
	}
	return Draw, false
}
