package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strings"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/ga"
)

const solveSynopsis = "evochess solve --player SPEC [--suite wac,sts] [--tc nodes=N|depth=N] [--json]"

const solveAbout = `Search every position of best-move suites (EPD bm/am) with a built-in
player and count the solved ones: the problems fitness of seed 004, and a
before/after check of what a run evolved. Built-in suites: wac, ecm, sts, bk;
or EPD files; comma-separated.`

func runSolve(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("solve")
	spec := fs.String("player", "chromosome=full", "a built-in player `SPEC` (chromosome=… or population=FILE#best)")
	suites := fs.String("suite", "wac", "suites, comma-separated")
	tcText := fs.String("tc", "nodes=20000", "budget per position: depth=N, nodes=N or movetime=MS")
	workers := fs.Int("workers", runtime.NumCPU(), "positions searched at once")
	asJSON := fs.Bool("json", false, "print a JSON summary")
	if status, ok := parseFlags(fs, solveSynopsis, solveAbout, args, stdout, stderr); !ok {
		return status
	}
	if fs.NArg() > 0 {
		return usageError(stderr, "solve", "unexpected argument %q", fs.Arg(0))
	}
	ps, err := arena.ParsePlayerSpec(*spec, &dataFlag{}) // population=RUN#… of the default data directory
	if err != nil {
		return usageError(stderr, "solve", "%v", err)
	}
	if ps.External() {
		return usageError(stderr, "solve", "--player must be a built-in engine")
	}
	w, err := ps.Weights()
	if err != nil {
		return usageError(stderr, "solve", "%v", err)
	}
	tc, err := arena.ParseTimeControl(*tcText)
	if err != nil || tc.Base > 0 {
		return usageError(stderr, "solve", "--tc %q: want depth=N, nodes=N or movetime=MS", *tcText)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	type suiteResult struct {
		Suite  string `json:"suite"`
		Solved int    `json:"solved"`
		Total  int    `json:"total"`
	}
	var results []suiteResult
	for _, name := range strings.Split(*suites, ",") {
		recs, err := ga.LoadSuite(strings.TrimSpace(name))
		if err != nil {
			return usageError(stderr, "solve", "%v", err)
		}
		ok, err := ga.SolveSuite(ctx, max(*workers, 1), w, recs, tc.Limits(), ps.Mode, ps.PlainQuiescence)
		if err != nil {
			fmt.Fprintf(stderr, "solve: %v\n", err)
			return exitFail
		}
		n := 0
		for _, s := range ok {
			if s {
				n++
			}
		}
		results = append(results, suiteResult{name, n, len(recs)})
		if !*asJSON {
			fmt.Fprintf(stdout, "%-6s %4d / %4d solved  (%s, %s)\n", name, n, len(recs), ps.Name, *tcText)
		}
	}
	if *asJSON {
		json.NewEncoder(stdout).Encode(map[string]any{"player": ps.Name, "tc": *tcText, "suites": results})
	}
	return exitOK
}
