package core

import "testing"

// The Appendix B formulas against the tables printed in the appendix.
func TestBaseShapesMatchAppendixB(t *testing.T) {
	for pt := Pawn; pt <= King; pt++ {
		for _, mg := range []bool{true, false} {
			label := seed000PieceNames[pt] + "_eg"
			if mg {
				label = seed000PieceNames[pt] + "_mg"
			}
			want := docBoard(t, "**"+label+" (cp)**")
			got := baseShapeCP(pt, mg)
			for sq := range got {
				if float64(got[sq]) != want[sq] {
					t.Errorf("%s %s: %d, Appendix B %g", label, Square(sq), got[sq], want[sq])
				}
			}
		}
	}
}

func TestRingDistance(t *testing.T) {
	tests := []struct {
		sq   string
		want int
	}{{"d4", 0}, {"e5", 0}, {"c3", 1}, {"f6", 1}, {"b7", 2}, {"g4", 2}, {"a1", 3}, {"h5", 3}, {"d8", 3}}
	for _, tt := range tests {
		sq, _ := ParseSquare(tt.sq)
		if got := ringDistance(sq); got != tt.want {
			t.Errorf("ringDistance(%s) = %d, want %d", tt.sq, got, tt.want)
		}
	}
}
