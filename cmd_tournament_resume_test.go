package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/arena/cluster"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/saves"
)

// resumeCommon are the settings every case here shares: fixed-node games,
// whose results do not depend on when or where they are played.
var resumeCommon = []string{"--tc", "nodes=300", "--max-moves", "40", "--seed", "5", "--json"}

var fivePlayers = []string{"--player", "name=a", "--player", "name=b,chromosome=seed003", "--player", "name=c,chromosome=seed001",
	"--player", "name=d,chromosome=seed000", "--player", "name=e,chromosome=seed004"}

// searchSet2Options are a built-in player SPEC's options for search
// parameter set 2.
func searchSet2Options() string {
	var b strings.Builder
	for _, o := range core.SearchParamsV2().Options() {
		fmt.Fprintf(&b, ",option.%s=%s", o[0], o[1])
	}
	return b.String()
}

// A match or tournament stopped after some games and resumed comes to the
// report (table, pairings, SPRT) and games of one played straight.
func TestStoppedTournamentResumes(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		stopAt int
		resume string // the command that resumes it
	}{
		{"match", []string{"match", "name=a", "name=b,chromosome=seed003", "--games", "8"}, 3, "match"},
		{"match resumed as a tournament", []string{"match", "name=a", "name=b,chromosome=seed003", "--games", "4"}, 1, "tournament"},
		// One worker: where an SPRT stops depends on the order games end.
		// It decides after 12 games: stopped after 11, half a pair waits.
		// Two seed presets, whose values never move, searching with set 2
		// of the search parameters, which does not either: full's set 5,
		// and seed003 with search set 3, decided the SPRT before the stop.
		{"match with an SPRT", []string{"match", "name=a,chromosome=seed003" + searchSet2Options(), "name=b,chromosome=seed001" + searchSet2Options(), "--games", "100",
			"--sprt", "0,100,0.1,0.1", "--concurrency", "1"}, 11, "match"},
		{"round-robin", []string{"tournament", "--format", "round-robin", "--player", "name=a", "--player", "name=b,chromosome=seed003",
			"--player", "name=c,chromosome=seed001"}, 2, "tournament"},
		{"gauntlet", append([]string{"tournament", "--format", "gauntlet", "--rounds", "2"}, fivePlayers[:6]...), 3, "tournament"},
		{"selection", append([]string{"tournament", "--format", "selection"}, fivePlayers...), 3, "tournament"},
		{"knockout", append([]string{"tournament", "--format", "knockout"}, fivePlayers...), 3, "tournament"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := t.TempDir()
			args := append(slices.Clone(tt.args), append(resumeCommon, "--data", data)...)
			code, want, stderr := runCLI(append(args, "--save", "straight")...)
			if code != exitOK {
				t.Fatalf("straight: exit %d: %s", code, stderr)
			}
			stopAfter = tt.stopAt
			code, partial, stderr := runCLI(append(args, "--save", "r")...)
			stopAfter = 0
			hint := "resume with: evochess " + tt.args[0] + " --resume r --data " + data
			if code != exitOK || !strings.Contains(stderr, hint) || !strings.Contains(partial, `"finished": "stopped"`) {
				t.Fatalf("stopped: exit %d, stdout %s, stderr %s; want a stopped report and %q", code, partial, stderr, hint)
			}
			if _, out, _ := runCLI("saves", "--data", data, "list"); !strings.Contains(out, "unfinished "+tt.args[0]) {
				t.Errorf("saves list shows the stopped one as\n%s", out)
			}
			code, got, stderr := runCLI(tt.resume, "--resume", "r", "--data", data)
			if code != exitOK || !strings.Contains(stderr, `saved as tournament "r"`) {
				t.Fatalf("resume: exit %d: %s", code, stderr)
			}
			if a, b := reportOf(t, got), reportOf(t, want); a != b {
				t.Errorf("resumed:\n%s\nstraight:\n%s", a, b)
			}
			if a, b := gamesOf(t, data, "r"), gamesOf(t, data, "straight"); !slices.Equal(a, b) {
				t.Errorf("resumed, %d games:\n%s\nstraight, %d games:\n%s", len(a), strings.Join(a, "\n"), len(b), strings.Join(b, "\n"))
			}
			if _, out, _ := runCLI("saves", "--data", data, "list"); strings.Contains(out, "unfinished") {
				t.Errorf("saves list after the resume:\n%s", out)
			}
		})
	}
}

// reportOf is a JSON report without its time.
func reportOf(t *testing.T, out string) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	delete(m, "seconds")
	b, _ := json.MarshalIndent(m, "", " ")
	return string(b)
}

var pgnComment = regexp.MustCompile(`\{[^}]*\}|\[Date "[^"]*"\]`)

// gamesOf is a saved tournament's games, without the times in their
// comments, sorted: the order games end in is the workers'.
func gamesOf(t *testing.T, data, name string) []string {
	t.Helper()
	pgn := string(mustRead(t, filepath.Join(data, saves.Tournaments, name, "games.pgn")))
	games := strings.Split(pgnComment.ReplaceAllString(pgn, ""), "[Event ")[1:]
	slices.Sort(games)
	return games
}

// --resume takes nothing that would change the games, and says so; a
// tournament finished, missing, or open in another process is refused.
func TestResumeRefused(t *testing.T) {
	data := t.TempDir()
	args := append([]string{"match", "name=a", "name=b,chromosome=seed003", "--games", "4", "--data", data}, resumeCommon...)
	if code, _, stderr := runCLI(append(args, "--save", "done")...); code != exitOK {
		t.Fatal(stderr)
	}
	stopAfter = 1
	code, _, stderr := runCLI(append(args, "--save", "half")...)
	stopAfter = 0
	if code != exitOK {
		t.Fatal(stderr)
	}
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"another time control", []string{"match", "--resume", "half", "--tc", "nodes=5"}, exitUsage, "--tc cannot go with it (--data, --concurrency and --json can)"},
		{"players", []string{"match", "--resume", "half", "name=x"}, exitUsage, `unexpected argument "name=x"`},
		{"--save", []string{"tournament", "--resume", "half", "--save", "x"}, exitUsage, "--save cannot go with it"},
		{"finished", []string{"match", "--resume", "done"}, exitFail, `tournament "done" is finished: nothing to resume`},
		{"missing", []string{"match", "--resume", "nosuch"}, exitFail, `no unfinished tournament "nosuch"`},
		{"a bad name", []string{"match", "--resume", "../x"}, exitFail, "a name is"},
		{"started again", append(slices.Clone(args), "--save", "half"), exitUsage, `games played): resume it with: evochess match --resume half --data ` + data},
		{"saved again", append(slices.Clone(args), "--save", "done"), exitUsage, `tournament "done" exists already`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := runCLI(append(tt.args, "--data", data)...)
			if code != tt.code || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", code, stderr, tt.code, tt.want)
			}
		})
	}
	t.Run("open in another process", func(t *testing.T) {
		d, _ := saves.Open(data)
		j, err := d.ResumeTournament("half")
		if err != nil {
			t.Fatal(err)
		}
		defer j.Close()
		if code, _, stderr := runCLI("match", "--resume", "half", "--data", data); code != exitFail || !strings.Contains(stderr, "open in another evochess process") {
			t.Errorf("exit %d: %s", code, stderr)
		}
	})
}

// A real process interrupted (Ctrl-C) or killed (kill -9) in the middle of
// a match keeps the games it journaled; the match resumed comes to the
// result of one played straight.
func TestInterruptedMatchResumes(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGKILL} {
		t.Run(sig.String(), func(t *testing.T) {
			data := t.TempDir()
			args := append([]string{"match", "name=a", "name=b,chromosome=seed003", "--games", "40", "--concurrency", "2", "--data", data}, resumeCommon...)
			code, want, stderr := runCLI(append(args, "--save", "straight")...)
			if code != exitOK {
				t.Fatalf("straight: exit %d: %s", code, stderr)
			}
			cmd, errOut := startCLI(t, append(args, "--save", "r")...)
			journal := filepath.Join(data, saves.Tournaments, "r", "games.jsonl")
			deadline := time.Now().Add(60 * time.Second)
			for {
				if b, err := os.ReadFile(journal); err == nil && bytes.Count(b, []byte("\n")) >= 6 {
					break
				}
				if time.Now().After(deadline) {
					cmd.Process.Kill()
					t.Fatalf("no 6 games journaled in time: %s", errOut.String())
				}
				time.Sleep(2 * time.Millisecond)
			}
			cmd.Process.Signal(sig)
			err := cmd.Wait()
			if sig == syscall.SIGINT && (err != nil || !strings.Contains(errOut.String(), "resume with: evochess match --resume r")) {
				t.Fatalf("interrupted: %v: %s", err, errOut.String())
			}
			d, _ := saves.Open(data)
			j, err := d.ResumeTournament("r")
			if err != nil {
				t.Fatal(err)
			}
			before := len(j.Games)
			j.Close()
			if before < 6 || before >= 40 {
				t.Fatalf("%d games journaled", before)
			}
			code, got, stderr := runCLI("match", "--resume", "r", "--data", data)
			if code != exitOK || !strings.Contains(stderr, "games played before") {
				t.Fatalf("resume: exit %d: %s", code, stderr)
			}
			if a, b := reportOf(t, got), reportOf(t, want); a != b {
				t.Errorf("resumed after %d games:\n%s\nstraight:\n%s", before, a, b)
			}
		})
	}
}

// A saved match played by cluster workers resumes as a local one does:
// its coordinator comes back under the tournament's identity.
func TestDistributedMatchResumes(t *testing.T) {
	data, port := t.TempDir(), freePort(t)
	args := append([]string{"match", "name=a", "name=b,chromosome=seed003", "--games", "8", "--data", data}, resumeCommon...)
	code, want, stderr := runCLI(append(args, "--save", "local")...)
	if code != exitOK {
		t.Fatalf("local: exit %d: %s", code, stderr)
	}
	join := func() {
		go func() {
			if waitListen(port) == nil {
				startWorker(t, "nats://127.0.0.1:"+port, cluster.WorkerConfig{Slots: 2})
			}
		}()
	}
	join()
	stopAfter = 3
	code, _, stderr = runCLI(append(args, "--save", "r", "--concurrency", "0", "--cluster-listen", "127.0.0.1:"+port, "--cluster-ack-wait", "1s")...)
	stopAfter = 0
	if code != exitOK || !strings.Contains(stderr, "resume with: evochess match --resume r") {
		t.Fatalf("stopped: exit %d: %s", code, stderr)
	}
	join()
	code, got, stderr := runCLI("match", "--resume", "r", "--data", data)
	if code != exitOK {
		t.Fatalf("resume: exit %d: %s", code, stderr)
	}
	if a, b := reportOf(t, got), reportOf(t, want); a != b {
		t.Errorf("resumed on the cluster:\n%s\nlocal:\n%s", a, b)
	}
	// Under the same identity: the games the workers played before are
	// found (and not played again).
	if m := regexp.MustCompile(`the run has (\d+) results stored`).FindStringSubmatch(stderr); m == nil || m[1] == "0" {
		t.Errorf("the resumed coordinator found none of the games played before: %s", stderr)
	}
}

// A saved match records its SPRT's model and resumes with it: one saved
// by an earlier evochess (version 1 settings, no model) goes on testing
// games one by one, W-D-L; an unknown model is refused by name.
func TestMatchResumesWithItsSPRTModel(t *testing.T) {
	data := t.TempDir()
	args := append([]string{"match", "name=a", "name=b,chromosome=seed003", "--games", "100", "--sprt", "0,100,0.1,0.1",
		"--concurrency", "1", "--data", data, "--save", "r"}, resumeCommon...)
	stopAfter = 3
	code, _, stderr := runCLI(args...)
	stopAfter = 0
	if code != exitOK {
		t.Fatalf("stopped: exit %d: %s", code, stderr)
	}
	path := filepath.Join(data, saves.Tournaments, "r", "progress.json")
	var progress map[string]any
	if err := json.Unmarshal(mustRead(t, path), &progress); err != nil {
		t.Fatal(err)
	}
	content := progress["content"].(map[string]any)
	if progress["version"] != 2.0 || content["sprt_model"] != arena.Pentanomial {
		t.Fatalf("a new match saved as %v", progress)
	}
	write := func(version int, model any) {
		progress["version"], content["sprt_model"] = version, model
		if model == nil {
			delete(content, "sprt_model")
		}
		b, _ := json.Marshal(progress)
		if err := os.WriteFile(path, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(2, "binomial")
	if code, _, stderr := runCLI("match", "--resume", "r", "--data", data); code != exitUsage || !strings.Contains(stderr, `its saved SPRT model "binomial" is not pentanomial or trinomial`) {
		t.Errorf("an unknown model: exit %d: %s", code, stderr)
	}
	write(1, nil)
	code, out, stderr := runCLI("match", "--resume", "r", "--data", data)
	if code != exitOK {
		t.Fatalf("resume: exit %d: %s", code, stderr)
	}
	var rep arena.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	a := slices.IndexFunc(rep.Standings, func(s arena.Standing) bool { return s.Player == "a" })
	sp := arena.SPRT{Elo0: 0, Elo1: 100, Alpha: 0.1, Beta: 0.1}
	want := sp.Test(rep.Standings[a].W, rep.Standings[a].D, rep.Standings[a].L)
	if rep.SPRT == nil || rep.SPRT.Model != arena.Trinomial || rep.SPRT.LLR != want.LLR || rep.SPRT.Decision == "" {
		t.Errorf("resumed SPRT %+v, want the trinomial %+v", rep.SPRT, want)
	}
	if rep.Pairs == nil || 2*rep.Pairs.Pairs+rep.Pairs.Unpaired != rep.Games {
		t.Errorf("pairs %+v of %d games", rep.Pairs, rep.Games)
	}
}
