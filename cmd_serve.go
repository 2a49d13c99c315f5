package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime"
	"syscall"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/sshserve"
)

const serveSynopsis = "evochess serve [--ssh ADDR] [--http ADDR] [--data DIR] [--idle 30m] [--authorized-keys FILE] [limits]"

const serveAbout = `Serve the terminal arena over SSH (ssh -p PORT host: one app per session;
no shell, no files outside the data directory; the host key is kept in the
data directory; anyone gets in and the sessions share the data directory,
or with --authorized-keys only those keys, each user saving in
users/NAME of the data directory and reading the rest as a shared
library; sessions, CPU workers, disk and saves bounded by the flags below;
L on the Play tab is the lobby where sessions seek, challenge, play and
watch each other and the evolved best on clocks the server keeps, rated
on one ladder kept in ladder.json; a player is their SSH key, a client
without one a guest)
and/or seed 000's REST API over HTTP (one game per client:
/post/new to start, /get/board, /get/possible_moves/e2, /post/move/e2e4,
/get/status/; at most --http-games games, --http-per-address per client,
games being played never dropped to make room). Runs until interrupted.`

// restMoveTimeout bounds a REST request: an engine's answer, waiting for
// a free engine included.
const restMoveTimeout = 30 * time.Second

func runServe(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("serve")
	sshAddr := fs.String("ssh", "", "SSH listen `ADDR`, e.g. :2222")
	httpAddr := fs.String("http", "", "HTTP listen `ADDR`, e.g. :8080")
	idle := fs.Duration("idle", 30*time.Minute, "close SSH sessions whose user has not typed or clicked for this long (0: never)")
	keysFile := fs.String("authorized-keys", "", "let in only the public keys of this OpenSSH authorized_keys `FILE`, each user with data of its own (default: anyone, sharing the data directory)")
	handshake := fs.Duration("ssh-handshake", 10*time.Second, "close SSH connections without a session this long after connecting or after their last session")
	perConn := fs.Int("ssh-per-connection", 2, "SSH sessions open on one connection")
	sshPerAddr := fs.Int("ssh-per-address", 4, "SSH sessions from one client address (IPv6: per /64)")
	sessions := fs.Int("ssh-sessions", 64, "SSH sessions at once; beyond them a client is told the server is full")
	workers := fs.Int("workers", runtime.NumCPU(), "CPU workers (games or searches at once) all SSH sessions share (default: the number of CPUs)")
	sessionWorkers := fs.Int("session-workers", 2, "CPU workers one SSH session may use at most")
	quota := byteSize(50 << 20)
	fs.Var(&quota, "quota", "disk one SSH user may fill with saves (a key's user; anonymous: each session) (0: no limit)")
	savesPerMin := fs.Int("saves-per-minute", 10, "saves one SSH session may make a minute (0: any number)")
	reconnect := fs.Duration("lobby-reconnect", 60*time.Second, "how long a lobby player whose connection dropped has to come back to a game (their clock runs meanwhile) before losing it")
	lagMargin := fs.Duration("lobby-lag-margin", 500*time.Millisecond, "the most of each move's time given back to a lobby player as their measured network lag")
	enginePaths := fs.Bool("allow-engine-paths", false, "let SSH users name any engine on this machine by its path and set any of its options (the Evolution tab); otherwise they tune only Debian's installed engines' playing settings")
	engineBots := fs.Bool("lobby-engine-bots", false, "let saved players that are tuned external engines be the lobby's bot: each bot game then starts a process of the engine (one thread, the bots' hash, a worker a move)")
	level := fs.String("http-engine", "depth=3", "the REST API engine's budget per move (depth=N, nodes=N, movetime=MS)")
	maxGames := fs.Int("http-games", 256, "REST games open at once")
	perAddr := fs.Int("http-per-address", 4, "REST games per client address (IPv6: per /64); raise it behind a proxy")
	data := addDataFlag(fs, "")
	cl := addClusterFlags(fs)
	if status, ok := parseFlags(fs, serveSynopsis, serveAbout, args, stdout, stderr); !ok {
		return status
	}
	if *sshAddr == "" && *httpAddr == "" {
		return usageError(stderr, "serve", "give --ssh ADDR, --http ADDR or both")
	}
	if *maxGames < 1 || *perAddr < 1 {
		return usageError(stderr, "serve", "--http-games and --http-per-address must be at least 1")
	}
	if *perConn < 1 || *sshPerAddr < 1 || *sessions < 1 || *workers < 1 || *sessionWorkers < 1 {
		return usageError(stderr, "serve", "--ssh-per-connection, --ssh-per-address, --ssh-sessions, --workers and --session-workers must be at least 1")
	}
	if *handshake <= 0 || *idle < 0 || *savesPerMin < 0 {
		return usageError(stderr, "serve", "--ssh-handshake must be positive, --idle and --saves-per-minute not negative")
	}
	if *reconnect <= 0 || *lagMargin <= 0 { // the lobby reads 0 as its default
		return usageError(stderr, "serve", "--lobby-reconnect and --lobby-lag-margin must be positive (1ms all but turns lag refunds off)")
	}
	var keys *sshserve.AuthorizedKeys
	if *keysFile != "" {
		var err error
		if keys, err = sshserve.LoadAuthorizedKeys(*keysFile); err != nil {
			return usageError(stderr, "serve", "--authorized-keys: %v", err)
		}
	}
	tc, err := arena.ParseTimeControl(*level)
	if err != nil || tc.Base > 0 {
		return usageError(stderr, "serve", "--http-engine %q: want depth=N, nodes=N or movetime=MS", *level)
	}
	d, err := data.open()
	if err != nil {
		return usageError(stderr, "serve", "%v", err)
	}
	if err := cl.check(); err != nil {
		return usageError(stderr, "serve", "%v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cc, err := cl.start(ctx, data, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "serve: %v\n", err)
		return exitFail
	}
	defer cc.close()
	var remote common.Cluster
	if cc != nil {
		remote = cc
		cc.announce(stderr, *workers)
	}
	errs := make(chan error, 2)
	running := 0
	if *sshAddr != "" {
		running++
		go func() {
			errs <- sshserve.Serve(ctx, sshserve.Config{Addr: *sshAddr, Data: d, Idle: *idle, Log: stderr,
				Ready:   func(addr string) { fmt.Fprintf(stderr, "ssh: listening on %s\n", addr) },
				Limits:  sshserve.Limits{Handshake: *handshake, PerConnection: *perConn, PerAddress: *sshPerAddr, Sessions: *sessions},
				Workers: common.NewWorkerBudget(*workers, *sessionWorkers),
				Quota:   int64(quota), SavesPerMinute: *savesPerMin, Keys: keys, Cluster: remote,
				Reconnect: *reconnect, LagMargin: *lagMargin, EnginePaths: *enginePaths, EngineBots: *engineBots})
		}()
	}
	if *httpAddr != "" {
		running++
		w, err := core.LoadWeights("full") // read-only: the engines share it
		if err != nil {
			return usageError(stderr, "serve", "%v", err)
		}
		api := &arena.RESTAPI{Limits: tc.Limits(), MaxSessions: *maxGames, MaxPerAddress: *perAddr,
			IdleTimeout: time.Hour, MoveTimeout: restMoveTimeout,
			NewEngine: func() (arena.Player, error) {
				return arena.NewEnginePlayer("evochess", w, arena.EngineOptions{HashMB: 1}), nil
			}}
		srv := newHTTPServer(api, restMoveTimeout)
		ln, err := net.Listen("tcp", *httpAddr)
		if err != nil {
			return usageError(stderr, "serve", "%v", err)
		}
		fmt.Fprintf(stderr, "http: listening on %s\n", ln.Addr())
		go func() {
			<-ctx.Done()
			sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			srv.Shutdown(sctx)
			api.Close()
		}()
		go func() {
			err := srv.Serve(ln)
			if errors.Is(err, http.ErrServerClosed) {
				err = nil
			}
			errs <- err
		}()
	}
	status := exitOK
	for i := 0; i < running; i++ {
		if err := <-errs; err != nil {
			fmt.Fprintf(stderr, "serve: %v\n", err)
			status = exitFail
			stop()
		}
	}
	return status
}
