package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/saves"
)

// When EVOCHESS_TEST_MAIN is set, the test binary is the evochess command
// (for tests that must kill a real process).
func TestMain(m *testing.M) {
	if os.Getenv("EVOCHESS_TEST_MAIN") != "" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// startCLI starts the evochess command with args in a process of its
// own (for tests that kill it); its stderr goes to the buffer.
func startCLI(t *testing.T, args ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "EVOCHESS_TEST_MAIN=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &stderr
}

// evolveArgs is a short run whose generations take a fraction of a second.
func evolveArgs(data string, extra ...string) []string {
	return append([]string{"evolve", "--method", "classic", "--population", "6", "--generations", "12",
		"--tc", "nodes=300", "--reference-games", "2", "--max-moves", "40", "--workers", "2", "--seed", "9",
		"--data", data}, extra...)
}

// kill -9 in the middle of a run, resume: the result equals a run that
// never stopped, and at most one generation was lost.
func TestKilledRunResumesExactly(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	data := t.TempDir()
	if code, _, stderr := runCLI(evolveArgs(data, "--save", "straight")...); code != 0 {
		t.Fatalf("straight run: %s", stderr)
	}
	// Every generation written, so that it is killed between two writes.
	cmd, stderr := startCLI(t, evolveArgs(data, "--save", "killed", "--save-every", "0")...)
	cps := filepath.Join(data, saves.Runs, "killed", "checkpoints", "gen-000004.json")
	deadline := time.Now().Add(60 * time.Second)
	for {
		if _, err := os.Stat(cps); err == nil {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no 4th checkpoint in time: %s", stderr.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	d, _ := saves.Open(data)
	mid, err := d.LoadRun("killed")
	if err != nil {
		t.Fatalf("after kill -9: %v", err)
	}
	if mid.Generation < 4 || mid.Generation >= 12 {
		t.Fatalf("the killed run stood at generation %d", mid.Generation)
	}
	if code, _, errOut := runCLI("evolve", "--resume", "killed", "--data", data, "--workers", "1"); code != 0 {
		t.Fatalf("resume: %s", errOut)
	}
	a, _ := d.LoadRun("straight")
	b, _ := d.LoadRun("killed")
	if got, want := cliFingerprint(t, b), cliFingerprint(t, a); !bytes.Equal(got, want) {
		t.Fatal("the resumed run differs from the straight one")
	}
	if !strings.Contains(string(mustRead(t, filepath.Join(data, saves.Runs, "killed", "run.json"))), `"finished": "generations"`) {
		t.Fatal("the resumed run did not finish")
	}
}

func mustRead(t *testing.T, path string) []byte {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func cliFingerprint(t *testing.T, r any) []byte {
	b, _ := json.Marshal(r)
	var m map[string]any
	json.Unmarshal(b, &m)
	delete(m["settings"].(map[string]any), "workers")
	for _, h := range m["history"].([]any) {
		delete(h.(map[string]any), "seconds")
		delete(h.(map[string]any), "elapsed")
		delete(h.(map[string]any), "cpu")
		delete(h.(map[string]any), "cpu_elapsed")
	}
	b, _ = json.Marshal(m)
	return b
}

// Datasets go through saves import, list, show, export and delete.
func TestSavesDatasets(t *testing.T) {
	data := t.TempDir()
	dir := t.TempDir()
	epd := "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - c9 \"1-0\"; ce -20;\n" +
		"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - c9 \"1/2-1/2\"; ce 15;\n"
	src := filepath.Join(dir, "labels.epd")
	os.WriteFile(src, []byte(epd), 0o644)
	steps := []struct {
		args  []string
		stdin string // the answers typed
		code  int
		want  string // in stdout, or in stderr when code != 0
	}{
		{[]string{"import", src}, "", 0, "imported " + src + " as dataset/labels"},
		{[]string{"import", src, "--name", "copy"}, "", 0, "as dataset/copy"},
		{[]string{"list"}, "", 0, "dataset  labels  2 positions, labelled  import labels.epd"},
		{[]string{"show", "dataset/labels"}, "", 0, `"count": 2`},
		{[]string{"export", "labels", "--to", filepath.Join(dir, "out.epd")}, "", 0, "wrote " + filepath.Join(dir, "out.epd")},
		{[]string{"delete", "copy"}, "n\n", 0, `delete dataset "copy"? [y/N] kept`},
		{[]string{"delete", "copy"}, "", 0, "kept"}, // no answer: no
		{[]string{"show", "copy"}, "", 0, `"count": 2`},
		{[]string{"delete", "copy"}, "yes\n", 0, `deleted dataset "copy"`},
		{[]string{"delete", "labels", "--yes"}, "n\n", 0, `deleted dataset "labels"`},
		{[]string{"show", "copy"}, "", exitFail, `nothing called "copy"`},
		{[]string{"import", filepath.Join(dir, "missing.epd")}, "", exitFail, "missing.epd"},
	}
	for _, s := range steps {
		code, stdout, stderr := runCLIInput(s.stdin, append([]string{"saves", "--data", data}, s.args...)...)
		out := stdout
		if s.code != 0 {
			out = stderr
		}
		if code != s.code || !strings.Contains(out, s.want) {
			t.Fatalf("saves %s: exit %d, stdout %q, stderr %q; want exit %d and %q", strings.Join(s.args, " "), code, stdout, stderr, s.code, s.want)
		}
	}
	if got := string(mustRead(t, filepath.Join(dir, "out.epd"))); got != epd {
		t.Fatalf("exported:\n%s", got)
	}
	bad := filepath.Join(dir, "bad.epd")
	os.WriteFile(bad, []byte("# header\n"+strings.Replace(epd, "1/2-1/2", "2-0", 1)), 0o644)
	if code, _, stderr := runCLI("saves", "--data", data, "import", bad); code == 0 || !strings.Contains(stderr, bad+`: line 3: c9: result "2-0"`) {
		t.Fatalf("bad import: exit %d, %s", code, stderr)
	}
}

// Player SPECs name saved players and runs of --data: a missing one is a
// bad command line, said before anything is played or saved.
func TestSpecsReadTheDataDirectory(t *testing.T) {
	data := t.TempDir()
	d, err := saves.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := core.Player("seed000")
	if err := d.SavePlayer(&saves.Player{Name: "kept", Chromosome: c, Search: "strong"}, false); err != nil {
		t.Fatal(err)
	}
	tournament := func(spec string) []string {
		return []string{"tournament", "--data", data, "--player", spec, "--player", "name=b,depth=1", "--tc", "depth=1", "--max-moves", "10", "--openings", "", "--json"}
	}
	tests := []struct {
		name string
		args []string
		code int
		says string // in stderr
	}{
		{"tournament, saved player", tournament("player=kept"), 0, ""},
		{"tournament, missing player", tournament("player=gone"), exitUsage, `no player "gone"`},
		{"tournament, missing run", tournament("population=nosuch#best"), exitUsage, `no run "nosuch"`},
		{"evolve, saved reference", evolveArgs(data, "--generations", "1", "--reference", "name=ref,player=kept,depth=1", "--save", "ok"), 0, ""},
		{"evolve, missing reference", evolveArgs(data, "--reference", "name=ref,player=gone,depth=1"), exitUsage, `no player "gone"`},
		{"evolve, missing reference, saved", evolveArgs(data, "--reference", "name=ref,player=gone,depth=1", "--save", "never"), exitUsage, `no player "gone"`},
		{"evolve, negative --save-every", evolveArgs(data, "--save", "never", "--save-every", "-1s"), exitUsage, "--save-every -1s"},
	}
	for _, tc := range tests {
		code, _, stderr := runCLI(tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.says) {
			t.Errorf("%s: exit %d, stderr %q; want %d and %q", tc.name, code, stderr, tc.code, tc.says)
		}
	}
	if got := d.Names(saves.Runs); !slices.Equal(got, []string{"ok"}) {
		t.Errorf("runs %v, want only the one that started", got)
	}
	// Built-in players only: the data directory is left alone, not made.
	none := filepath.Join(t.TempDir(), "none")
	if code, _, stderr := runCLI("tournament", "--data", none, "--player", "name=a,depth=1", "--player", "name=b,depth=1",
		"--tc", "depth=1", "--max-moves", "10", "--openings", "", "--json"); code != 0 {
		t.Fatalf("built-in players: %s", stderr)
	}
	if _, err := os.Stat(none); !os.IsNotExist(err) {
		t.Errorf("a tournament of built-in players made its data directory (%v)", err)
	}
}
