package main

import (
	"context"
	"io"
	"os"
	"os/signal"

	"github.com/evochess/evochess/core"
)

var uciSynopsis = "evochess uci [--hash MB] [--chromosome NAME|FILE] [--search " + searchModes + "]"

const uciAbout = `Speak the UCI protocol on standard input and output, so that chess GUIs
and tournament managers can run evochess as an engine. The flags set the
options' starting values; "setoption" changes them as usual.`

func runUCI(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("uci")
	opts := core.DefaultUCIOptions()
	fs.IntVar(&opts.HashMB, "hash", opts.HashMB, "transposition table size in `MB`")
	fs.StringVar(&opts.Chromosome, "chromosome", opts.Chromosome, "evaluation: a preset ("+presetList()+") or a chromosome file")
	mode := fs.String("search", "strong", "search `mode`: "+searchHelp)
	fs.IntVar(&opts.PlainQuiescence, "plain-quiescence", 0, "capture plies after the depth in plain mode (paper000 has none, paper004 its own)")
	if status, ok := parseFlags(fs, uciSynopsis, uciAbout, args, stdout, stderr); !ok {
		return status
	}
	if fs.NArg() > 0 {
		return usageError(stderr, "uci", "unexpected argument %q", fs.Arg(0))
	}
	m, err := parseSearchMode(*mode)
	if err != nil {
		return usageError(stderr, "uci", "%v", err)
	}
	opts.Mode = m
	if err := opts.Check(); err != nil {
		return usageError(stderr, "uci", "%v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := core.RunUCI(ctx, stdin, stdout, opts); err != nil && ctx.Err() == nil {
		return usageError(stderr, "uci", "%v", err)
	}
	return exitOK
}
