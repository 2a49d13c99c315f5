package arena

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/evochess/evochess/core"
)

// What strangers can do to a public REST server: requests are served
// straight to the handler, from any address.

func newLimitedAPI(t *testing.T, made *atomic.Int32) *RESTAPI {
	t.Helper()
	w, err := core.LoadWeights("full")
	if err != nil {
		t.Fatal(err)
	}
	return &RESTAPI{Limits: core.Limits{Depth: 1}, NewEngine: func() (Player, error) {
		if made != nil {
			made.Add(1)
		}
		return NewEnginePlayer("rest", w, EngineOptions{HashMB: 1}), nil
	}}
}

// call serves one request from addr, with the session cookie if not "".
func call(api *RESTAPI, method, path, addr, cookie string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, nil)
	req.RemoteAddr = addr + ":40000"
	if cookie != "" {
		req.AddCookie(&http.Cookie{Name: restCookie, Value: cookie})
	}
	rec := httptest.NewRecorder()
	api.ServeHTTP(rec, req)
	return rec
}

func cookieOf(rec *httptest.ResponseRecorder) string {
	for _, c := range rec.Result().Cookies() {
		if c.Name == restCookie {
			return c.Value
		}
	}
	return ""
}

// Only POST /post/new starts a game: no other request, right or wrong,
// creates a session or sets a cookie.
func TestRESTFloodCreatesNothing(t *testing.T) {
	var made atomic.Int32
	api := newLimitedAPI(t, &made)
	cases := []struct {
		method, path string
		code         int
	}{
		{"POST", "/nothing/here", 404},
		{"POST", "/", 404},
		{"POST", "/post/move/e2e4", 409},
		{"POST", "/post/move/zz", 409},
		{"POST", "/get/board", 404},
		{"GET", "/post/new", 404},
		{"PUT", "/post/new", 404},
		{"GET", "/get/board", 200},
	}
	for _, c := range cases {
		for i := 0; i < 300; i++ {
			rec := call(api, c.method, c.path, fmt.Sprintf("10.0.%d.%d", i/250, i%250+1), "")
			if rec.Code != c.code || cookieOf(rec) != "" {
				t.Fatalf("%s %s: %d, cookie %q; want %d and no cookie", c.method, c.path, rec.Code, cookieOf(rec), c.code)
			}
		}
	}
	if n := api.Sessions(); n != 0 || made.Load() != 0 {
		t.Errorf("%d sessions, %d engines after a flood of requests that start no game", n, made.Load())
	}
}

// One address gets at most MaxPerAddress games: its own oldest unplayed
// game makes room for its next, and when all of them are being played the
// next is refused, without a cookie.
func TestRESTPerAddressCap(t *testing.T) {
	for _, c := range []struct{ perAddr, want int }{{0, 4}, {1, 1}, {6, 6}} { // 0: the default
		perAddr, want := c.perAddr, c.want
		api := newLimitedAPI(t, nil)
		api.MaxPerAddress = perAddr
		for i := 0; i < 300; i++ {
			if rec := call(api, "POST", "/post/new", "192.0.2.7", ""); rec.Code != 200 || cookieOf(rec) == "" {
				t.Fatalf("new game %d: %d", i, rec.Code)
			}
		}
		if n := api.Sessions(); n != want {
			t.Fatalf("cap %d: 300 new games from one address left %d sessions, want %d", perAddr, n, want)
		}
		api = newLimitedAPI(t, nil)
		api.MaxPerAddress = perAddr
		for i := 0; i < want; i++ {
			c := cookieOf(call(api, "POST", "/post/new", "192.0.2.7", ""))
			if rec := call(api, "POST", "/post/move/e2e4", "192.0.2.7", c); rec.Code != 200 {
				t.Fatalf("move: %d", rec.Code)
			}
		}
		rec := call(api, "POST", "/post/new", "192.0.2.7", "")
		if rec.Code != http.StatusTooManyRequests || cookieOf(rec) != "" || rec.Header().Get("Retry-After") == "" {
			t.Errorf("cap %d: a game beyond it, all being played: %d, cookie %q", perAddr, rec.Code, cookieOf(rec))
		}
		if rec := call(api, "POST", "/post/new", "192.0.2.8", ""); rec.Code != 200 {
			t.Errorf("another address: %d", rec.Code)
		}
	}
}

// IPv6 clients are counted by /64: one host has the whole prefix.
func TestRESTClientAddr(t *testing.T) {
	for remote, want := range map[string]string{
		"192.0.2.7:1234":                 "192.0.2.7",
		"[2001:db8:1:2:3:4:5:6]:1234":    "2001:db8:1:2::/64",
		"[2001:db8:1:2:ffff::1]:99":      "2001:db8:1:2::/64",
		"[::ffff:192.0.2.7]:1234":        "192.0.2.7",
		"not an address":                 "not an address",
		"[2001:db8:1:3:3:4:5:6]:1234":    "2001:db8:1:3::/64",
		"[2001:db8:0:0:0:0:0:1%eth0]:80": "2001:db8:0:0:0:0:0:1%eth0",
	} {
		if got := clientAddr(&http.Request{RemoteAddr: remote}); got != want {
			t.Errorf("%s: %q, want %q", remote, got, want)
		}
	}
}

// A game that moved recently survives any flood of new games from other
// addresses; when every game is being played, newcomers get a polite 503.
func TestRESTRealGameSurvivesFlood(t *testing.T) {
	api := newLimitedAPI(t, nil)
	player := cookieOf(call(api, "POST", "/post/new", "198.51.100.1", ""))
	if rec := call(api, "POST", "/post/move/e2e4", "198.51.100.1", player); rec.Code != 200 {
		t.Fatalf("move: %d", rec.Code)
	}
	for i := 0; i < 1000; i++ {
		call(api, "POST", "/post/new", fmt.Sprintf("203.0.%d.%d", i/200, i%200+1), "")
	}
	if n := api.Sessions(); n > 256 {
		t.Errorf("%d sessions, over the default cap", n)
	}
	rec := call(api, "GET", "/get/board", "198.51.100.1", player)
	if !strings.HasPrefix(rec.Body.String(), "/get/board") || strings.Contains(rec.Body.String(), "PPPPPPPP") {
		t.Fatalf("the played game is gone: %q", rec.Body.String())
	}
	if rec := call(api, "POST", "/post/move/d2d4", "198.51.100.1", player); rec.Code != 200 {
		t.Fatalf("the played game refuses its next move: %d", rec.Code)
	}

	// A full server of games being played: nothing can go.
	api = newLimitedAPI(t, nil)
	api.MaxSessions = 3
	for i := 0; i < 3; i++ {
		addr := fmt.Sprintf("198.51.100.%d", i+1)
		c := cookieOf(call(api, "POST", "/post/new", addr, ""))
		call(api, "POST", "/post/move/e2e4", addr, c)
	}
	rec = call(api, "POST", "/post/new", "203.0.113.9", "")
	if rec.Code != http.StatusServiceUnavailable || cookieOf(rec) != "" || rec.Header().Get("Retry-After") == "" {
		t.Errorf("a full server of played games: %d, cookie %q, Retry-After %q", rec.Code, cookieOf(rec), rec.Header().Get("Retry-After"))
	}
	// Once they go quiet, they may make room.
	api.ActiveWindow = time.Nanosecond
	if rec := call(api, "POST", "/post/new", "203.0.113.9", ""); rec.Code != 200 {
		t.Errorf("room from quiet games: %d", rec.Code)
	}
}

// Games cost only their positions: engines are lent to moves, at most
// Engines of them however many games play at once.
func TestRESTMemoryBounded(t *testing.T) {
	var made atomic.Int32
	api := newLimitedAPI(t, &made)
	api.Engines = 2
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	before := heap()
	cookies := make([]string, 256)
	for i := range cookies {
		cookies[i] = cookieOf(call(api, "POST", "/post/new", fmt.Sprintf("10.1.%d.%d", i/200, i%200+1), ""))
	}
	var wg sync.WaitGroup
	for i, c := range cookies[:32] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if rec := call(api, "POST", "/post/move/e2e4", fmt.Sprintf("10.1.%d.%d", i/200, i%200+1), c); rec.Code != 200 {
				t.Errorf("move: %d", rec.Code)
			}
		}()
	}
	wg.Wait()
	grown := int64(heap()) - int64(before)
	if n := api.Sessions(); n != 256 { // and keeps api alive until measured
		t.Fatalf("%d sessions", n)
	}
	if made.Load() > 2 || grown > 16<<20 {
		t.Errorf("256 games, 32 moves at once: %d engines made, heap grew %d KB", made.Load(), grown>>10)
	}
	t.Logf("256 games: %d engines, heap grew %d KB", made.Load(), grown>>10)
}

// A request with a body bigger than any request needs is refused unread.
func TestRESTBodyBounded(t *testing.T) {
	api := newLimitedAPI(t, nil)
	req := httptest.NewRequest("POST", "/post/new", strings.NewReader(strings.Repeat("x", 1<<20)))
	rec := httptest.NewRecorder()
	api.ServeHTTP(rec, req)
	if rec.Code != http.StatusRequestEntityTooLarge || cookieOf(rec) != "" || api.Sessions() != 0 {
		t.Errorf("a 1 MB body: %d, cookie %q", rec.Code, cookieOf(rec))
	}
}
