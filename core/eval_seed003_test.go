package core

import "testing"

// Seed 003's function on positions whose material, doubled pawns and legal
// moves are counted by hand (docs/chromosomes.md 4.2), in white's view.
func TestSeed003Score(t *testing.T) {
	tests := []struct {
		player string
		fen    string
		want   int
		why    string
	}{
		{"seed003", StartFEN, 0, "symmetric"},
		{"seed003", "4k3/8/8/8/8/P7/P7/4K3 w - - 0 1", 160, "2 pawns − 0.5·1 doubled + 0.1·(6 − 5) moves"},
		{"seed003", "4k3/8/8/8/8/P7/P7/4K3 b - - 0 1", 160, "the same from black's move: white still has 6"},
		{"seed003_evolved", "4k3/8/8/8/8/P7/P7/4K3 w - - 0 1", 167, "200 − 44 + 11"},
		{"seed003", "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", 1070, "9 + 0.1·(22 − 5): Qa1 17 moves, Ke1 5"},
		{"seed003", "4k3/8/8/8/8/8/8/Q3K3 b - - 0 1", 1070, "black to move: white's moves counted as if white moved"},
		{"seed003", "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", -10, "black: Ke8 5 + d3 + dxe3 e.p. = 7; white, without the e.p. right, 6"},
	}
	for _, tt := range tests {
		c, err := Player(tt.player)
		if err != nil {
			t.Fatal(err)
		}
		w, err := c.Compile()
		if err != nil {
			t.Fatal(err)
		}
		e := NewEvaluator(w)
		p := mustFEN(t, tt.fen)
		if got := e.seed003(p); got != tt.want {
			t.Errorf("%s %s: %d, want %d (%s)", tt.player, tt.fen, got, tt.want, tt.why)
		}
		if got := e.seed003(p.Mirror()); got != -tt.want {
			t.Errorf("%s %s mirrored: %d, want %d", tt.player, tt.fen, got, -tt.want)
		}
	}
}
