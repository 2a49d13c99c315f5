package arena

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
)

func TestParseGeneFile(t *testing.T) {
	skill := EngineGene{Name: "Skill", Type: GeneInt, Start: 30, Min: 0, Max: 100, CEnd: 5, REnd: 0.002}
	tests := []struct {
		name, data string
		want       []EngineGene
		wantErr    string // substring; "" for none
	}{
		{"ob", "Skill, int, 30, 0, 100, 5, 0.002\n", []EngineGene{skill}, ""},
		{"ob", "# a comment\n\n  Skill ,int,30,0 , 100,5,0.002  \r\nRatio, float, 0.25, 0, 1, 0.05, 0.002\n",
			[]EngineGene{skill, {Name: "Ratio", Type: GeneFloat, Start: 0.25, Max: 1, CEnd: 0.05, REnd: 0.002}}, ""},
		{"ob", "Mobility (Middle Game), int, 100, 0, 200, 10, 0.002", []EngineGene{{Name: "Mobility (Middle Game)", Type: GeneInt, Start: 100, Max: 200, CEnd: 10, REnd: 0.002}}, ""},
		{"ob", "Skill, int, 30, 0, 100, 5\n", nil, "ob:1: 6 fields, want 7"},
		{"ob", "\nSkill, integer, 30, 0, 100, 5, 0.002\n", nil, "ob:2: type \"integer\" is not int or float"},
		{"ob", "Skill, int, thirty, 0, 100, 5, 0.002", nil, `START "thirty" is not a number`},
		{"ob", "Skill, int, 30, 0, 100, 5, NaN", nil, `R_END "NaN" is not a number`},
		{"ob", "Skill, int, 30.5, 0, 100, 5, 0.002", nil, "not an integer"},
		{"ob", "Skill, int, 130, 0, 100, 5, 0.002", nil, "start 130 is outside [0, 100]"},
		{"ob", "Skill, int, 30, 100, 0, 5, 0.002", nil, "min 100 is not below max 0"},
		{"ob", "Skill, int, 30, 0, 100, 0, 0.002", nil, "c_end 0 must be positive"},
		{"ob", "Skill, int, 30, 0, 100, 5, -1", nil, "r_end -1 not negative"},
		{"ob", ", int, 30, 0, 100, 5, 0.002", nil, "ob:1: name"},
		{"ob", "Skill, int, 30, 0, 100, 5, 0.002\nskill, int, 40, 0, 100, 5, 0.002\n", nil, "ob:2: skill is a gene already (line 1)"},
		{"ob", "# nothing\n", nil, "ob: no genes"},
		{"js", `[{"name": "Skill", "type": "int", "start": 30, "min": 0, "max": 100, "c_end": 5, "r_end": 0.002}]`, []EngineGene{skill}, ""},
		{"js", `{"genes": [{"name": "Skill", "type": "int", "start": 30, "min": 0, "max": 100}]}`,
			[]EngineGene{{Name: "Skill", Type: GeneInt, Start: 30, Max: 100, CEnd: 5, REnd: DefaultREnd}}, ""},
		{"js", `[{"name": "Ponder", "type": "check", "start": true}, {"name": "Curve", "type": "combo", "start": "linear", "choices": ["Quadratic", "Linear"]}]`,
			[]EngineGene{{Name: "Ponder", Type: GeneCheck, Start: 1, Choices: []string{"false", "true"}}, {Name: "Curve", Type: GeneCombo, Start: 1, Choices: []string{"Quadratic", "Linear"}}}, ""},
		{"js", `[{"name": "Style", "type": "combo", "start": "Solid"}]`, []EngineGene{{Name: "Style", Type: GeneCombo, Choices: []string{"Solid"}}}, ""},
		{"js", "[\n {\"name\": \"Skill\", \"type\": \"int\", \"start\": 30, \"min\": 0, \"max\": 100},\n {\"name\": \"Skill\", \"type\": \"int\", \"start\": 30, \"min\": 0, \"max\": 100}\n]", nil, "js:3: Skill is a gene already (line 2)"},
		{"js", "[\n {\"name\": \"Skill\", \"type\": \"int\", \"start\": 30, \"min\": 0, \"max\": 100, \"step\": 1}\n]", nil, "js:2: gene 1: json: unknown field \"step\""},
		{"js", "[\n {\"name\": \"Skill\", \"type\": \"int\", \"start\": 30}\n]", nil, "js:2: gene 1: Skill: min and max are needed"},
		{"js", "[\n {\"name\": \"Skill\", \"type\": \"int\",\n \"start\": 30 \"min\": 0}\n]", nil, "js:3:"},
		{"js", `[{"name": "Ponder", "type": "check", "start": "maybe"}]`, nil, `start "maybe" is not one of its choices`},
		{"js", `[{"name": "Ponder", "type": "check", "start": true, "min": 0}]`, nil, "min, max, c_end and r_end are for int and float genes"},
		{"js", `[{"name": "Curve", "type": "combo", "start": "A", "choices": ["A", "a"]}]`, nil, "repeated or not printable"},
		{"js", `[]`, nil, "js: no genes"},
		{"js", `[{"name": "Skill", "type": "int", "start": 30, "min": 0, "max": 100}] []`, nil, "more after the genes"},
		{"js", `{"params": []}`, nil, "the object's one field is genes"},
	}
	for _, tt := range tests {
		got, err := ParseGeneFile(tt.name, []byte(tt.data))
		switch {
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("%q: error %v, want one saying %q", tt.data, err, tt.wantErr)
		case tt.wantErr == "" && err != nil:
			t.Errorf("%q: %v", tt.data, err)
		case tt.wantErr == "" && !reflect.DeepEqual(got, tt.want):
			t.Errorf("%q:\n got %+v\nwant %+v", tt.data, got, tt.want)
		}
	}
}

func TestGeneFilesInTestdata(t *testing.T) {
	for file, n := range map[string]int{"testdata/genes/glaurung.spsa": 3, "testdata/genes/fake.json": 4} {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		genes, err := ParseGeneFile(file, data)
		if err != nil || len(genes) != n {
			t.Errorf("%s: %d genes, %v; want %d", file, len(genes), err, n)
		}
	}
}

// A gene file is user input: nothing in one may panic, and what parses
// is a set of distinct, checked genes whose JSON form reads back the same.
func FuzzParseGeneFile(f *testing.F) {
	for _, s := range []string{
		"Skill, int, 30, 0, 100, 5, 0.002\nRatio, float, 0.25, 0, 1, 0.05, 0.002\n",
		"# c\nMobility (Middle Game), int, 100, 0, 200, 10, 0.002",
		`[{"name": "Ponder", "type": "check", "start": true}, {"name": "Curve", "type": "combo", "start": "Linear", "choices": ["Quadratic", "Linear"]}]`,
		`{"genes": [{"name": "Skill", "type": "int", "start": 30, "min": 0, "max": 100}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		genes, err := ParseGeneFile("fuzz", data)
		if err != nil {
			return
		}
		seen := map[string]bool{}
		for i := range genes {
			g := &genes[i]
			if seen[strings.ToLower(g.Name)] {
				t.Fatalf("duplicate gene %q", g.Name)
			}
			seen[strings.ToLower(g.Name)] = true
			if g.Type == GeneCombo && len(g.Choices) < 2 {
				continue // its choices are the engine's, later
			}
			if err := g.check(); err != nil {
				t.Fatalf("parsed gene fails its check: %v", err)
			}
		}
		js, err := json.Marshal(genes)
		if err != nil {
			t.Fatal(err)
		}
		again, err := ParseGeneFile("again", js)
		if err != nil || !reflect.DeepEqual(again, genes) {
			t.Fatalf("JSON form %s reads back as %+v, %v; want %+v", js, again, err, genes)
		}
	})
}

// glaurungOptions are some of Glaurung 2.2's option lines.
func glaurungOptions(t testing.TB) []UCIOption {
	var out []UCIOption
	for _, line := range []string{
		"option name Use Search Log type check default false",
		"option name Mobility (Middle Game) type spin default 100 min 0 max 200",
		"option name Mobility (Endgame) type spin default 100 min 0 max 200",
		"option name Space type spin default 100 min 0 max 200",
		"option name King Safety Curve type combo default Quadratic var Quadratic var Linear",
		"option name Hash type spin default 32 min 4 max 4096",
		"option name Threads type spin default 2 min 1 max 8",
		"option name Clear Hash type button",
		"option name Ponder type check default true",
		"option name Book File type string default book.bin",
		"option name Fixed type spin default 3 min 3 max 3",
	} {
		o, ok := ParseUCIOption(line)
		if !ok {
			t.Fatalf("%q does not parse", line)
		}
		out = append(out, o)
	}
	return out
}

func TestSelectGenes(t *testing.T) {
	opts := glaurungOptions(t)
	mob := func(name string) EngineGene {
		return EngineGene{Name: name, Type: GeneInt, Start: 100, Max: 200, CEnd: 10, REnd: DefaultREnd}
	}
	tests := []struct {
		sel     string
		want    []string
		wantErr string
	}{
		{"spin:Mobility*,spin:Space", []string{"Mobility (Middle Game)", "Mobility (Endgame)", "Space"}, ""},
		{"space, mobility (endgame)", []string{"Space", "Mobility (Endgame)"}, ""},
		{"spin:*", []string{"Mobility (Middle Game)", "Mobility (Endgame)", "Space"}, ""}, // not Hash, Threads, Fixed
		{"*", []string{"Use Search Log", "Mobility (Middle Game)", "Mobility (Endgame)", "Space", "King Safety Curve"}, ""},
		{"spin:Hash,Threads", []string{"Hash", "Threads"}, ""}, // named, they are taken
		{"check:*", []string{"Use Search Log"}, ""},
		{"combo:King*", []string{"King Safety Curve"}, ""},
		{"spin:King*", nil, `selector "spin:King*" matches no spin option of the engine (it has Mobility (Middle Game)`},
		{"Nosuch", nil, `matches no spin, check or combo option`},
		{"Book File", nil, `matches no spin, check or combo option`},
		{"spin:Mobility*,Mobility (Endgame)", nil, `option Mobility (Endgame) is selected twice (by "spin:Mobility*" and "Mobility (Endgame)")`},
		{"spin:", nil, "a name or pattern is missing"},
		{" , ", nil, "no genes"},
		{"Fixed", nil, "min 3 is not below max 3"},
	}
	for _, tt := range tests {
		genes, err := SelectGenes(tt.sel, opts)
		var names []string
		for _, g := range genes {
			names = append(names, g.Name)
		}
		switch {
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("%q: error %v, want one saying %q", tt.sel, err, tt.wantErr)
		case tt.wantErr == "" && err != nil:
			t.Errorf("%q: %v", tt.sel, err)
		case tt.wantErr == "" && !reflect.DeepEqual(names, tt.want):
			t.Errorf("%q: %q, want %q", tt.sel, names, tt.want)
		}
	}
	genes, _ := SelectGenes("spin:Space,King Safety Curve,Ponder", opts)
	want := []EngineGene{mob("Space"), {Name: "King Safety Curve", Type: GeneCombo, Choices: []string{"Quadratic", "Linear"}},
		{Name: "Ponder", Type: GeneCheck, Start: 1, Choices: []string{"false", "true"}}}
	if !reflect.DeepEqual(genes, want) {
		t.Errorf("genes from the engine's lines:\n got %+v\nwant %+v", genes, want)
	}
}

func FuzzSelectGenes(f *testing.F) {
	opts := glaurungOptions(f)
	for _, s := range []string{"spin:Mobility*,spin:Space", "*", "check:*,combo:K*", "spin:*e*"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, sel string) {
		genes, err := SelectGenes(sel, opts)
		if err != nil {
			return
		}
		if err := checkGenes(genes); err != nil {
			t.Fatalf("%q: %v", sel, err)
		}
		if err := matchGenes(genes, opts); err != nil {
			t.Fatalf("%q: the engine's own options do not match it: %v", sel, err)
		}
	})
}

func TestMatchGenes(t *testing.T) {
	opts := glaurungOptions(t)
	tests := []struct {
		genes   []EngineGene
		wantErr string
	}{
		{[]EngineGene{{Name: "space", Type: GeneInt, Start: 100, Min: 50, Max: 150, CEnd: 5, REnd: 0.002}}, ""},
		{[]EngineGene{{Name: "Space", Type: GeneInt, Start: 100, Min: 0, Max: 250, CEnd: 5, REnd: 0.002}}, "bounds [0, 250] go outside the engine's own [0, 200]"},
		{[]EngineGene{{Name: "Spaces", Type: GeneInt, Start: 100, Min: 0, Max: 200, CEnd: 5, REnd: 0.002}}, "gene Spaces: the engine offers no option of that name"},
		{[]EngineGene{{Name: "Space", Type: GeneFloat, Start: 100, Min: 0, Max: 200, CEnd: 5, REnd: 0.002}}, "declare it int"},
		{[]EngineGene{{Name: "Ponder", Type: GeneInt, Start: 1, Min: 0, Max: 1, CEnd: 1, REnd: 0.002}}, "gene Ponder is int, but the engine's option is a check"},
		{[]EngineGene{{Name: "Book File", Type: GeneFloat, Start: 1, Min: 0, Max: 2, CEnd: 1, REnd: 0.002}}, ""},
		{[]EngineGene{{Name: "Space", Type: GeneCheck, Choices: []string{"false", "true"}}}, "gene Space is check, but the engine's option is a spin"},
		{[]EngineGene{{Name: "King Safety Curve", Type: GeneCombo, Choices: []string{"linear"}}}, ""},
		{[]EngineGene{{Name: "King Safety Curve", Type: GeneCombo, Choices: []string{"Linear", "Cubic"}}}, `choice "Cubic" is not one of the engine's`},
	}
	for _, tt := range tests {
		err := matchGenes(tt.genes, opts)
		switch {
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("%+v: error %v, want one saying %q", tt.genes, err, tt.wantErr)
		case tt.wantErr == "" && err != nil:
			t.Errorf("%+v: %v", tt.genes, err)
		}
	}
	combo := []EngineGene{{Name: "king safety curve", Type: GeneCombo, Choices: []string{"linear"}}}
	if err := matchGenes(combo, opts); err != nil || combo[0].Name != "King Safety Curve" ||
		!reflect.DeepEqual(combo[0].Choices, []string{"Quadratic", "Linear"}) || combo[0].Start != 1 {
		t.Errorf("a combo naming its start takes the engine's spelling and choices: %+v, %v", combo[0], err)
	}
}
