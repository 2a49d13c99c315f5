package core

import (
	"strings"
	"testing"
	"time"
)

// The command loop keeps answering while a perft runs and after hostile
// input: each case sends its lines, then the probe, which must be answered
// within a second, after an info string saying what happened (if any).
func TestUCIStaysResponsive(t *testing.T) {
	long := "position startpos moves " + strings.Repeat("e2e4 ", 2<<20) // 10 MB
	cases := []struct {
		name  string
		send  []string
		wait  time.Duration // before the probe, so a perft is under way
		said  string        // an info string before the reply must say this
		probe string
		reply string
	}{
		{"stop ends a perft", []string{"go perft 7", "stop"}, 100 * time.Millisecond, "perft 7 stopped", "isready", "readyok"},
		{"isready during a perft", []string{"go perft 7"}, 100 * time.Millisecond, "", "isready", "readyok"},
		{"a new search after a stopped perft", []string{"go perft 7", "stop"}, 100 * time.Millisecond, "perft 7 stopped", "go depth 1", "bestmove"},
		{"a 10 MB line", []string{long}, 0, "too long", "isready", "readyok"},
		{"a search after a 10 MB line", []string{long, "position startpos moves e2e4"}, 0, "too long", "go depth 1", "bestmove"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := startUCI(t)
			s.send(c.send[0])
			time.Sleep(c.wait)
			s.send(c.send[1:]...)
			start := time.Now()
			s.send(c.probe)
			_, before := s.expect(c.reply)
			if d := time.Since(start); d > time.Second {
				t.Errorf("%q answered after %v", c.probe, d)
			}
			if c.said != "" && !strings.Contains(strings.Join(before, "\n"), c.said) {
				t.Errorf("before %q: %q, want an info string saying %q", c.reply, before, c.said)
			}
		})
	}
}

func TestUCIQuitDuringPerft(t *testing.T) {
	s := startUCI(t)
	s.send("position fen "+KiwipeteFEN, "go perft 6")
	time.Sleep(100 * time.Millisecond)
	s.send("quit")
	select {
	case <-s.done:
		if s.err != nil {
			t.Errorf("quit: %v", s.err)
		}
	case <-time.After(time.Second):
		t.Fatal("quit during perft did not end the engine within a second")
	}
}

// Hash at the advertised maximum is capped to what the machine can spare
// (here a pretend machine with 600 MB to spare), and said so.
func TestUCIHashCapped(t *testing.T) {
	defer func(f func() uint64) { spareMemory = f }(spareMemory)
	spareMemory = func() uint64 { return 600 << 20 }
	s := startUCI(t)
	s.send("setoption name Hash value 65536")
	line, _ := s.expect("info string")
	if !strings.Contains(line, "Hash capped to 300 MB") {
		t.Errorf("got %q, want the cap to 300 MB", line)
	}
	s.send("uci")
	if _, before := s.expect("uciok"); !strings.Contains(strings.Join(before, "\n"), "Hash capped to 300 MB") {
		t.Errorf("uci does not repeat the cap: %q", before)
	}
	s.send("position startpos", "go depth 2")
	s.expect("bestmove")
}

func TestCapHashMB(t *testing.T) {
	defer func(f func() uint64) { spareMemory = f }(spareMemory)
	cases := []struct {
		spare  uint64 // bytes; 0: unknown
		mb     int
		capped int
	}{
		{0, 16, 16},
		{0, 0, 1},
		{0, 65536, hashFallbackMB},
		{600 << 20, 65536, 300},
		{100 << 20, 65536, hashFreeMB}, // small tables are never refused
		{100 << 20, 64, 64},
		{64 << 30, 4096, 4096},
		{64 << 30, 65536, 32 << 10},
	}
	for _, c := range cases {
		spareMemory = func() uint64 { return c.spare }
		if got := CapHashMB(c.mb); got != c.capped {
			t.Errorf("spare %d MB, Hash %d: capped to %d, want %d", c.spare>>20, c.mb, got, c.capped)
		}
	}
}

// With the machine's own figure, the advertised maximum is capped
// wherever less than 128 GB is spare (or the figure is unknown).
func TestCapHashMBThisMachine(t *testing.T) {
	spare := systemSpareMemory()
	if spare >= 128<<30 {
		t.Skipf("%d GB to spare", spare>>30)
	}
	if got := CapHashMB(65536); got >= 65536 || uint64(got)<<20 > max(spare, hashFallbackMB<<20) {
		t.Errorf("Hash 65536 capped to %d MB with %d MB to spare", got, spare>>20)
	}
}
