package arena

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evochess/evochess/core"
)

// fakeTuning is the fake engine with options as uci=… with extra spec
// keys (args=-options comes first).
func fakeSpec(t *testing.T, extra string) string {
	spec := "uci=" + fakeEngine(t) + ",args=-options"
	if extra != "" {
		spec += "," + extra
	}
	return spec
}

func writeFile(t *testing.T, name, data string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Everything wrong with a tuning is said before any game, by asking the
// engine: an option it lacks, a bound outside its own, a duplicate, a
// malformed line, a fixed option it refuses, an engine that dies at
// setoption.
func TestNewEngineTuningAsksTheEngine(t *testing.T) {
	ctx := context.Background()
	dies := "uci=" + fakeEngine(t) + ",args=-options -mode diesetoption"
	tests := []struct {
		spec, genes string
		wantGenes   []string
		wantErr     string
	}{
		{fakeSpec(t, ""), "spin:*", []string{"Skill"}, ""},
		{fakeSpec(t, "option.Threads=1"), "spin:Skill,check:*,combo:*", []string{"Skill", "Aggressive Mode", "Style"}, ""},
		{fakeSpec(t, ""), writeFile(t, "g.spsa", "skill, int, 30, 0, 100, 5, 0.002\nRatio, float, 0.5, 0, 1, 0.05, 0.002\n"), []string{"Skill", "Ratio"}, ""},
		{fakeSpec(t, ""), writeFile(t, "g.json", `[{"name": "Style", "type": "combo", "start": "sharp"}]`), []string{"Style"}, ""},
		{fakeSpec(t, ""), writeFile(t, "g.spsa", "Skil, int, 30, 0, 100, 5, 0.002\n"), nil, "gene Skil: the engine offers no option of that name"},
		{fakeSpec(t, ""), writeFile(t, "g.spsa", "Skill, int, 30, 0, 150, 5, 0.002\n"), nil, "bounds [0, 150] go outside the engine's own [0, 100]"},
		{fakeSpec(t, ""), writeFile(t, "g.spsa", "Skill, int, 30, 0, 100, 5, 0.002\nSKILL, int, 30, 0, 100, 5, 0.002\n"), nil, "g.spsa:2: SKILL is a gene already (line 1)"},
		{fakeSpec(t, ""), writeFile(t, "g.spsa", "Skill, int, 30, 0, 100, 5\n"), nil, "g.spsa:1: 6 fields, want 7"},
		{fakeSpec(t, ""), "spin:Nosuch*", nil, `selector "spin:Nosuch*" matches no spin option of the engine (it has Skill, Hash, Threads)`},
		{fakeSpec(t, ""), "Skil", nil, `--genes "Skil" is neither a gene file nor an option of the engine`},
		{fakeSpec(t, "option.Skill=300"), "Style", nil, `refused "setoption name Skill value 300"`},
		{fakeSpec(t, "option.Colour=red"), "Style", nil, "option.Colour: " + fakeEngine(t) + " offers no option of that name"},
		{fakeSpec(t, "option.Skill=50"), "Skill", nil, "Skill is both a fixed option (option.Skill=) and a gene"},
		{dies, "Skill", nil, `died at "setoption name Skill value 0"`},
		{"uci=/nonexistent/engine", "Skill", nil, "/nonexistent/engine"},
		{"xboard=" + fakeEngine(t), "Skill", nil, "give a UCI engine as uci=PATH"},
		{fakeSpec(t, "nodes=100"), "Skill", nil, "the run's --tc sets the engine's search"},
	}
	for _, tt := range tests {
		tu, _, err := NewEngineTuning(ctx, tt.spec, tt.genes)
		switch {
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("%s / %s: error %v, want one saying %q", tt.spec, tt.genes, err, tt.wantErr)
		case tt.wantErr == "" && err != nil:
			t.Errorf("%s / %s: %v", tt.spec, tt.genes, err)
		case tt.wantErr == "":
			var names []string
			for _, g := range tu.Genes {
				names = append(names, g.Name)
			}
			if strings.Join(names, "|") != strings.Join(tt.wantGenes, "|") || tu.ID != "fakeuci" {
				t.Errorf("%s / %s: genes %q of %q, want %q", tt.spec, tt.genes, names, tu.ID, tt.wantGenes)
			}
		}
	}
}

// Glaurung's Threads (2) spoil a reproducible run: said, not refused.
func TestNewEngineTuningWarns(t *testing.T) {
	const glaurung = "/usr/games/glaurung"
	if _, err := os.Stat(glaurung); err != nil {
		t.Skip("no " + glaurung)
	}
	_, warnings, err := NewEngineTuning(context.Background(), "uci="+glaurung, "Space")
	if err != nil || len(warnings) != 2 || !strings.Contains(warnings[0], "option.Threads=1") || !strings.Contains(warnings[1], "option.OwnBook=false") {
		t.Fatalf("warnings %q, %v", warnings, err)
	}
	tu, warnings, err := NewEngineTuning(context.Background(), "uci="+glaurung+",option.Threads=1,option.OwnBook=false", "spin:Mobility*,King Safety Curve")
	if err != nil || len(warnings) != 0 || len(tu.Genes) != 3 || tu.ID != "Glaurung 2.2" {
		t.Fatalf("%+v, %q, %v", tu, warnings, err)
	}
}

// An individual plays as the engine told its genes: ints rounded within
// their bounds, floats as they are, categories by name; the fixed options
// first.
func TestEngineTuningPlayers(t *testing.T) {
	tu := &EngineTuning{Spec: "name=x,uci=/e,args=-a -b,option.Threads=1", Genes: []EngineGene{
		{Name: "Skill", Type: GeneInt, Start: 30, Min: 0, Max: 100, CEnd: 5, REnd: 0.002},
		{Name: "Ratio", Type: GeneFloat, Start: 0.5, Min: 0, Max: 1, CEnd: 0.05, REnd: 0.002},
		{Name: "Style", Type: GeneCombo, Start: 0, Choices: []string{"Solid", "Sharp", "Wild"}},
		{Name: "Aggressive Mode", Type: GeneCheck, Start: 0, Choices: []string{"false", "true"}},
	}}
	schema, err := tu.Schema()
	if err != nil {
		t.Fatal(err)
	}
	if schema.Name != "engine:e" || schema.HasWeights() || schema.Genes[2].Lo != -0.5 || schema.Genes[2].Hi != 2.5 || schema.Genes[2].Kind != core.KindChoice || schema.Genes[0].CEnd != 5 {
		t.Fatalf("schema %+v", schema)
	}
	if _, err := schema.Default().Compile(); err == nil {
		t.Fatal("an engine's chromosome compiled to weights")
	}
	for _, tt := range []struct {
		values []float64
		want   string
	}{
		{[]float64{30, 0.5, 0, 0}, "Threads=1 Skill=30 Ratio=0.5 Style=Solid Aggressive Mode=false"},
		{[]float64{41.5, 0.125, 1.49, 0.51}, "Threads=1 Skill=42 Ratio=0.125 Style=Sharp Aggressive Mode=true"},
		{[]float64{100, 1, 2.5, 1.5}, "Threads=1 Skill=100 Ratio=1 Style=Wild Aggressive Mode=true"},
		{[]float64{-0.4, 0, -0.5, -0.5}, "Threads=1 Skill=0 Ratio=0 Style=Solid Aggressive Mode=false"},
	} {
		c := &core.Chromosome{Schema: schema, Values: tt.values}
		ps, err := tu.PlayerOf("g1", c)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, o := range ps.Options {
			got = append(got, o[0]+"="+o[1])
		}
		if strings.Join(got, " ") != tt.want || ps.Name != "g1" || ps.Engine != "/e" || ps.Proto != ProtoUCI || len(ps.Args) != 2 {
			t.Errorf("%v: %q %+v, want %q", tt.values, got, ps, tt.want)
		}
	}
	bad := *tu
	bad.Genes = append(bad.Genes, EngineGene{Name: "Threads", Type: GeneInt, Start: 1, Min: 1, Max: 8, CEnd: 1, REnd: 0.002})
	if _, err := bad.Schema(); err == nil || !strings.Contains(err.Error(), "both a fixed option") {
		t.Fatalf("a gene that is a fixed option: %v", err)
	}
}
