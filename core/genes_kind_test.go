package core

import (
	"math"
	"strings"
	"testing"
)

func TestNewSchema(t *testing.T) {
	lo, hi := ChoiceBounds(3)
	good := []Gene{
		{Name: "Skill", Kind: KindInt, Lo: 0, Hi: 100, Default: 30, CEnd: 5, REnd: 0.002},
		{Name: "Style", Kind: KindChoice, Lo: lo, Hi: hi, Default: 1, Choices: []string{"a", "b", "c"}},
	}
	tests := []struct {
		genes   []Gene
		wantErr string
	}{
		{good, ""},
		{nil, "no genes"},
		{[]Gene{good[0], {Name: "skill", Lo: 0, Hi: 1}}, "gene 2 (skill): the same name as gene 1"},
		{[]Gene{{Name: " ", Lo: 0, Hi: 1}}, "no name"},
		{[]Gene{{Name: "x", Lo: 0, Hi: 1, Default: 2}}, "default 2 is not within [0, 1]"},
		{[]Gene{{Name: "x", Lo: 0, Hi: 1, CEnd: posInf()}}, "is +Inf"},
		{[]Gene{{Name: "x", Kind: KindChoice, Lo: lo, Hi: hi, Choices: []string{"a", "b"}}}, "needs at least 2 choices and bounds [-0.5, 1.5]"},
		{[]Gene{{Name: "x", Kind: KindInt, Lo: 0, Hi: 1, Choices: []string{"a", "b"}}}, "choices are for choice genes"},
		{[]Gene{{Name: "x", Kind: "bool", Lo: 0, Hi: 1}}, `unknown kind "bool"`},
	}
	for _, tt := range tests {
		s, err := NewSchema("engine:x", "", tt.genes)
		switch {
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("%+v: error %v, want one saying %q", tt.genes, err, tt.wantErr)
		case tt.wantErr == "" && err != nil:
			t.Errorf("%+v: %v", tt.genes, err)
		case tt.wantErr == "":
			if s.GeneIndex("Style") != 1 || s.GeneIndex("style") != 1 || s.HasWeights() {
				t.Errorf("schema %+v", s)
			}
			if _, err := s.Default().Compile(); err == nil || !strings.Contains(err.Error(), "no evaluation weights") {
				t.Errorf("an engine's chromosome compiled: %v", err)
			}
		}
	}
	g := good[1]
	for v, want := range map[float64]int{-0.5: 0, 0.49: 0, 0.5: 1, 1.49: 1, 1.5: 2, 2.5: 2, 7: 2, -3: 0} {
		if got := g.ChoiceIndex(v); got != want {
			t.Errorf("ChoiceIndex(%g) = %d, want %d", v, got, want)
		}
	}
	var none *Chromosome
	if err := none.Validate(); err == nil {
		t.Error("a nil chromosome is valid")
	}
	if _, err := none.Compile(); err == nil {
		t.Error("a nil chromosome compiled")
	}
}

func posInf() float64 { return math.Inf(1) }
