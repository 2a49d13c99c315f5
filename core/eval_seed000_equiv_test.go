package core

import (
	"math/rand/v2"
	"testing"
)

// seed000TestPositions returns the perft suite, the paper-search and bench
// positions, and every position met on seeded random walks from them:
// both colours to move, checks, castling rights, en passant.
func seed000TestPositions(t testing.TB, walks, plies int) []*Position {
	var fens []string
	for _, c := range loadPerftSuite(t) {
		fens = append(fens, c.fen)
	}
	fens = append(fens, loadEPDFENs(t, paperPositions)...)
	fens = append(fens, benchFENs...)
	var out []*Position
	for _, fen := range fens {
		out = append(out, mustFEN(t, fen))
	}
	rng := rand.New(rand.NewPCG(27, 0))
	for w := range walks {
		p := mustFEN(t, fens[w%len(fens)])
		for range plies {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			// Half the time play a rare kind of move when there is one,
			// so castling, en passant and promotions are met often.
			if rng.IntN(2) == 0 {
				for _, r := range moves {
					if r.IsCastle() || r.IsEnPassant() || r.IsPromotion() || r.Flags() == FlagDoublePush {
						m = r
						break
					}
				}
			}
			p.MakeMove(m)
			out = append(out, p.Clone())
		}
	}
	return out
}

// The fast seed 000 features equal the reference's (the code before it
// was made fast) on every position, each count of each colour.
func TestSeed000MatchesReference(t *testing.T) {
	walks := 400
	if testing.Short() {
		walks = 60
	}
	ps := seed000TestPositions(t, walks, 60)
	var checks, eps, castles, blackToMove int
	for _, p := range ps {
		var got, want [2][numPrinciples]int
		p.seed000Features(&got)
		p.refSeed000Features(&want)
		if got != want {
			for c := White; c <= Black; c++ {
				for k := range numPrinciples {
					if got[c][k] != want[c][k] {
						t.Errorf("%s: %v %s %d, reference %d", p.FEN(), c, PrincipleNames[k], got[c][k], want[c][k])
					}
				}
			}
			if t.Failed() {
				t.FailNow() // one position is enough to look at
			}
		}
		if p.InCheck() {
			checks++
		}
		for _, m := range p.LegalMoves() {
			if m.IsEnPassant() {
				eps++
			}
			if m.IsCastle() {
				castles++
			}
		}
		if p.side == Black {
			blackToMove++
		}
	}
	t.Logf("%d positions: %d in check, %d en-passant captures, %d castlings, %d black to move", len(ps), checks, eps, castles, blackToMove)
	if min(checks, eps, castles, blackToMove) < 20 {
		t.Errorf("the walks reach too few checks, en-passant captures or castlings, or black to move")
	}
}

// With random seed000 chromosomes (principles and matrices drawn in their
// bounds), not only the defaults, the fast score equals the reference's.
func TestSeed000ScoreMatchesReference(t *testing.T) {
	ps := seed000TestPositions(t, 40, 40)
	schema := mustPreset(t, "seed000")
	for seed := range uint64(8) {
		w := seededWeights(t, schema, seed)
		e := NewEvaluator(w)
		for _, p := range ps {
			if got, want := e.seed000(p), refSeed000(w.Seed000, p); got != want {
				t.Fatalf("chromosome %d, %s: %d, reference %d", seed, p.FEN(), got, want)
			}
		}
	}
}
