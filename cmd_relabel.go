package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"time"

	"github.com/evochess/evochess/arena/dataset"
	"github.com/evochess/evochess/saves"
)

const relabelSynopsis = "evochess relabel --name NAME --from DATASET --label SPEC [--workers N] [flags]"

const relabelAbout = `Score every position of the dataset DATASET with a reference player at a
fixed limit, keeping its game result, as the new dataset NAME: a larger
search's labels for positions already played, without playing the games
again. SPEC is as self-play's --label, e.g.
  --label uci=/usr/games/stockfish,depth=8   (Debian's Stockfish)
  --label self,depth=8                        (the built-in full)
scores in centipawns from white's view; positions it scores as mates are
dropped. DATASET must be complete (a self-play dataset still growing is
not).

The dataset is saved every few seconds while it grows: Ctrl-C (or a
crash) loses only the positions in progress, and running again with the
same --name (--from and --label may then be left out) goes on to the
dataset an uninterrupted run makes, whatever --workers is: the engine
starts a new game every 64 positions, whichever worker scores them. As
self-play's, it goes on only with the labeller it started with (told by
what the engine says it is, not by its path).`

// maxRelabelWorkers bounds --workers: each worker runs an engine process.
const maxRelabelWorkers = 256

func runRelabel(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("relabel")
	var name, from, label string
	var workers int
	fs.StringVar(&name, "name", "", "the new dataset's `NAME` in the data directory (required)")
	fs.StringVar(&from, "from", "", "the `DATASET` whose positions are scored")
	fs.StringVar(&label, "label", "", "score positions with this player `SPEC` at a fixed limit (uci=PATH,depth=N or self,depth=N)")
	fs.IntVar(&workers, "workers", runtime.NumCPU(), "positions scored at once, each by an engine of its own")
	data := addDataFlag(fs, "")
	if status, ok := parseFlags(fs, relabelSynopsis, relabelAbout, args, stdout, stderr); !ok {
		return status
	}
	if fs.NArg() > 0 {
		return usageError(stderr, "relabel", "unexpected argument %q", fs.Arg(0))
	}
	if name == "" {
		return usageError(stderr, "relabel", "--name is required")
	}
	if workers < 1 || workers > maxRelabelWorkers {
		return usageError(stderr, "relabel", "--workers must be 1 to %d, got %d", maxRelabelWorkers, workers)
	}
	if err := saves.CheckName(name); err != nil {
		return usageError(stderr, "relabel", "--name: %v", err)
	}
	d, err := data.open()
	if err != nil {
		return usageError(stderr, "relabel", "%v", err)
	}
	job, err := d.OpenRelabel(name, from, label)
	if err != nil {
		return usageError(stderr, "relabel", "%v", err)
	}
	total := len(job.Source.Samples)
	if job.Finished() {
		fmt.Fprintf(stderr, "dataset %q is complete already\n", name)
		printRelabelSummary(stdout, job, 0)
		return exitOK
	}
	if job.State.Done > 0 {
		fmt.Fprintf(stderr, "resuming %q at position %d of %d\n", name, job.State.Done+1, total)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	start := time.Now()
	line := newProgressLine(stderr)
	runErr := dataset.Relabel(ctx, job.Spec, job.Source.Samples, workers, &job.State, func(p dataset.RelabelProgress) {
		line.show(p.Done, p.Total, fmt.Sprintf("%d/%d positions  %d kept  %d mates dropped  %s  ETA %s",
			p.Done, p.Total, p.Kept, p.Dropped, p.Elapsed.Round(time.Second), p.ETA.Round(time.Second)))
		if err := job.SaveIfDue(d, false); err != nil {
			fmt.Fprintf(stderr, "\nrelabel: %v\n", err)
		}
	})
	line.finish()
	if err := job.SaveIfDue(d, true); err != nil {
		fmt.Fprintf(stderr, "relabel: %v\n", err)
		return exitFail
	}
	switch {
	case errors.Is(runErr, context.Canceled) && job.State.Done == 0:
		fmt.Fprintf(stderr, "stopped before the first %d positions were scored: nothing saved\n", dataset.RelabelChunk)
		return exitFail
	case errors.Is(runErr, context.Canceled):
		fmt.Fprintf(stderr, "stopped after %d of %d positions; \"evochess relabel --name %s\" goes on\n", job.State.Done, total, name)
		return exitFail
	case runErr != nil:
		fmt.Fprintf(stderr, "relabel: %v\n", runErr)
		return exitFail
	}
	printRelabelSummary(stdout, job, time.Since(start))
	return exitOK
}

// labellerNote is what a summary says of the labeller's fingerprint
// (none: nothing), and of the first of what (games, positions) labelled
// before it was recorded.
func labellerNote(f *dataset.LabelFingerprint, from int, what string) string {
	switch {
	case f == nil:
		return ""
	case from > 0:
		return fmt.Sprintf(" [%s; the first %d %s by an engine not recorded]", f, from, what)
	}
	return " [" + f.String() + "]"
}

// printRelabelSummary tells what the dataset holds.
func printRelabelSummary(w io.Writer, job *saves.RelabelJob, took time.Duration) {
	st := &job.State
	fmt.Fprintf(w, "dataset %s: %d positions of %s's %d labelled by %s%s (%d scored as mates, dropped)",
		job.Name, len(st.Set.Samples), job.From, len(job.Source.Samples), job.Label,
		labellerNote(st.Labeller, job.LabellerFrom, "positions"), st.Dropped)
	if took > 0 {
		fmt.Fprintf(w, " in %s", took.Round(100*time.Millisecond))
	}
	fmt.Fprintln(w)
}
