package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime/pprof"

	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/saves"
)

const benchSynopsis = "evochess bench [--depth N] [--chromosome NAME|FILE] [--option NAME=VALUE]... [--json] [--cpuprofile FILE]"

const benchAbout = `Search a fixed set of positions to a fixed depth, one thread, and print the
total node count and the speed. The node count is a signature of the
search: it changes only when search or evaluation behaviour changes.
--option sets a search option of "evochess uci" (SingularExtensions=true),
over the chromosome's search genes. --cpuprofile writes a CPU profile of
the searches (start-up left out) for "go tool pprof".`

type benchReport struct {
	Nodes   uint64  `json:"nodes"`
	Seconds float64 `json:"seconds"`
	NPS     uint64  `json:"nps"`
}

func runBench(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("bench")
	depth := fs.Int("depth", 11, "search each position `N` plies deep (1 to 30)")
	chromosome := fs.String("chromosome", "full", "evaluation: a preset ("+presetList()+") or a chromosome file")
	asJSON := fs.Bool("json", false, "print one JSON object instead of text")
	optionFlags := fs.StringArray("option", nil, "a search option `NAME=VALUE`, as UCI setoption (repeatable)")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the searches to `FILE`")
	if status, ok := parseFlags(fs, benchSynopsis, benchAbout, args, stdout, stderr); !ok {
		return status
	}
	if fs.NArg() > 0 {
		return usageError(stderr, "bench", "unexpected argument %q", fs.Arg(0))
	}
	if *depth < 1 || *depth > 30 {
		return usageError(stderr, "bench", "--depth %d is not from 1 to 30", *depth)
	}
	w, err := core.LoadWeights(*chromosome)
	if err != nil {
		return usageError(stderr, "bench", "%v", err)
	}
	if len(*optionFlags) > 0 {
		opts, err := parseOptions(*optionFlags)
		if err != nil {
			return usageError(stderr, "bench", "%v", err)
		}
		p := w.SearchParams()
		if err := p.SetAll(opts); err != nil {
			return usageError(stderr, "bench", "--option: %v", err)
		}
		w.Search = &p
	}
	var profile bytes.Buffer
	if *cpuProfile != "" {
		if err := pprof.StartCPUProfile(&profile); err != nil {
			return usageError(stderr, "bench", "--cpuprofile: %v", err)
		}
	}
	res := core.Bench(context.Background(), w, *depth)
	if *cpuProfile != "" {
		pprof.StopCPUProfile()
		if err := saves.WriteFileAtomic(*cpuProfile, profile.Bytes()); err != nil {
			fmt.Fprintf(stderr, "evochess bench: --cpuprofile: %v\n", err)
			return exitFail
		}
	}
	if *asJSON {
		json.NewEncoder(stdout).Encode(benchReport{Nodes: res.Nodes, Seconds: res.Time.Seconds(), NPS: res.NPS()})
		return exitOK
	}
	fmt.Fprintf(stdout, "positions: %d\ndepth:     %d\nnodes:     %d\ntime:      %.3f s\nnps:       %d\n",
		res.Positions, *depth, res.Nodes, res.Time.Seconds(), res.NPS())
	return exitOK
}
