package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/evochess/evochess/saves"
)

// When EVOCHESS_TEST_MAIN is set, the test binary is the evochess command
// (for tests that must kill a real process).
func TestMain(m *testing.M) {
	if os.Getenv("EVOCHESS_TEST_MAIN") != "" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
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
	cmd := exec.Command(os.Args[0], evolveArgs(data, "--save", "killed")...)
	cmd.Env = append(os.Environ(), "EVOCHESS_TEST_MAIN=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
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
	}
	b, _ = json.Marshal(m)
	return b
}
