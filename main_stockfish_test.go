package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/evochess/evochess/core"
)

// stockfishPath is where Debian's stockfish package installs the engine;
// .ci/run installs it, elsewhere the test skips.
const stockfishPath = "/usr/games/stockfish"

// TestPerftDivideMatchesStockfish compares the per-move counts of
// "evochess perft --divide" with Stockfish's "go perft" on positions full
// of castling, en-passant and promotion traps. A per-move comparison
// points at the faulty root move when the totals disagree.
func TestPerftDivideMatchesStockfish(t *testing.T) {
	if _, err := os.Stat(stockfishPath); err != nil {
		t.Skipf("no stockfish at %s (apt-get install stockfish): %v", stockfishPath, err)
	}
	if testing.Short() {
		t.Skip("starts an external engine")
	}
	positions := []struct {
		fen   string
		depth int
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4},
		{core.KiwipeteFEN, 3},
		{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4},
		{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3},
		{"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3},
		{"8/8/8/2k5/2pP4/8/B7/4K3 b - d3 0 3", 4},
	}
	sf := startStockfish(t)
	for _, p := range positions {
		want := sf.divide(t, p.fen, p.depth)
		code, stdout, stderr := runCLI("perft", "--json", "--divide", "--fen", p.fen, "--depth", strconv.Itoa(p.depth))
		if code != 0 {
			t.Fatalf("perft %q: exit %d: %s", p.fen, code, stderr)
		}
		got := decodeReport(t, stdout).Divide
		for m, n := range want {
			if got[m] != n {
				t.Errorf("%s depth %d: %s gives %d, stockfish %d", p.fen, p.depth, m, got[m], n)
			}
		}
		for m := range got {
			if _, ok := want[m]; !ok {
				t.Errorf("%s depth %d: %s is not a legal move for stockfish", p.fen, p.depth, m)
			}
		}
	}
}

type stockfish struct {
	in  io.Writer
	out *bufio.Scanner
}

func startStockfish(t *testing.T) *stockfish {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	cmd := exec.CommandContext(ctx, stockfishPath)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		fmt.Fprintln(in, "quit")
		in.Close()
		cmd.Wait()
		cancel()
	})
	return &stockfish{in: in, out: bufio.NewScanner(out)}
}

// divide runs Stockfish's perft, which prints "move: count" per root move
// and then "Nodes searched: total".
func (sf *stockfish) divide(t *testing.T, fen string, depth int) map[string]uint64 {
	t.Helper()
	fmt.Fprintf(sf.in, "position fen %s\ngo perft %d\n", fen, depth)
	counts := make(map[string]uint64)
	for sf.out.Scan() {
		line := sf.out.Text()
		if strings.HasPrefix(line, "Nodes searched:") {
			return counts
		}
		if m, n, ok := strings.Cut(line, ": "); ok {
			if c, err := strconv.ParseUint(n, 10, 64); err == nil {
				counts[m] = c
			}
		}
	}
	t.Fatalf("stockfish stopped before finishing perft of %q: %v", fen, sf.out.Err())
	return nil
}
