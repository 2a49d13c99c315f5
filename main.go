// Command evochess is the one binary of the project. Each subcommand only
// turns its flags into a call to a package that holds the logic, so that
// the logic stays testable without a process around it.
package main

import (
	"fmt"
	"io"
	"os"
	"text/tabwriter"

	"github.com/spf13/pflag"
)

// Exit statuses. 2 for a bad command line follows the flag package and the
// go tool, so scripts can tell "you called me wrong" from "it failed".
const (
	exitOK    = 0
	exitFail  = 1
	exitUsage = 2
)

// command is one subcommand. run gets the arguments after the subcommand's
// name and a reader and writers standing in for os.Stdin, os.Stdout and
// os.Stderr, so tests can call it in-process, and returns the exit status.
type command struct {
	name    string
	summary string // one line for the command list in help
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands lists the subcommands in the order help shows them. Adding one
// is a line here plus its cmd_<name>.go.
var commands = []command{
	{"arena", "open the terminal arena (what evochess alone does in a terminal)", runArena},
	{"serve", "serve the arena over SSH and seed 000's REST API over HTTP", runServe},
	{"evolve", "evolve a population with one of the four seed genetic algorithms, or tune with CMA-ES or SPSA", runEvolve},
	{"saves", "list, show, export, import and delete saved runs, players, tournaments and datasets", runSaves},
	{"tournament", "play a round-robin, selection, knockout or gauntlet tournament", runTournament},
	{"match", "play two players against each other, optionally until an SPRT decides", runMatch},
	{"selfplay", "play games and keep their quiet positions, labelled, as a dataset for --fitness positions", runSelfplay},
	{"relabel", "score a dataset's positions with a reference engine, as a new dataset", runRelabel},
	{"worker", "play games for coordinators on other machines (see --cluster)", runWorker},
	{"solve", "count the best-move test positions a player solves", runSolve},
	{"uci", "run as a UCI engine on standard input and output", runUCI},
	{"analyse", "search one position and print the best move, score and line", runAnalyse},
	{"bench", "search a fixed set of positions: node-count signature and speed", runBench},
	{"perft", "count the leaf nodes of the move tree, to check move generation and time it", runPerft},
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches to a subcommand and returns the process exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		if stdin == io.Reader(os.Stdin) && stdout == io.Writer(os.Stdout) && isTerminal(os.Stdin) && isTerminal(os.Stdout) {
			return runArena(nil, stdin, stdout, stderr)
		}
		printUsage(stdout)
		return exitOK
	}
	name, rest := args[0], args[1:]
	switch name {
	case "help", "-h", "--help":
		if len(rest) == 0 {
			printUsage(stdout)
			return exitOK
		}
		// "evochess help perft" means "evochess perft --help".
		if len(rest) > 1 {
			fmt.Fprintln(stderr, "evochess help: give at most one command name")
			return exitUsage
		}
		name, rest = rest[0], []string{"--help"}
	}
	for _, c := range commands {
		if c.name == name {
			return c.run(rest, stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "evochess: unknown command %q\n", name)
	fmt.Fprintln(stderr, "Run 'evochess help' for the list of commands.")
	return exitUsage
}

func printUsage(w io.Writer) {
	fmt.Fprint(w, `evochess evolves chess players with genetic algorithms, plays them in
tournaments and lets you play them in a terminal arena ("evochess" alone,
in a terminal, opens it).

Usage:
  evochess <command> [flags]

Commands:
`)
	tw := tabwriter.NewWriter(w, 0, 0, 3, ' ', 0)
	for _, c := range commands {
		fmt.Fprintf(tw, "  %s\t%s\n", c.name, c.summary)
	}
	tw.Flush()
	fmt.Fprint(w, "\nRun 'evochess <command> --help' for the flags of a command.\n")
}

// newFlagSet returns a flag set that prints nothing by itself: parseFlags
// decides where help (stdout) and errors (stderr, one line) go.
func newFlagSet(name string) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.SortFlags = false // show flags in the order they were defined
	return fs
}

// parseFlags parses a subcommand's flags. synopsis is the usage line after
// "Usage: ", about a paragraph for --help. When ok is false the command is
// over and status is its exit status: 0 after printing help, 2 after
// reporting a bad flag.
func parseFlags(fs *pflag.FlagSet, synopsis, about string, args []string, stdout, stderr io.Writer) (status int, ok bool) {
	err := fs.Parse(args)
	switch {
	case err == pflag.ErrHelp:
		fmt.Fprintf(stdout, "Usage: %s\n\n%s\n\nFlags:\n%s", synopsis, about, fs.FlagUsages())
		return exitOK, false
	case err != nil:
		return usageError(stderr, fs.Name(), "%v", err), false
	}
	return exitOK, true
}

// usageError reports a bad command line on one line of stderr and returns
// the matching exit status.
func usageError(stderr io.Writer, cmd, format string, args ...any) int {
	fmt.Fprintf(stderr, "evochess %s: %s\n", cmd, fmt.Sprintf(format, args...))
	return exitUsage
}
