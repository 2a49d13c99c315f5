package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/evochess/evochess/saves"
)

const savesSynopsis = "evochess saves list|show NAME|export NAME --to FILE|import FILE [--name NAME]|delete NAME [--yes]|keep RUN#SEL --as NAME"

const savesAbout = `Manage the data directory: saved runs (evolve --save), named players,
tournaments (tournament --save) and datasets of labelled positions. NAME
may be KIND/NAME (run/x, player/x, tournament/x, dataset/x) when it is
ambiguous.
  list            everything saved, one line each
  show NAME       a run's settings and history, a player, a tournament's standings,
                  a dataset's description (JSON)
  export NAME     a player (or a run's best, with --to X.chromosome.json) as a chromosome
                  file that "evochess uci --chromosome FILE" loads (an engine player, or
                  an engine run's best with --to X.txt, as NAME, VALUE option lines);
                  a run as its run file;
                  a tournament as its PGN; a dataset as EPD (FEN c9 "1-0"; ce N;)
  import FILE     a run or player file into the library; a FILE.epd of labelled
                  positions (FEN c9 "1-0"; or FEN [1.0], as quiet-labeled.epd) as a
                  dataset named after the file, or --name NAME
  delete NAME     asks first, unless --yes
  keep RUN#SEL    store an individual of a run (best, gen0, N, id=N, center) as a named player
                  (of a run that tuned an engine: the engine with its options)`

func runSaves(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("saves")
	data := addDataFlag(fs, "")
	to := fs.String("to", "", "export: the `FILE` to write")
	name := fs.String("name", "", "import: the name to save under")
	as := fs.String("as", "", "keep: the player's `NAME`")
	yes := fs.Bool("yes", false, "delete without asking")
	search := fs.String("search", "strong", "keep: the player's search: "+searchHelp)
	tc := fs.String("tc", "", "keep: the player's own limit, e.g. nodes=20000")
	if status, ok := parseFlags(fs, savesSynopsis, savesAbout, args, stdout, stderr); !ok {
		return status
	}
	if fs.NArg() == 0 {
		return usageError(stderr, "saves", "give a subcommand: list, show, export, import, delete or keep")
	}
	d, err := data.open()
	if err != nil {
		return usageError(stderr, "saves", "%v", err)
	}
	sub, rest := fs.Arg(0), fs.Args()[1:]
	need := func(n int) bool { return len(rest) == n }
	fail := func(err error) int { fmt.Fprintf(stderr, "saves %s: %v\n", sub, err); return exitFail }
	switch sub {
	case "list":
		entries, err := d.List()
		if err != nil {
			return fail(err)
		}
		tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
		for _, e := range entries {
			what := e.Summary
			if e.Err != "" {
				what = "UNREADABLE: " + e.Err
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\n", e.Kind, e.Name, what)
		}
		tw.Flush()
		if len(entries) == 0 {
			fmt.Fprintf(stdout, "nothing saved in %s\n", d.Root)
		}
	case "show":
		if !need(1) {
			return usageError(stderr, "saves", "show needs one NAME")
		}
		kind, n, err := d.Resolve(rest[0])
		if err != nil {
			return fail(err)
		}
		var v any
		switch kind {
		case saves.Runs:
			v, err = d.LoadRun(n)
		case saves.Players:
			v, err = d.LoadPlayer(n)
		case saves.Datasets:
			v, err = d.DatasetInfo(n) // not millions of positions
		default:
			v, err = d.LoadTournament(n)
		}
		if err != nil {
			return fail(err)
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(v)
	case "export":
		if !need(1) || *to == "" {
			return usageError(stderr, "saves", "export needs one NAME and --to FILE")
		}
		kind, n, err := d.Resolve(rest[0])
		if err != nil {
			return fail(err)
		}
		if err := d.Export(kind, n, *to); err != nil {
			return fail(err)
		}
		fmt.Fprintf(stdout, "wrote %s\n", *to)
		if kind == saves.Players || kind == saves.Runs && saves.ChromosomePath(*to) {
			if opts, err := d.ChromosomeOptions(kind, n); err == nil && len(opts) > 0 {
				var spec strings.Builder
				for _, o := range opts {
					fmt.Fprintf(&spec, ",option.%s=%s", o[0], o[1])
				}
				fmt.Fprintf(stdout, "%s played with search options a chromosome file does not hold: play it as chromosome=%s%s (or setoption them in evochess uci)\n", n, *to, spec.String())
			}
		}
	case "import":
		if !need(1) {
			return usageError(stderr, "saves", "import needs one FILE")
		}
		kind, n, err := d.Import(rest[0], *name)
		if err != nil {
			return fail(err)
		}
		fmt.Fprintf(stdout, "imported %s as %s/%s\n", rest[0], strings.TrimSuffix(kind, "s"), n)
	case "delete":
		if !need(1) {
			return usageError(stderr, "saves", "delete needs one NAME")
		}
		kind, n, err := d.Resolve(rest[0])
		if err != nil {
			return fail(err)
		}
		if !*yes && !confirm(stdin, stdout, fmt.Sprintf("delete %s %q? [y/N] ", strings.TrimSuffix(kind, "s"), n)) {
			fmt.Fprintln(stdout, "kept")
			return exitOK
		}
		if err := d.Delete(kind, n); err != nil {
			return fail(err)
		}
		fmt.Fprintf(stdout, "deleted %s %q\n", strings.TrimSuffix(kind, "s"), n)
	case "keep":
		if !need(1) || *as == "" {
			return usageError(stderr, "saves", "keep needs RUN#SELECTOR and --as NAME")
		}
		if _, err := d.KeepIndividual(rest[0], *as, *search, *tc); err != nil {
			return fail(err)
		}
		fmt.Fprintf(stdout, "saved player %q (use player=%s in a SPEC)\n", *as, *as)
	default:
		return usageError(stderr, "saves", "unknown subcommand %q", sub)
	}
	return exitOK
}

// confirm asks question on w and reads the answer, a line of in.
func confirm(in io.Reader, w io.Writer, question string) bool {
	fmt.Fprint(w, question)
	line, _ := bufio.NewReader(in).ReadString('\n')
	a := strings.ToLower(strings.TrimSpace(line))
	return a == "y" || a == "yes"
}
