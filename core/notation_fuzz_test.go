package core

import "testing"

func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{StartFEN, KiwipeteFEN, "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1",
		"4k3/8/8/8/8/8/8/4K3 w - -", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			return
		}
		out := p.FEN()
		q, err := ParseFEN(out)
		if err != nil {
			t.Fatalf("FEN %q formatted from %q does not parse: %v", out, s, err)
		}
		if q.FEN() != out || q.Key() != p.Key() {
			t.Fatalf("FEN round trip %q -> %q", out, q.FEN())
		}
		p.CountLegal() // must not panic on any accepted position
	})
}

// fuzzPositions are the positions the move-parser fuzzers try input on.
var fuzzPositions = []string{StartFEN, KiwipeteFEN, "r3k3/1P6/8/8/8/8/8/R3K2R w KQq - 0 1",
	"6k1/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1", "rnbqkbnr/pp1ppppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 2"}

func fuzzMoveParser(f *testing.F, parse func(*Position, string) (Move, error), seeds ...string) {
	for i := range fuzzPositions {
		for _, s := range seeds {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, s string) {
		p := mustFEN(t, fuzzPositions[int(which)%len(fuzzPositions)])
		before := p.FEN()
		m, err := parse(p, s)
		if p.FEN() != before {
			t.Fatalf("parsing %q changed the position", s)
		}
		if err != nil {
			return
		}
		legal := false
		for _, l := range p.LegalMoves() {
			legal = legal || l == m
		}
		if !legal {
			t.Fatalf("%q parsed to illegal move %v", s, m)
		}
		if back, err := p.ParseSAN(p.SAN(m)); err != nil || back != m {
			t.Fatalf("SAN round trip of %q: %v, %v", s, back, err)
		}
		if back, err := p.ParseUCIMove(m.String()); err != nil || back != m {
			t.Fatalf("UCI round trip of %q: %v, %v", s, back, err)
		}
	})
}

func FuzzParseSAN(f *testing.F) {
	fuzzMoveParser(f, (*Position).ParseSAN, "e4", "Nf3", "O-O", "0-0-0", "bxa8=Q", "b8N", "Qa4d4", "dxc6", "Nbd2+")
}

func FuzzParseUCIMove(f *testing.F) {
	fuzzMoveParser(f, (*Position).ParseUCIMove, "e2e4", "b7a8q", "e1g1", "e1h1", "d5c6", "a1a1")
}
