package cluster

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/evochess/evochess/arena"
)

// resolvedAllow is an --engine of the fake engine (the test binary as
// evochess's UCI engine: Hash, the search's spins, the combo
// Search, the check SingularExtensions and the string Chromosome), read
// as a worker reads it at its start.
func resolvedAllow(t *testing.T, engine, rest string) (*engineAllow, error) {
	t.Helper()
	a, err := parseAllow(engine + rest)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return &a, a.resolve(ctx)
}

// An --engine names what a job may set: nothing when it names nothing,
// a value, a spin's range, any value the engine takes (checked against
// its own option lines), and with * every playing setting but never a
// string or an option of files, logs, debugging, books or tablebases.
func TestEngineAllowList(t *testing.T) {
	engine := fakeEngine(t, "fakeuci")
	type opt = [2]string
	tests := []struct {
		allow string
		args  []string
		opts  []opt
		want  string // "" allowed, else in the reason
	}{
		{"", nil, nil, ""},
		{"", nil, []opt{{"Hash", "16"}}, `option "Hash"="16" is not allowed by this worker's --engine`},
		{"", []string{"-x"}, nil, `arguments ["-x"] are not this worker's []`},
		{",args=-x -y", []string{"-x", "-y"}, nil, ""},
		{",args=-x -y", []string{"-x"}, nil, "are not this worker's"},
		{",option.Hash=16", nil, []opt{{"Hash", "16"}}, ""},
		{",option.Hash=16", nil, []opt{{"hash", "16"}}, ""}, // UCI names: case aside
		{",option.Hash=16", nil, []opt{{"Hash", "32"}}, "not allowed"},
		{",option.Hash=1..64", nil, []opt{{"Hash", "64"}}, ""},
		{",option.Hash=1..64", nil, []opt{{"Hash", "65"}}, "not allowed"},
		{",option.Hash=1..64", nil, []opt{{"Hash", "1e3"}}, "takes an integer"},
		{",option.Move Overhead=30,option.Hash=1..64", nil, []opt{{"Move Overhead", "30"}, {"Hash", "8"}}, ""},
		{",option.Move Overhead=30,option.Hash=1..64", nil, []opt{{"Move Overhead", "30"}, {"Hash", "8"}, {"Move Overhead", "0"}}, "not allowed"},
		{",option.Move Overhead=*", nil, []opt{{"Move Overhead", "5000"}}, ""},
		{",option.Move Overhead=*", nil, []opt{{"Move Overhead", "5001"}}, "takes an integer from 0 to 5000"},
		{",option.*=*", nil, []opt{{"Move Overhead", "100"}, {"Search", "plain"}, {"SingularExtensions", "true"}}, ""},
		{",option.*=*", nil, []opt{{"Search", "wild"}}, "is one of strong, plain"},
		{",option.*=*", nil, []opt{{"Hash", "64"}}, "not allowed"}, // a pattern leaves Hash out
		{",option.*=*", nil, []opt{{"Chromosome", "/etc/passwd"}}, "are set only at a value the worker's --engine names"},
		{",option.*=*", nil, []opt{{"No Such", "1"}}, "has no option of that name"},
		{",option.Move*=0..100", nil, []opt{{"Move Overhead", "100"}}, ""},
		{",option.Move*=0..100", nil, []opt{{"Move Overhead", "101"}}, "not allowed"},
		{",option.Chromosome=full", nil, []opt{{"Chromosome", "full"}}, ""},
		{",option.Chromosome=full", nil, []opt{{"Chromosome", "seed000"}}, "are set only at a value"},
	}
	for _, tc := range tests {
		a, err := resolvedAllow(t, engine, tc.allow)
		if err != nil {
			t.Fatalf("--engine ...%s: %v", tc.allow, err)
		}
		p := playerMsg{Name: "p", Engine: "/elsewhere/fakeuci", Proto: arena.ProtoAuto, Args: tc.args, Options: tc.opts, HashMB: 16}
		path, proto, err := engineAllows{a}.player(&p)
		switch {
		case tc.want == "" && (err != nil || path != engine || proto != arena.ProtoUCI): // as the worker found it
			t.Errorf("%s %q %q: %q %q %v, want it allowed", tc.allow, tc.args, tc.opts, path, proto, err)
		case tc.want != "" && (err == nil || !errors.Is(err, errNotAllowed) || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s %q %q: %v, want %q", tc.allow, tc.args, tc.opts, err, tc.want)
		}
	}
	// uci= says the protocol, whatever the job's; so does the protocol the
	// worker found when it was not said: the options were checked as UCI
	// options, and a job cannot have them sent as xboard ones.
	for _, given := range []string{"uci=", ""} {
		a, err := resolvedAllow(t, given+engine, ",option.Move Overhead=*")
		if err != nil {
			t.Fatal(err)
		}
		p := playerMsg{Name: "p", Engine: "fakeuci", Proto: arena.ProtoXboard, Options: [][2]string{{"Move Overhead", "1"}}, HashMB: 16}
		if _, proto, err := (engineAllows{a}).player(&p); err != nil || proto != arena.ProtoUCI {
			t.Errorf("--engine %s%s, a job saying xboard: %q %v", given, engine, proto, err)
		}
	}
}

// What a worker is given is checked when it starts, against the engine's
// own options: a worker that would allow what is not there, or allow a
// string or a log at any value, does not start, and says why.
func TestEngineAllowListCheckedAtStart(t *testing.T) {
	engine := fakeEngine(t, "fakeuci")
	for _, tc := range []struct{ allow, want string }{
		{",option.Nope=1", "option.Nope=1: the engine has no option of that name"},
		{",option.Chromosome=*", "Chromosome is a string: allow it at values named one by one"},
		{",option.Search=1..3", "a range is for a spin; Search is a combo"},
		{",option.Hash=99999999999", "Hash takes an integer from 1 to"},
		{",option.Hash=1..x", "range \"1..x\""},
		{",option.Zz*=*", "matches no playing setting"},
		{",option.Move*=3", "a name with * takes * or a range"},
		{",option.Clear Hash=1", "Clear Hash is a button"},
		{",hash=16", `unknown key "hash"`},
		{",option.Hash", "want key=value"},
	} {
		if _, err := resolvedAllow(t, engine, tc.allow); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.allow, err, tc.want)
		}
	}
	if _, err := os.Stat("/bin/cat"); err == nil {
		_, err := resolvedAllow(t, "/bin/cat", "")
		if err == nil || !strings.Contains(err.Error(), "/bin/cat: not a chess engine: it repeats what it is sent") {
			t.Errorf("/bin/cat: %v", err)
		}
	}
	// And Serve says so before connecting to anything.
	err := Serve(context.Background(), WorkerConfig{Client: ClientConfig{URL: "nats://127.0.0.1:1"}, Slots: 1, Engines: []string{engine + ",option.Nope=1"}})
	if err == nil || !strings.Contains(err.Error(), "no option of that name") {
		t.Errorf("Serve: %v", err)
	}
}

// Issue 25, defect 2: a job whose engine player sets an option that makes
// the engine write a file (stockfish's Debug Log File; glaurung's Search
// Log Filename with Use Search Log, whose default file lands in the
// worker's directory) is given back by a worker whatever its --engine
// allows short of that value, saying why, and nothing is written. The
// same option at a value the worker names is played, and writes: the
// test can see a write.
func TestJobCannotMakeAWorkerEngineWriteFiles(t *testing.T) {
	for _, tc := range []struct {
		engine string
		allows []string
		opts   func(log string) string
		named  func(log string) string // an --engine allowing exactly that
	}{
		{"/usr/games/stockfish", []string{"", ",option.*=*", ",option.Threads=1,option.Hash=1..64,option.Skill Level=*"},
			func(log string) string { return "option.Debug Log File=" + log },
			func(log string) string { return ",option.Debug Log File=" + log }},
		{"/usr/games/glaurung", []string{"", ",option.*=*", ",option.Search Log Filename=/dev/null"},
			func(log string) string { return "option.Search Log Filename=" + log + ",option.Use Search Log=true" },
			func(log string) string { return ",option.Search Log Filename=" + log + ",option.Use Search Log=true" }},
		{"/usr/games/glaurung", []string{",option.*=*", ",option.Use Search Log=false"}, // its default file, in the worker's directory
			func(string) string { return "option.Use Search Log=true" },
			func(string) string { return ",option.Use Search Log=true" }},
	} {
		t.Run(filepath.Base(tc.engine)+" "+tc.opts("LOG"), func(t *testing.T) {
			if _, err := os.Stat(tc.engine); err != nil {
				t.Skipf("%s is not installed", tc.engine)
			}
			dir := t.TempDir()
			t.Chdir(dir) // the workers' engines start here: a default log file would land in it
			log := filepath.Join(dir, "written-by-a-job")
			// 2 000 nodes: at 500 glaurung answers "bestmove (none)" where its
			// first iterations need more (after 1.Nf3 Nc6 2.Nc3 e6 3.d4 d5
			// 4.e4 dxe4, say), and the game ends as an illegal move.
			ext := mustSpec(t, "name=ext,uci="+tc.engine+",nodes=2000,"+tc.opts(log))
			for _, allow := range tc.allows {
				tcl := newTestCluster(t, "")
				w := tcl.worker(WorkerConfig{Name: "careful", Engines: []string{tc.engine + allow}})
				tcl.waitSlots(1)
				stop := refusedGame(t, tcl, w, []arena.PlayerSpec{ext, testPlayers(t)[0]}, t.Name()+allow)
				if l := w.log.String(); !strings.Contains(l, "refused: options of files, logs, debugging, books or tablebases, and strings, are set only at a value the worker's --engine names") {
					t.Errorf("--engine %s%s: the worker's log says:\n%s", tc.engine, allow, l)
				}
				stop()
				if names := dirNames(t, dir); len(names) > 0 {
					t.Fatalf("--engine %s%s: a job had the engine write %q", tc.engine, allow, names)
				}
			}
			// Named by the worker, the option is the operator's choice.
			tcl := newTestCluster(t, "")
			tcl.worker(WorkerConfig{Name: "trusting", Engines: []string{tc.engine + tc.named(log)}})
			tcl.waitSlots(1)
			run, err := tcl.coord.Run(context.Background(), t.Name()+"named")
			if err != nil {
				t.Fatal(err)
			}
			defer run.Close()
			pool := arena.NewRemotePool([]arena.PlayerSpec{ext, testPlayers(t)[0]}, 0, run, nil)
			defer pool.Close()
			var res arena.GameResult
			pool.Run(context.Background(), []arena.GameJob{{White: 0, Black: 1, Options: arena.GameOptions{MaxMoves: 6}}},
				func(_ arena.GameJob, r arena.GameResult) bool { res = r; return false })
			if res.Reason != arena.ReasonMaxMoves {
				t.Fatalf("allowed by name: %s %q (%s)", res.Outcome, res.Reason, res.Detail)
			}
			if len(dirNames(t, dir)) == 0 {
				t.Errorf("the option the worker named wrote nothing: the test could not see a write")
			}
		})
	}
}

func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

// A job that names an engine by its path gets the engine of that path
// when the worker offers two of one file name (two stockfish builds, say):
// the file name picks only when the path is not one of the worker's.
func TestEngineAllowListPrefersThePathNamed(t *testing.T) {
	first, second := fakeEngine(t, "fakeuci"), fakeEngine(t, "fakeuci")
	var allows engineAllows
	for _, e := range []string{first, second + ",option.Hash=16"} {
		a, err := resolvedAllow(t, e, "")
		if err != nil {
			t.Fatal(err)
		}
		allows = append(allows, a)
	}
	for _, tc := range []struct {
		engine string
		opts   [][2]string
		want   string // the path run, or "" for a refusal
	}{
		{second, nil, second},
		{first, nil, first},
		{"/elsewhere/fakeuci", nil, first},
		{"/elsewhere/fakeuci", [][2]string{{"Hash", "16"}}, second},
		{first, [][2]string{{"Hash", "16"}}, ""}, // the path named does not allow it: no other build instead
	} {
		path, _, err := allows.player(&playerMsg{Name: "p", Engine: tc.engine, Proto: arena.ProtoAuto, Options: tc.opts, HashMB: 16})
		if path != tc.want || (tc.want == "") != (err != nil) {
			t.Errorf("job naming %s with %q: ran %q (%v), want %q", tc.engine, tc.opts, path, err, tc.want)
		}
	}
}

// A UCI engine slow to say anything (stockfish under load 23 answered uci
// after the 3 s in which protocol detection waits) was taken for an
// xboard engine, and a worker whose --engine allowed option.*=* of it
// did not start: "* needs the engine's option list". The worker asks it
// as a UCI engine, with a UCI handshake's time, before it decides.
func TestEngineAllowListOfASlowEngine(t *testing.T) {
	engine := fakeEngine(t, "fakeuci")
	t.Setenv(fakeUCIDelayEnv, (arena.DetectTimeout + time.Second).String())
	a, err := resolvedAllow(t, engine, ",option.Move Overhead=*")
	if err != nil {
		t.Fatalf("a slow UCI engine: %v", err)
	}
	p := playerMsg{Name: "p", Engine: "fakeuci", Proto: arena.ProtoXboard, Options: [][2]string{{"Move Overhead", "7"}}, HashMB: 16}
	if _, proto, err := (engineAllows{a}).player(&p); err != nil || proto != arena.ProtoUCI {
		t.Errorf("a slow UCI engine plays as %q (%v), want uci", proto, err)
	}
}

// A job both of whose players a worker refuses comes back with both
// reasons, and the coordinator hears them: the reasons joined by a
// newline were dropped as junk, and a run no worker could play waited
// without a word (tune-glaurung.sh's reproduce stage, workers allowing
// no option of glaurung).
func TestBothPlayersRefusedTheCoordinatorHears(t *testing.T) {
	const engine = "/usr/games/glaurung"
	if _, err := os.Stat(engine); err != nil {
		t.Skipf("%s is not installed", engine)
	}
	var players []arena.PlayerSpec
	for _, name := range []string{"a", "b"} {
		p := mustSpec(t, "name="+name+",uci="+engine+",nodes=500,option.Threads=1")
		players = append(players, p)
	}
	tcl := newTestCluster(t, "")
	w := tcl.worker(WorkerConfig{Name: "strict", Engines: []string{engine}})
	tcl.waitSlots(1)
	stop := refusedGame(t, tcl, w, players, t.Name())
	defer stop()
	if l := tcl.log.String(); !strings.Contains(l, `player a: option "Threads"`) || !strings.Contains(l, `; player b: option "Threads"`) {
		t.Errorf("the coordinator's log does not give both reasons on one line:\n%s", l)
	}
}

// refusedGame queues one game of players (white, black) on a run of
// tcl and waits until worker w has given it back and the coordinator
// has heard so; stop ends the run.
func refusedGame(t *testing.T, tcl *testCluster, w *testWorker, players []arena.PlayerSpec, name string) (stop func()) {
	t.Helper()
	run, err := tcl.coord.Run(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	pool := arena.NewRemotePool(players, 0, run, nil)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		pool.Run(ctx, []arena.GameJob{{White: 0, Black: 1, Options: arena.GameOptions{MaxMoves: 6}}}, nil)
	}()
	waitFor(t, "the worker's refusal", func() bool { return strings.Contains(w.log.String(), "gave job") })
	waitFor(t, "the coordinator to hear of it", func() bool { return strings.Contains(tcl.log.String(), "gave a job back") })
	return func() {
		cancel()
		<-done
		pool.Close()
		run.Close()
	}
}

func TestRefusalLine(t *testing.T) {
	long := strings.Repeat("é", maxDetail) // two bytes a rune: cut inside one
	for _, tc := range []struct{ in, want string }{
		{"player a: no\nplayer b: no", "player a: no; player b: no"},
		{"one\r\n\r\ntwo\n", "one; two"},
		{"bell\a and \x1b[2J", "bell? and ?[2J"},
		{"bad \xff byte", "bad ? byte"},
		{long, long[:maxDetail]},
		{"x" + long, "x" + long[:maxDetail-2]},
	} {
		got := refusalLine(tc.in)
		if got != tc.want || !printable(got) || len(got) > maxDetail {
			t.Errorf("refusalLine(%.40q) = %.40q (%d bytes), want %.40q", tc.in, got, len(got), tc.want)
		}
	}
}
