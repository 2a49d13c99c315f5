package main

import (
	"net/http"
	"time"
)

// newHTTPServer is the REST API's server, with every timeout set: a
// client that sends its headers or body slowly, reads slowly or idles on
// a kept-alive connection would otherwise hold a connection (and its
// goroutine) for ever. A request may take up to moveTimeout (an engine's
// answer, waiting for one included), so writes get that and a margin.
func newHTTPServer(h http.Handler, moveTimeout time.Duration) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second, // no request has a body worth waiting for
		WriteTimeout:      moveTimeout + 10*time.Second,
		IdleTimeout:       time.Minute,
		MaxHeaderBytes:    8 << 10, // a cookie and a few headers
	}
}
