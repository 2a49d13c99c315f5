package core

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The seed001 layout against docs/chromosomes.md 3.4 and Appendix B.
func TestSeed001Genes(t *testing.T) {
	s := mustPreset(t, "seed001")
	if len(s.Genes) != 640 {
		t.Fatalf("seed001 has %d genes, want 640", len(s.Genes))
	}
	rows := docTable(t, "### 3.4 Genes")
	if len(rows) != 10 {
		t.Fatalf("doc lists %d tables", len(rows))
	}
	phases := map[string]GenePhase{"mg": PhaseMiddle, "eg": PhaseEnd, "both": PhaseBoth}
	for _, row := range rows {
		first, _ := strconv.Atoi(strings.Split(row[0], "–")[0])
		prefix := strings.TrimSuffix(docName(row[2]), "<sq>")
		group, tags := docGroup(row[3])
		lo, hi := docNumber(t, row[5]), docNumber(t, row[6])
		// Default "100 + `pawn_mg`(B)" or "`king_mg`(B)": material plus a shape.
		material, shape := 0.0, row[7]
		if m, rest, ok := strings.Cut(row[7], " + "); ok {
			material, shape = docNumber(t, m), rest
		}
		shapeTable := docBoard(t, "**"+docName(strings.TrimSuffix(shape, "(B)"))+" (cp)**")
		pawn := strings.HasPrefix(prefix, "pvt_pawn")
		for sq := Square(0); sq < 64; sq++ {
			g := &s.Genes[first+int(sq)]
			dead := pawn && (sq.Rank() == 0 || sq.Rank() == 7)
			if g.Name != prefix+sq.String() || g.Group != group || !slices.Equal(g.Tags, tags) ||
				g.Phase != phases[row[4]] || g.Unit != "cp" {
				t.Errorf("gene %d: %s %s %v %v %q, doc %v", first+int(sq), g.Name, g.Group, g.Tags, g.Phase, g.Unit, row)
			}
			switch {
			case dead:
				if !g.Fixed || g.Lo != 0 || g.Hi != 0 || g.Default != 0 {
					t.Errorf("%s: a dead pawn entry should be fixed at 0", g.Name)
				}
			case g.Lo != lo || g.Hi != hi || g.Fixed:
				t.Errorf("%s: bounds [%g, %g], doc [%g, %g]", g.Name, g.Lo, g.Hi, lo, hi)
			case g.Default != material+shapeTable[sq]:
				t.Errorf("%s: default %g, doc %g + %g", g.Name, g.Default, material, shapeTable[sq])
			}
		}
	}
	if live := len(s.Live()); live != 608 {
		t.Errorf("seed001 has %d live genes, want 608", live)
	}
}

// Seed001 is the shared piece-square tables with the phase blend of 1.5;
// white's view, by hand.
func TestSeed001Score(t *testing.T) {
	e := NewEvaluator(mustWeights(t, "seed001"))
	tests := []struct {
		fen  string
		want int
		why  string
	}{
		{StartFEN, 0, "symmetric"},
		{"4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", 110, "phase 0: pawn e4 end-game entry 100 + 10"},
		{"4k3/8/8/8/4P3/8/8/4K3 b - - 0 1", -110, "black to move"},
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", 892, "the queen table serves both phases: 900 − 8"},
		// Phase 2: mg 290 + 290, eg 300 + 300; (580·2 + 600·22) / 24 = 598.3.
		{"4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", 598, "two knights on the first rank"},
	}
	for _, tt := range tests {
		if got := e.Evaluate(mustFEN(t, tt.fen)); got != tt.want {
			t.Errorf("%s: %d, want %d (%s)", tt.fen, got, tt.want, tt.why)
		}
	}
}
