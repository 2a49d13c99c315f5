package evolution

import (
	"math"
	"os"
	"strings"
	"testing"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/ga"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/internal/pagetest"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

const glaurung = "/usr/games/glaurung"

// glaurungInfo is Glaurung 2.2's answer to uci (testdata/glaurung-uci.txt),
// so that the screens are tested without the engine.
func glaurungInfo(t *testing.T) *arena.EngineInfo {
	t.Helper()
	data, err := os.ReadFile("testdata/glaurung-uci.txt")
	if err != nil {
		t.Fatal(err)
	}
	info := &arena.EngineInfo{}
	for _, line := range strings.Split(string(data), "\n") {
		if o, ok := arena.ParseUCIOption(line); ok {
			info.Options = append(info.Options, o)
		}
		if id, ok := strings.CutPrefix(line, "id name "); ok {
			info.ID = id
		}
	}
	return info
}

// enginePage is the Evolution tab of a session (local: a terminal of its
// own; else a server's) with glaurung among its engines, spsa chosen and
// the chromosome row moved onto glaurung by keys; the engine's answer is
// glaurungInfo, delivered as the probe's would be (the probe itself, a
// command, is not run).
func enginePage(t *testing.T, w, h int, local bool) *Page {
	t.Helper()
	env := pagetest.TempEnv(t)
	env.Engines, env.EnginePaths = []string{glaurung}, local
	p := pagetest.Open(w, h, env, New)
	p.Update(common.ShownMsg{})
	tuitest.Keys(p, "jlll") // method: dynamic → spsa
	if ga.Methods[p.method] != ga.SPSA {
		t.Fatalf("method %s", ga.Methods[p.method])
	}
	tuitest.Keys(p, "j"+strings.Repeat("l", len(core.PresetNames()))) // chromosome: full → glaurung
	c := p.engines[glaurung]
	if p.engineAt() != glaurung || c == nil || c.state != probeAsking {
		t.Fatalf("the chromosome row is on %q, its probe %+v", p.chromosomes()[p.preset], c)
	}
	p.Update(probedMsg{path: glaurung, probe: c.probe, info: glaurungInfo(t)})
	if c.state != probeReady {
		t.Fatalf("probe: %v", c.err)
	}
	return p
}

// pick has the picker make genes: for each name, filter to it, space.
func pick(t *testing.T, p *Page, names ...string) {
	t.Helper()
	tuitest.Keys(p, "\r") // the chromosome row: the picker
	if p.mode != evoGenes {
		t.Fatalf("enter on the chromosome row: mode %v, %q", p.mode, p.Status)
	}
	for _, n := range names { // the filter cleared, then the name
		tuitest.Keys(p, "/\x1b/"+n+"\r ")
	}
}

// The screens of tuning an engine, drawn from glaurung's option lines.
func TestEngineScreens(t *testing.T) {
	cases := []struct {
		name  string
		local bool
		keys  func(*testing.T, *Page)
		want  []string
	}{
		{"engine-setup-100x30", true, func(t *testing.T, p *Page) {
			pick(t, p, "mobility (middle", "space")
			tuitest.Keys(p, "\r")
		}, []string{"chromosome   engine glaurung", "genes        2: Mobility (Middle Game), Space · 3 fixed", "Glaurung 2.2", "58 options"}},
		{"engine-genes-100x30", true, func(t *testing.T, p *Page) {
			pick(t, p, "space")
			tuitest.Keys(p, "/\x1b")
		}, []string{"Genes of glaurung (Glaurung 2.2)", "1 gene · 3 fixed · 58 options", "Mobility (Middle Game)", "0…200", "gene   Space"}},
		{"engine-genes-narrowed-100x30", true, func(t *testing.T, p *Page) {
			pick(t, p, "mobility (end")
			tuitest.Keys(p, "e")
			p.prompt.SetValue("50 150 120")
			tuitest.Keys(p, "\r")
		}, []string{"/ mobility (end", "gene   Mobility (Endgame)", "50…150 from 120"}},
		{"engine-refused-100x30", true, func(t *testing.T, p *Page) {
			pick(t, p, "space", "safety curve")
			tuitest.Keys(p, "\r")
		}, []string{"s would be refused: setting method: spsa moves every gene along a continuous coordinate, and King", "Safety Curve is a category"}},
		{"engine-genes-served-100x30", false, func(t *testing.T, p *Page) {
			pick(t, p)
			tuitest.Keys(p, "/log\r")
		}, []string{"reaches files: refused", "Use Search Log", "a string: the server's"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := enginePage(t, 100, 30, c.local)
			c.keys(t, p)
			v := p.View()
			w, h := pagetest.Body(100, 30)
			tuitest.FitsWindow(t, v, w, h)
			for _, s := range c.want {
				if !strings.Contains(v, s) {
					t.Errorf("view lacks %q:\n%s", s, v)
				}
			}
			tuitest.Golden(t, c.name, v)
		})
	}
}

// What the picker does with each key, and what a server's session may not
// do: the genes, fixed options and values it ends with, or the refusal.
func TestPickerKeys(t *testing.T) {
	cases := []struct {
		name   string
		local  bool
		keys   string
		edit   string // typed into the e prompt, if any
		genes  []string
		fixed  []string // NAME=VALUE, among the fixed options
		status string   // in the status line
		loose  string   // an option that must not be fixed
	}{
		{"two genes", true, "/mobility (\r /\x1b/space\r ", "", []string{"Mobility (Middle Game)", "Space"}, []string{"Threads=1", "Hash=16", "OwnBook=false"}, "", ""},
		{"all shown, then one off", true, "/mobility\raj ", "", []string{"Mobility (Middle Game)"}, nil, "", ""},
		{"none shown", true, "/mobility\ran", "", nil, nil, "", ""},
		{"fixed at a value", true, "/selective\rfe", "5", nil, []string{"Selective Plies=5"}, "", ""},
		{"a fixed value out of range", true, "/selective\rfe", "11", nil, []string{"Selective Plies=7"}, "an integer from 0 to 10", ""},
		{"a range outside the engine's", true, "/space\r e", "0 300", []string{"Space"}, nil, "outside the engine's own [0, 200]", ""},
		{"a combo's start", true, "/safety curve\r e", "linear", []string{"King Safety Curve"}, nil, "", ""},
		{"served: threads is no gene", false, "/threads\rj ", "", nil, nil, "Threads cannot be a gene", ""},
		{"served: two threads refused", false, "/threads\rje", "2", nil, []string{"Threads=1"}, "one a worker on a server", ""},
		{"served: threads stay fixed", false, "/threads\rjf", "", nil, []string{"Threads=1"}, "Threads stays fixed on a server", ""},
		{"local: threads may go", true, "/threads\rjf", "", nil, []string{"OwnBook=false"}, "", "Threads"},
		{"served: a log is not touched", false, "/use search log\rf", "", nil, nil, "reaches files: refused", ""},
		{"local: a string may be fixed", true, "/book file\rf", "", nil, []string{"Book File=book.bin"}, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := enginePage(t, 100, 30, c.local)
			pick(t, p)
			tuitest.Keys(p, c.keys)
			if c.edit != "" {
				if p.prompting != promptEdit {
					t.Fatalf("no edit prompt: %q", p.Status)
				}
				p.prompt.SetValue(c.edit)
				tuitest.Keys(p, "\r")
			}
			ch := p.engine()
			var genes, fixed []string
			for i, pk := range ch.picks {
				o := ch.info.Options[i]
				switch pk.use {
				case useGene:
					genes = append(genes, o.Name)
				case useFixed:
					fixed = append(fixed, o.Name+"="+pk.value)
				}
			}
			if strings.Join(genes, "|") != strings.Join(c.genes, "|") {
				t.Errorf("genes %q, want %q", genes, c.genes)
			}
			for _, f := range c.fixed {
				if !strings.Contains(strings.Join(fixed, "|"), f) {
					t.Errorf("fixed %q, want %q among them", fixed, f)
				}
			}
			if !strings.Contains(p.Status, c.status) {
				t.Errorf("status %q, want %q", p.Status, c.status)
			}
			if c.loose != "" && strings.Contains(strings.Join(fixed, "|"), c.loose+"=") {
				t.Errorf("%s is still fixed: %q", c.loose, fixed)
			}
		})
	}
}

// The picks become the run's engine tuning: the fixed options in its SPEC,
// a narrowed range as the gene's bounds, OpenBench's rates for that range.
func TestPicksMakeTheTuning(t *testing.T) {
	p := enginePage(t, 100, 30, true)
	pick(t, p, "mobility (end", "space")
	tuitest.Keys(p, "/\x1b/mobility (end\re")
	p.prompt.SetValue("50 150 120")
	tuitest.Keys(p, "\r")
	tu, err := p.engine().tuning()
	if err != nil {
		t.Fatal(err)
	}
	if want := "uci=" + glaurung + ",option.Threads=1,option.Hash=16,option.OwnBook=false"; tu.Spec != want {
		t.Errorf("spec %q, want %q", tu.Spec, want)
	}
	want := []arena.EngineGene{
		{Name: "Mobility (Endgame)", Type: arena.GeneInt, Start: 120, Min: 50, Max: 150, CEnd: 5, REnd: arena.DefaultREnd},
		{Name: "Space", Type: arena.GeneInt, Start: 100, Min: 0, Max: 200, CEnd: 10, REnd: arena.DefaultREnd},
	}
	if len(tu.Genes) != len(want) {
		t.Fatalf("genes %+v", tu.Genes)
	}
	for i, g := range tu.Genes {
		w := want[i]
		if g.Name != w.Name || g.Type != w.Type || g.Start != w.Start || g.Min != w.Min || g.Max != w.Max || math.Abs(g.CEnd-w.CEnd) > 1e-9 || g.REnd != w.REnd {
			t.Errorf("gene %d: %+v, want %+v", i, g, w)
		}
	}
	s := p.newSettings(tu)
	if s.Engine != tu || s.Preset != "engine:glaurung" || s.Fitness != ga.FitnessRoundRobin || s.Method != ga.SPSA {
		t.Errorf("settings: %s on %s, fitness %s", s.Method, s.Preset, s.Fitness)
	}
}

// A server's session offers no "engine at a path…", refuses a path it is
// given anyway, and does not resume a run of an engine the server does
// not list.
func TestServedSessionsStartOnlyListedEngines(t *testing.T) {
	served := enginePage(t, 100, 30, false)
	for _, c := range served.chromosomes() {
		if c == pathItem {
			t.Errorf("a server's session is offered %q", c)
		}
	}
	served.namePath("/bin/sh")
	if !strings.Contains(served.Status, "--allow-engine-paths") || served.engineAt() != glaurung {
		t.Errorf("a typed path: status %q, chosen %q", served.Status, served.engineAt())
	}
	s := ga.DefaultSettings(ga.SPSA)
	s.UseEngine(&arena.EngineTuning{Spec: "uci=/opt/mine/engine", Genes: []arena.EngineGene{{Name: "X", Type: arena.GeneInt, Min: 0, Max: 10, CEnd: 1}}})
	if err := served.engineOf(s); err == nil || !strings.Contains(err.Error(), "/opt/mine/engine") {
		t.Errorf("resuming another engine's run: %v", err)
	}
	local := enginePage(t, 100, 30, true)
	if cs := local.chromosomes(); cs[len(cs)-1] != pathItem {
		t.Errorf("a terminal's own session is not offered a path: %q", cs)
	}
	if err := local.engineOf(s); err != nil {
		t.Errorf("a terminal's own session: %v", err)
	}
}

// A probe that fails says why on the form, and an answer of a probe given
// up (the row moved on) is dropped.
func TestProbeAnswers(t *testing.T) {
	p := enginePage(t, 100, 30, true)
	c := p.engines[glaurung]
	p.Update(probedMsg{path: glaurung, probe: c.probe - 1, err: os.ErrDeadlineExceeded})
	if c.state != probeReady {
		t.Fatalf("an old probe's answer counted: %v", c.err)
	}
	p.engines[glaurung] = &engineChoice{path: glaurung, state: probeAsking, probe: 99}
	p.Update(probedMsg{path: glaurung, probe: 99, err: os.ErrDeadlineExceeded})
	if !strings.Contains(p.View(), os.ErrDeadlineExceeded.Error()) {
		t.Errorf("a failed probe is not on the form:\n%s", p.View())
	}
}

// endedEngineRun puts the page on the view of an ended run of method on
// glaurung's options named by genes, with a made-up history of gens
// generations whose path drifts from each gene's start (an int gene by
// fractions, as SPSA's θ does).
func endedEngineRun(t *testing.T, p *Page, method string, gens int, genes ...string) {
	t.Helper()
	pick(t, p, genes...)
	tuitest.Keys(p, "\r")
	tu, err := p.engine().tuning()
	if err != nil {
		t.Fatal(err)
	}
	s := ga.DefaultSettings(method)
	s.UseEngine(tu)
	s.Population, s.Generations, s.TC = 4, gens, "nodes=3000"
	r, err := ga.NewRun(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := len(tu.Genes)
	var history []ga.GenStats
	for g := range gens {
		st := ga.GenStats{Generation: g, Best: 2, Mean: 1, Diversity: 0.1, GeneMean: make([]float64, n), GeneStd: make([]float64, n), Path: make([]float64, n)}
		for i, gene := range tu.Genes {
			st.Path[i] = gene.Start + float64(i%3-1)*(gene.Max-gene.Min)*0.1*(1-math.Exp(-float64(g)/8)) + 0.7*math.Sin(float64(g*(i+1))/3)
			st.GeneMean[i], st.GeneStd[i] = st.Path[i], 1
		}
		history = append(history, st)
	}
	p.ShowEnded(r, history)
}

// The views of an engine run: the fitness with where each gene stands,
// the gene paths (g) in the engine's units with the genes' names, paged
// (G) when they do not all fit.
func TestEnginePathViews(t *testing.T) {
	cases := []struct {
		name   string
		w, h   int
		method string
		genes  []string
		keys   string
		want   []string
	}{
		{"engine-fitness-100x30", 100, 30, ga.SPSA, []string{"mobility (mid", "space", "aggressiveness"}, "",
			[]string{"genes now (θ, generation 29) · from", "Mobility (Middle Game)", "Aggressiveness", "fitness"}},
		{"engine-path-100x30", 100, 30, ga.SPSA, []string{"mobility (mid", "space", "aggressiveness"}, "g",
			[]string{"gene paths: θ per generation, in the engine's units", "3 genes", "Space", "(start 100)", "⠒⠒ θ", "x: generation 0 … 29"}},
		{"engine-path-cmaes-100x30", 100, 30, ga.CMAES, []string{"space", "cowardice"}, "g",
			[]string{"gene paths: mean per generation", "Cowardice"}},
		{"engine-path-paged-80x24", 80, 24, ga.SPSA, []string{"king safety coef", "king safety x", "king safety max s", "king safety max v", "queen contact", "futility margin 1",
			"rook check", "bishop check", "knight check", "discovered", "mate threat bonus", "futility margin 0"}, "gG",
			[]string{"genes 7–12 of 12 · G: more", "Futility Margin 0"}},
		{"engine-means-100x30", 100, 30, ga.SPSA, []string{"space"}, "gg",
			[]string{"per-gene mean ± std"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := enginePage(t, c.w, c.h, true)
			endedEngineRun(t, p, c.method, 30, c.genes...)
			tuitest.Keys(p, c.keys)
			v := p.View()
			w, h := pagetest.Body(c.w, c.h)
			tuitest.FitsWindow(t, v, w, h)
			for _, s := range c.want {
				if !strings.Contains(v, s) {
					t.Errorf("view lacks %q:\n%s", s, v)
				}
			}
			tuitest.Golden(t, c.name, v)
		})
	}
}
