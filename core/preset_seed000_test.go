package core

import (
	"math"
	"slices"
	"testing"
)

// The seed000 layout against docs/chromosomes.md 2.2, 2.4, 2.7 and Appendix A.
func TestSeed000Genes(t *testing.T) {
	s := mustPreset(t, "seed000")
	if len(s.Genes) != 402 {
		t.Fatalf("seed000 has %d genes, want 402", len(s.Genes))
	}
	rows := docTable(t, "### 2.4 The 18 principle genes")
	if len(rows) != numPrinciples {
		t.Fatalf("doc lists %d principles", len(rows))
	}
	for i, row := range rows {
		g := &s.Genes[i]
		group, tags := docGroup(row[3])
		initLo, initHi := docInterval(t, row[5])
		lo, hi := docInterval(t, row[6])
		if g.Name != docName(row[1]) || g.Group != group || !slices.Equal(g.Tags, tags) {
			t.Errorf("gene %d: %s %s %v, doc %s %s %v", i, g.Name, g.Group, g.Tags, row[1], group, tags)
		}
		if l, h := g.InitRange(); l != initLo || h != initHi {
			t.Errorf("%s: init [%g, %g], doc %s", g.Name, l, h, row[5])
		}
		if g.Lo != lo || g.Hi != hi || row[7] != "both" || g.Phase != PhaseBoth || g.Unit != "pawn" || g.Fixed {
			t.Errorf("%s: bounds [%g, %g] phase %v unit %q, doc %s %s", g.Name, g.Lo, g.Hi, g.Phase, g.Unit, row[6], row[7])
		}
		// The named player takes the centre of the init range (2.7).
		if math.Abs(g.Default-(initLo+initHi)/2) > 1e-12 {
			t.Errorf("%s: default %g is not the centre of %s", g.Name, g.Default, row[5])
		}
	}
	matrices := []struct {
		pt     PieceType
		marker string
	}{
		{Pawn, "**pawn (pawn units)**"}, {Knight, "**knight (pawn units)**"}, {Bishop, "**bishop (pawn units)**"},
		{Rook, "**rook (pawn units)**"}, {Queen, "**queen (pawn units)**"}, {King, "**king (pawn units)**"},
	}
	for m, tt := range matrices {
		want := docBoard(t, tt.marker)
		for sq := Square(0); sq < 64; sq++ {
			g := &s.Genes[numPrinciples+64*m+int(sq)]
			name := "pst_" + seed000PieceNames[tt.pt] + "_" + sq.String()
			dead := tt.pt == Pawn && (sq.Rank() == 0 || sq.Rank() == 7)
			if g.Name != name || g.Group != "piece_square" || !slices.Equal(g.Tags, []string{seed000PieceNames[tt.pt]}) {
				t.Errorf("gene %s %s %v, want %s piece_square [%s]", g.Name, g.Group, g.Tags, name, seed000PieceNames[tt.pt])
			}
			if g.Default != want[sq] {
				t.Errorf("%s: default %g, Appendix A %g", name, g.Default, want[sq])
			}
			if lo, hi := g.InitRange(); lo != g.Default || hi != g.Default {
				t.Errorf("%s: a fresh population should start from the matrix, not [%g, %g]", name, lo, hi)
			}
			switch {
			case dead && !(g.Fixed && g.Lo == 0 && g.Hi == 0):
				t.Errorf("%s: a dead pawn entry should be fixed at 0", name)
			case !dead && (g.Fixed || g.Lo != -3 || g.Hi != 3):
				t.Errorf("%s: bounds [%g, %g] fixed %v, want [-3, 3]", name, g.Lo, g.Hi, g.Fixed)
			}
		}
	}
}
