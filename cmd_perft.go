package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"time"

	"github.com/evochess/evochess/core"
)

// perftMaxDepth bounds --depth. Nothing deeper than this could finish, so a
// larger number is much more likely a typo than a wish.
const perftMaxDepth = 20

const perftSynopsis = "evochess perft [--fen FEN] --depth N [--divide] [--json]"

const perftAbout = `Count the leaf nodes of the tree of legal moves N plies deep. Known counts
for well-studied positions make this the standard check of a move
generator; the time taken measures its speed (single thread).`

// perftReport is the --json output: one object, so scripts can read it
// with a JSON parser instead of scraping text.
type perftReport struct {
	FEN     string  `json:"fen"`
	Depth   int     `json:"depth"`
	Nodes   uint64  `json:"nodes"`
	Seconds float64 `json:"seconds"`
	NPS     uint64  `json:"nps"`
	// Divide maps each root move (UCI) to its count. omitzero rather than
	// omitempty keeps an empty {} when --divide was asked in a position
	// without legal moves.
	Divide map[string]uint64 `json:"divide,omitzero"`
}

func runPerft(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("perft")
	fen := fs.String("fen", "", "count from the position `FEN` (default: the start position)")
	depthText := fs.String("depth", "", fmt.Sprintf("count `N` plies deep, 1 to %d (required)", perftMaxDepth))
	divide := fs.Bool("divide", false, "also give the count below each root move")
	asJSON := fs.Bool("json", false, "print one JSON object instead of text")
	if status, ok := parseFlags(fs, perftSynopsis, perftAbout, args, stdout, stderr); !ok {
		return status
	}
	if fs.NArg() > 0 {
		hint := ""
		if fs.Changed("fen") {
			hint = " (a FEN has spaces: quote it)"
		}
		return usageError(stderr, "perft", "unexpected argument %q%s", fs.Arg(0), hint)
	}
	if !fs.Changed("depth") {
		return usageError(stderr, "perft", "--depth is required (1 to %d)", perftMaxDepth)
	}
	// --depth is a string flag so that a bad value gets our one-line
	// message rather than pflag's strconv error.
	depth, err := strconv.Atoi(*depthText)
	if err != nil || depth < 1 || depth > perftMaxDepth {
		return usageError(stderr, "perft", "--depth %q is not a number from 1 to %d", *depthText, perftMaxDepth)
	}
	// An explicit --fen "" is an error from ParseFEN, not the start position.
	if !fs.Changed("fen") {
		*fen = core.StartFEN
	}
	pos, err := core.ParseFEN(*fen)
	if err != nil {
		return usageError(stderr, "perft", "%v", err)
	}

	rep := perftReport{FEN: *fen, Depth: depth}
	start := time.Now()
	if *divide {
		rep.Divide = make(map[string]uint64)
		for _, e := range pos.Divide(depth) {
			rep.Divide[e.Move.String()] = e.Nodes
			rep.Nodes += e.Nodes
		}
	} else {
		rep.Nodes = pos.Perft(depth)
	}
	elapsed := time.Since(start).Seconds()
	rep.Seconds = math.Round(elapsed*1e6) / 1e6
	if elapsed > 0 {
		rep.NPS = uint64(float64(rep.Nodes) / elapsed)
	}

	if *asJSON {
		err = json.NewEncoder(stdout).Encode(rep)
	} else {
		err = writePerftText(stdout, rep)
	}
	if err != nil {
		fmt.Fprintf(stderr, "evochess perft: %v\n", err)
		return exitFail
	}
	return exitOK
}

// writePerftText prints the divide lines sorted by move, so two runs or
// two engines can be compared with diff, then the totals.
func writePerftText(w io.Writer, rep perftReport) error {
	var err error
	printf := func(format string, args ...any) {
		if err == nil {
			_, err = fmt.Fprintf(w, format, args...)
		}
	}
	label := "nodes"
	if rep.Divide != nil {
		moves := make([]string, 0, len(rep.Divide))
		for m := range rep.Divide {
			moves = append(moves, m)
		}
		sort.Strings(moves)
		for _, m := range moves {
			printf("%s: %d\n", m, rep.Divide[m])
		}
		printf("\n")
		label = "total"
	}
	printf("%s: %d\n", label, rep.Nodes)
	printf("time:  %s\n", formatSeconds(rep.Seconds))
	printf("speed: %s\n", formatRate(rep.NPS))
	return err
}

func formatSeconds(s float64) string {
	switch {
	case s < 1e-3:
		return fmt.Sprintf("%.0f µs", s*1e6)
	case s < 1:
		return fmt.Sprintf("%.1f ms", s*1e3)
	}
	return fmt.Sprintf("%.2f s", s)
}

func formatRate(nps uint64) string {
	switch {
	case nps >= 1e6:
		return fmt.Sprintf("%.1f Mnodes/s", float64(nps)/1e6)
	case nps >= 1e3:
		return fmt.Sprintf("%.1f knodes/s", float64(nps)/1e3)
	}
	return fmt.Sprintf("%d nodes/s", nps)
}
