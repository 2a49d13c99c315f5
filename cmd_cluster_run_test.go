package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/evochess/evochess/arena/cluster"
	"github.com/evochess/evochess/arena/syncbuf"
	"github.com/evochess/evochess/saves"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
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

// runGames is how many games a saved run played, over all generations.
func runGames(t *testing.T, data, name string) int {
	t.Helper()
	d, err := saves.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	r, err := d.LoadRun(name)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, h := range r.History {
		n += h.Games
	}
	return n
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

// waitListen waits until something listens on the loopback port.
func waitListen(port string) error {
	for range 400 {
		if c, err := net.Dial("tcp", "127.0.0.1:"+port); err == nil {
			c.Close()
			return nil
		}
		time.Sleep(25 * time.Millisecond)
	}
	return fmt.Errorf("nothing listens on port %s", port)
}

// testWorker is an in-process evochess worker.
type testWorker struct {
	log  *syncbuf.Buffer
	stop func() // stops it and waits; later calls do nothing
}

// startWorker runs an in-process worker until stopped or the test ends.
func startWorker(t *testing.T, url string, cfg cluster.WorkerConfig) *testWorker {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	w := &testWorker{log: &syncbuf.Buffer{}}
	cfg.Client, cfg.Log, cfg.Report = cluster.ClientConfig{URL: url}, w.log, 200*time.Millisecond
	cfg.Slots = max(cfg.Slots, 1)
	go func() {
		defer close(done)
		cluster.Serve(ctx, cfg)
	}()
	w.stop = func() {
		cancel()
		<-done
	}
	t.Cleanup(w.stop)
	return w
}

// gamesPlayed is the count a stopped worker gave in its last line.
func (w *testWorker) gamesPlayed(t *testing.T) int {
	t.Helper()
	m := regexp.MustCompile(`stopped: (\d+) games played`).FindStringSubmatch(w.log.String())
	if m == nil {
		t.Fatalf("the worker did not say how many games it played: %q", w.log.String())
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

var clusterEvolveArgs = []string{"evolve", "--method", "classic", "--population", "4", "--generations", "3", "--fitness", "round-robin",
	"--games", "2", "--tc", "nodes=200", "--max-moves", "40", "--seed", "3"}

// coordinatorArgs are clusterEvolveArgs for a coordinator without local
// workers listening on port; a short ack wait gets abandoned jobs back
// quickly; every generation is written (the test kills it after one).
func coordinatorArgs(data, port string) []string {
	return append(clusterEvolveArgs, "--data", data, "--save", "r", "--save-every", "0", "--workers", "0",
		"--cluster-listen", "127.0.0.1:"+port, "--cluster-ack-wait", "1s")
}

// A run's games played by remote workers give the local run's file
// whatever happens to the workers, the results or the coordinator.
func TestDistributedEvolutionWritesTheLocalRunFile(t *testing.T) {
	local := t.TempDir()
	if code, _, stderr := runCLI(append(clusterEvolveArgs, "--data", local, "--save", "r", "--workers", "2")...); code != exitOK {
		t.Fatalf("local run: exit %d: %s", code, stderr)
	}
	want := runFile(t, local, "r")
	for _, tt := range []struct {
		name string
		// join starts the workers once the coordinator listens at url;
		// check, when set, says after the run whether the case happened.
		join func(t *testing.T, url string) (check func() error, err error)
	}{
		{"two workers", func(t *testing.T, url string) (func() error, error) {
			startWorker(t, url, cluster.WorkerConfig{Slots: 1})
			startWorker(t, url, cluster.WorkerConfig{Slots: 2})
			return nil, nil
		}},
		{"a worker killed mid-game", func(t *testing.T, url string) (func() error, error) {
			taken, err := abandonJob(url)
			if err != nil {
				return nil, err
			}
			w := startWorker(t, url, cluster.WorkerConfig{Slots: 1})
			return func() error {
				if err := <-taken; err != nil {
					return fmt.Errorf("the killed worker took no job: %w", err)
				}
				return expect(w.log, "delivery 2 (its last worker died")
			}, nil
		}},
		{"every result stored twice", func(t *testing.T, url string) (func() error, error) {
			copies, err := copyResults(t, url)
			if err != nil {
				return nil, err
			}
			startWorker(t, url, cluster.WorkerConfig{Slots: 2})
			return func() error {
				if copies.Load() == 0 {
					return errors.New("no result was stored twice")
				}
				return nil
			}, nil
		}},
		{"a worker refusing its job", func(t *testing.T, url string) (func() error, error) {
			refuser := startWorker(t, url, cluster.WorkerConfig{Name: "small", MaxHashMB: 1})
			if err := waitLog(refuser.log, "gave job"); err != nil {
				return nil, err
			}
			refuser.stop()
			w := startWorker(t, url, cluster.WorkerConfig{Slots: 2})
			return func() error {
				if err := expect(refuser.log, "hash 2 MB is more than this worker allows (1)"); err != nil {
					return err
				}
				return expect(w.log, "delivery 2")
			}, nil
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			data, port := t.TempDir(), freePort(t)
			joined := make(chan error, 1)
			var check func() error
			go func() {
				err := waitListen(port)
				if err == nil {
					check, err = tt.join(t, "nats://127.0.0.1:"+port)
				}
				joined <- err
			}()
			code, _, stderr := runCLI(coordinatorArgs(data, port)...)
			if err := <-joined; err != nil {
				t.Fatal(err)
			}
			if code != exitOK {
				t.Fatalf("distributed run: exit %d: %s", code, stderr)
			}
			if got := runFile(t, data, "r"); got != want {
				t.Fatalf("the distributed run file differs from the local one:\n%s\n---\n%s", want, got)
			}
			if check != nil {
				if err := check(); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
	t.Run("the coordinator killed and resumed", func(t *testing.T) {
		if testing.Short() {
			t.Skip("starts a process")
		}
		data, port := t.TempDir(), freePort(t)
		cmd := exec.Command(os.Args[0], coordinatorArgs(data, port)...)
		cmd.Env = append(os.Environ(), "EVOCHESS_TEST_MAIN=1")
		var killedErr bytes.Buffer
		cmd.Stderr = &killedErr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if err := waitListen(port); err != nil {
			cmd.Process.Kill()
			t.Fatal(err)
		}
		url := "nats://127.0.0.1:" + port
		workers := []*testWorker{startWorker(t, url, cluster.WorkerConfig{Slots: 1}), startWorker(t, url, cluster.WorkerConfig{Slots: 1})}
		// Killed once generation 1 is saved and two results of generation
		// 2 are stored: its other games are queued or playing, and none of
		// them is in a checkpoint.
		cp := filepath.Join(data, saves.Runs, "r", "checkpoints", "gen-000001.json")
		for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(5 * time.Millisecond) {
			if _, err := os.Stat(cp); err == nil {
				break
			}
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				t.Fatalf("no checkpoint of generation 1: %s", killedErr.String())
			}
		}
		saved := runGames(t, data, "r")
		if err := waitResults(url, saved+2); err != nil {
			cmd.Process.Kill()
			t.Fatal(err)
		}
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		if runGames(t, data, "r") != saved {
			t.Fatal("generation 2 was saved before the kill")
		}
		code, _, stderr := runCLI("evolve", "--resume", "r", "--data", data, "--workers", "0",
			"--cluster-listen", "127.0.0.1:"+port, "--cluster-ack-wait", "1s")
		if code != exitOK {
			t.Fatalf("resumed run: exit %d: %s", code, stderr)
		}
		if got := runFile(t, data, "r"); got != want {
			t.Fatalf("the resumed distributed run file differs from the local one:\n%s\n---\n%s", want, got)
		}
		m := regexp.MustCompile(`the run has (\d+) results stored`).FindStringSubmatch(stderr)
		if m == nil {
			t.Fatalf("the resumed coordinator found no stored result: %s", stderr)
		}
		if stored, _ := strconv.Atoi(m[1]); stored < saved+2 {
			t.Fatalf("the resumed coordinator found %d results, not generation 2's (generation 1 had %d games): %s", stored, saved, stderr)
		}
		played := 0
		for _, w := range workers {
			w.stop()
			played += w.gamesPlayed(t)
		}
		// A game playing when the server died may be played again: the
		// restarted server can have lost the record of its delivery. A
		// stored result is never played again (workers look each job up).
		games := runGames(t, data, "r")
		if played < games || played > games+len(workers) {
			t.Fatalf("workers played %d games for a run of %d (%d of them playing at the kill at most)", played, games, len(workers))
		}
		t.Logf("resumed with %s results stored; %d games played by workers for a run of %d\n%s\n%s\n%s", m[1], played, games, workers[0].log, workers[1].log, stderr)
	})
}

// abandonJob takes a job off the queue and drops its connection without
// acknowledging it, as a worker killed mid-game does. It returns once its
// pull waits at the server, first in line for the run's first job; taken
// says whether it got one.
func abandonJob(url string) (taken <-chan error, err error) {
	nc, err := nats.Connect(url)
	if err != nil {
		return nil, err
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var cons jetstream.Consumer
	for { // the coordinator creates the queue just after it listens
		if cons, err = js.Consumer(ctx, cluster.JobStream, cluster.WorkersConsumer); err == nil {
			break
		}
		if ctx.Err() != nil {
			nc.Close()
			return nil, fmt.Errorf("no job queue: %w", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	done := make(chan error, 1)
	go func() {
		_, err := cons.Next(jetstream.FetchMaxWait(30 * time.Second))
		nc.Close()
		done <- err
	}()
	for {
		info, err := cons.Info(ctx)
		if err != nil {
			return nil, err
		}
		if info.NumWaiting > 0 {
			return done, nil
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// waitResults waits until the results stream holds n results.
func waitResults(url string, n int) error {
	nc, err := nats.Connect(url)
	if err != nil {
		return err
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for ; ctx.Err() == nil; time.Sleep(5 * time.Millisecond) {
		if s, err := js.Stream(ctx, cluster.ResultStream); err == nil {
			if info, err := s.Info(ctx); err == nil && info.State.Msgs >= uint64(n) {
				return nil
			}
		}
	}
	return fmt.Errorf("the results stream did not reach %d results", n)
}

// copyResults stores every result a second time, as a worker that played
// a job again would, until the test ends; it returns the count of copies.
func copyResults(t *testing.T, url string) (*atomic.Int64, error) {
	// With a worker's rights (it cannot follow the results as they come):
	// it lists the results stored, and stores each a second time, signed
	// as it was, as a worker playing a redelivered job would.
	nc, err := nats.Connect(url)
	if err != nil {
		return nil, err
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	t.Cleanup(func() {
		cancel()
		<-done
		nc.Close()
	})
	copies := &atomic.Int64{}
	go func() {
		defer close(done)
		copied := map[string]bool{}
		for ctx.Err() == nil {
			time.Sleep(20 * time.Millisecond)
			stream, err := js.Stream(ctx, cluster.ResultStream)
			if err != nil {
				continue
			}
			info, err := stream.Info(ctx, jetstream.WithSubjectFilter(cluster.ResultSubjects))
			if err != nil {
				continue
			}
			for subj := range info.State.Subjects {
				if copied[subj] {
					continue
				}
				raw, err := stream.GetLastMsgForSubject(ctx, subj)
				if err != nil {
					continue
				}
				c := nats.NewMsg(subj)
				c.Data, c.Header = raw.Data, raw.Header
				if _, err := js.PublishMsg(ctx, c); err == nil {
					copied[subj] = true
					copies.Add(1)
				}
			}
		}
	}()
	return copies, nil
}

// waitLog waits up to 20 s for text in a log.
func waitLog(log *syncbuf.Buffer, text string) error {
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if strings.Contains(log.String(), text) {
			return nil
		}
	}
	return expect(log, text)
}

// expect says whether a log has the text.
func expect(log *syncbuf.Buffer, text string) error {
	if !strings.Contains(log.String(), text) {
		return fmt.Errorf("no %q in the worker's log:\n%s", text, log.String())
	}
	return nil
}
