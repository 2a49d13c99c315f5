package main

import (
	"bytes"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/evochess/evochess/arena/dataset"
	"github.com/evochess/evochess/saves"
)

// selfplayArgs is a run of short games at a few hundred nodes.
func selfplayArgs(data, name string, extra ...string) []string {
	return append([]string{"selfplay", "--name", name, "--games", "3", "--tc", "nodes=300", "--workers", "2",
		"--seed", "5", "--data", data}, extra...)
}

func loadDataset(t *testing.T, data, name string) (*dataset.Set, saves.DatasetInfo) {
	t.Helper()
	d, err := saves.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	set, info, err := d.LoadDataset(name)
	if err != nil {
		t.Fatal(err)
	}
	return set, info
}

func TestSelfplayCommand(t *testing.T) {
	data := t.TempDir()
	code, stdout, stderr := runCLI(selfplayArgs(data, "a", "--games", "5")...)
	if code != 0 || !strings.Contains(stdout, "dataset a: 5 games") {
		t.Fatalf("exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	straight, info := loadDataset(t, data, "a")
	if !info.Complete || info.Count != len(straight.Samples) || len(straight.Samples) == 0 || info.Labelled {
		t.Fatalf("dataset a: %+v with %d samples", info, len(straight.Samples))
	}

	// Three games, then two more by running again: the same dataset.
	if code, _, stderr := runCLI(selfplayArgs(data, "b")...); code != 0 {
		t.Fatalf("3 games: %s", stderr)
	}
	if _, info := loadDataset(t, data, "b"); !info.Complete {
		t.Errorf("3 of 3 games and not complete: %+v", info)
	}
	code, _, stderr = runCLI(selfplayArgs(data, "b", "--games", "5", "--workers", "1")...)
	if code != 0 || !strings.Contains(stderr, "resuming \"b\" at game 4 of 5") {
		t.Fatalf("extending: exit %d: %s", code, stderr)
	}
	if extended, _ := loadDataset(t, data, "b"); !slices.Equal(extended.Samples, straight.Samples) {
		t.Errorf("3 then 5 games: %d samples, 5 at once: %d", len(extended.Samples), len(straight.Samples))
	}
	code, stdout, stderr = runCLI("selfplay", "--name", "b", "--resume", "--data", data)
	if code != 0 || !strings.Contains(stderr, "complete already") || !strings.Contains(stdout, "dataset b: 5 games") {
		t.Errorf("resuming a complete dataset: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}

	// A command line that is fine until the engine does not start.
	code, stdout, stderr = runCLI(selfplayArgs(data, "c", "--label", "uci=/nonexistent/sf,depth=3")...)
	if code != 1 || stdout != "" || !strings.Contains(stderr, "label sf: /nonexistent/sf") {
		t.Errorf("missing label engine: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	for _, bad := range []struct {
		args []string
		want string
	}{
		{selfplayArgs(data, "b", "--tc", "nodes=400"), "--tc nodes=400 (saved: nodes=300)"},
		{[]string{"selfplay", "--name", "b", "--resume", "--seed", "6", "--data", data}, "--seed 6 (saved: 5)"},
		{[]string{"selfplay", "--name", "b", "--games", "2", "--data", data, "--resume"}, "fewer"},
		{[]string{"selfplay", "--name", "nosuch", "--resume", "--data", data}, "no dataset"},
		{[]string{"selfplay", "--games", "2", "--data", data}, "--name is required"},
		{[]string{"selfplay", "--name", "../x", "--data", data}, "--name"},
		{selfplayArgs(data, "c", "--label", "self"), "fixed depth"},
		{selfplayArgs(data, "c", "--player", "name=x,chromosome=nosuch"), "nosuch"},
		{selfplayArgs(data, "c", "--tc", "nodes=0"), "--tc"},
		{selfplayArgs(data, "c", "--book", "/nonexistent/book.epd"), "--book"},
		{selfplayArgs(data, "c", "extra"), `unexpected argument "extra"`},
	} {
		code, stdout, stderr := runCLI(bad.args...)
		if code != 2 || stdout != "" || !strings.Contains(stderr, bad.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q (want %q)", bad.args, code, stdout, stderr, bad.want)
		}
	}
}

func TestSelfplayCommandLabels(t *testing.T) {
	data := t.TempDir()
	code, stdout, stderr := runCLI(selfplayArgs(data, "l", "--games", "2", "--per-game", "4", "--label", "self,depth=2")...)
	if code != 0 || !strings.Contains(stdout, "labelled by self,depth=2") {
		t.Fatalf("exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	set, info := loadDataset(t, data, "l")
	if !info.Labelled || len(set.Samples) == 0 || len(set.Samples) > 8 {
		t.Fatalf("%+v with %d samples", info, len(set.Samples))
	}
	for _, s := range set.Samples {
		if s.Score == dataset.NoScore {
			t.Errorf("a sample without a score: %+v", s)
		}
	}
}

// Ctrl-C in the middle of a run loses only the games in progress, and
// running again ends with the dataset of a run never stopped.
func TestSelfplayInterruptedResumes(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process")
	}
	data := t.TempDir()
	args := func(name string) []string {
		return append(selfplayArgs(data, name, "--games", "12", "--workers", "1"), "--tc", "nodes=600")
	}
	if code, _, stderr := runCLI(args("straight")...); code != 0 {
		t.Fatalf("straight run: %s", stderr)
	}
	straight, _ := loadDataset(t, data, "straight")
	cmd := exec.Command(os.Args[0], args("stopped")...)
	cmd.Env = append(os.Environ(), "EVOCHESS_TEST_MAIN=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	d, _ := saves.Open(data)
	deadline := time.Now().Add(60 * time.Second)
	for { // the first save comes after the first game
		if _, err := d.DatasetInfo("stopped"); err == nil {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no dataset saved in time: %s", stderr.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGINT)
	cmd.Wait()
	if !strings.Contains(stderr.String(), "--resume\" goes on") {
		t.Fatalf("stopped run said: %s", stderr.String())
	}
	_, info := loadDataset(t, data, "stopped")
	if info.Complete {
		t.Skipf("the run finished before the interrupt: %s", stderr.String())
	}
	if code, _, stderr := runCLI("selfplay", "--name", "stopped", "--resume", "--data", data); code != 0 {
		t.Fatalf("resume: %s", stderr)
	}
	if resumed, _ := loadDataset(t, data, "stopped"); !slices.Equal(resumed.Samples, straight.Samples) {
		t.Errorf("stopped and resumed: %d samples, straight: %d", len(resumed.Samples), len(straight.Samples))
	}
}
