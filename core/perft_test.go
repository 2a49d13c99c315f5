package core

import (
	"bufio"
	"flag"
	"os"
	"strconv"
	"strings"
	"testing"
)

var perftFull = flag.Bool("perft.full", false, "run the whole perft suite to every listed depth")

type perftCase struct {
	fen    string
	counts map[int]uint64
}

// perftSuiteAndChildren calls check on every position of the perft suite
// and on every position one legal move on.
func perftSuiteAndChildren(t testing.TB, check func(*Position)) {
	t.Helper()
	for _, c := range loadPerftSuite(t) {
		p := mustFEN(t, c.fen)
		check(p)
		for _, m := range p.LegalMoves() {
			p.MakeMove(m)
			check(p)
			p.UnmakeMove()
		}
	}
}

func loadPerftSuite(t testing.TB) []perftCase {
	t.Helper()
	f, err := os.Open("testdata/perft.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []perftCase
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		parts := strings.Split(sc.Text(), ";")
		if strings.TrimSpace(parts[0]) == "" {
			continue
		}
		c := perftCase{fen: strings.TrimSpace(parts[0]), counts: map[int]uint64{}}
		for _, d := range parts[1:] {
			fs := strings.Fields(d)
			if len(fs) != 2 || !strings.HasPrefix(fs[0], "D") {
				t.Fatalf("perft.epd line %d: bad depth field %q", line, d)
			}
			depth, err1 := strconv.Atoi(fs[0][1:])
			n, err2 := strconv.ParseUint(fs[1], 10, 64)
			if err1 != nil || err2 != nil {
				t.Fatalf("perft.epd line %d: bad depth field %q", line, d)
			}
			c.counts[depth] = n
		}
		cases = append(cases, c)
	}
	return cases
}

// TestPerftSuite runs every position of the verified suite to each depth
// whose count is at most a budget (the whole suite with -perft.full).
func TestPerftSuite(t *testing.T) {
	budget := uint64(200_000_000)
	if testing.Short() {
		budget = 100_000
	}
	if *perftFull {
		budget = 1 << 62
	}
	for i, c := range loadPerftSuite(t) {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		for depth := 1; depth <= 8; depth++ {
			want, ok := c.counts[depth]
			if !ok || (want > budget && depth > 1) {
				continue
			}
			if got := p.Perft(depth); got != want {
				t.Errorf("%s depth %d: got %d, want %d", c.fen, depth, got, want)
			}
		}
		if p.FEN() != mustFEN(t, c.fen).FEN() || p.Ply() != 0 {
			t.Errorf("%s: perft did not restore the position", c.fen)
		}
	}
}

func mustFEN(t testing.TB, fen string) *Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
