package ga

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/evochess/evochess/arena"
)

var (
	fastchess      = flag.String("ga.fastchess", "", "fastchess `PATH`: measure an engine tuning's games/s against fastchess playing the same games (slow; needs glaurung and a quiet machine)")
	fastchessNodes = flag.Int("ga.fastchess-nodes", 5000, "nodes a move for -ga.fastchess")
	fastchessPairs = flag.Int("ga.fastchess-pairs", 20, "openings (colour-swapped game pairs) for -ga.fastchess")
)

// TestEngineThroughputAgainstFastchess times one fitness evaluation of an
// engine tuning (SPSA's pair θ ± c·δ of glaurung playing its colour-swapped
// game pairs, at fixed nodes, on 2 workers) and fastchess playing the same
// two settings of glaurung from the same openings at the same nodes with
// concurrency 2, alternately, best of three each. Required: ≥ 0.9× its
// games/s. The games' results are compared too: at fixed nodes the two
// play the same games.
//
//	go test ./ga -run EngineThroughput -ga.fastchess /path/to/fastchess -v
func TestEngineThroughputAgainstFastchess(t *testing.T) {
	if *fastchess == "" {
		t.Skip("needs -ga.fastchess PATH")
	}
	tu := glaurungTuning(t, "Space,Aggressiveness,Cowardice")
	s := engineSettings(SPSA, tu)
	s.Population, s.Generations, s.GamesPerPairing, s.Workers = 2, 1, 2**fastchessPairs, 2
	s.TC, s.MaxMoves, s.Seed = fmt.Sprintf("nodes=%d", *fastchessNodes), 1000, 7
	dir := t.TempDir()
	// cpu is the CPU seconds of this process and of its children that
	// have ended (our engines).
	cpu := func() (self, children float64) {
		var ru syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru)
		return processCPU(), float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
	}
	var manager [2][]float64   // CPU a game: ours, fastchess with its engines
	var engineCPU [1][]float64 // our engines'
	ours := func() (float64, [3]int, []arena.GameResult) {
		self0, child0 := cpu()
		r, err := NewRun(s, nil)
		if err != nil {
			t.Fatal(err)
		}
		sub := r.Bus().Subscribe()
		got := make(chan []arena.GameResult)
		go func() {
			var res []arena.GameResult
			for {
				e, ok := sub.Next(context.Background())
				if !ok {
					got <- res
					return
				}
				if f, ok := e.(arena.GameFinished); ok {
					res = append(res, f.Result)
				}
			}
		}()
		start := time.Now()
		if err := r.Execute(context.Background()); err != nil {
			t.Fatal(err)
		}
		elapsed := time.Since(start)
		sub.Close()
		res := <-got
		self1, child1 := cpu()
		manager[0] = append(manager[0], (self1-self0)/float64(len(res)))
		engineCPU[0] = append(engineCPU[0], (child1-child0)/float64(len(res)))
		var wdl [3]int // θ+'s (the pair's first, fastchess's first engine)
		plus := fmt.Sprintf("g%d", r.Population[0].ID)
		for _, g := range res {
			p := g.Score()
			if g.Black == plus {
				p = 1 - p
			}
			wdl[int(2-2*p)]++
		}
		return float64(len(res)) / elapsed.Seconds(), wdl, res
	}
	_, wdl0, res := ours()
	// The pair's two settings and openings, for fastchess.
	r, _ := NewRun(s, nil)
	r.evaluateHook = func(context.Context, []*Genome) error { return nil }
	if err := r.Execute(context.Background()); err != nil {
		t.Fatal(err)
	}
	var engines []string
	for i, g := range r.Population[:2] {
		ps, err := r.PlayerOf(g)
		if err != nil {
			t.Fatal(err)
		}
		engines = append(engines, "-engine", "cmd="+ps.Engine, fmt.Sprintf("name=g%d", g.ID))
		for _, o := range ps.Options {
			engines = append(engines, "option."+o[0]+"="+o[1])
		}
		t.Logf("player %d: %v", i, ps.Options)
	}
	var epd strings.Builder
	seen := map[string]bool{}
	for _, g := range res {
		if !seen[g.StartFEN] {
			seen[g.StartFEN] = true
			f := strings.Fields(g.StartFEN)
			fmt.Fprintf(&epd, "%s\n", strings.Join(f[:4], " "))
		}
	}
	book := filepath.Join(dir, "openings.epd")
	if err := os.WriteFile(book, []byte(epd.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	theirs := func() (float64, [3]int) {
		args := append(engines, "-each", "proto=uci", "tc=inf", fmt.Sprintf("nodes=%d", *fastchessNodes),
			"-openings", "file="+book, "format=epd", "order=sequential", "-rounds", fmt.Sprint(len(seen)), "-games", "2", "-repeat",
			"-concurrency", "2", "-maxmoves", "2000")
		cmd := exec.Command(*fastchess, args...)
		cmd.Dir = dir
		start := time.Now()
		out, err := cmd.CombinedOutput()
		elapsed := time.Since(start)
		if err != nil {
			t.Fatalf("fastchess: %v\n%s", err, out)
		}
		// fastchess's time with its engines' (wait4 counts the children
		// it has reaped).
		own := (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds()
		m := regexp.MustCompile(`Games: (\d+), Wins: (\d+), Losses: (\d+), Draws: (\d+)`).FindAllStringSubmatch(string(out), -1)
		if m == nil {
			t.Fatalf("no result in fastchess's output:\n%s", out)
		}
		last := m[len(m)-1]
		var n, w, l, d int
		fmt.Sscan(last[1], &n)
		fmt.Sscan(last[2], &w)
		fmt.Sscan(last[3], &l)
		fmt.Sscan(last[4], &d)
		manager[1] = append(manager[1], own/float64(n))
		return float64(n) / elapsed.Seconds(), [3]int{w, d, l}
	}
	bestOurs, bestTheirs := 0.0, 0.0
	var wdlTheirs [3]int
	for rep := 0; rep < 3; rep++ {
		g, w, _ := ours()
		if w != wdl0 {
			t.Fatalf("our evaluation is not reproducible: %v then %v", wdl0, w)
		}
		bestOurs = max(bestOurs, g)
		g, wdlTheirs = theirs()
		bestTheirs = max(bestTheirs, g)
	}
	plies := 0
	for _, g := range res {
		plies += len(g.Moves)
	}
	t.Logf("%d games at nodes=%d, %.1f plies a game on average; θ+ W/D/L ours %v, fastchess %v", len(res), *fastchessNodes, float64(plies)/float64(len(res)), wdl0, wdlTheirs)
	median := func(v []float64) float64 { v = slices.Clone(v); slices.Sort(v); return v[len(v)/2] }
	t.Logf("CPU a game (median): evochess %.1f ms and its engines %.1f ms, %.1f ms in all; fastchess with its engines %.1f ms",
		1000*median(manager[0][1:]), 1000*median(engineCPU[0][1:]), 1000*(median(manager[0][1:])+median(engineCPU[0][1:])), 1000*median(manager[1]))
	t.Logf("evochess fitness evaluation %.2f games/s, fastchess %.2f games/s: %.2f×", bestOurs, bestTheirs, bestOurs/bestTheirs)
	if bestOurs < 0.9*bestTheirs {
		t.Errorf("evaluation reaches %.2f× fastchess's games/s, want ≥ 0.9×", bestOurs/bestTheirs)
	}
}
