package dataset

import (
	"fmt"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// GamesImport makes a dataset of games played before (a tournament's, an
// SPRT's, a PGN file's), one game after another as they are read: each
// game's samples are what self-play keeps of a game it plays (a Sampler's
// by the same Rules, game g drawn from the seed and g, its index among
// the games added), less the positions an earlier game gave already.
// Games from one opening book repeat their openings, and the same
// position may come back in another game: only its first sample is kept,
// whatever its result there.
type GamesImport struct {
	Set Set
	// Games is how many games were added: the next one's index.
	Games int
	// Discarded counts the games whose ending leaves their result in
	// doubt (see Trusted), which give no samples; Endings counts them by
	// why they ended (the reason, "unfinished" for a game without a
	// result, "not known" for one whose record does not say).
	Discarded int
	Endings   map[string]int
	// Duplicates counts the samples dropped because an earlier game gave
	// the same position (placement, side to move, castling and en
	// passant: the move counters aside).
	Duplicates int

	sampler *Sampler
	seen    map[positionKey]struct{}
}

// positionKey is a packed position without its move counters, as a FEN
// without its last two fields.
type positionKey [packedClocks]byte

// packedClocks is where a PackedPosition's move counters start.
const packedClocks = 26

// NewGamesImport starts an import by r.
func NewGamesImport(r Rules) (*GamesImport, error) {
	s, err := NewSampler(r)
	if err != nil {
		return nil, err
	}
	return &GamesImport{sampler: s, seen: map[positionKey]struct{}{}, Endings: map[string]int{}}, nil
}

// Add adds the next game's samples. A game that cannot be replayed (a
// bad start, an illegal move) is an error that leaves the import as it
// was, that game's index taken.
func (im *GamesImport) Add(res *arena.GameResult) error {
	g := im.Games
	im.Games++
	samples, ok, err := im.sampler.Samples(g, res)
	if err != nil {
		return err
	}
	if !ok {
		im.Discarded++
		im.Endings[EndingName(res)]++
		return nil
	}
	for _, s := range samples {
		k := positionKey(s.Pos[:packedClocks])
		if _, dup := im.seen[k]; dup {
			im.Duplicates++
			continue
		}
		im.seen[k] = struct{}{}
		im.Set.Samples = append(im.Set.Samples, s)
	}
	return nil
}

// EndingName is why a game ended, as a discarded game is counted: its
// reason, "unfinished" for a game without a result and "not known" for
// one whose record does not say.
func EndingName(res *arena.GameResult) string {
	switch {
	case res.Outcome == core.Ongoing:
		return "unfinished"
	case res.Reason == "":
		return "not known"
	}
	return res.Reason
}

// String sums the import up.
func (im *GamesImport) String() string {
	n := CountResults(im.Set.Samples)
	return fmt.Sprintf("%d games (%d discarded), %d positions (white won %d, drawn %d, black won %d), %d duplicates dropped",
		im.Games, im.Discarded, len(im.Set.Samples), n[WhiteWins], n[Draw], n[BlackWins], im.Duplicates)
}
