package core

import (
	"os"
	"slices"
	"strings"
	"testing"
)

func TestParseEPD(t *testing.T) {
	tests := []struct {
		line        string
		id, fen     string
		best, avoid string
	}{
		{`2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";`,
			"WAC.001", "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", "g3g6", ""},
		{"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 bm Bb5; id \"six fields\";",
			"six fields", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", "f1b5", ""},
		{"4k3/8/8/8/8/8/8/4K2R w K -\tam\tKf1;\tid \"tabs; and a quoted semicolon\"; hmvc 7; fmvn 40;",
			"tabs; and a quoted semicolon", "4k3/8/8/8/8/8/8/4K2R w K - 7 40", "", "e1f1"},
		{"4k3/8/8/8/8/8/8/4K2R w K - bm O-O Kf2;", "", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1 e1f2", ""},
	}
	for _, tc := range tests {
		r, err := ParseEPD(tc.line)
		if err != nil {
			t.Errorf("%q: %v", tc.line, err)
			continue
		}
		var best, avoid []string
		for _, m := range r.Best {
			best = append(best, m.String())
		}
		for _, m := range r.Avoid {
			avoid = append(avoid, m.String())
		}
		if r.ID != tc.id || r.Position.FEN() != tc.fen || strings.Join(best, " ") != tc.best || strings.Join(avoid, " ") != tc.avoid {
			t.Errorf("%q: id %q fen %q bm %v am %v", tc.line, r.ID, r.Position.FEN(), best, avoid)
		}
	}
	for _, bad := range []string{"", "8/8 w", "4k3/8/8/8/8/8/8/4K2R w K - bm Qh5;", "4k3/8/8/8/8/8/8/4K2R w K - hmvc x;"} {
		if _, err := ParseEPD(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestNullMoveBreaksRepetition(t *testing.T) {
	p := NewPosition()
	play := func(s string) {
		m, err := p.ParseUCIMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.MakeMove(m)
	}
	play("g1f3")
	p.MakeNullMove()
	play("f3g1")
	p.MakeNullMove()
	if p.IsRepetition() || p.RepetitionCount() != 1 {
		t.Error("a repetition was found through null moves")
	}
	p.UnmakeNullMove()
	p.UnmakeMove()
	p.UnmakeNullMove()
	play("g8f6")
	play("f3g1")
	play("f6g8")
	if !p.IsRepetition() || p.RepetitionCount() != 2 {
		t.Error("a real repetition after an unmade null move was missed")
	}
	if NewPosition().Pieces(White, PieceType(7)) != 0 {
		t.Error("Pieces of an out-of-range type should be empty")
	}
}

// Every shipped problem written by String and read back is the same problem.
func TestEPDStringRoundTrip(t *testing.T) {
	for _, name := range []string{"../ga/suites/wac.epd", "../ga/suites/sts.epd", "../ga/suites/ecm.epd", "../ga/suites/bk.epd"} {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		recs, err := ReadEPD(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			back, err := ParseEPD(r.String())
			if err != nil {
				t.Fatalf("%s %s: %v\n%s", name, r.ID, err, r.String())
			}
			if back.Position.FEN() != r.Position.FEN() || back.ID != r.ID || !slices.Equal(back.Best, r.Best) || !slices.Equal(back.Avoid, r.Avoid) {
				t.Fatalf("%s %s: %q reads back differently", name, r.ID, r.String())
			}
		}
	}
}
