package sshserve

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/core/pgn"
	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/components"
)

// The lobby under load, on loopback: pairs of scripted SSH clients (each
// its own key, so every game is rated between two distinct people) play
// 10+0 games at once against one in-process server. Skipped unless asked
// for, as it takes a minute or more of a core:
//
//	go test ./tui/sshserve -run TestLobbyLoad -lobby.load -v
//
// -cpuprofile cpu.out profiles the server and the clients together.
var (
	lobbyLoad     = flag.Bool("lobby.load", false, "run TestLobbyLoad, the lobby's load test over SSH")
	lobbyPairs    = flag.Int("lobby.pairs", 20, "TestLobbyLoad: pairs of clients, each playing one game")
	lobbySeed     = flag.Uint64("lobby.seed", 1, "TestLobbyLoad: seed of the clients' keys, thinking times and moves")
	lobbyMaxPlies = flag.Int("lobby.plies", 300, "TestLobbyLoad: the side to move past this many plies resigns")
)

// Bounds the load test holds the server to. What may stay after everyone
// has left: the lobby keeps the last 2×MaxGames ended games for the views
// that may still ask for them (some tens of KB each: position and
// history, moves, SAN, clocks), so some live heap, by design and bounded; HeapInuse
// counts whole spans, a few times the live bytes after such churn. A
// session left behind (its program, styles, screen) would be far more.
const (
	loadMedianBound   = 100 * time.Millisecond // move to the opponent's screen, median
	loadGoroutineSlop = 2                      // goroutines after all left, over the baseline
	loadHeapSlop      = 8 << 20                // heap in use (HeapInuse) after all left, over the baseline
	loadLiveSlop      = 3 << 20                // live heap (HeapAlloc) after all left, over the baseline
)

func TestLobbyLoad(t *testing.T) {
	if !*lobbyLoad {
		t.Skip("the lobby's load test: -lobby.load runs it")
	}
	pairs := *lobbyPairs
	loadBefore := loadAvg()
	addr, d, _ := startSSHWith(t, func(c *Config) {
		c.Idle = 10 * time.Minute // those paired last wait for the others
	})
	const w, h = 100, 30

	// One session first, so that what is built once (styles, tables,
	// the lobby's ladder) counts in the baseline.
	warm, err := dialLobbyClient(addr, "warmup", *lobbySeed<<8|255, w, h)
	if err != nil {
		t.Fatal(err)
	}
	if err := openLobby(warm); err != nil {
		t.Fatal(err)
	}
	warm.quit()
	g0, h0 := settleRuntime()

	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	clients := make([]*lobbyClient, 2*pairs)
	errs := make([]error, len(clients))
	var wg sync.WaitGroup
	for i := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := dialLobbyClient(addr, fmt.Sprintf("p%02d", i+1), *lobbySeed<<8|uint64(i), w, h)
			if err == nil {
				c.stop = ctx.Done()
				err = openLobby(c)
			}
			clients[i], errs[i] = c, err
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		for _, c := range clients {
			if c != nil {
				c.quit()
			}
		}
		t.Fatal(err)
	}

	// Pair by pair: one seeks 10+0, the other seeks the same and the lobby
	// matches them; the game opens on both screens by itself. Once all are
	// paired, all play at once (the pairing takes well under the 30 s a
	// game waits for its first move).
	rules := playRules{thinkMin: 20 * time.Millisecond, thinkMax: 80 * time.Millisecond, maxPlies: *lobbyMaxPlies, wait: 2 * time.Minute}
	games := make([]*clientGame, pairs)
	var failMu sync.Mutex
	var failures []string
	fail := func(c *lobbyClient, err error) {
		failMu.Lock()
		defer failMu.Unlock()
		if errors.Is(err, errStopped) {
			return
		}
		failures = append(failures, fmt.Sprintf("%v\n%s's screen ends:\n%s", err, c.name, c.screenText()))
		cancel()
	}
	var players sync.WaitGroup
	begin := make(chan struct{})
	var playing, peak atomic.Int32
	start := time.Now()
	for p := range pairs {
		a, b := clients[2*p], clients[2*p+1]
		g := newClientGame()
		games[p] = g
		marks, colours, err := pairUp(a, b)
		if err != nil {
			fail(a, err)
			break
		}
		for i, c := range []*lobbyClient{a, b} {
			if colours[i] == core.White {
				g.white = c.name
			} else {
				g.black = c.name
			}
			r := rand.New(rand.NewPCG(*lobbySeed, uint64(2*p+i)))
			players.Add(1)
			go func() {
				defer players.Done()
				<-begin
				if colours[i] == core.White {
					n := playing.Add(1)
					for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
					}
					defer playing.Add(-1)
				}
				if err := c.play(ctx, g, marks[i], colours[i], rules, r); err != nil {
					fail(c, err)
				}
				c.quit() // leaves as soon as its game is over
			}()
		}
	}
	paired := time.Since(start)
	close(begin)
	players.Wait()
	took := time.Since(start) - paired
	for _, c := range clients {
		c.quit() // those never paired (after a failure); again is harmless
	}
	if len(failures) > 0 {
		t.Fatalf("%d clients failed; the first:\n%s", len(failures), failures[0])
	}
	if ctx.Err() != nil {
		t.Fatalf("the games did not finish in time: %v", ctx.Err())
	}
	for _, g := range games {
		if !g.over {
			t.Fatalf("%s v %s did not finish", g.white, g.black)
		}
	}

	// Everyone has left: the server is back where it was.
	g1, h1 := settleRuntime()
	for deadline := time.Now().Add(20 * time.Second); g1 > g0 && time.Now().Before(deadline); {
		time.Sleep(200 * time.Millisecond)
		g1, h1 = settleRuntime()
	}

	var lat []time.Duration
	plies := 0
	how := map[string]int{}
	for _, g := range games {
		lat = append(lat, g.latencies()...)
		plies += len(g.moves)
		how[g.reason]++
	}
	slices.Sort(lat)
	med, p90, worst := quantile(lat, 0.5), quantile(lat, 0.9), quantile(lat, 1)
	checkSavedGames(t, d, games)

	summary := fmt.Sprintf("lobby load: %d games of 10+0 over SSH, paired in %s, up to %d at once (%s) in %s, %d plies; move to opponent's screen over %d moves: median %s, p90 %s, max %s; goroutines %d before, %d after; heap in use %.1f MiB before, %.1f MiB after (live %.1f, %.1f); load average %s before, %s after",
		pairs, paired.Round(100*time.Millisecond), peak.Load(), endings(how), took.Round(time.Second), plies, len(lat), ms(med), ms(p90), ms(worst), g0, g1, mib(h0.inuse), mib(h1.inuse), mib(h0.live), mib(h1.live), loadBefore, loadAvg())
	fmt.Println(summary)        // a plain line, to quote
	if len(lat) < plies-pairs { // a game's last move may go unseen: its end is what is awaited
		t.Errorf("latency of %d moves measured, of %d plies", len(lat), plies)
	}
	if med > loadMedianBound {
		t.Errorf("median move-to-screen latency %s, over %s", ms(med), ms(loadMedianBound))
	}
	if g1 > g0+loadGoroutineSlop {
		var b strings.Builder
		pprof.Lookup("goroutine").WriteTo(&b, 1)
		t.Errorf("%d goroutines after everyone left, %d before:\n%s", g1, g0, b.String())
	}
	if h1.inuse > h0.inuse+loadHeapSlop || h1.live > h0.live+loadLiveSlop {
		t.Errorf("heap in use %.1f MiB after everyone left (live %.1f MiB), %.1f MiB before (live %.1f MiB)", mib(h1.inuse), mib(h1.live), mib(h0.inuse), mib(h0.live))
	}
}

// openLobby waits for the arena and turns the Play tab to the lobby.
func openLobby(c *lobbyClient) error {
	if err := c.waitText(0, "Tournament", 30*time.Second); err != nil {
		return err
	}
	return c.press("L", "Lobby · you are "+c.name)
}

// pairUp has a seek 10+0 (rated, any colour), then b the same, which the
// lobby matches: the game opens on both screens. It returns each one's
// mark from before the game opened and their colours.
func pairUp(a, b *lobbyClient) (marks [2]int, colours [2]core.Color, err error) {
	timeLine := fmt.Sprintf("› %-*s %s", components.LabelWidth, "time", "10+0")
	for i, c := range []*lobbyClient{a, b} {
		for _, k := range [][2]string{{"s", "Seek a game"}, {"l", timeLine}, {"k", "› [ seek a game ]"}} {
			if err := c.press(k[0], k[1]); err != nil {
				return marks, colours, err
			}
		}
		marks[i] = c.mark()
		if err := c.send("\r"); err != nil {
			return marks, colours, err
		}
		if c == a {
			if err := c.waitText(marks[i], "seeking 10+0 rated", 30*time.Second); err != nil {
				return marks, colours, fmt.Errorf("%s's seek: %w", c.name, err)
			}
		}
	}
	for i, c := range []*lobbyClient{a, b} {
		_, _, err := c.waitFrom(marks[i], 30*time.Second, func(s string) bool {
			col, ok := myColor(s, c.name)
			colours[i] = col
			return ok
		})
		if err != nil {
			return marks, colours, fmt.Errorf("%s's game did not open: %w", c.name, err)
		}
	}
	if colours[0] == colours[1] {
		return marks, colours, fmt.Errorf("%s and %s both play %v", a.name, b.name, colours[0])
	}
	return marks, colours, nil
}

// checkSavedGames reads every PGN the server saved with core/pgn: one a
// game, each the moves its clients played and the result they saw; and
// has pgn-extract (when installed) read them all without a complaint.
func checkSavedGames(t *testing.T, d *saves.Dir, games []*clientGame) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(d.Root, saves.Games, "*.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(games) {
		t.Errorf("%d PGN files saved for %d games", len(files), len(games))
	}
	byWhite := map[string]*clientGame{}
	for _, g := range games {
		byWhite[g.white] = g
	}
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		r := pgn.NewReader(strings.NewReader(string(text)))
		pg, err := r.Next()
		if err != nil {
			t.Errorf("%s: %v", filepath.Base(f), err)
			continue
		}
		if _, err := r.Next(); err == nil {
			t.Errorf("%s holds more than one game", filepath.Base(f))
		}
		g := byWhite[pg.Tag("White")]
		if g == nil || pg.Tag("Black") != g.black {
			t.Errorf("%s: %s v %s was not played", filepath.Base(f), pg.Tag("White"), pg.Tag("Black"))
			continue
		}
		if !slices.Equal(pg.Moves, g.moves) || pg.Result != g.result {
			t.Errorf("%s: %d moves, result %v; the clients played %d moves, result %v (%s)", filepath.Base(f), len(pg.Moves), pg.Result, len(g.moves), g.result, g.reason)
		}
		if _, err := pg.FinalPosition(); err != nil {
			t.Errorf("%s: %v", filepath.Base(f), err)
		}
	}
	tool := pgnExtract()
	if tool == "" {
		t.Log("pgn-extract is not installed (Debian: pgn-extract): the saved games were checked by core/pgn alone")
		return
	}
	out, err := exec.Command(tool, append([]string{"-s", "-r"}, files...)...).CombinedOutput()
	if err != nil || len(out) > 0 { // -r reports errors (its status stays 0); -s is silent otherwise
		t.Errorf("pgn-extract -s -r over the saved games: %v\n%s", err, out)
	}
}

// pgnExtract is pgn-extract's path: on PATH, or where Debian puts it.
func pgnExtract() string {
	if p, err := exec.LookPath("pgn-extract"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/games/pgn-extract"); err == nil {
		return "/usr/games/pgn-extract"
	}
	return ""
}

// heapUse is the heap's spans in use (HeapInuse) and the bytes of live
// objects in them (HeapAlloc, right after a collection).
type heapUse struct{ inuse, live uint64 }

// settleRuntime is the goroutines and the heap once the garbage is
// collected and what was ending has ended.
func settleRuntime() (int, heapUse) {
	var ms runtime.MemStats
	for range 3 {
		runtime.GC()
		time.Sleep(100 * time.Millisecond)
	}
	runtime.ReadMemStats(&ms)
	return runtime.NumGoroutine(), heapUse{inuse: ms.HeapInuse, live: ms.HeapAlloc}
}

// quantile is the q-quantile of sorted (nearest rank), 0 when empty.
func quantile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(q*float64(len(sorted))+0.999999) - 1
	return sorted[min(max(i, 0), len(sorted)-1)]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond)) }

// endings counts the games by how they ended: "12 resignation, 5 checkmate".
func endings(how map[string]int) string {
	var out []string
	for reason, n := range how {
		out = append(out, fmt.Sprintf("%d %s", n, reason))
	}
	slices.Sort(out)
	return strings.Join(out, ", ")
}

// loadAvg is the machine's load average over 1, 5 and 15 minutes.
func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}
