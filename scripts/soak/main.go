// Command soak runs "evochess serve" under load and judges it: scripted
// SSH sessions playing the Play tab by typing moves, REST clients playing
// whole games, for a while; then it reports games finished, errors, the
// server's peak memory, and any file changed outside the data directory.
// It exits 1 when a game did not finish, the server died or stopped
// answering, its memory passed --max-rss, or a file outside the data
// directory changed; 2 for a bad command line.
//
// It is for people (scripts/soak.sh runs issue 13's numbers: 50 SSH
// sessions, 200 REST clients, 10 minutes), not CI: go test runs nothing
// here but the screen parser's test. Linux only (it reads /proc); run as
// root, it also learns who wrote each file (fanotify), so that other
// programs writing in the repository or /tmp meanwhile do not fail it.
//
//	go run ./scripts/soak --ssh 5 --rest 10 --duration 20s
package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/spf13/pflag"
)

// clientStats counts one kind of client's work.
type clientStats struct {
	sessions   atomic.Int64 // SSH sessions opened; REST games created (POST /post/new)
	started    atomic.Int64
	finished   atomic.Int64 // ended by the rules (mate, stalemate, draws)
	capped     atomic.Int64 // abandoned by the script at --max-plies
	unfinished atomic.Int64 // broken off by an error or the end of --grace
	moves      atomic.Int64 // the client's own moves, each answered
	refused    atomic.Int64 // 503/429 waited out
	errors     atomic.Int64

	mu     sync.Mutex
	sample []string // the first errors, in full
}

func (s *clientStats) fail(msg string) {
	s.errors.Add(1)
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.sample) < 5 {
		s.sample = append(s.sample, msg)
	}
}

type options struct {
	ssh, rest       int
	duration, grace time.Duration
	binary          string
	maxRSS          int64 // MiB
	maxPlies        int
	gamesPerSession int
	wait            time.Duration
	fsIgnore        []string
	keep            bool
	seed            uint64
	serveArgs       []string
}

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	var o options
	fs := pflag.NewFlagSet("soak", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.IntVar(&o.ssh, "ssh", 50, "scripted SSH sessions at once")
	fs.IntVar(&o.rest, "rest", 200, "REST clients at once")
	fs.DurationVar(&o.duration, "duration", 10*time.Minute, "how long clients start new games")
	fs.DurationVar(&o.grace, "grace", 3*time.Minute, "how long games in progress at the end may take to finish")
	fs.StringVar(&o.binary, "binary", "", "the evochess binary to serve (default: go build the repository into the temporary directory)")
	fs.Int64Var(&o.maxRSS, "max-rss", 2048, "fail if the server's resident memory passes this many MiB")
	fs.IntVar(&o.maxPlies, "max-plies", 300, "abandon a game after this many plies and start another")
	fs.IntVar(&o.gamesPerSession, "games-per-session", 3, "games an SSH session plays before it quits and reconnects")
	fs.DurationVar(&o.wait, "wait", time.Minute, "the longest one answer (a screen change, an engine move) may take before the game counts as stalled")
	fs.StringSliceVar(&o.fsIgnore, "fs-ignore", nil, "paths (absolute, or relative to the repository) other programs are known to write during the soak: changes there are listed but do not fail it")
	fs.BoolVar(&o.keep, "keep", false, "keep the temporary directory (the data directory, the server's log)")
	fs.Uint64Var(&o.seed, "seed", uint64(time.Now().UnixNano()), "seed of the clients' random moves")
	fs.StringSliceVar(&o.serveArgs, "serve-arg", nil, "another flag for evochess serve (repeat; e.g. --serve-arg=--idle=5m)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: go run ./scripts/soak [--ssh 50] [--rest 200] [--duration 10m] [--binary PATH] [--max-rss MiB]\n\nFlags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == pflag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 || o.ssh < 0 || o.rest < 0 || o.ssh+o.rest == 0 || o.duration <= 0 || o.maxPlies < 2 || o.gamesPerSession < 1 {
		fmt.Fprintln(stderr, "soak: want --ssh and --rest ≥ 0 (not both 0), a positive --duration, --max-plies ≥ 2, --games-per-session ≥ 1, no arguments")
		return 2
	}
	// Ctrl-C ends the soak early, but still stops the server and reports.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ok, err := soak(ctx, o, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "soak: %v\n", err)
		return 1
	}
	if !ok {
		return 1
	}
	return 0
}

// soak sets up, runs the clients, checks and reports; false: the verdict
// is FAIL; an error: the soak could not be run at all.
func soak(ctx context.Context, o options, out io.Writer) (bool, error) {
	repo, err := moduleRoot()
	if err != nil {
		return false, err
	}
	tmp, err := os.MkdirTemp("", "evochess-soak-")
	if err != nil {
		return false, err
	}
	if o.keep {
		fmt.Fprintf(out, "keeping %s\n", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	harness := filepath.Join(tmp, "harness") // the harness's own files: the binary, the log
	if err := os.Mkdir(harness, 0o755); err != nil {
		return false, err
	}
	sb, err := newSandbox(filepath.Join(tmp, "sandbox"))
	if err != nil {
		return false, err
	}
	bin := o.binary
	if bin == "" {
		bin = filepath.Join(harness, "evochess")
		build := exec.CommandContext(ctx, "go", "build", "-o", bin, ".")
		build.Dir, build.Stdout, build.Stderr = repo, out, out
		if err := build.Run(); err != nil {
			return false, fmt.Errorf("go build: %w", err)
		}
	}
	if bin, err = filepath.Abs(bin); err != nil {
		return false, err
	}
	known, err := serveFlags(bin)
	if err != nil {
		return false, err
	}
	serveArgs, notes := limitFlags(known, o)
	serveArgs = append(serveArgs, o.serveArgs...)

	// What must not change: the sandbox but its data directory (the
	// server's HOME, XDG directories, TMPDIR, working directory), the
	// repository, and the entries of the system's temporary directory.
	// Taken after the build, so that only the server runs in between.
	ignore := make([]string, len(o.fsIgnore))
	for i, p := range o.fsIgnore {
		if !filepath.IsAbs(p) {
			p = filepath.Join(repo, p)
		}
		ignore[i] = filepath.Clean(p)
	}
	roots := []watchRoot{
		{path: sb.root, skip: []string{sb.data}},
		{path: repo, skip: []string{filepath.Join(repo, ".git")}},
		{path: os.TempDir(), shallow: true, skip: []string{tmp}},
	}
	before := snapshot(roots)
	logPath := filepath.Join(harness, "server.log")
	allowed := []string{sb.data, logPath}
	home, _ := os.UserHomeDir()
	watch, watchErr := startWriteWatch(bin, allowed, []string{sb.root, repo, os.TempDir(), home, "/"})
	watchCtx, stopWatch := context.WithCancel(context.Background())
	watchDone := make(chan struct{})
	if watch != nil {
		go func() { defer close(watchDone); watch.run(watchCtx) }()
	} else {
		close(watchDone)
	}
	defer func() { stopWatch(); <-watchDone }()

	srv, err := startServer(ctx, bin, sb, logPath, serveArgs, func(pid int) {
		if watch != nil {
			watch.setPID(pid)
		}
	})
	if err != nil {
		return false, err
	}
	defer func() {
		if srv.alive() {
			srv.kill()
		}
	}()
	fmt.Fprintf(out, "soak: evochess serve pid %d, ssh %s, http %s; %d SSH sessions, %d REST clients for %v (+ up to %v to finish games)\n",
		srv.pid(), srv.sshAddr, srv.httpAddr, o.ssh, o.rest, o.duration, o.grace)
	for _, n := range notes {
		fmt.Fprintf(out, "soak: note: %s\n", n)
	}
	fmt.Fprintf(out, "soak: serve %s; --seed %d\n", strings.Join(serveArgs, " "), o.seed)

	// soft: clients start games; hard: games still going are broken off.
	// Both end at once if the server dies: waiting on it would only add
	// stalls to the report.
	start := time.Now()
	hard, cancelHard := context.WithTimeout(ctx, o.duration+o.grace)
	defer cancelHard()
	soft, cancelSoft := context.WithTimeout(hard, o.duration)
	defer cancelSoft()
	var died atomic.Bool
	go func() {
		select {
		case <-srv.exited:
			select {
			case <-srv.stopping:
			default:
				died.Store(true)
				cancelHard()
			}
		case <-hard.Done():
		}
	}()

	mon := &monitor{pid: srv.pid(), allowed: allowed}
	monCtx, stopMon := context.WithCancel(context.Background())
	monDone := make(chan struct{})
	go func() { defer close(monDone); mon.run(monCtx, time.Second, o.maxRSS<<10, cancelHard) }()

	var sshStats, restStats clientStats
	var wg sync.WaitGroup
	rng := rand.New(rand.NewPCG(o.seed, 0x50a4))
	for i := 0; i < o.ssh; i++ {
		p := &sshPlayer{id: i, addr: srv.sshAddr, maxPlies: o.maxPlies, gamesPerSession: o.gamesPerSession, wait: o.wait,
			stats: &sshStats, rng: rand.New(rand.NewPCG(rng.Uint64(), uint64(i)))}
		wg.Go(func() { p.run(soft, hard) })
	}
	tr := &http.Transport{MaxIdleConnsPerHost: o.rest + 1, IdleConnTimeout: 30 * time.Second}
	for i := 0; i < o.rest; i++ {
		p := newRESTPlayer(i, "http://"+srv.httpAddr, tr, o.maxPlies, &restStats, rand.New(rand.NewPCG(rng.Uint64(), uint64(i))))
		wg.Go(func() { p.run(soft, hard) })
	}
	go progress(soft, out, start, &sshStats, &restStats, mon)
	wg.Wait()
	elapsed := time.Since(start)
	tr.CloseIdleConnections()

	// After the load: is it still alive, and does it still answer both
	// sides? Then the operator's stop: SIGTERM must end it cleanly.
	var failures []string
	if died.Load() || !srv.alive() {
		failures = append(failures, fmt.Sprintf("the server died during the soak (%v); its log ends:%s", srv.waitErr, indent("\n"+srv.tail())))
	} else {
		if err := probe(srv, o.wait); err != nil {
			failures = append(failures, fmt.Sprintf("the server does not answer after the soak: %v", err))
		}
	}
	stopMon()
	<-monDone
	mon.final() // VmHWM, the kernel's peak, just before it ends
	if srv.alive() {
		if err := srv.stop(30 * time.Second); err != nil {
			failures = append(failures, "stopping the server: "+err.Error())
		}
	}
	after := snapshot(roots)
	stopWatch()
	<-watchDone
	fsv := judgeFiles(diffSnapshots(before, after), sb, ignore, watch, watchErr)

	m := mon.result()
	if m.peakKB > o.maxRSS<<10 {
		failures = append(failures, fmt.Sprintf("peak RSS %.0f MiB passed --max-rss %d MiB", float64(m.peakKB)/1024, o.maxRSS))
	}
	if ctx.Err() != nil {
		failures = append(failures, "interrupted")
	}
	for _, c := range []struct {
		name string
		st   *clientStats
	}{{"SSH", &sshStats}, {"REST", &restStats}} {
		if n := c.st.unfinished.Load(); n > 0 {
			failures = append(failures, fmt.Sprintf("%d %s games did not finish", n, c.name))
		}
		// Errors outside a game (a refused connection, a session that
		// would not start) leave no game unfinished, and still count.
		if c.st.errors.Load() > 0 && c.st.unfinished.Load() == 0 {
			failures = append(failures, fmt.Sprintf("%d %s errors", c.st.errors.Load(), c.name))
		}
	}
	if o.ssh > 0 && sshStats.finished.Load()+sshStats.capped.Load() == 0 {
		failures = append(failures, "no SSH game was played to its end")
	}
	if o.rest > 0 && restStats.finished.Load()+restStats.capped.Load() == 0 {
		failures = append(failures, "no REST game was played to its end")
	}
	failures = append(failures, fsv.failures...)
	if len(m.writes) > 0 {
		failures = append(failures, fmt.Sprintf("the server held files open for writing outside the data directory: %s", strings.Join(m.writes, ", ")))
	}

	// The report.
	fmt.Fprintf(out, "\n== soak summary ==\n")
	fmt.Fprintf(out, "duration      %v of load (%v asked, then games in progress finished)\n", elapsed.Round(time.Second), o.duration)
	fmt.Fprintf(out, "server        %s serve %s\n", bin, strings.Join(serveArgs, " "))
	for _, c := range []struct {
		name, unit string
		n          int
		st         *clientStats
	}{{"SSH", "sessions", o.ssh, &sshStats}, {"REST", "games created", o.rest, &restStats}} {
		st := c.st
		fmt.Fprintf(out, "%-5s clients %d: %d %s; games %d started, %d finished by the rules, %d abandoned at %d plies, %d unfinished; %d moves answered; %d busy answers waited out; %d errors\n",
			c.name, c.n, st.sessions.Load(), c.unit, st.started.Load(), st.finished.Load(), st.capped.Load(), o.maxPlies, st.unfinished.Load(),
			st.moves.Load(), st.refused.Load(), st.errors.Load())
		for _, e := range st.sample {
			fmt.Fprintf(out, "      error: %s\n", indent(e))
		}
	}
	fmt.Fprintf(out, "memory        peak RSS %.1f MiB (VmHWM %.1f MiB; sampled max %.1f MiB, last %.1f MiB; bound %d MiB)\n",
		float64(m.peakKB)/1024, float64(m.hwmKB)/1024, float64(m.maxRSSKB)/1024, float64(m.lastRSSKB)/1024, o.maxRSS)
	first, second := m.halves()
	fmt.Fprintf(out, "              mean RSS %.1f MiB in the first half of the run, %.1f MiB in the second\n", first, second)
	fmt.Fprintf(out, "process       peak %d threads, %d open fds; %d samples\n", m.maxThreads, m.maxFDs, m.samples)
	fmt.Fprint(out, fsv.report)
	if len(failures) == 0 {
		fmt.Fprintf(out, "verdict       PASS\n")
		return true, nil
	}
	fmt.Fprintf(out, "verdict       FAIL\n")
	for _, f := range failures {
		fmt.Fprintf(out, "  - %s\n", f)
	}
	fmt.Fprintf(out, "server log    %s%s\n", logPath, map[bool]string{true: "", false: " (removed; --keep keeps it)"}[o.keep])
	return false, nil
}

// limitFlags raises the server's limits so that the soak's clients, all
// from 127.0.0.1, fit: the REST games (every client shares one address),
// and the SSH session caps (per address and in all, with room for the
// final probe). A flag the binary lacks (an older one) is noted, not
// passed.
func limitFlags(known map[string]bool, o options) (args, notes []string) {
	for _, f := range []struct {
		name string
		v    int
	}{
		{"http-games", max(256, o.rest)},
		{"http-per-address", max(4, o.rest)},
		{"ssh-per-address", max(4, o.ssh+2)},
		{"ssh-sessions", max(64, o.ssh+2)},
	} {
		if known[f.name] {
			args = append(args, "--"+f.name+"="+strconv.Itoa(f.v))
		} else {
			notes = append(notes, fmt.Sprintf("this evochess serve has no --%s: its default applies", f.name))
		}
	}
	return args, notes
}

// probe checks both sides answer: a REST read, and a new SSH session that
// draws the app.
func probe(srv *server, wait time.Duration) error {
	client := &http.Client{Timeout: wait}
	resp, err := client.Get("http://" + srv.httpAddr + "/get/board")
	if err != nil {
		return fmt.Errorf("REST: %w", err)
	}
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<10))
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(string(body), "/get/board") {
		return fmt.Errorf("REST: GET /get/board: %d %q", resp.StatusCode, body)
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	p := &sshPlayer{id: 99, addr: srv.sshAddr, wait: wait}
	t, err := p.dial(ctx)
	if err != nil {
		return fmt.Errorf("SSH: %w", err)
	}
	defer t.close()
	return t.waitFor(ctx, wait, "the tab bar", contains("Tournament"))
}

// progress prints a line every 10 seconds so that a 10-minute run shows
// it is alive.
func progress(ctx context.Context, out io.Writer, start time.Time, ssh, rest *clientStats, mon *monitor) {
	tick := time.NewTicker(10 * time.Second)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			m := mon.result()
			fmt.Fprintf(out, "soak: %4.0fs  ssh games %d (+%d capped, %d errors)  rest games %d (+%d capped, %d errors)  rss %.0f MiB\n",
				time.Since(start).Seconds(), ssh.finished.Load(), ssh.capped.Load(), ssh.errors.Load(),
				rest.finished.Load(), rest.capped.Load(), rest.errors.Load(), float64(m.lastRSSKB)/1024)
		}
	}
}

// monitor samples the server's /proc.
type monitor struct {
	pid     int
	allowed []string

	mu sync.Mutex
	r  monitorResult
}

type monitorResult struct {
	peakKB, hwmKB, maxRSSKB, lastRSSKB int64
	maxThreads, maxFDs, samples        int
	writes                             []string
	series                             []int64 // RSS every sample, KiB: is it flat or growing?
}

// halves is the mean RSS (MiB) of the first and the second half of the
// samples: a server that leaks grows from one to the other, one that is
// merely busy does not.
func (r monitorResult) halves() (first, second float64) {
	mean := func(xs []int64) float64 {
		var sum int64
		for _, x := range xs {
			sum += x
		}
		return float64(sum) / float64(max(len(xs), 1)) / 1024
	}
	h := len(r.series) / 2
	return mean(r.series[:h]), mean(r.series[h:])
}

// run samples every interval until ctx ends; past limitKB it ends the
// soak (over): memory past the bound is a verdict already.
func (m *monitor) run(ctx context.Context, interval time.Duration, limitKB int64, over func()) {
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		if m.sample() > limitKB {
			over()
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// final takes the last reading, after the load: its peak and fds count,
// its RSS stays out of the series.
func (m *monitor) final() {
	m.sample()
	m.mu.Lock()
	defer m.mu.Unlock()
	if n := len(m.r.series); n > 0 {
		m.r.series = m.r.series[:n-1]
	}
}

// sample reads /proc once and returns the peak so far.
func (m *monitor) sample() int64 {
	st, err := readProc(m.pid, m.allowed)
	m.mu.Lock()
	defer m.mu.Unlock()
	if err != nil {
		return m.r.peakKB
	}
	r := &m.r
	r.samples++
	r.series = append(r.series, st.rssKB)
	r.lastRSSKB = st.rssKB
	r.maxRSSKB = max(r.maxRSSKB, st.rssKB)
	r.hwmKB = max(r.hwmKB, st.hwmKB)
	r.peakKB = max(r.maxRSSKB, r.hwmKB)
	r.maxThreads = max(r.maxThreads, st.threads)
	r.maxFDs = max(r.maxFDs, st.fds)
	for _, w := range st.writes {
		if !slices.Contains(r.writes, w) {
			r.writes = append(r.writes, w)
		}
	}
	return r.peakKB
}

func (m *monitor) result() monitorResult {
	m.mu.Lock()
	defer m.mu.Unlock()
	r := m.r
	r.writes = append([]string(nil), r.writes...)
	r.series = append([]int64(nil), r.series...)
	return r
}

func indent(s string) string { return strings.ReplaceAll(s, "\n", "\n        ") }
