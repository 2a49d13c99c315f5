package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/evochess/evochess/ga"
	"github.com/evochess/evochess/saves"
)

// Runs saved before the paper searches became the defaults of classic on
// seed000 and adaptive on seed004 resume exactly as they would have: they
// stored "strong", and a run's stored settings are read whole, never
// filled in from today's defaults. testdata/runs-strong-search holds two
// runs stopped mid-way by the program before (commit 5d6a6c4:
// evolve --method classic --population 4 --generations 3 --tc nodes=300
// --reference-games 2 --max-moves 40 --seed 27, and evolve --method
// adaptive --population 4 --problems 4 --generations 2 --suite wac
// --seed 27, both --workers 1), and each one's end as that program
// finished it (NAME-final).
func TestRunsBeforePaperSearchResumeExactly(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	for _, tc := range []struct{ run, method, paper string }{
		{"old-classic", ga.Classic, "paper000"},
		{"old-adaptive", ga.Adaptive, "paper004"},
	} {
		t.Run(tc.run, func(t *testing.T) {
			if got := ga.DefaultSettings(tc.method).Search; got != tc.paper {
				t.Fatalf("%s's default search is %s, not %s: this test proves nothing", tc.method, got, tc.paper)
			}
			data := t.TempDir()
			for _, name := range []string{tc.run, tc.run + "-final"} {
				copyFile(t, filepath.Join("testdata", "runs-strong-search", saves.Runs, name, "run.json.gz"),
					filepath.Join(data, saves.Runs, name, "run.json.gz"))
			}
			if code, _, stderr := runCLI("evolve", "--resume", tc.run, "--data", data, "--workers", "1"); code != 0 {
				t.Fatalf("resume: %s", stderr)
			}
			d, err := saves.Open(data)
			if err != nil {
				t.Fatal(err)
			}
			got, err := d.LoadRun(tc.run)
			if err != nil {
				t.Fatal(err)
			}
			want, err := d.LoadRun(tc.run + "-final")
			if err != nil {
				t.Fatal(err)
			}
			if got.Settings.Search != "strong" || got.Finished == "" {
				t.Errorf("resumed with search %q, finished %q", got.Settings.Search, got.Finished)
			}
			if !bytes.Equal(cliFingerprint(t, got), cliFingerprint(t, want)) {
				t.Error("the resumed run differs from the one the program before finished")
			}
		})
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	out, err := os.Create(to)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}
