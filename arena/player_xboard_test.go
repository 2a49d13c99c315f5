package arena

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/evochess/evochess/core"
)

// fakeXboard builds the scripted xboard engine once per test binary.
func fakeXboard(t *testing.T) string { return buildFake(t, "fakexboard") }

// xboardFake is a player on the fake engine in mode, logging what it is
// sent; quick timeouts keep failing cases short.
func xboardFake(t *testing.T, args ...string) (*XboardPlayer, string) {
	t.Helper()
	log := filepath.Join(t.TempDir(), "commands.log")
	x := NewXboardPlayer("fake", fakeXboard(t), append(args, "-log", log), [][2]string{{"Noise", "3"}})
	x.FeatureTimeout = 300 * time.Millisecond
	x.HandshakeTimeout = 3 * time.Second
	x.MoveTimeout = 2 * time.Second
	t.Cleanup(func() { x.Close() })
	return x, log
}

func readLog(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(b)), "\n")
}

func hasLine(lines []string, prefix string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			return true
		}
	}
	return false
}

// TestXboardHandshakeAndGame: the handshake accepts the known features and
// rejects the rest, moves go as "usermove" in force mode, and a game ends
// by the rules with the engine's thinking in the record.
func TestXboardHandshakeAndGame(t *testing.T) {
	x, log := xboardFake(t, "-mode", "good")
	for _, start := range []string{"", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"} {
		res := PlayGame(context.Background(), x, builtin(t, "evochess"), GameOptions{StartFEN: start, TC: TimeControl{Depth: 1}, MaxMoves: 4}, nil)
		if res.Reason != ReasonMaxMoves || len(res.Moves) != 8 { // (full mates the fake in 10 plies from the second start)
			t.Fatalf("start %q: %v %q (%s) after %d plies", start, res.Outcome, res.Reason, res.Detail, len(res.Moves))
		}
		if m := res.Moves[0]; m.Score != 25 || m.Depth != 3 || m.Nodes != 1234 {
			t.Errorf("thinking not recorded: %+v", m)
		}
	}
	if got := x.EngineName(); got != "fakexboard 1.0" {
		t.Errorf("engine name %q", got)
	}
	x.Close()
	lines := readLog(t, log)
	for _, want := range []string{"xboard", "protover 2", "accepted usermove", "accepted setboard", "accepted ping",
		"rejected bogus", "accepted done", "option Noise=3", "new", "force", "sd 1", "st ", "post", "ping ",
		"usermove ", "setboard rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "go", "quit"} {
		if !hasLine(lines, want) {
			t.Errorf("the engine was never sent %q", want)
		}
	}
	for _, l := range lines {
		if len(l) == 4 && l[1] >= '1' && l[1] <= '8' {
			t.Errorf("bare move %q sent to a usermove=1 engine", l)
		}
	}
	// One game is set up once: its later moves send only what is new.
	news := 0
	for _, l := range lines {
		if l == "new" {
			news++
		}
	}
	if news != 2 {
		t.Errorf("%d new commands for 2 games", news)
	}
}

// TestXboardFaults: each fault loses the game for the engine with the
// reason a UCI engine's would get, and the player plays the next game.
func TestXboardFaults(t *testing.T) {
	tests := []struct {
		mode, after string
		start       string
		reason      string
	}{
		{"crash", "2", "", ReasonCrashed},
		{"hang", "2", "", ReasonUnresponsive},
		{"illegal", "2", "", ReasonIllegalMove},
		{"reject", "2", "", ReasonIllegalMove},
		{"resign", "3", "", ReasonResigned},
		{"falseclaim", "2", "", ReasonFalseClaim},
		{"nosetboard", "1", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", ReasonCrashed},
	}
	for _, tc := range tests {
		t.Run(tc.mode, func(t *testing.T) {
			x, _ := xboardFake(t, "-mode", tc.mode, "-after", tc.after)
			res := PlayGame(context.Background(), x, builtin(t, "evochess"), GameOptions{StartFEN: tc.start, TC: TimeControl{Depth: 1}}, nil)
			if res.Reason != tc.reason || res.Outcome != core.BlackWins {
				t.Fatalf("got %v %q (%s), want black to win by %q", res.Outcome, res.Reason, res.Detail, tc.reason)
			}
			if tc.mode == "nosetboard" && !strings.Contains(res.Detail, "setboard") {
				t.Errorf("detail %q does not say why", res.Detail)
			}
			// The next game starts (a fresh process after a kill) and the
			// engine plays its first move again.
			res = PlayGame(context.Background(), builtin(t, "evochess"), x, GameOptions{TC: TimeControl{Depth: 1}, MaxMoves: 1}, nil)
			if res.Reason != ReasonMaxMoves {
				t.Fatalf("next game: %v %q (%s)", res.Outcome, res.Reason, res.Detail)
			}
		})
	}
}

// TestXboardVariants: protocol-1 engines (no features; "My move is:"),
// SAN both ways, a slow feature list, and a draw claim before a move.
func TestXboardVariants(t *testing.T) {
	for _, mode := range []string{"v1", "legacy", "san", "slowdone", "drawclaim"} {
		t.Run(mode, func(t *testing.T) {
			x, log := xboardFake(t, "-mode", mode)
			res := PlayGame(context.Background(), builtin(t, "evochess"), x, GameOptions{TC: TimeControl{Depth: 1}, MaxMoves: 8}, nil)
			if res.Reason != ReasonMaxMoves {
				t.Fatalf("%v %q (%s) after %d plies", res.Outcome, res.Reason, res.Detail, len(res.Moves))
			}
			lines := readLog(t, log)
			if mode == "san" && !hasLine(lines, "Nc3") && !hasLine(lines, "Nf3") && !hasLine(lines, "e4") && !hasLine(lines, "d4") {
				t.Errorf("no SAN move sent: %q", lines)
			}
		})
	}
}

// TestXboardTimeControls: a clock is a level plus time and otim in
// centiseconds; a time per move is st; nodes without nps=1 is refused.
func TestXboardTimeControls(t *testing.T) {
	x, log := xboardFake(t, "-mode", "good")
	quick := [2]*TimeControl{nil, {Depth: 1}} // the built-in opponent moves at once
	res := PlayGame(context.Background(), x, builtin(t, "evochess"), GameOptions{TC: TimeControl{Depth: 2}, MaxMoves: 1}, nil)
	if res.Reason != ReasonMaxMoves {
		t.Fatalf("depth game: %q (%s)", res.Reason, res.Detail)
	}
	res = PlayGame(context.Background(), x, builtin(t, "evochess"), GameOptions{TC: TimeControl{Base: 65 * time.Second, Inc: 100 * time.Millisecond}, TCs: quick, MaxMoves: 2}, nil)
	if res.Reason != ReasonMaxMoves {
		t.Fatalf("clock game: %q (%s)", res.Reason, res.Detail)
	}
	res = PlayGame(context.Background(), x, builtin(t, "evochess"), GameOptions{TC: TimeControl{MoveTime: 1500 * time.Millisecond}, TCs: quick, MaxMoves: 1}, nil)
	if res.Reason != ReasonMaxMoves {
		t.Fatalf("movetime game: %q (%s)", res.Reason, res.Detail)
	}
	lines := readLog(t, log)
	for _, want := range []string{"sd 2", "level 0 1:05 0.1", "time 6500", "otim ", "st 2"} {
		if !hasLine(lines, want) {
			t.Errorf("the engine was never sent %q", want)
		}
	}
	// Engines keep sd across new: the clock game after the depth game
	// needed a fresh process; the movetime game after it did not.
	if n := strings.Count(strings.Join(lines, "\n"), "protover 2"); n != 2 {
		t.Errorf("%d engine starts, want 2", n)
	}
	res = PlayGame(context.Background(), x, builtin(t, "evochess"), GameOptions{TC: TimeControl{Nodes: 1000}, MaxMoves: 1}, nil)
	if res.Reason != ReasonCrashed || !strings.Contains(res.Detail, "nps") {
		t.Errorf("nodes without nps: %q (%s)", res.Reason, res.Detail)
	}
}

// TestXboardTimeForfeit: the referee's clock applies to xboard engines.
func TestXboardTimeForfeit(t *testing.T) {
	x, _ := xboardFake(t, "-mode", "hang", "-after", "1")
	x.Margin = 50 * time.Millisecond
	res := PlayGame(context.Background(), x, builtin(t, "b"), GameOptions{TC: TimeControl{Base: 200 * time.Millisecond}, Margin: 50 * time.Millisecond}, nil)
	if res.Reason != ReasonTimeForfeit || res.Outcome != core.BlackWins {
		t.Errorf("got %v %q", res.Outcome, res.Reason)
	}
}

// TestXboardCloseDuringPlay: Close from another goroutine ends a Play
// and the player does not start again.
func TestXboardCloseDuringPlay(t *testing.T) {
	x, _ := xboardFake(t, "-mode", "hang", "-after", "1")
	if err := x.NewGame(context.Background()); err != nil {
		t.Fatal(err)
	}
	closeDuringPlay(t, x)
}

// TestDetectProtocol: the handshake tells UCI from xboard engines, a
// spec with engine= plays either, and uci= on an xboard engine fails at
// once with a hint instead of waiting for a uciok.
func TestDetectProtocol(t *testing.T) {
	uci, xb := fakeEngine(t), fakeXboard(t)
	ctx := context.Background()
	for _, tc := range []struct {
		path string
		args []string
		want Protocol
	}{
		{uci, nil, ProtoUCI},
		{xb, []string{"-mode", "good"}, ProtoXboard},
		{xb, []string{"-mode", "v1"}, ProtoXboard},
	} {
		got, err := DetectProtocol(ctx, tc.path, tc.args, 5*time.Second)
		if err != nil || got != tc.want {
			t.Errorf("%s %v: %q %v, want %q", filepath.Base(tc.path), tc.args, got, err, tc.want)
		}
	}
	if _, err := DetectProtocol(ctx, "/nonexistent/engine", nil, time.Second); err == nil {
		t.Error("a missing engine was detected")
	}
	for _, spec := range []string{"name=u,engine=" + uci, "name=x,engine=" + xb + ",args=-mode good", "name=x2,xboard=" + xb + ",args=-mode san"} {
		ps := mustSpec(t, spec)
		pl, err := ps.New()
		if err != nil {
			t.Fatal(err)
		}
		res := PlayGame(ctx, builtin(t, "evochess"), pl, GameOptions{TC: TimeControl{Depth: 1}, MaxMoves: 3}, nil)
		pl.Close()
		if res.Reason != ReasonMaxMoves {
			t.Errorf("%s: %q (%s)", spec, res.Reason, res.Detail)
		}
		if a, ok := pl.(*AutoPlayer); ok && a.Protocol() == "" {
			t.Errorf("%s: no protocol after a game", spec)
		}
	}
	u := NewUCIPlayer("x", xb, []string{"-mode", "good"}, nil)
	defer u.Close()
	t0 := time.Now()
	err := u.NewGame(ctx)
	if err == nil || !strings.Contains(err.Error(), "xboard") || time.Since(t0) > 5*time.Second {
		t.Errorf("uci= on an xboard engine: %v after %v", err, time.Since(t0))
	}
}

func TestXboardSpecs(t *testing.T) {
	for spec, want := range map[string]Protocol{
		"uci=/e":                 ProtoUCI,
		"xboard=/e":              ProtoXboard,
		"engine=/e":              ProtoAuto,
		"engine=/e,proto=xboard": ProtoXboard,
		"engine=/e,proto=cecp":   ProtoXboard,
		"xboard=/e,proto=xboard": ProtoXboard,
	} {
		ps, err := ParsePlayerSpec(spec, nil)
		if err != nil || ps.Proto != want || ps.Engine != "/e" || ps.Name != "e" {
			t.Errorf("%s: %+v %v, want protocol %q", spec, ps, err, want)
		}
	}
	for _, bad := range []string{"uci=/e,proto=xboard", "uci=/e,xboard=/f", "proto=uci", "engine=/e,proto=telnet", "xboard=/e,chromosome=full"} {
		if _, err := ParsePlayerSpec(bad, nil); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

func TestXboardParsing(t *testing.T) {
	got := parseFeatures(`myname="Phalanx XXV" analyze=1 option="Randomizer (0-50) -slider 0 0 50" junk ping=1 broken="unclosed`)
	want := []featurePair{{"myname", "Phalanx XXV"}, {"analyze", "1"}, {"option", "Randomizer (0-50) -slider 0 0 50"}, {"ping", "1"}, {"broken", "unclosed"}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("features %q, want %q", got, want)
	}
	for _, s := range []string{"", "=", "==", `a="`, `="x"`, "a=1 =2 b"} {
		parseFeatures(s) // must not panic
	}
	for line, want := range map[string]string{"move e2e4": "e2e4", "My move is: Nf3": "Nf3", "My move is : e7e8q": "e7e8q", "move": "", "moves e2e4": ""} {
		if got, _ := engineMove(line); got != want {
			t.Errorf("engineMove(%q) = %q, want %q", line, got, want)
		}
	}
	for line, want := range map[string]string{"Illegal move: e2e4": "e2e4", "Illegal move (in check): Nf3": "Nf3", "Illegal move: usermove e2e4": "e2e4", "Illegal move": ""} {
		if got, ok := rejectedMove(line); !ok || got != want {
			t.Errorf("rejectedMove(%q) = %q, want %q", line, got, want)
		}
	}
	var r MoveReply
	if !parseThinking("9. 100003 120 56789 e2e4 e7e5", &r) || r.Depth != 9 || core.MateIn(r.Score) != 3 || r.Nodes != 56789 {
		t.Errorf("thinking: %+v (mate in %d)", r, core.MateIn(r.Score))
	}
	if !parseThinking("4 -100002 10 5 e2e4", &r) || core.MateIn(r.Score) != -2 {
		t.Errorf("mated: %+v (mate in %d)", r, core.MateIn(r.Score))
	}
	if !parseThinking("4 31999 10 5 e2e4", &r) || core.MateIn(r.Score) != 0 {
		t.Errorf("a huge non-CECP score became a mate: %+v", r)
	}
	for _, junk := range []string{"1 2 3", "x 1 2 3", "0 1 2 3", "3 a 1 1", "-1 2 3 4"} {
		if parseThinking(junk, &r) {
			t.Errorf("%q read as thinking", junk)
		}
	}
	for _, tc := range []struct {
		mtg       int
		base, inc time.Duration
		want      string
	}{
		{0, 5 * time.Minute, 0, "level 0 5 0"},
		{40, 90 * time.Second, 2 * time.Second, "level 40 1:30 2"},
		{0, 200 * time.Millisecond, 100 * time.Millisecond, "level 0 0:01 0.1"},
	} {
		if got := xboardLevel(tc.mtg, tc.base, tc.inc); got != tc.want {
			t.Errorf("level %q, want %q", got, tc.want)
		}
	}
	if !xboardAnswer("Illegal move: uci") || !xboardAnswer("Error (unknown command): uci") || xboardAnswer("info string Error: uci") || xboardAnswer("Error loading net") {
		t.Error("xboardAnswer misjudges")
	}
}
