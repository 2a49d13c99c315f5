package arena

import (
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/evochess/evochess/core"
)

func newRESTServer(t *testing.T) *httptest.Server {
	api := &RESTAPI{Limits: core.Limits{Depth: 2}, MaxSessions: 4,
		NewEngine: func() (Player, error) {
			w, err := core.LoadWeights("full")
			return NewEnginePlayer("rest", w, EngineOptions{HashMB: 1}), err
		}}
	srv := httptest.NewServer(api)
	t.Cleanup(srv.Close)
	return srv
}

type restClient struct {
	t   *testing.T
	c   *http.Client
	url string
}

func (c restClient) do(method, path string) (int, string) {
	req, _ := http.NewRequest(method, c.url+path, nil)
	res, err := c.c.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

func client(t *testing.T, srv *httptest.Server) restClient {
	jar, _ := cookiejar.New(nil)
	return restClient{t, &http.Client{Jar: jar}, srv.URL}
}

func TestRESTGame(t *testing.T) {
	srv := newRESTServer(t)
	c := client(t, srv)
	steps := []struct {
		method, path string
		code         int
		want         string // whole body, or prefix when it ends in "…"
	}{
		{"GET", "/get/board", 200, "/get/boardrnbqkbnrpppppppp................................PPPPPPPPRNBQKBNR"},
		{"GET", "/get/status/", 200, "/get/status/w*"},
		{"GET", "/get/possible_moves/e2", 200, "/get/possible_moves/e2e3e4"},
		{"GET", "/get/possible_moves/g1", 200, "/get/possible_moves/g1f3h3"},
		{"GET", "/get/possible_moves/e4", 200, "/get/possible_moves/e4"},
		{"GET", "/get/possible_moves/z9", 400, ""},
		{"GET", "/get/possible_moves/", 400, ""},
		{"POST", "/post/move/e2e4", 409, ""}, // no game yet
		{"POST", "/post/new", 200, "/post/new"},
		{"POST", "/post/move/e2e5", 400, ""},
		{"POST", "/post/move/e7e5", 400, ""},
		{"GET", "/post/move/e2e4", 404, ""},
		{"POST", "/post/move/e2e4xx", 400, ""},
		{"GET", "/get/board", 200, "/get/boardrnbqkbnrpppppppp................................PPPPPPPPRNBQKBNR"},
		{"POST", "/post/move/e2e4", 200, "/post/move/e2e4…"},
		{"GET", "/get/status/", 200, "/get/status/w*"},
		{"GET", "/../../etc/passwd", 404, ""},
		{"GET", "/get/board/../../x", 404, ""},
		{"POST", "/post/new", 200, "/post/new"},
		{"GET", "/get/status", 200, "/get/statusw*"},
	}
	for _, s := range steps {
		code, body := c.do(s.method, s.path)
		ok := body == s.want
		if strings.HasSuffix(s.want, "…") {
			ok = strings.HasPrefix(body, strings.TrimSuffix(s.want, "…")) && len(body) == len(s.want)-len("…")+4
		}
		if code != s.code || !ok {
			t.Fatalf("%s %s: %d %q, want %d %q", s.method, s.path, code, body, s.code, s.want)
		}
	}
}

// Two clients have two games; a finished game refuses moves.
func TestRESTSessionsAndMate(t *testing.T) {
	srv := newRESTServer(t)
	a, b := client(t, srv), client(t, srv)
	a.do("POST", "/post/new")
	b.do("POST", "/post/new")
	a.do("POST", "/post/move/e2e4")
	if _, board := b.do("GET", "/get/board"); !strings.Contains(board, "PPPPPPPP") {
		t.Fatalf("b sees a's move: %s", board)
	}
	if _, board := a.do("GET", "/get/board"); strings.Contains(board, "PPPPPPPPR") {
		t.Fatalf("a's move is missing: %s", board)
	}
}

// Reading without a game creates none, nor does a move: only /post/new.
func TestRESTReadsCreateNoSession(t *testing.T) {
	api := &RESTAPI{Limits: core.Limits{Depth: 1}, NewEngine: func() (Player, error) {
		w, err := core.LoadWeights("full")
		return NewEnginePlayer("rest", w, EngineOptions{HashMB: 1}), err
	}}
	srv := httptest.NewServer(api)
	defer srv.Close()
	for i := 0; i < 5; i++ {
		res, err := http.Get(srv.URL + "/get/board")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if !strings.HasPrefix(string(b), "/get/boardrnbqkbnr") {
			t.Fatalf("board %q", b)
		}
	}
	if n := api.Sessions(); n != 0 {
		t.Fatalf("%d sessions after reads only", n)
	}
	c := client(t, srv)
	if code, _ := c.do("POST", "/post/move/e2e4"); code != http.StatusConflict || api.Sessions() != 0 {
		t.Fatalf("a move without a game: %d, %d sessions", code, api.Sessions())
	}
	c.do("POST", "/post/new")
	c.do("POST", "/post/move/e2e4")
	if n := api.Sessions(); n != 1 {
		t.Fatalf("%d sessions after a new game and a move", n)
	}
}
