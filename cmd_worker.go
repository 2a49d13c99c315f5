package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"syscall"

	"github.com/evochess/evochess/arena/cluster"
)

const workerSynopsis = "evochess worker --cluster nats://HOST:PORT [--cluster-token T | --cluster-creds FILE] [--workers N] [--name NAME] [--engine PATH[,args=ARGS][,option.NAME=VALUE]]..."

const workerAbout = `Play games for coordinators on other machines: pull game jobs from the
cluster's work queue, play them (built-in players, and the external engines
given with --engine), store each result and only then acknowledge its job.
A coordinator is any evochess evolve, tournament, match, selfplay, arena or
serve run with --cluster or --cluster-listen. A job needing an engine this
worker does not offer goes back to the queue for another worker. Ctrl-C
(or SIGTERM) gives back the games in progress and stops.

Each --engine is an allow-list: a job's player of that engine must have
exactly its args (none when none are given), and may set only the options
it names: option.NAME=VALUE at that value, option.NAME=LO..HI a spin within
the range, option.NAME=* any value the engine's own option line allows (a
spin within its bounds, a check, a combo's choice); a NAME with * (say
option.Mobility*=* or option.*=*) covers the engine's playing settings it
matches, never Hash, Threads, MultiPV, Ponder, OwnBook, UCI_*, Syzygy*, a
string or an option whose name speaks of a file, path, directory, log,
debugging, book or tablebases: those only at a value named one by one. A
job asking for anything else is given back with the reason. The worker
reads each UCI engine's options when it starts and refuses to start on an
--engine that names what the engine has not (or a program that is no
engine). Example, for a tuning of a stockfish's Skill Level:
  --engine /usr/games/stockfish,option.Threads=1,option.Hash=16,option.Skill Level=*`

func runWorker(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("worker")
	url := fs.String("cluster", "", "the coordinator's NATS server, nats://HOST:PORT or tls://HOST:PORT")
	token := fs.String("cluster-token", "", "the workers' token (it gives a worker's rights only)")
	creds := fs.String("cluster-creds", "", "a NATS credentials `FILE` (instead of a token)")
	ca := fs.String("cluster-ca", "", "PEM `FILE` of the authority that signed a TLS server's certificate")
	workers := fs.Int("workers", runtime.NumCPU(), "games played at once")
	name := fs.String("name", "", "this worker's name, as coordinators show it (default: the host name)")
	engines := fs.StringArray("engine", nil, "an external engine this worker runs for jobs that name it (by path or file name), with the arguments and options it allows: `SPEC` is PATH[,args=…][,option.NAME=VALUE|LO..HI|*]… (see above); repeatable")
	maxHash := fs.Int("max-hash", 256, "refuse jobs whose players want more hash (MB)")
	if status, ok := parseFlags(fs, workerSynopsis, workerAbout, args, stdout, stderr); !ok {
		return status
	}
	switch {
	case fs.NArg() > 0:
		return usageError(stderr, "worker", "unexpected argument %q", fs.Arg(0))
	case *url == "":
		return usageError(stderr, "worker", "--cluster nats://HOST:PORT is required")
	case *workers < 1:
		return usageError(stderr, "worker", "--workers must be at least 1")
	case *token != "" && *creds != "":
		return usageError(stderr, "worker", "give --cluster-token or --cluster-creds, not both")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := cluster.Serve(ctx, cluster.WorkerConfig{
		Client: cluster.ClientConfig{URL: *url, Token: *token, Creds: *creds, CA: *ca},
		Name:   *name, Slots: *workers, Engines: *engines, MaxHashMB: *maxHash, Log: stderr,
	})
	if err != nil && !errors.Is(err, context.Canceled) {
		fmt.Fprintf(stderr, "evochess worker: %v\n", err)
		return exitFail
	}
	return exitOK
}
