package dataset

import (
	"context"
	"fmt"
	"slices"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// extractor turns finished games into samples. Each worker owns one: the
// quiescence's buffers and evaluator, and the labelling engine, are not
// shared.
type extractor struct {
	cfg   *Config
	qs    *core.QuietSearch
	label *labeller // nil: no reference scores
	seen  map[uint64]struct{}
	cands []candidate
}

// candidate is a quiet leaf found in a game, before sampling and labelling.
type candidate struct {
	pos core.PackedPosition
	fen string // for the labelling engine; empty when not labelling
}

func newExtractor(cfg *Config) (*extractor, error) {
	ex := &extractor{cfg: cfg, qs: core.NewQuietSearch(core.NewEvaluator(cfg.Resolve)), seen: map[uint64]struct{}{}}
	if cfg.Label != nil {
		l, err := newLabeller(cfg.Label)
		if err != nil {
			return nil, err
		}
		ex.label = l
	}
	return ex, nil
}

func (ex *extractor) close() {
	if ex.label != nil {
		ex.label.close()
	}
}

// trusted reports whether a game's ending makes its result a label worth
// learning from: the rules ended it, or both engines agreed one side had
// won. A draw by move limit or score adjudication, a crash, an illegal
// move or a flag fall says little about the positions before it.
func trusted(reason string) bool {
	switch reason {
	case arena.ReasonCheckmate, arena.ReasonStalemate, arena.ReasonThreefold, arena.ReasonFiftyMove,
		arena.ReasonInsufficient, arena.ReasonResign:
		return true
	}
	return false
}

// extract returns the samples of game g: the positions after the opening
// and SkipPlies more, not in check and not scored as a mate by the player
// to move, each resolved to its quiet leaf (skipped if the leaf is in
// check, stalemate or a dead draw, or was reached before in the game),
// then at most PerGame of them drawn at random, then labelled.
func (ex *extractor) extract(ctx context.Context, g int, res *arena.GameResult) (gameSamples, error) {
	out := gameSamples{game: g}
	result, ok := gameResult(res.Outcome)
	if !ok || !trusted(res.Reason) {
		out.discarded = true
		return out, nil
	}
	pos, err := core.ParseFEN(res.StartFEN)
	if err != nil {
		return out, fmt.Errorf("start position: %w", err)
	}
	clear(ex.seen)
	ex.cands = ex.cands[:0]
	for i, rec := range res.Moves {
		if i >= ex.cfg.SkipPlies && !pos.InCheck() && core.MateIn(rec.Score) == 0 {
			ex.resolve(pos)
		}
		if !pos.IsLegal(rec.Move) { // the referee checked every move: a bug if not
			return out, fmt.Errorf("move %d (%s) is illegal in %s", i+1, rec.Move, pos.FEN())
		}
		pos.MakeMove(rec.Move)
	}
	cands := ex.cands
	if k := ex.cfg.PerGame; k > 0 && len(cands) > k {
		cands = ex.sample(g, k)
	}
	if ex.label != nil {
		if err := ex.label.newGame(ctx); err != nil {
			return out, err
		}
	}
	out.samples = make([]Sample, 0, len(cands))
	for _, c := range cands {
		s := Sample{Pos: c.pos, Result: result, Score: NoScore}
		if ex.label != nil {
			score, ok, err := ex.label.score(ctx, c.fen)
			if err != nil {
				return out, err
			}
			if !ok {
				continue
			}
			s.Score = score
		}
		out.samples = append(out.samples, s)
	}
	return out, nil
}

// resolve plays p's principal capture line, keeps the quiet leaf it
// reaches as a candidate if it is one, and takes the line back. Quiet
// means the quiescence of the leaf itself is its static evaluation, as
// Texel tuning wants; a PV leaf nearly always is (its captures failed low
// under the root's narrower window), and the rare one that is not is
// followed on, a few times at most.
func (ex *extractor) resolve(p *core.Position) {
	const rounds = 4
	made, quiet := 0, false
	for range rounds {
		line, _ := ex.qs.Leaf(p, core.QuietMaxPly)
		if quiet = len(line) == 0; quiet {
			break
		}
		for _, m := range line {
			p.MakeMove(m)
		}
		made += len(line)
	}
	if _, dup := ex.seen[p.Key()]; quiet && !dup && !p.InCheck() && !p.IsInsufficientMaterial() && p.HasLegalMove() {
		ex.seen[p.Key()] = struct{}{}
		c := candidate{pos: p.Pack()}
		if ex.label != nil {
			c.fen = p.FEN()
		}
		ex.cands = append(ex.cands, c)
	}
	for range made {
		p.UnmakeMove()
	}
}

// sample draws k of the game's candidates, kept in game order.
func (ex *extractor) sample(g, k int) []candidate {
	idx := gameRand(ex.cfg.Seed, g, streamSample).Perm(len(ex.cands))[:k]
	slices.Sort(idx)
	out := make([]candidate, k)
	for i, j := range idx {
		out[i] = ex.cands[j]
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
