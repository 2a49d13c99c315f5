package core

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

func loadEPDFENs(t testing.TB, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var fens []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) >= 4 {
			fens = append(fens, strings.Join(fs[:4], " "))
		}
	}
	return fens
}

// checkMoveRoundTrips checks, for every legal move of p, that SAN and UCI
// formatting parse back to the same move.
func checkMoveRoundTrips(t *testing.T, p *Position) {
	t.Helper()
	for _, m := range p.LegalMoves() {
		san := p.SAN(m)
		if back, err := p.ParseSAN(san); err != nil || back != m {
			t.Fatalf("%s: SAN %q of %s parses to %v, %v", p.FEN(), san, m, back, err)
		}
		if back, err := p.ParseUCIMove(m.String()); err != nil || back != m {
			t.Fatalf("%s: UCI %s parses to %v, %v", p.FEN(), m, back, err)
		}
	}
}

// TestBookRoundTrips runs FEN, SAN and UCI round trips over every position
// of a shipped opening book, and over pseudo-random continuations of some
// of them (which reach castling, en passant and promotions).
func TestBookRoundTrips(t *testing.T) {
	fens := loadEPDFENs(t, "testdata/books/noob_2moves.epd")
	if len(fens) < 7000 {
		t.Fatalf("book has %d positions, expected the whole noob_2moves.epd", len(fens))
	}
	seed := uint64(99)
	next := func() uint64 { seed = seed*6364136223846793005 + 1442695040888963407; return seed >> 33 }
	kinds := map[string]int{}
	for i, fen := range fens {
		p := mustFEN(t, fen)
		q := mustFEN(t, p.FEN())
		if q.FEN() != p.FEN() || q.Key() != p.Key() {
			t.Fatalf("FEN round trip of %q: %q", fen, q.FEN())
		}
		checkMoveRoundTrips(t, p)
		if i%150 != 0 {
			continue
		}
		for ply := 0; ply < 160 && !p.Status().Over(); ply++ {
			moves := p.LegalMoves()
			m := moves[next()%uint64(len(moves))]
			switch {
			case m.IsPromotion():
				kinds["promotion"]++
			case m.IsEnPassant():
				kinds["en passant"]++
			case m.IsCastle():
				kinds["castle"]++
			}
			p.MakeMove(m)
			checkMoveRoundTrips(t, p)
		}
	}
	for _, k := range []string{"promotion", "en passant", "castle"} {
		if kinds[k] == 0 {
			t.Errorf("random continuations never played a %s move: widen the sample", k)
		}
	}
}
