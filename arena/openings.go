package arena

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/core/pgn"
)

// Book is a list of opening positions (FEN).
type Book struct {
	Name string
	FENs []string
}

// bookFiles bounds an opening book: big books run to tens of megabytes.
var bookFiles = core.FileLimit{What: "opening books", Max: 256 << 20}

// LoadBook reads an EPD book (one position a line) or a PGN book (each
// game's final position), by the file's extension.
func LoadBook(path string) (*Book, error) {
	f, err := bookFiles.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b := &Book{Name: path}
	if strings.HasSuffix(strings.ToLower(path), ".pgn") {
		err = b.readPGN(f)
	} else {
		err = b.readEPD(f)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(b.FENs) == 0 {
		return nil, fmt.Errorf("%s: no positions", path)
	}
	return b, nil
}

func (b *Book) readEPD(r io.Reader) error {
	recs, err := core.ReadEPD(r)
	if err != nil {
		return err
	}
	for _, rec := range recs {
		b.FENs = append(b.FENs, rec.Position.FEN())
	}
	return nil
}

func (b *Book) readPGN(r io.Reader) error {
	pr := pgn.NewReader(r)
	for {
		g, err := pr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		p, err := g.FinalPosition()
		if err != nil {
			return err
		}
		b.FENs = append(b.FENs, p.FEN())
	}
}

// Sequence returns n openings drawn from the book in a random order fixed
// by seed (cycling through the book if n is larger).
func (b *Book) Sequence(n int, seed uint64) []string {
	if len(b.FENs) == 0 {
		return make([]string, n) // no book: every game from the start position
	}
	rng := rand.New(rand.NewPCG(seed, 0x0b00c))
	order := rng.Perm(len(b.FENs))
	out := make([]string, n)
	for i := range out {
		out[i] = b.FENs[order[i%len(order)]]
	}
	return out
}

// MiddlegameStarts makes n start positions the way seed 000 does: the
// reference plays itself for moves moves (each side) at its own limit
// from each of n book openings (or the start position without a book).
func MiddlegameStarts(ctx context.Context, ref PlayerSpec, book *Book, n, moves int, tc TimeControl, seed uint64) ([]string, error) {
	pl, err := ref.New()
	if err != nil {
		return nil, err
	}
	defer pl.Close()
	openings := make([]string, n)
	if book != nil {
		openings = book.Sequence(n, seed)
	}
	out := make([]string, 0, n)
	for _, fen := range openings {
		res := PlayGame(ctx, pl, pl, GameOptions{StartFEN: fen, TC: tc, MaxMoves: moves}, nil)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if res.Reason != ReasonMaxMoves {
			// The self-play game ended early (mate, draw): use what it reached
			// only if play can go on; else fall back to the opening itself.
			if p, err := core.ParseFEN(res.FinalFEN); err == nil && !p.Status().Over() {
				out = append(out, res.FinalFEN)
				continue
			}
			if fen == "" {
				fen = core.StartFEN
			}
			out = append(out, fen)
			continue
		}
		out = append(out, res.FinalFEN)
	}
	return out, nil
}
