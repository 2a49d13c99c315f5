package core

import (
	"slices"
	"testing"
)

// docGroups are the feature families of docs/chromosomes.md 1.2.
var docGroups = []string{"material", "piece_square", "mobility", "pawn_structure", "king_safety",
	"king_activity", "rook", "knight", "bishop", "queen", "development", "piece_safety", "space", "general"}

// Properties every seed preset shares (docs/chromosomes.md 1.1–1.3).
func TestSeedPresetSchemas(t *testing.T) {
	tests := []struct {
		name        string
		genes, live int
		unit        string
		block       func(*Weights) bool
	}{
		{"seed000", 402, 386, "pawn", func(w *Weights) bool { return w.Seed000 != nil }},
		{"seed001", 640, 608, "cp", func(w *Weights) bool { return w.PST[Queen][0] != 0 }},
		{"seed003", 6, 6, "pawn", func(w *Weights) bool { return w.Seed003 != nil }},
		{"seed004", 23, 22, "cp", func(w *Weights) bool { return w.Seed004 != nil }},
	}
	for _, tt := range tests {
		s := mustPreset(t, tt.name)
		if len(s.Genes) != tt.genes || len(s.Live()) != tt.live {
			t.Errorf("%s: %d genes, %d live; want %d, %d", tt.name, len(s.Genes), len(s.Live()), tt.genes, tt.live)
		}
		for i := range s.Genes {
			g := &s.Genes[i]
			lo, hi := g.InitRange()
			switch {
			case g.Default < g.Lo || g.Default > g.Hi:
				t.Errorf("%s %s: default %g outside [%g, %g]", tt.name, g.Name, g.Default, g.Lo, g.Hi)
			case lo > hi || lo < g.Lo || hi > g.Hi:
				t.Errorf("%s %s: init [%g, %g] not within [%g, %g]", tt.name, g.Name, lo, hi, g.Lo, g.Hi)
			case g.Fixed && (g.Lo != g.Hi || g.Default != g.Lo):
				t.Errorf("%s %s: fixed gene with bounds [%g, %g] default %g", tt.name, g.Name, g.Lo, g.Hi, g.Default)
			case !slices.Contains(docGroups, g.Group):
				t.Errorf("%s %s: group %q is not one of docs 1.2", tt.name, g.Name, g.Group)
			case g.Unit != tt.unit:
				t.Errorf("%s %s: unit %q, want %q", tt.name, g.Name, g.Unit, tt.unit)
			}
		}
		w, err := s.Default().Compile()
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if !tt.block(w) {
			t.Errorf("%s: compiled weights lack the preset's terms", tt.name)
		}
	}
}

func TestGeneInitRangeAndFamily(t *testing.T) {
	g := Gene{Group: "knight", Tags: []string{"mobility"}, Lo: -100, Hi: 100, Default: 7}
	tests := []struct {
		change   func(*Gene)
		lo, hi   float64
		family   string
		inFamily bool
	}{
		{func(*Gene) {}, -100, 100, "knight", true},
		{func(g *Gene) { g.InitLo, g.InitHi = -1, 2 }, -1, 2, "mobility", true},
		{func(g *Gene) { g.InitLo, g.InitHi, g.InitAtDefault = -1, 2, true }, 7, 7, "rook", false},
		{func(g *Gene) { g.Fixed = true }, 7, 7, "material", false},
	}
	for i, tt := range tests {
		h := g
		tt.change(&h)
		if lo, hi := h.InitRange(); lo != tt.lo || hi != tt.hi {
			t.Errorf("case %d: InitRange [%g, %g], want [%g, %g]", i, lo, hi, tt.lo, tt.hi)
		}
		if h.InFamily(tt.family) != tt.inFamily {
			t.Errorf("case %d: InFamily(%s) = %v", i, tt.family, !tt.inFamily)
		}
	}
}
