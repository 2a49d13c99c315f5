package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/evochess/evochess/arena/cluster"
	"github.com/evochess/evochess/saves"
)

var fakeUCIBuild struct {
	sync.Once
	path string
	err  error
}

// fakeUCI builds arena's scripted UCI engine once per test binary.
func fakeUCI(t *testing.T) string {
	t.Helper()
	fakeUCIBuild.Do(func() {
		dir, err := os.MkdirTemp("", "fakeuci")
		if err != nil {
			fakeUCIBuild.err = err
			return
		}
		fakeUCIBuild.path = filepath.Join(dir, "fakeuci")
		if out, err := exec.Command("go", "build", "-o", fakeUCIBuild.path, "./arena/testdata/fakeuci").CombinedOutput(); err != nil {
			fakeUCIBuild.err = fmt.Errorf("building fakeuci: %v\n%s", err, out)
		}
	})
	if fakeUCIBuild.err != nil {
		t.Fatal(fakeUCIBuild.err)
	}
	return fakeUCIBuild.path
}

func engineArgs(t *testing.T, extra ...string) []string {
	return append([]string{"evolve", "--method", "spsa", "--engine", "uci=" + fakeUCI(t) + ",args=-options,option.Threads=1",
		"--genes", "Skill", "--population", "4", "--generations", "2", "--tc", "nodes=1", "--max-moves", "40", "--seed", "5"}, extra...)
}

// What the engine cannot take is said before any game, naming the gene,
// the file and line, or the setoption refused.
func TestEvolveEngineErrorsBeforeAnyGame(t *testing.T) {
	dir := t.TempDir()
	file := func(name, data string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(data), 0o644)
		return p
	}
	engine := "uci=" + fakeUCI(t) + ",args=-options"
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--engine", engine, "--genes", file("a.spsa", "Skil, int, 30, 0, 100, 5, 0.002\n")}, "gene Skil: the engine offers no option of that name"},
		{[]string{"--engine", engine, "--genes", file("b.spsa", "Skill, int, 30, 0, 101, 5, 0.002\n")}, "go outside the engine's own [0, 100]"},
		{[]string{"--engine", engine, "--genes", file("c.spsa", "Skill, int, 30, 0, 100, 5, 0.002\n\nSkill, int, 3, 0, 100, 5, 0.002\n")}, "c.spsa:3: Skill is a gene already (line 1)"},
		{[]string{"--engine", engine, "--genes", file("d.spsa", "Skill int 30 0 100 5 0.002\n")}, "d.spsa:1: 1 fields, want 7"},
		{[]string{"--engine", "uci=" + fakeUCI(t) + ",args=-options -mode diesetoption", "--genes", "Skill"}, "died at \"setoption name Skill value 0\""},
		{[]string{"--engine", engine + ",option.Skill=101", "--genes", "Style"}, "refused \"setoption name Skill value 101\""},
		{[]string{"--engine", engine, "--genes", "Style", "--method", "spsa"}, "Style is a category"},
		{[]string{"--engine", engine}, "--engine needs --genes"},
		{[]string{"--genes", "Skill"}, "give the engine with --engine"},
		{[]string{"--engine", engine, "--genes", "Skill", "--chromosome", "full"}, "--chromosome is not for it"},
		{[]string{"--engine", engine, "--genes", "Skill", "--fitness", "positions", "--dataset", "x"}, "positions scores our static evaluation"},
	}
	for _, tt := range tests {
		args := append([]string{"evolve", "--method", "classic", "--generations", "1", "--population", "2"}, tt.args...)
		code, _, stderr := runCLI(args...)
		if code == exitOK || !strings.Contains(stderr, tt.want) || strings.Contains(stderr, "gen    0") {
			t.Errorf("%q: exit %d, %q; want a refusal before any game saying %q", tt.args, code, stderr, tt.want)
		}
	}
}

// An engine tuning saved, resumed, kept as a player and played in a match
// as population=RUN#best and as that player.
func TestEvolveEngineSavesResumesKeeps(t *testing.T) {
	data := t.TempDir()
	if code, _, stderr := runCLI(engineArgs(t, "--data", data, "--save", "e", "--save-every", "0")...); code != exitOK { // a checkpoint of every generation
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := runFile(t, data, "e")
	// As if the process had died after generation 1: its checkpoint is
	// the run.
	dir := filepath.Join(data, saves.Runs, "e")
	cp, err := os.ReadFile(filepath.Join(dir, "checkpoints", "gen-000001.json"))
	if err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, "checkpoints", "gen-000002.json"))
	if err := os.WriteFile(filepath.Join(dir, "run.json"), cp, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI("evolve", "--data", data, "--resume", "e"); code != exitOK || !strings.Contains(stderr, "gen    1") {
		t.Fatalf("resume: exit %d: %s", code, stderr)
	}
	if runFile(t, data, "e") != want {
		t.Fatal("the resumed run differs from the run never stopped")
	}
	if code, out, stderr := runCLI("saves", "--data", data, "keep", "e#best", "--as", "tuned"); code != exitOK {
		t.Fatalf("keep: exit %d: %s %s", code, out, stderr)
	}
	d, _ := saves.Open(data)
	p, err := d.LoadPlayer("tuned")
	if err != nil || p.Engine != fakeUCI(t) || p.Chromosome != nil || len(p.Options) != 2 || p.Options[1][0] != "Skill" {
		t.Fatalf("kept player %+v, %v", p, err)
	}
	txt := filepath.Join(t.TempDir(), "tuned.txt")
	if code, _, stderr := runCLI("saves", "--data", data, "export", "e", "--to", txt); code != exitOK {
		t.Fatalf("export: %s", stderr)
	}
	if b, _ := os.ReadFile(txt); !strings.Contains(string(b), "\nThreads, 1\nSkill, ") {
		t.Fatalf("exported options %q", b)
	}
	code, out, stderr := runCLI("match", "--data", data, "population=e#best", "player=tuned", "--games", "2", "--tc", "nodes=1", "--max-moves", "20")
	if code != exitOK || !strings.Contains(out+stderr, "e#best") || !strings.Contains(out+stderr, "tuned") {
		t.Fatalf("match: exit %d: %s %s", code, out, stderr)
	}
}

// Remote workers play an engine tuning's games as local ones do, and a
// worker that lacks the engine gives its jobs back saying which.
func TestDistributedEngineTuning(t *testing.T) {
	local := t.TempDir()
	if code, _, stderr := runCLI(engineArgs(t, "--data", local, "--save", "r", "--workers", "2")...); code != exitOK {
		t.Fatalf("local run: exit %d: %s", code, stderr)
	}
	want := runFile(t, local, "r")
	data, port := t.TempDir(), freePort(t)
	joined := make(chan error, 1)
	var lacking, having *testWorker
	go func() {
		err := waitListen(port)
		if err == nil {
			url := "nats://127.0.0.1:" + port
			lacking = startWorker(t, url, cluster.WorkerConfig{Name: "bare"})
			if err = waitLog(lacking.log, "gave job"); err == nil {
				lacking.stop()
				// The run sets Threads=1 and tunes Skill: the worker allows both.
				having = startWorker(t, url, cluster.WorkerConfig{Slots: 2, Engines: []string{fakeUCI(t) + ",args=-options,option.Threads=1,option.Skill=*"}})
			}
		}
		joined <- err
	}()
	code, _, stderr := runCLI(engineArgs(t, "--data", data, "--save", "r", "--workers", "0",
		"--cluster-listen", "127.0.0.1:"+port, "--cluster-ack-wait", "1s")...)
	if err := <-joined; err != nil {
		t.Fatal(err)
	}
	if code != exitOK {
		t.Fatalf("distributed run: exit %d: %s", code, stderr)
	}
	if got := runFile(t, data, "r"); got != want {
		t.Fatalf("the distributed run file differs from the local one:\n%s\n---\n%s", want, got)
	}
	if err := expect(lacking.log, "needs fakeuci: engine not offered by this worker"); err != nil {
		t.Fatal(err)
	}
	having.stop()
	if having.gamesPlayed(t) == 0 {
		t.Fatal("the worker with the engine played nothing")
	}
}
