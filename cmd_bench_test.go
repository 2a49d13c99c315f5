package main

import (
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBenchCPUProfile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bench.pprof")
	code, out, errOut := runCLI("bench", "--depth", "6", "--cpuprofile", path)
	if code != 0 {
		t.Fatalf("bench --cpuprofile: exit %d, stderr %q", code, errOut)
	}
	if !strings.Contains(out, "nodes:") {
		t.Errorf("bench printed no node count: %q", out)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// A pprof profile is a gzipped protocol buffer.
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("the written profile is not gzipped: %v", err)
	}
	body, err := io.ReadAll(io.LimitReader(z, 1<<24))
	if err != nil || len(body) == 0 {
		t.Errorf("the written profile's body: %d bytes, %v", len(body), err)
	}
}

func TestBenchCPUProfileBadPath(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "no-such-dir", "bench.pprof")
	code, _, errOut := runCLI("bench", "--depth", "2", "--cpuprofile", bad)
	if code == 0 || !strings.Contains(errOut, "--cpuprofile") || !strings.Contains(errOut, "no-such-dir") {
		t.Errorf("bench to a missing directory: exit %d, stderr %q; want a failure naming the flag and the path", code, errOut)
	}
}
