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
	label arena.Player // nil: no reference scores
	lim   core.Limits
	seen  map[uint64]struct{}
	cands []candidate
}

// candidate is a quiet leaf found in a game, before sampling and labelling.
type candidate struct {
	pos core.PackedPosition
	fen string // for the labelling engine; empty when not labelling
}

func newExtractor(cfg *Config) *extractor {
	ex := &extractor{cfg: cfg, qs: core.NewQuietSearch(core.NewEvaluator(cfg.Resolve)), seen: map[uint64]struct{}{}}
	if cfg.Label != nil {
		ex.lim = cfg.Label.TC.Limits()
		// A spec's New fails only on weights, which startEngines checked.
		if pl, err := cfg.Label.New(); err == nil {
			ex.label = pl
		}
	}
	return ex
}

func (ex *extractor) close() {
	if ex.label != nil {
		ex.label.Close()
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
		if err := ex.label.NewGame(ctx); err != nil {
			return out, fmt.Errorf("label %s: %w", ex.cfg.Label.Name, err)
		}
	}
	out.samples = make([]Sample, 0, len(cands))
	for _, c := range cands {
		s := Sample{Pos: c.pos, Result: result, Score: NoScore}
		if ex.label != nil {
			score, ok, err := ex.score(ctx, c.fen)
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

// score searches a position with the labelling engine and returns its
// score in centipawns from white's view; ok is false for a mate score.
func (ex *extractor) score(ctx context.Context, fen string) (score int16, ok bool, err error) {
	pos, err := core.ParseFEN(fen)
	if err != nil {
		return 0, false, err
	}
	reply, err := ex.label.Play(ctx, arena.GameView{StartFEN: fen, Pos: pos}, ex.lim)
	if err != nil {
		return 0, false, fmt.Errorf("label %s on %s: %w", ex.cfg.Label.Name, fen, err)
	}
	if core.MateIn(reply.Score) != 0 {
		return 0, false, nil
	}
	s := reply.Score
	if pos.SideToMove() == core.Black {
		s = -s
	}
	return int16(s), true, nil // |s| ≤ MateBound fits
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
