package core

import "testing"

func TestScoreText(t *testing.T) {
	tests := []struct {
		score  int
		toMove Color
		own    string // ScoreText: the side to move's view
		white  string // WhiteScoreText
	}{
		{35, White, "+0.35", "+0.35"},
		{35, Black, "+0.35", "-0.35"},
		{-120, White, "-1.20", "-1.20"},
		{0, Black, "+0.00", "+0.00"},
		{MateScore - 5, White, "#3", "#3"},
		{MateScore - 5, Black, "#3", "#-3"},
		{-(MateScore - 4), White, "#-2", "#-2"},
		{-(MateScore - 4), Black, "#-2", "#2"},
	}
	for _, tc := range tests {
		if got := ScoreText(tc.score); got != tc.own {
			t.Errorf("ScoreText(%d) = %q, want %q", tc.score, got, tc.own)
		}
		if got := WhiteScoreText(tc.score, tc.toMove); got != tc.white {
			t.Errorf("WhiteScoreText(%d, %v) = %q, want %q", tc.score, tc.toMove, got, tc.white)
		}
	}
}

func TestSANLine(t *testing.T) {
	const fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
	tests := []struct {
		name string
		uci  []string // played one after another from fen
		max  int
		want string
	}{
		{"whole line", []string{"f1b5", "a7a6", "b5c6", "d7c6", "e1g1"}, 0, "Bb5 a6 Bxc6 dxc6 O-O"},
		{"cut at max", []string{"f1b5", "a7a6", "b5c6"}, 2, "Bb5 a6"},
		{"max beyond the line", []string{"f1b5"}, 6, "Bb5"},
		{"empty", nil, 0, ""},
	}
	for _, tc := range tests {
		p := mustFEN(t, fen)
		q := p.Clone()
		var line []Move
		for _, s := range tc.uci {
			m, err := q.ParseUCIMove(s)
			if err != nil {
				t.Fatalf("%s: %s: %v", tc.name, s, err)
			}
			line = append(line, m)
			q.MakeMove(m)
		}
		if got := SANLine(p, line, tc.max); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
		if p.FEN() != fen {
			t.Errorf("%s: the position moved to %s", tc.name, p.FEN())
		}
	}
	// A line that goes wrong (a stale PV) stops before the first move that
	// is not legal where it stands.
	p := mustFEN(t, fen)
	b5, _ := p.ParseUCIMove("f1b5")
	if got := SANLine(p, []Move{b5, b5}, 0); got != "Bb5" {
		t.Errorf("a line repeating Bb5: %q, want %q", got, "Bb5")
	}
}
