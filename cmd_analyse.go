package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/evochess/evochess/core"
)

var analyseSynopsis = "evochess analyse --fen FEN [--depth N | --movetime MS] [--chromosome NAME|FILE] [--search " + searchModes + "] [--json]"

const analyseAbout = `Search one position and print the best move, its score and the principal
variation (in SAN), with a line per completed depth.`

type analyseReport struct {
	FEN      string   `json:"fen"`
	BestMove string   `json:"bestmove"`
	SAN      string   `json:"san"`
	Score    int      `json:"score_cp"`
	Mate     int      `json:"mate,omitempty"`
	Depth    int      `json:"depth"`
	Nodes    uint64   `json:"nodes"`
	Seconds  float64  `json:"seconds"`
	PV       []string `json:"pv"`
}

func runAnalyse(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("analyse")
	fen := fs.String("fen", core.StartFEN, "the position to analyse")
	depth := fs.Int("depth", 0, "search `N` plies deep")
	movetime := fs.Int("movetime", 0, "search for `MS` milliseconds (default 1000 when no --depth)")
	chromosome := fs.String("chromosome", "full", "evaluation: a preset ("+presetList()+") or a chromosome file")
	mode := fs.String("search", "strong", "search `mode`: "+searchHelp)
	hash := fs.Int("hash", 64, "transposition table size in `MB`")
	asJSON := fs.Bool("json", false, "print one JSON object instead of text")
	if status, ok := parseFlags(fs, analyseSynopsis, analyseAbout, args, stdout, stderr); !ok {
		return status
	}
	if fs.NArg() > 0 {
		return usageError(stderr, "analyse", "unexpected argument %q (quote the FEN)", fs.Arg(0))
	}
	if *depth < 0 || *depth > 100 || *movetime < 0 {
		return usageError(stderr, "analyse", "--depth must be 0 to 100 and --movetime not negative")
	}
	if *depth > 0 && *movetime > 0 {
		return usageError(stderr, "analyse", "give --depth or --movetime, not both")
	}
	p, err := core.ParseFEN(*fen)
	if err != nil {
		return usageError(stderr, "analyse", "%v", err)
	}
	m, err := parseSearchMode(*mode)
	if err != nil {
		return usageError(stderr, "analyse", "%v", err)
	}
	w, err := core.LoadWeights(*chromosome)
	if err != nil {
		return usageError(stderr, "analyse", "%v", err)
	}
	lim := core.Limits{Depth: *depth, MoveTime: time.Duration(*movetime) * time.Millisecond}
	if *depth == 0 && *movetime == 0 {
		lim.MoveTime = time.Second
	}
	s := core.NewSearcher(w, *hash)
	s.Mode = m
	if !*asJSON {
		s.OnInfo = func(in core.Info) {
			fmt.Fprintf(stdout, "depth %2d  score %-9s nodes %9d  %6.2fs  %s\n", in.Depth, core.ScoreText(in.Score), in.Nodes,
				in.Time.Seconds(), core.SANLine(p, in.PV, 0))
		}
	}
	res := s.Search(context.Background(), p, lim)
	if res.Move == core.NullMove {
		st := p.Status()
		return usageError(stderr, "analyse", "no legal move: the game is over (%s)", st.Reason)
	}
	if *asJSON {
		uci := make([]string, len(res.PV))
		for i, mv := range res.PV {
			uci[i] = mv.String()
		}
		json.NewEncoder(stdout).Encode(analyseReport{FEN: p.FEN(), BestMove: res.Move.String(), SAN: p.SAN(res.Move),
			Score: res.Score, Mate: core.MateIn(res.Score), Depth: res.Depth, Nodes: res.Nodes, Seconds: res.Time.Seconds(), PV: uci})
		return exitOK
	}
	fmt.Fprintf(stdout, "bestmove %s (%s)  score %s  depth %d  nodes %d  %.2fs\npv %s\n", p.SAN(res.Move), res.Move,
		core.ScoreText(res.Score), res.Depth, res.Nodes, res.Time.Seconds(), core.SANLine(p, res.PV, 0))
	return exitOK
}
