package cluster

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// goodJob is a valid job of two built-in players.
func goodJob(t *testing.T) jobMsg {
	t.Helper()
	ps := testPlayers(t)
	j, err := newJob(&genesShared{}, runKey("test"), arena.RemoteJob{Job: arena.GameJob{ID: 3, Options: arena.GameOptions{MaxMoves: 40}}, White: ps[0], Black: ps[1]})
	if err != nil {
		t.Fatal(err)
	}
	j.ID = jobID(j.contentKey(), 0)
	return j
}

// sentToWorker is the built-in player ps as a worker receives it in a
// job (its genes fetched by id), and the job's size in bytes.
func sentToWorker(t *testing.T, ps arena.PlayerSpec) (arena.PlayerSpec, int) {
	t.Helper()
	j, err := newJob(&genesShared{}, runKey("x"), arena.RemoteJob{White: ps, Black: ps})
	if err != nil {
		t.Fatal(err)
	}
	j.ID = jobID(j.contentKey(), 0)
	data, _ := json.Marshal(j)
	back, err := decodeJob(data)
	if err != nil {
		t.Fatal(err)
	}
	got, err := back.White.spec(nil, func(name, schema, id string) (*core.Chromosome, error) {
		return decodeGenes(name, schema, id, j.White.raw)
	})
	if err != nil {
		t.Fatal(err)
	}
	return got, len(data)
}

func TestJobRoundTripKeepsTheGenesExactly(t *testing.T) {
	s, _ := core.Preset("full")
	c := s.Default()
	for i := range c.Values {
		g := s.Genes[i]
		c.Values[i] = g.Lo + (g.Hi-g.Lo)*math.Pi/7 // not a short decimal
	}
	opts := [][2]string{{"SingularExtensions", "true"}}
	ps := arena.PlayerSpec{Name: "g7", Genes: c, HashMB: 16, Options: opts}
	got, size := sentToWorker(t, ps)
	if size > 1000 {
		t.Fatalf("a job of %d bytes: the genes travel with it", size)
	}
	for i, v := range got.Genes.Values {
		if v != c.Values[i] {
			t.Fatalf("gene %d: %v sent, %v received", i, c.Values[i], v)
		}
	}
	if len(got.Options) != 1 || got.Options[0] != opts[0] {
		t.Errorf("search options %q sent, %q received", opts, got.Options)
	}
}

// A chromosome whose switches are not its preset's today (full's set 2,
// tuned and played with EvalTerms2 off) plays them on the worker, which
// rebuilds it on the preset by name; the player's own options still win.
func TestJobCarriesTheChromosomesSwitches(t *testing.T) {
	set2, err := core.FullDefaultSet(2)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		ps    arena.PlayerSpec
		terms bool
	}{
		{"set 2", arena.PlayerSpec{Name: "s2", Genes: set2, HashMB: 16}, false},
		{"set 2, own option", arena.PlayerSpec{Name: "s2on", Genes: set2, HashMB: 16, Options: [][2]string{{"EvalTerms2", "true"}}}, true},
		{"today's full", arena.PlayerSpec{Name: "full", Chromosome: "full", HashMB: 16}, true},
	} {
		got, _ := sentToWorker(t, tc.ps)
		w, err := got.Weights()
		if err != nil {
			t.Fatal(err)
		}
		if on := w.SearchParams().EvalTerms2; on != tc.terms {
			t.Errorf("%s: EvalTerms2 %v on the worker, want %v (options %q)", tc.name, on, tc.terms, got.Options)
		}
	}
}

// An engine tuned on hundreds of options travels whole: its path, its
// arguments and every option, fixed and tuned, in order.
func TestJobCarriesAnEngineSetting(t *testing.T) {
	ps := arena.PlayerSpec{Name: "g12", Engine: "/usr/games/glaurung", Proto: arena.ProtoUCI, Args: []string{"-x"}, HashMB: 16}
	for i := 0; i < 400; i++ {
		ps.Options = append(ps.Options, [2]string{fmt.Sprintf("Parameter Number %d (Middle Game)", i), fmt.Sprint(1000 + i)})
	}
	j, err := newJob(&genesShared{}, runKey("x"), arena.RemoteJob{White: ps, Black: ps})
	if err != nil {
		t.Fatal(err)
	}
	j.ID = jobID(j.contentKey(), 0)
	data, _ := json.Marshal(j)
	back, err := decodeJob(data)
	if err != nil {
		t.Fatal(err)
	}
	// A worker that allows them all: --engine /opt/glaurung,args=-x,option.Parameter*=*
	allow := &engineAllow{text: "/opt/glaurung,args=-x,option.Parameter*=*", path: "/opt/glaurung", args: []string{"-x"},
		rules: []optionRule{{name: "Parameter*", kind: ruleAny}}, offered: map[string]arena.UCIOption{}}
	for _, o := range ps.Options {
		allow.offered[strings.ToLower(o[0])] = arena.UCIOption{Name: o[0], Type: "spin", Min: 0, Max: 5000}
	}
	got, err := back.White.spec(engineAllows{allow}, nil)
	if err != nil || got.Engine != "/opt/glaurung" || !slices.Equal(got.Options, ps.Options) || !slices.Equal(got.Args, ps.Args) {
		t.Fatalf("received %+v, %v", got, err)
	}
	if _, err := back.White.spec(engineAllows{{path: "/usr/games/stockfish"}}, nil); !errors.Is(err, errNoEngine) || !strings.Contains(err.Error(), "needs glaurung") {
		t.Fatalf("a worker without the engine: %v", err)
	}
}

func TestDecodeGenesRefusesBadGenes(t *testing.T) {
	s, _ := core.Preset("full")
	good := encodeGenes(s.Default())
	for _, tt := range []struct {
		name  string
		spoil func(g *genes)
		want  string
	}{
		{"not the hash's", func(g *genes) { g.raw[3]++ }, "not theirs"},
		{"cut short", func(g *genes) { g.raw = g.raw[:16] }, "bytes of genes"},
		{"out of bounds", func(g *genes) {
			for i := range 8 {
				g.raw[i] = 0x7f
			}
		}, "outside"},
		{"NaN", func(g *genes) { copy(g.raw, []byte{1, 0, 0, 0, 0, 0, 0xf8, 0x7f}) }, "NaN"},
		{"unknown schema", func(g *genes) { g.schema = "nope" }, "unknown chromosome preset"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := genes{schema: good.schema, raw: append([]byte(nil), good.raw...), id: good.id}
			tt.spoil(&g)
			if tt.want != "not theirs" {
				g.id = genesID(g.schema, g.raw) // stored under their own hash
			}
			_, err := decodeGenes("p", g.schema, g.id, g.raw)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want an error about %q", err, tt.want)
			}
		})
	}
	if _, err := decodeGenes("p", good.schema, good.id, good.raw); err != nil {
		t.Fatal(err)
	}
}

func TestJobIDs(t *testing.T) {
	a, b := goodJob(t), goodJob(t)
	if a.ID != b.ID {
		t.Fatal("the same job got two ids")
	}
	if jobID(a.contentKey(), 1) == a.ID {
		t.Fatal("a second occurrence got the first one's id")
	}
	b.Options.MaxMoves++
	if jobID(b.contentKey(), 0) == a.ID {
		t.Fatal("another job got the same id")
	}
	if runKey("run a") == runKey("run b") {
		t.Fatal("two runs got one key")
	}
}

func TestDecodeJobRefusesBadJobs(t *testing.T) {
	for _, tt := range []struct {
		name  string
		spoil func(j *jobMsg)
		want  string
	}{
		{"another version", func(j *jobMsg) { j.V = Version + 1 }, fmt.Sprintf("protocol v%d", Version+1)},
		{"bad id", func(j *jobMsg) { j.ID = "../../x" }, "not the hex"},
		{"bad run", func(j *jobMsg) { j.Run = "ABCDEF0123456789" }, "not the hex"},
		{"genes not a hash", func(j *jobMsg) { j.White.Genes = "../x" }, "genes id"},
		{"no player kind", func(j *jobMsg) { j.Black.Schema = "" }, "neither"},
		{"huge hash", func(j *jobMsg) { j.White.HashMB = 1 << 20 }, "hash"},
		{"no hash", func(j *jobMsg) { j.White.HashMB = 0 }, "hash"},
		{"control character in a name", func(j *jobMsg) { j.White.Name = "a\x1b[2J" }, "printable"},
		{"bad start", func(j *jobMsg) { j.Options.StartFEN = "8/8/8 w - -" }, "start FEN"},
		{"negative depth", func(j *jobMsg) { j.Options.TC.Depth = -1 }, "out of range"},
		{"negative max moves", func(j *jobMsg) { j.Options.MaxMoves = -1 }, "out of range"},
		{"bad search option", func(j *jobMsg) { j.White.Options = [][2]string{{"SingularDepth", "-1"}} }, "SingularDepth"},
		{"bad protocol", func(j *jobMsg) { j.White = playerMsg{Name: "e", Engine: "sf", Proto: "smoke", HashMB: 16} }, "protocol"},
		{"too many options", func(j *jobMsg) {
			j.White = playerMsg{Name: "e", Engine: "sf", Proto: arena.ProtoUCI, HashMB: 16, Options: make([][2]string, maxOptions+1)}
		}, "engine settings too long"},
		{"control character in an option", func(j *jobMsg) {
			j.White = playerMsg{Name: "e", Engine: "sf", Proto: arena.ProtoUCI, HashMB: 16, Options: [][2]string{{"Space", "1\nquit"}}}
		}, "not printable"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			j := goodJob(t)
			tt.spoil(&j)
			data, _ := json.Marshal(j)
			_, err := decodeJob(data)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want an error about %q", err, tt.want)
			}
		})
	}
	if _, err := decodeJob(make([]byte, MaxMessage+1)); err == nil || !strings.Contains(err.Error(), "at most") {
		t.Fatalf("oversized job: %v", err)
	}
	if _, err := decodeJob([]byte(`{"v":1,`)); err == nil {
		t.Fatal("truncated job accepted")
	}
}

func TestWorkerRunsOnlyTheEnginesItOffers(t *testing.T) {
	m := playerMsg{Name: "sf", Engine: "/usr/games/stockfish", Proto: arena.ProtoUCI, HashMB: 16}
	for _, tt := range []struct {
		engines engineAllows
		want    string // path run; "" refused
	}{
		{nil, ""},
		{engineAllows{{path: "/usr/games/stockfish"}}, "/usr/games/stockfish"},
		{engineAllows{{path: "/opt/sf/stockfish"}}, "/opt/sf/stockfish"},
		{engineAllows{{path: "/usr/games/crafty"}}, ""},
	} {
		ps, err := m.spec(tt.engines, nil)
		if tt.want == "" {
			if err == nil || !strings.Contains(err.Error(), "needs stockfish") {
				t.Errorf("%v: ran %q (%v)", tt.engines, ps.Engine, err)
			}
			continue
		}
		if err != nil || ps.Engine != tt.want {
			t.Errorf("%v: ran %q (%v), want %s", tt.engines, ps.Engine, err, tt.want)
		}
	}
}

func TestResultsAreCheckedAgainstTheirJob(t *testing.T) {
	ps := testPlayers(t)
	rj := arena.RemoteJob{Job: arena.GameJob{Options: arena.GameOptions{MaxMoves: 40}}, White: ps[0], Black: ps[1]}
	pos, _ := core.ParseFEN(core.StartFEN)
	e2e4 := pos.LegalMoves()[0]
	good := func() resultMsg {
		return resultMsg{V: Version, ID: strings.Repeat("a", 32), Run: strings.Repeat("b", 16), Worker: "w",
			Outcome: core.Draw, Reason: arena.ReasonMaxMoves, Moves: [][5]int64{{int64(e2e4), 12, 5, 300, 100}}}
	}
	m := good()
	data, _ := json.Marshal(m)
	back, err := decodeResult(data)
	if err != nil {
		t.Fatal(err)
	}
	g, err := back.game(rj)
	if err != nil || g.White != ps[0].Name || g.Moves[0].SAN == "" || g.FinalFEN == core.StartFEN {
		t.Fatalf("good result: %+v, %v", g, err)
	}
	for _, tt := range []struct {
		name  string
		spoil func(*resultMsg)
		want  string
	}{
		{"another version", func(r *resultMsg) { r.V = 0 }, "protocol v0"},
		{"unfinished", func(r *resultMsg) { r.Outcome = core.Ongoing }, "outcome"},
		{"outcome out of range", func(r *resultMsg) { r.Outcome = 9 }, "outcome"},
		{"unknown ending", func(r *resultMsg) { r.Reason = "bored" }, "unknown ending"},
		{"illegal move", func(r *resultMsg) { r.Moves[0][0] = 0 }, "not a legal move"},
		{"move out of range", func(r *resultMsg) { r.Moves[0][0] = 1 << 20 }, "not a legal move"},
		{"negative nodes", func(r *resultMsg) { r.Moves[0][3] = -1 }, "out of range"},
		{"too many plies", func(r *resultMsg) { r.Moves = make([][5]int64, maxPlies+1) }, "plies"},
		{"detail with escapes", func(r *resultMsg) { r.Detail = "\x1b]0;owned\x07" }, "printable"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := good()
			tt.spoil(&m)
			data, _ := json.Marshal(m)
			r, err := decodeResult(data)
			if err == nil {
				_, err = r.game(rj)
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want an error about %q", err, tt.want)
			}
		})
	}
}

func FuzzDecode(f *testing.F) {
	f.Add([]byte(`{"v":1}`))
	f.Add([]byte(`{"v":1,"id":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","run":"bbbbbbbbbbbbbbbb","moves":[[1,2,3,4,5]]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		decodeJob(data)
		if r, err := decodeResult(data); err == nil {
			r.game(arena.RemoteJob{White: arena.PlayerSpec{Name: "w"}, Black: arena.PlayerSpec{Name: "b"}})
		}
		decodePresence(data)
	})
}
