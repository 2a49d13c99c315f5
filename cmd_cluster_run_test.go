package main

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/evochess/evochess/arena/cluster"
)

// wallFields are a run file's fields that wall time, CPU time and the
// local worker count set: not part of the run.
var wallFields = regexp.MustCompile(`"(saved|elapsed|cpu|cpu_elapsed|seconds|workers)": *("[^"]*"|[0-9.e+-]+)`)

// runFile reads a saved run's file, wall times aside.
func runFile(t *testing.T, data, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(data, "runs", name, "run.json"))
	if err != nil {
		t.Fatal(err)
	}
	return wallFields.ReplaceAllString(string(b), `"$1": 0`)
}

// freePort is a loopback port nobody listens on now.
func freePort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
}

// startWorker runs an in-process worker until the test ends.
func startWorker(t *testing.T, url string, slots int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- cluster.Serve(ctx, cluster.WorkerConfig{Client: cluster.ClientConfig{URL: url}, Slots: slots, Report: 200 * time.Millisecond})
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})
}

var clusterEvolveArgs = []string{"evolve", "--method", "classic", "--population", "4", "--generations", "2", "--fitness", "round-robin",
	"--games", "2", "--tc", "nodes=200", "--max-moves", "40", "--seed", "3"}

func TestDistributedEvolutionWritesTheLocalRunFile(t *testing.T) {
	local := t.TempDir()
	if code, _, stderr := runCLI(append(clusterEvolveArgs, "--data", local, "--save", "r", "--workers", "2")...); code != exitOK {
		t.Fatalf("local run: exit %d: %s", code, stderr)
	}
	remote := t.TempDir()
	port := freePort(t)
	var started atomic.Bool
	go func() { // the workers join once the coordinator listens
		for range 200 {
			if c, err := net.Dial("tcp", "127.0.0.1:"+port); err == nil {
				c.Close()
				started.Store(true)
				startWorker(t, "nats://127.0.0.1:"+port, 1)
				startWorker(t, "nats://127.0.0.1:"+port, 2)
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
	}()
	code, _, stderr := runCLI(append(clusterEvolveArgs, "--data", remote, "--save", "r", "--workers", "0", "--cluster-listen", "127.0.0.1:"+port)...)
	if code != exitOK || !started.Load() {
		t.Fatalf("distributed run: exit %d: %s", code, stderr)
	}
	if a, b := runFile(t, local, "r"), runFile(t, remote, "r"); a != b {
		t.Fatalf("the distributed run file differs from the local one:\n%s\n---\n%s", a, b)
	}
}
