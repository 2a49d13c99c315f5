package dataset

import (
	"context"

	"github.com/evochess/evochess/arena"
)

// extractor turns the games self-play plays into samples: a Sampler's,
// labelled. Each worker owns one: the quiescence's buffers and evaluator,
// and the labelling engine, are not shared.
type extractor struct {
	*Sampler
	label *labeller // nil: no reference scores
}

func newExtractor(cfg *Config) (*extractor, error) {
	s, err := NewSampler(cfg.rules())
	if err != nil {
		return nil, err
	}
	ex := &extractor{Sampler: s}
	if cfg.Label != nil {
		l, err := newLabeller(cfg.Label)
		if err != nil {
			return nil, err
		}
		ex.label, s.fens = l, true
	}
	return ex, nil
}

// rules are the run's sampling rules.
func (cfg *Config) rules() Rules {
	return Rules{SkipPlies: cfg.SkipPlies, PerGame: cfg.PerGame, Seed: cfg.Seed, Resolve: cfg.Resolve}
}

func (ex *extractor) close() {
	if ex.label != nil {
		ex.label.close()
	}
}

// extract returns the samples of game g (Sampler.pick's candidates),
// labelled when the run labels: those the labeller scores as mates are
// dropped.
func (ex *extractor) extract(ctx context.Context, g int, res *arena.GameResult) (gameSamples, error) {
	out := gameSamples{game: g}
	cands, result, ok, err := ex.pick(g, res)
	if err != nil || !ok {
		out.discarded = !ok
		return out, err
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
