package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// Every timeout of the REST server is set, and none cuts a move short.
func TestHTTPServerLimits(t *testing.T) {
	const move = 30 * time.Second
	srv := newHTTPServer(http.NotFoundHandler(), move)
	cases := []struct {
		name     string
		got      time.Duration
		min, max time.Duration
	}{
		{"ReadHeaderTimeout", srv.ReadHeaderTimeout, time.Second, 30 * time.Second},
		{"ReadTimeout", srv.ReadTimeout, time.Second, time.Minute},
		{"WriteTimeout", srv.WriteTimeout, move + time.Second, 2 * move},
		{"IdleTimeout", srv.IdleTimeout, time.Second, 5 * time.Minute},
	}
	for _, c := range cases {
		if c.got < c.min || c.got > c.max {
			t.Errorf("%s %v, want %v to %v", c.name, c.got, c.min, c.max)
		}
	}
	if srv.MaxHeaderBytes <= 0 || srv.MaxHeaderBytes > 64<<10 {
		t.Errorf("MaxHeaderBytes %d", srv.MaxHeaderBytes)
	}

	// The header cap is enforced: a 100 KB header is refused.
	ts := httptest.NewUnstartedServer(nil)
	ts.Config = newHTTPServer(http.NotFoundHandler(), move)
	ts.Start()
	defer ts.Close()
	req, _ := http.NewRequest("GET", ts.URL+"/get/board", nil)
	req.Header.Set("Cookie", "evochess_session="+strings.Repeat("x", 100<<10))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("a 100 KB header: %d", res.StatusCode)
	}
}
