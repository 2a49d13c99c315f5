package core

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

// uciSession drives RunUCI through pipes. Its output is read all the
// time, whether or not a test waits for it, so the engine never blocks on
// writing while the test writes (both pipes are unbuffered).
type uciSession struct {
	t    *testing.T
	in   *io.PipeWriter
	out  chan string   // the engine's lines; closed at the end of its output
	done chan struct{} // closed when RunUCI returned
	err  error         // what it returned
}

func startUCI(t *testing.T) *uciSession {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &uciSession{t: t, in: inW, out: make(chan string, 1<<16), done: make(chan struct{})}
	go func() {
		s.err = RunUCI(context.Background(), inR, outW, DefaultUCIOptions())
		outW.Close()
		inR.CloseWithError(fmt.Errorf("the engine ended (%v)", s.err)) // fails a send instead of blocking it
		close(s.done)
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			s.out <- sc.Text()
		}
		close(s.out)
		io.Copy(io.Discard, outR)
	}()
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-s.done:
		case <-time.After(5 * time.Second):
			t.Error("engine did not stop at end of input")
		}
	})
	return s
}

// send writes lines, failing the test if the engine stops reading them
// for 10 seconds (its command loop is stuck).
func (s *uciSession) send(lines ...string) {
	s.t.Helper()
	for _, l := range lines {
		written := make(chan error, 1)
		go func() {
			_, err := io.WriteString(s.in, l+"\n")
			written <- err
		}()
		select {
		case err := <-written:
			if err != nil {
				s.t.Fatalf("sending %.40q: %v", l, err)
			}
		case <-time.After(10 * time.Second):
			s.t.Fatalf("the engine does not read %.40q", l)
		}
	}
}

// expect reads lines until one starts with prefix, returning it and the lines before.
func (s *uciSession) expect(prefix string) (string, []string) {
	s.t.Helper()
	var seen []string
	timeout := time.After(10 * time.Second)
	for {
		select {
		case l, ok := <-s.out:
			if !ok {
				s.t.Fatalf("no line starting with %q; got %q", prefix, seen)
			}
			if strings.HasPrefix(l, prefix) {
				return l, seen
			}
			seen = append(seen, l)
		case <-timeout:
			s.t.Fatalf("timed out waiting for %q; got %q", prefix, seen)
		}
	}
}

func TestUCIHandshakeAndSearch(t *testing.T) {
	s := startUCI(t)
	s.send("uci")
	_, opts := s.expect("uciok")
	joined := strings.Join(opts, "\n")
	for _, want := range []string{"id name evochess", "option name Hash", "option name Chromosome", "option name Search", "option name Move Overhead"} {
		if !strings.Contains(joined, want) {
			t.Errorf("uci output lacks %q", want)
		}
	}
	s.send("isready")
	s.expect("readyok")
	s.send("ucinewgame", "position startpos moves e2e4 e7e5", "go depth 6")
	line, infos := s.expect("bestmove")
	p := mustFEN(t, StartFEN)
	for _, m := range []string{"e2e4", "e7e5"} {
		mv, _ := p.ParseUCIMove(m)
		p.MakeMove(mv)
	}
	if _, err := p.ParseUCIMove(strings.Fields(line)[1]); err != nil {
		t.Errorf("illegal bestmove %q: %v", line, err)
	}
	if len(infos) == 0 || !strings.Contains(infos[len(infos)-1], "depth 6") || !strings.Contains(infos[len(infos)-1], " pv ") {
		t.Errorf("info lines %q", infos)
	}
}

func TestUCIMalformedInput(t *testing.T) {
	s := startUCI(t)
	bad := []struct{ line, want string }{
		{"position fen 8/8/8 w - - 0 1", "FEN field 1"},
		{"position startpos moves e2e5", `move 1: move "e2e5"`},
		{"position sideways", "not startpos or fen"},
		{"go depth x", "not a valid number"},
		{"go wobble 3", "unknown parameter"},
		{"setoption name Hash value lots", "not a number"},
		{"setoption name Chromosome value nosuch", "not a player name"},
		{"setoption name Search value fast", "not one of strong, plain, paper000, paper004"},
		{"frobnicate", "unknown command"},
	}
	for _, b := range bad {
		s.send(b.line)
		line, _ := s.expect("info string")
		if !strings.Contains(line, b.want) {
			t.Errorf("%q: got %q, want it to mention %q", b.line, line, b.want)
		}
	}
	// The failed position commands left the start position in place.
	s.send("go depth 1")
	line, _ := s.expect("bestmove")
	if _, err := NewPosition().ParseUCIMove(strings.Fields(line)[1]); err != nil {
		t.Errorf("bestmove %q not legal from the start position", line)
	}
}

func TestUCIStopAndMated(t *testing.T) {
	s := startUCI(t)
	s.send("position fen "+KiwipeteFEN, "go infinite")
	time.Sleep(50 * time.Millisecond)
	start, cpu := time.Now(), processCPU()
	s.send("stop")
	s.expect("bestmove")
	// The CPU spent from stop to bestmove is the search going on after
	// it; the wall time also holds the waits of a loaded machine (a busy
	// one stretched 5 ms of work to 300), so it has only a loose bound.
	if c, d := processCPU()-cpu, time.Since(start); c > 150*time.Millisecond || d > 3*time.Second {
		t.Errorf("stop answered after %v, %v of CPU", d, c)
	}
	s.send("position fen 6k1/5ppp/8/8/8/8/5PPP/r5K1 w - - 0 1", "go depth 3") // white is mated
	if line, _ := s.expect("bestmove"); line != "bestmove 0000" {
		t.Errorf("mated side: %q", line)
	}
	s.send("setoption name Search value plain", "setoption name Plain Quiescence value 3",
		"position startpos", "go depth 3")
	s.expect("bestmove")
	s.send("quit")
}

// Every spin option takes exactly the range "uci" announces: the bounds
// are accepted, one past them refused, and the starting values of
// UCIOptions are checked against the same table.
func TestUCISpinRangesAsAnnounced(t *testing.T) {
	s := startUCI(t)
	for _, o := range uciOptionTable {
		if o.kind != "spin" || o.name == "Hash" { // Hash's max would allocate 64 GB (capped, but slowly)
			continue
		}
		for _, tc := range []struct {
			n  int
			ok bool
		}{{o.min, true}, {o.max, true}, {o.min - 1, false}, {o.max + 1, false}} {
			s.send(fmt.Sprintf("setoption name %s value %d", o.name, tc.n))
			s.send("isready")
			line, _ := s.expect("")
			refused := strings.HasPrefix(line, "info string")
			if refused == tc.ok {
				t.Errorf("%s = %d: answer %q, accepted want %v", o.name, tc.n, line, tc.ok)
			}
			if refused {
				s.expect("readyok")
			}
		}
	}
	bad := DefaultUCIOptions()
	bad.PlainQuiescence = 17
	if err := bad.Check(); err == nil || !strings.Contains(err.Error(), "Plain Quiescence") {
		t.Errorf("Check of Plain Quiescence 17: %v", err)
	}
	if err := DefaultUCIOptions().Check(); err != nil {
		t.Errorf("the defaults fail their own check: %v", err)
	}
}

// The search options are in force: singular extensions change the node
// count of a fixed-depth search, "false" restores it, and a Chromosome
// set afterwards keeps them (the options win over its search genes).
func TestUCISearchOptions(t *testing.T) {
	s := startUCI(t)
	nodes := func() string { return s.searchNodes(9) }
	on := nodes() // singular extensions are on by default (set 4)
	s.send("setoption name SingularExtensions value false", "setoption name SingularDepth value 4")
	off := nodes()
	if on == off {
		t.Errorf("singular extensions off: %s nodes, as on", off)
	}
	s.send("setoption name Chromosome value full")
	if n := nodes(); n != off {
		t.Errorf("after setting the chromosome: %s nodes, before %s", n, off)
	}
	s.send("setoption name SingularExtensions value true", "setoption name SingularDepth value 8")
	if n := nodes(); n != on {
		t.Errorf("singular extensions on again: %s nodes, at first %s", n, on)
	}
	for _, bad := range []struct{ line, want string }{
		{"setoption name SingularExtensions value maybe", `option SingularExtensions: "maybe" is not true or false`},
		{"setoption name SingularDepth value 2", "option SingularDepth: \"2\" is not a number from 4 to 20"},
	} {
		s.send(bad.line)
		if line, _ := s.expect("info string"); !strings.HasSuffix(line, "info string "+bad.want) {
			t.Errorf("%q: %q, want it to say %q", bad.line, line, bad.want)
		}
	}
	s.send("uci")
	_, lines := s.expect("uciok")
	if !strings.Contains(strings.Join(lines, "\n"), "option name SingularExtensions type check default true") {
		t.Errorf("uci does not announce SingularExtensions: %q", lines)
	}
}

// Each switch of issue 26 is announced as a check option with the
// engine's default (on: TimeManager2, EvalTerms2 of full's set 3, and
// MobilityArea and KingRing of its set 10),
// and is in force once set: on, fixed-depth searches visit other nodes
// (TimeManager2, TimeFrontload and TimeNodes excepted: they act on
// clocks only), off again the same.
// Kiwipete to depth 8 and a bench position with en-passant captures in
// reach: CutNodeFirstMove and DeltaEnPassant change nothing in the first.
func TestUCISearchSwitches(t *testing.T) {
	s := startUCI(t)
	s.send("uci")
	_, lines := s.expect("uciok")
	announced := strings.Join(lines, "\n")
	// Issue 12's evaluation (set 1), with which the positions were chosen
	// to reach each switch (the en-passant delta pruning, say).
	s.send("setoption name Chromosome value presets/full-1.chromosome.json")
	const epFEN = "r1bbk1nr/pp3p1p/2n5/1N4p1/2Np1B2/8/PPP2PPP/2KR1B1R w kq - 0 1"
	nodes := func() string { return s.searchNodes(8) + "/" + s.searchNodesFEN(epFEN, 8) }
	off := nodes()
	for _, sw := range searchSwitchTable[1:] {
		// Announced as the engine starts: full's sets 3 and 10
		// (EvalTerms2, MobilityArea, KingRing on) with the program's
		// defaults (TimeManager2 on).
		def := sw.uci == "TimeManager2" || sw.uci == "EvalTerms2" || sw.uci == "QuiescenceTT" ||
			sw.uci == "MobilityArea" || sw.uci == "KingRing"
		if !strings.Contains(announced, fmt.Sprintf("option name %s type check default %v", sw.uci, def)) {
			t.Errorf("uci does not announce %s default %v", sw.uci, def)
		}
		flip, back := "true", "false"
		if sw.uci == "QuiescenceTT" { // on by default: turned off and on again
			flip, back = "false", "true"
		}
		base := off
		if sw.uci == "SingularPlus" {
			// Singular extensions act from depth 8: at depth 8 the
			// search has no node deep enough for their degrees.
			s.send("setoption name SingularDepth value 4")
			base = nodes()
		}
		s.send("setoption name " + sw.uci + " value " + flip)
		if on := nodes(); (on == base) != (sw.uci == "TimeManager2" || sw.uci == "TimeFrontload" || sw.uci == "TimeNodes") {
			t.Errorf("%s %s: %s nodes, as it was %s", sw.uci, flip, on, base)
		}
		s.send("setoption name " + sw.uci + " value " + back)
		if n := nodes(); n != base {
			t.Errorf("%s %s again: %s nodes, at first %s", sw.uci, back, n, base)
		}
		s.send("setoption name SingularDepth value 8")
	}
}

// searchNodes searches Kiwipete to depth in a new game and returns the
// node count of the last report.
func (s *uciSession) searchNodes(depth int) string {
	s.t.Helper()
	return s.searchNodesFEN(KiwipeteFEN, depth)
}

// searchNodesFEN is searchNodes for the position fen.
func (s *uciSession) searchNodesFEN(fen string, depth int) string {
	s.t.Helper()
	s.send("ucinewgame", "position fen "+fen, fmt.Sprintf("go depth %d", depth))
	_, infos := s.expect("bestmove")
	f := strings.Fields(infos[len(infos)-1])
	for i := range f[:len(f)-1] {
		if f[i] == "nodes" {
			return f[i+1]
		}
	}
	s.t.Fatalf("no nodes in %q", infos[len(infos)-1])
	return ""
}
