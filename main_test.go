package main

import (
	"bytes"
	"encoding/json"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/evochess/evochess/core"
)

// runCLI runs the command line in-process, the way main would, with
// nothing on standard input.
func runCLI(args ...string) (code int, stdout, stderr string) {
	return runCLIInput("", args...)
}

// runCLIInput is runCLI with stdin on standard input.
func runCLIInput(stdin string, args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestRun(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantStdout []string // substrings
		wantStderr []string // substrings; when set, stdout must be empty
		check      func(t *testing.T, stdout string)
	}{
		{name: "no arguments", args: nil, wantCode: 0, wantStdout: []string{"perft", "Usage:"}},
		{name: "help", args: []string{"help"}, wantCode: 0, wantStdout: []string{"perft"}},
		{name: "--help", args: []string{"--help"}, wantCode: 0, wantStdout: []string{"perft"}},
		{name: "-h", args: []string{"-h"}, wantCode: 0, wantStdout: []string{"perft"}},
		{name: "help perft", args: []string{"help", "perft"}, wantCode: 0, wantStdout: []string{"--depth", "--fen"}},
		{name: "perft --help", args: []string{"perft", "--help"}, wantCode: 0, wantStdout: []string{"Usage: evochess perft", "--divide", "--json"}},
		{name: "unknown command", args: []string{"frobnicate"}, wantCode: 2, wantStderr: []string{`unknown command "frobnicate"`, "evochess help"}},
		{name: "help unknown command", args: []string{"help", "frobnicate"}, wantCode: 2, wantStderr: []string{`unknown command "frobnicate"`}},

		{name: "perft json depth 3", args: []string{"perft", "--depth", "3", "--json"}, wantCode: 0,
			check: func(t *testing.T, stdout string) {
				rep := decodeReport(t, stdout)
				if rep.Nodes != 8902 || rep.Depth != 3 || rep.FEN != core.StartFEN {
					t.Errorf("got nodes %d depth %d fen %q, want 8902, 3, the start position", rep.Nodes, rep.Depth, rep.FEN)
				}
				if rep.Divide != nil {
					t.Errorf("divide present without --divide: %v", rep.Divide)
				}
			}},
		{name: "perft json divide", args: []string{"perft", "--depth=3", "--divide", "--json"}, wantCode: 0,
			check: func(t *testing.T, stdout string) {
				rep := decodeReport(t, stdout)
				var sum uint64
				for _, n := range rep.Divide {
					sum += n
				}
				if len(rep.Divide) != 20 || sum != rep.Nodes || rep.Nodes != 8902 {
					t.Errorf("divide has %d moves summing to %d, total %d; want 20 summing to 8902", len(rep.Divide), sum, rep.Nodes)
				}
			}},
		{name: "perft text divide", args: []string{"perft", "--depth", "3", "--divide"}, wantCode: 0,
			wantStdout: []string{"e2e4: 600\n", "total: 8902\n"},
			check:      checkTextDivide(20)},
		{name: "perft text", args: []string{"perft", "--depth", "4"}, wantCode: 0, wantStdout: []string{"nodes: 197281\n", "time:", "speed:"}},
		{name: "perft kiwipete", args: []string{"perft", "--fen", core.KiwipeteFEN, "--depth", "2", "--json"}, wantCode: 0,
			check: func(t *testing.T, stdout string) {
				if rep := decodeReport(t, stdout); rep.Nodes != 2039 || rep.FEN != core.KiwipeteFEN {
					t.Errorf("got %d nodes for %q, want 2039 for kiwipete", rep.Nodes, rep.FEN)
				}
			}},

		{name: "bad FEN names the field", args: []string{"perft", "--depth", "2", "--fen", "4k3/8/8/8/8/8/8/4K3 w - e9 0 1"},
			wantCode: 2, wantStderr: []string{"evochess perft: ", "FEN field 4 (en passant)", `"e9"`}},
		{name: "empty FEN", args: []string{"perft", "--depth", "2", "--fen", ""}, wantCode: 2, wantStderr: []string{"FEN"}},
		{name: "unquoted FEN", args: []string{"perft", "--depth", "2", "--fen", "4k3/8/8/8/8/8/8/4K3", "w", "-", "-"},
			wantCode: 2, wantStderr: []string{`unexpected argument "w"`, "quote"}},
		{name: "missing depth", args: []string{"perft"}, wantCode: 2, wantStderr: []string{"--depth is required"}},
		{name: "depth without value", args: []string{"perft", "--depth"}, wantCode: 2, wantStderr: []string{"--depth"}},
		{name: "depth 0", args: []string{"perft", "--depth", "0"}, wantCode: 2, wantStderr: []string{`--depth "0"`}},
		{name: "negative depth", args: []string{"perft", "--depth=-1"}, wantCode: 2, wantStderr: []string{`--depth "-1"`}},
		{name: "depth too deep", args: []string{"perft", "--depth", "21"}, wantCode: 2, wantStderr: []string{`--depth "21"`}},
		{name: "depth not a number", args: []string{"perft", "--depth", "three"}, wantCode: 2, wantStderr: []string{`--depth "three"`}},
		{name: "extra argument", args: []string{"perft", "--depth", "1", "extra"}, wantCode: 2, wantStderr: []string{`unexpected argument "extra"`}},
		{name: "unknown flag", args: []string{"perft", "--depth", "1", "--fast"}, wantCode: 2, wantStderr: []string{"--fast"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(tt.args...)
			if code != tt.wantCode {
				t.Errorf("exit status %d, want %d (stderr %q)", code, tt.wantCode, stderr)
			}
			for _, s := range tt.wantStdout {
				if !strings.Contains(stdout, s) {
					t.Errorf("stdout lacks %q:\n%s", s, stdout)
				}
			}
			if tt.wantStderr != nil {
				// Errors are for people and scripts alike: nothing on
				// stdout, and the reason on stderr.
				if stdout != "" {
					t.Errorf("stdout not empty on error: %q", stdout)
				}
				for _, s := range tt.wantStderr {
					if !strings.Contains(stderr, s) {
						t.Errorf("stderr lacks %q: %q", s, stderr)
					}
				}
			} else if stderr != "" {
				t.Errorf("unexpected stderr: %q", stderr)
			}
			if strings.HasPrefix(stderr, "evochess perft:") && strings.Count(stderr, "\n") != 1 {
				t.Errorf("perft error is not one line: %q", stderr)
			}
			if tt.check != nil {
				tt.check(t, stdout)
			}
		})
	}
}

// decodeReport requires stdout to be exactly one JSON object.
func decodeReport(t *testing.T, stdout string) perftReport {
	t.Helper()
	var rep perftReport
	dec := json.NewDecoder(strings.NewReader(stdout))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rep); err != nil {
		t.Fatalf("stdout is not a perft JSON object: %v\n%s", err, stdout)
	}
	if dec.More() {
		t.Fatalf("stdout has more than one JSON value:\n%s", stdout)
	}
	return rep
}

var divideLine = regexp.MustCompile(`^([a-h][1-8][a-h][1-8][nbrq]?): (\d+)$`)

// checkTextDivide checks the text divide output: wantMoves lines "move: n"
// whose counts add up to the total line.
func checkTextDivide(wantMoves int) func(t *testing.T, stdout string) {
	return func(t *testing.T, stdout string) {
		var moves int
		var sum, total uint64
		for _, line := range strings.Split(stdout, "\n") {
			if m := divideLine.FindStringSubmatch(line); m != nil {
				n, _ := strconv.ParseUint(m[2], 10, 64)
				moves++
				sum += n
			} else if s, ok := strings.CutPrefix(line, "total: "); ok {
				total, _ = strconv.ParseUint(s, 10, 64)
			}
		}
		if moves != wantMoves || sum != total {
			t.Errorf("%d move lines summing to %d, total %d; want %d lines summing to the total", moves, sum, total, wantMoves)
		}
	}
}

func TestTournamentAndMatchCommands(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"tournament", "--player", "name=a,depth=1", "--player", "name=b,chromosome=seed003,depth=1",
		"--tc", "depth=1", "--max-moves", "30", "--json", "--concurrency", "2"}, nil, &out, &errb)
	if code != 0 {
		t.Fatalf("tournament exit %d: %s", code, errb.String())
	}
	var rep struct {
		Games     int `json:"games"`
		Standings []struct {
			Points float64 `json:"points"`
		} `json:"standings"`
	}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil || rep.Games != 2 || len(rep.Standings) != 2 ||
		rep.Standings[0].Points+rep.Standings[1].Points != 2 {
		t.Fatalf("summary %+v (%v): %s", rep, err, out.String())
	}
	for _, bad := range [][]string{
		{"tournament", "--player", "name=a"},
		{"tournament", "--player", "name=a", "--player", "name=a"},
		{"tournament", "--player", "name=a", "--player", "name=b,chromosome=nosuch"},
		{"tournament", "--format", "swiss", "--player", "name=a", "--player", "name=b"},
		{"tournament", "--tc", "10+x", "--player", "name=a", "--player", "name=b"},
		{"match", "name=a"},
		{"match", "name=a", "name=b", "--sprt", "5,0"},
	} {
		out.Reset()
		errb.Reset()
		if code := run(bad, nil, &out, &errb); code != 2 || out.Len() != 0 || strings.Count(errb.String(), "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", bad, code, out.String(), errb.String())
		}
	}
}

// /dev/null is a character device but no terminal: with it as stdin and
// stdout, "evochess" prints usage instead of starting the arena.
func TestDevNullIsNoTerminal(t *testing.T) {
	f, err := os.Open(os.DevNull)
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	if isTerminal(f) {
		t.Errorf("%s counted as a terminal", os.DevNull)
	}
}

// Commands read standard input from what run is given: uci its commands.
func TestUCIReadsStandardInput(t *testing.T) {
	tests := []struct {
		stdin string
		want  []string // in order
	}{
		{"uci\nisready\nquit\n", []string{"id name", "uciok", "readyok"}},
		{"position startpos moves e2e4\ngo depth 1\n", []string{"info depth 1", "bestmove "}}, // the input ends; the search still answers
		{"", nil},
	}
	for _, tc := range tests {
		code, stdout, stderr := runCLIInput(tc.stdin, "uci")
		if code != 0 {
			t.Errorf("%q: exit %d: %s", tc.stdin, code, stderr)
		}
		rest := stdout
		for _, w := range tc.want {
			i := strings.Index(rest, w)
			if i < 0 {
				t.Errorf("%q: no %q in order in %q", tc.stdin, w, stdout)
				break
			}
			rest = rest[i+len(w):]
		}
		if tc.want == nil && stdout != "" {
			t.Errorf("no input, yet %q", stdout)
		}
	}
}
