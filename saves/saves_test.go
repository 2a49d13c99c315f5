package saves

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/ga"
)

func tinyRun(t *testing.T, method string, gens int) *ga.Run {
	t.Helper()
	s := ga.DefaultSettings(method)
	s.Generations, s.MaxMoves, s.TC, s.Workers = gens, 30, "nodes=300", 2
	s.ReferenceGames, s.StartMoves, s.StartDepth = 2, 4, 2
	switch method {
	case ga.Classic, ga.MNC:
		s.Population = 6
	case ga.Adaptive:
		s.Population, s.Problems, s.Suite = 4, 3, "wac"
	case ga.CMAES, ga.SPSA:
		// Games here (positions fitness: TestPositionsRunResumes).
		s.Fitness, s.Population = ga.FitnessRoundRobin, 4
	}
	r, err := ga.NewRun(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func marshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestRoundTrips(t *testing.T) {
	d, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	// A run, after two generations.
	r := tinyRun(t, ga.MNC, 2)
	if err := r.Execute(context.Background()); err != nil {
		t.Fatal(err)
	}
	h, err := d.CreateRun("mnc-1")
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Save(r); err != nil {
		t.Fatal(err)
	}
	h.Close()
	back, err := d.LoadRun("mnc-1")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(marshal(t, back), marshal(t, r)) {
		t.Fatal("run: loaded differs from saved")
	}
	// A player.
	c, _ := core.Player("seed004")
	p := &Player{Name: "champ", Chromosome: c, Search: "plain", PlainQuiescence: 3, TC: "depth=3", Source: "test"}
	if err := d.SavePlayer(p, false); err != nil {
		t.Fatal(err)
	}
	if err := d.SavePlayer(p, false); err == nil {
		t.Fatal("a player was overwritten without replace")
	}
	pb, err := d.LoadPlayer("champ")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(marshal(t, pb), marshal(t, p)) {
		t.Fatalf("player: loaded differs:\n%s\n%s", marshal(t, pb), marshal(t, p))
	}
	// A tournament.
	rep := &arena.Report{Format: arena.RoundRobin, Players: []string{"a", "b"}, Games: 2, Reason: "complete"}
	tr := &TournamentRecord{Name: "rr", Settings: []string{"--tc", "depth=1"}, Players: []string{"a", "b"}, Report: rep}
	if err := d.SaveTournament(tr, []byte("[Event \"x\"]\n\n1-0\n")); err != nil {
		t.Fatal(err)
	}
	tb, err := d.LoadTournament("rr")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(marshal(t, tb), marshal(t, tr)) {
		t.Fatal("tournament: loaded differs from saved")
	}
	// Export a player as a chromosome file evochess uci can load.
	out := filepath.Join(t.TempDir(), "champ.json")
	if err := d.Export(Players, "champ", out); err != nil {
		t.Fatal(err)
	}
	lc, err := core.LoadChromosome(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(marshal(t, lc.Values), marshal(t, c.Values)) {
		t.Fatal("exported chromosome differs")
	}
	// And a run's best, named after where it came from.
	out = filepath.Join(t.TempDir(), "best.chromosome.json")
	if err := d.Export(Runs, "mnc-1", out); err != nil {
		t.Fatal(err)
	}
	if lc, err = core.LoadChromosome(out); err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("mnc-1#best after generation %d", r.Generation); lc.Name != want ||
		!bytes.Equal(marshal(t, lc.Values), marshal(t, r.Best().Chromosome.Values)) {
		t.Fatalf("exported best %q, want %q and the best's genes", lc.Name, want)
	}
	list, err := d.List()
	if err != nil || len(list) != 3 {
		t.Fatalf("list: %v %+v", err, list)
	}
}

func TestNamesCannotEscape(t *testing.T) {
	d, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"", ".", "..", "../x", "a/b", "/etc/passwd", `a\b`, "-rf", ".hidden", "a b", "é", strings.Repeat("x", 65), "x\x00y"} {
		if _, err := d.CreateRun(name); !errors.Is(err, ErrBadName) {
			t.Errorf("run %q: %v, want ErrBadName", name, err)
		}
		if _, err := d.LoadPlayer(name); !errors.Is(err, ErrBadName) {
			t.Errorf("player %q: %v, want ErrBadName", name, err)
		}
		if err := d.Delete(Tournaments, name); !errors.Is(err, ErrBadName) {
			t.Errorf("delete %q: %v, want ErrBadName", name, err)
		}
	}
	if _, _, err := d.Resolve("run/../../x"); !errors.Is(err, ErrBadName) {
		t.Errorf("resolve: %v", err)
	}
}

// A crash between writing the new file and renaming it leaves the old
// file, byte for byte.
func TestCrashBeforeRenameKeepsOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.json")
	if err := WriteFileAtomic(path, []byte("old")); err != nil {
		t.Fatal(err)
	}
	beforeRename = func(string) { panic("crash") }
	func() {
		defer func() { recover() }()
		WriteFileAtomic(path, []byte("new"))
	}()
	beforeRename = nil
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Fatalf("after a crash the file holds %q", b)
	}
}

func TestUnreadableFilesAreNamedAndKept(t *testing.T) {
	d, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	c, _ := core.Player("seed003")
	if err := d.SavePlayer(&Player{Name: "p", Chromosome: c, Search: "strong"}, false); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(d.Root, Players, "p.json")
	good, _ := os.ReadFile(path)
	cases := []struct {
		name, data, want string
	}{
		{"truncated", string(good[:len(good)/2]), "truncated"},
		{"not json", "hello", "p.json:1:1: not valid JSON"},
		{"newer", strings.Replace(string(good), `"version": 1`, `"version": 7`, 1), "newer evochess"},
		{"other format", strings.Replace(string(good), `evochess-player`, `evochess-run`, 1), `format "evochess-run"`},
		{"wrong type", strings.Replace(string(good), `"search": "strong"`, `"search": 5`, 1), "field search"},
		{"bad value", strings.Replace(string(good), `"search": "strong"`, `"search": "fast"`, 1), "search"},
		{"bad gene", strings.Replace(string(good), `"queen_value":9`, `"queen_value":1e9`, 1), "queen_value"},
	}
	for _, tc := range cases {
		if err := os.WriteFile(path, []byte(tc.data), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := d.LoadPlayer("p")
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "p.json") {
			t.Errorf("%s: %v, want an error naming p.json and %q", tc.name, err, tc.want)
		}
		if b, _ := os.ReadFile(path); string(b) != tc.data {
			t.Errorf("%s: the file was changed", tc.name)
		}
	}
	if !strings.Contains(string(good), `"queen_value":9`) {
		t.Skip("chromosome JSON layout changed: update the bad-gene case")
	}
}

// Line numbers point at the offending line of the file.
func TestErrorLineNumbers(t *testing.T) {
	d, _ := Open(t.TempDir())
	c, _ := core.Player("seed003")
	d.SavePlayer(&Player{Name: "p", Chromosome: c, Search: "strong"}, false)
	path := filepath.Join(d.Root, Players, "p.json")
	good, _ := os.ReadFile(path)
	lines := strings.Split(string(good), "\n")
	for i, l := range lines {
		if strings.Contains(l, `"search"`) {
			lines[i] = strings.Replace(l, `"strong"`, `true`, 1)
			os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644)
			_, err := d.LoadPlayer("p")
			var fe *FileError
			if !errors.As(err, &fe) || fe.Line != i+1 {
				t.Fatalf("error %v, want line %d", err, i+1)
			}
			return
		}
	}
	t.Fatal("no search line")
}

func TestRunLockIsExclusive(t *testing.T) {
	d, _ := Open(t.TempDir())
	h, err := d.CreateRun("r")
	if err != nil {
		t.Fatal(err)
	}
	r := tinyRun(t, ga.Dynamic, 1)
	if err := h.Save(r); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.OpenRun("r"); err == nil || !strings.Contains(err.Error(), "open in another evochess process") {
		t.Fatalf("second open: %v", err)
	}
	if err := d.Delete(Runs, "r"); err == nil {
		t.Fatal("deleted a run that is open")
	}
	h.Close()
	h2, _, err := d.OpenRun("r")
	if err != nil {
		t.Fatalf("open after release: %v", err)
	}
	h2.Close()
}

func TestCheckpointsKeepTheNewestAndStandIn(t *testing.T) {
	d, _ := Open(t.TempDir())
	h, err := d.CreateRun("r")
	if err != nil {
		t.Fatal(err)
	}
	h.Keep = 2
	r := tinyRun(t, ga.Dynamic, 4)
	r.AfterGeneration = h.Save
	if err := r.Execute(context.Background()); err != nil {
		t.Fatal(err)
	}
	cps := h.checkpoints()
	if len(cps) != 2 || !strings.HasSuffix(cps[0], "gen-000004.json") {
		t.Fatalf("checkpoints %v", cps)
	}
	h.Close()
	// The run file destroyed (not by us: a disk error): the newest
	// checkpoint stands in.
	os.WriteFile(filepath.Join(h.Dir(), "run.json"), []byte("{"), 0o644)
	back, err := d.LoadRun("r")
	if err != nil || back.Generation != 4 {
		t.Fatalf("load from checkpoint: %v", err)
	}
}

// N generations straight == k generations, stop (saved), resume, N − k
// more, through the saves package.
func TestResumeEquivalence(t *testing.T) {
	for _, m := range ga.Methods {
		t.Run(m, func(t *testing.T) {
			if m == ga.Gradient {
				t.Skip("positions only: TestPositionsRunResumes/gradient")
			}
			straight := tinyRun(t, m, 3)
			if err := straight.Execute(context.Background()); err != nil {
				t.Fatal(err)
			}
			d, _ := Open(t.TempDir())
			h, _ := d.CreateRun("r")
			r := tinyRun(t, m, 3)
			r.AfterGeneration = func(r *ga.Run) error {
				r.Stop() // as Ctrl-C after a generation
				return h.Save(r)
			}
			if err := r.Execute(context.Background()); err != nil {
				t.Fatal(err)
			}
			h.Close()
			h, back, err := d.OpenRun("r")
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			back.Reopen()
			back.AfterGeneration = h.Save
			if err := back.Execute(context.Background()); err != nil {
				t.Fatal(err)
			}
			if got, want := fingerprint(t, back), fingerprint(t, straight); !bytes.Equal(got, want) {
				t.Fatal("resumed run differs from the straight one")
			}
		})
	}
}

// fingerprint drops wall times and the worker count.
func fingerprint(t *testing.T, r *ga.Run) []byte {
	var m map[string]any
	json.Unmarshal(marshal(t, r), &m)
	delete(m["settings"].(map[string]any), "workers")
	hist, _ := m["history"].([]any)
	for _, h := range hist {
		delete(h.(map[string]any), "seconds")
		delete(h.(map[string]any), "elapsed")
		delete(h.(map[string]any), "cpu")
		delete(h.(map[string]any), "cpu_elapsed")
	}
	return marshal(t, m)
}

// An older version is brought up to date by the format's migrations.
func TestOlderVersionIsMigrated(t *testing.T) {
	f := format{name: "evochess-test", version: 3, migrate: map[int]func(json.RawMessage) (json.RawMessage, error){
		1: func(m json.RawMessage) (json.RawMessage, error) { // v1 had "n"; v2 calls it "count"
			var v1 struct{ N int }
			if err := json.Unmarshal(m, &v1); err != nil {
				return nil, err
			}
			return json.Marshal(map[string]int{"count": v1.N})
		},
		2: func(m json.RawMessage) (json.RawMessage, error) { // v3 adds "unit"
			var v2 map[string]any
			if err := json.Unmarshal(m, &v2); err != nil {
				return nil, err
			}
			v2["unit"] = "games"
			return json.Marshal(v2)
		},
	}}
	var got struct {
		Count int    `json:"count"`
		Unit  string `json:"unit"`
	}
	data := []byte(`{"format":"evochess-test","version":1,"content":{"n":7}}`)
	if err := unseal("old.json", data, f, &got); err != nil {
		t.Fatal(err)
	}
	if got.Count != 7 || got.Unit != "games" {
		t.Fatalf("migrated to %+v", got)
	}
	delete(f.migrate, 2)
	if err := unseal("old.json", data, f, &got); err == nil || !strings.Contains(err.Error(), "no migration from evochess-test version 2") {
		t.Fatalf("missing migration: %v", err)
	}
}

// A chromosome player's options (a kept individual's run options) are our
// engine's search options: kept, played, and refused by name when bad.
func TestPlayerSearchOptions(t *testing.T) {
	d, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	c, _ := core.Player("full")
	p := &Player{Name: "t2", Chromosome: c, Search: "strong", Options: [][2]string{{"EvalTerms2", "true"}}}
	if err := d.SavePlayer(p, false); err != nil {
		t.Fatal(err)
	}
	back, err := d.LoadPlayer("t2")
	if err != nil {
		t.Fatal(err)
	}
	ps, err := back.Spec()
	if err != nil {
		t.Fatal(err)
	}
	if w, err := ps.Weights(); err != nil || !w.SearchParams().EvalTerms2 {
		t.Errorf("the player plays without its option: %v", err)
	}
	p.Name, p.Options = "bad", [][2]string{{"EvalTerms2", "maybe"}}
	if err := d.SavePlayer(p, false); err == nil || !strings.Contains(err.Error(), "options: option EvalTerms2") {
		t.Errorf("a bad option: %v, want an error naming it", err)
	}
}
