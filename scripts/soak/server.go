package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// sandbox is where the server may live: its own HOME, XDG directories,
// TMPDIR and working directory, and the data directory. Everything but the
// data directory must be as empty after the soak as before: a server that
// writes a file outside --data shows up there (or in the watched trees)
// even if it ignores the flag.
type sandbox struct {
	root, home, tmp, cwd, data string
	env                        []string
}

func newSandbox(root string) (*sandbox, error) {
	s := &sandbox{root: root, home: filepath.Join(root, "home"), tmp: filepath.Join(root, "tmp"),
		cwd: filepath.Join(root, "cwd"), data: filepath.Join(root, "data")}
	xdg := map[string]string{
		"XDG_DATA_HOME":   filepath.Join(s.home, ".local", "share"),
		"XDG_CONFIG_HOME": filepath.Join(s.home, ".config"),
		"XDG_CACHE_HOME":  filepath.Join(s.home, ".cache"),
		"XDG_STATE_HOME":  filepath.Join(s.home, ".local", "state"),
	}
	dirs := []string{s.home, s.tmp, s.cwd, s.data}
	// Only what the server needs from ours: PATH finds installed engines
	// (/usr/games) the Play tab offers.
	s.env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + s.home, "TMPDIR=" + s.tmp, "LANG=C.UTF-8"}
	for k, v := range xdg {
		dirs = append(dirs, v)
		s.env = append(s.env, k+"="+v)
	}
	for _, d := range dirs {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// server is the evochess serve process under test.
type server struct {
	cmd      *exec.Cmd
	sshAddr  string
	httpAddr string
	exited   chan struct{} // closed when the process has exited
	waitErr  error         // valid once exited is closed
	stopping chan struct{} // closed when the harness stops it on purpose
	logPath  string

	mu      sync.Mutex
	logTail []string // the last lines of its stderr, for a crash report
}

var listenRE = regexp.MustCompile(`^(ssh|http): listening on (\S+)$`)

// startServer runs bin serve in the sandbox on free ports (":0", the
// addresses read back from its log) and waits until both sides listen.
// Its stderr goes to logPath. extra are more serve flags; started is told
// the process's id as soon as it runs.
func startServer(ctx context.Context, bin string, sb *sandbox, logPath string, extra []string, started func(pid int)) (*server, error) {
	args := append([]string{"serve", "--ssh", "127.0.0.1:0", "--http", "127.0.0.1:0", "--data", sb.data}, extra...)
	cmd := exec.Command(bin, args...)
	cmd.Dir, cmd.Env = sb.cwd, sb.env
	cmd.SysProcAttr = procAttr()
	logf, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		logf.Close()
		return nil, err
	}
	cmd.Stdout = logf
	if err := cmd.Start(); err != nil {
		logf.Close()
		return nil, err
	}
	started(cmd.Process.Pid)
	s := &server{cmd: cmd, exited: make(chan struct{}), stopping: make(chan struct{}), logPath: logPath}
	ready := make(chan [2]string, 4)
	logDone := make(chan struct{})
	go func() { // copies the log until the process closes its stderr
		defer close(logDone)
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			fmt.Fprintln(logf, line)
			s.mu.Lock()
			s.logTail = append(s.logTail, line)
			if len(s.logTail) > 20 {
				s.logTail = s.logTail[1:]
			}
			s.mu.Unlock()
			if m := listenRE.FindStringSubmatch(line); m != nil {
				ready <- [2]string{m[1], m[2]}
			}
		}
		io.Copy(logf, stderr)
	}()
	go func() {
		<-logDone // Wait closes the pipe: read it all first
		s.waitErr = cmd.Wait()
		logf.Close()
		close(s.exited)
	}()
	timeout := time.NewTimer(60 * time.Second)
	defer timeout.Stop()
	for s.sshAddr == "" || s.httpAddr == "" {
		select {
		case r := <-ready:
			if r[0] == "ssh" {
				s.sshAddr = r[1]
			} else {
				s.httpAddr = r[1]
			}
		case <-s.exited:
			return nil, fmt.Errorf("the server exited before listening (%v):\n%s", s.waitErr, s.tail())
		case <-timeout.C:
			s.kill()
			return nil, errors.New("the server did not say it listens within 60 s")
		case <-ctx.Done():
			s.kill()
			return nil, ctx.Err()
		}
	}
	return s, nil
}

func (s *server) pid() int { return s.cmd.Process.Pid }

func (s *server) alive() bool {
	select {
	case <-s.exited:
		return false
	default:
		return true
	}
}

func (s *server) tail() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return strings.Join(s.logTail, "\n")
}

// stop asks the server to end (SIGTERM, as an operator would) and waits
// up to grace for it; it reports whether it ended cleanly in time.
func (s *server) stop(grace time.Duration) error {
	close(s.stopping)
	if !s.alive() {
		return fmt.Errorf("it had already exited: %v", s.waitErr)
	}
	s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.exited:
		if s.waitErr != nil {
			return fmt.Errorf("it exited with %v after SIGTERM", s.waitErr)
		}
		return nil
	case <-time.After(grace):
		s.kill()
		return fmt.Errorf("it was still running %v after SIGTERM and was killed", grace)
	}
}

func (s *server) kill() {
	s.cmd.Process.Kill()
	<-s.exited
}

// procStats is one reading of the server's /proc.
type procStats struct {
	rssKB, hwmKB int64
	threads, fds int
	writes       []string // regular files open for writing outside the data directory
}

// readProc reads /proc/PID: memory (VmRSS, VmHWM: the kernel's own peak),
// threads, and the open files, flagging any open for writing outside
// allowed (the data directory, the log the harness gave it).
func readProc(pid int, allowed []string) (procStats, error) {
	var st procStats
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return st, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		f := strings.Fields(v)
		if len(f) == 0 {
			continue
		}
		n, _ := strconv.ParseInt(f[0], 10, 64)
		switch k {
		case "VmRSS":
			st.rssKB = n
		case "VmHWM":
			st.hwmKB = n
		case "Threads":
			st.threads = int(n)
		}
	}
	fdDir := fmt.Sprintf("/proc/%d/fd", pid)
	entries, err := os.ReadDir(fdDir)
	if err != nil {
		return st, nil // memory is what matters; fds are a bonus
	}
	st.fds = len(entries)
	for _, e := range entries {
		target, err := os.Readlink(filepath.Join(fdDir, e.Name()))
		if err != nil || !strings.HasPrefix(target, "/") || strings.HasPrefix(target, "/dev/") {
			continue // sockets, pipes, anon inodes, /dev/null, gone
		}
		target = strings.TrimSuffix(target, " (deleted)")
		if under(target, allowed) {
			continue
		}
		info, err := os.ReadFile(fmt.Sprintf("/proc/%d/fdinfo/%s", pid, e.Name()))
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(info), "\n") {
			if v, ok := strings.CutPrefix(line, "flags:"); ok {
				flags, _ := strconv.ParseInt(strings.TrimSpace(v), 8, 64)
				if flags&int64(syscall.O_ACCMODE) != int64(syscall.O_RDONLY) {
					st.writes = append(st.writes, target)
				}
			}
		}
	}
	return st, nil
}

// serveFlags lists the flags "bin serve --help" knows, so that the soak
// can raise limits the binary has (session caps added later) and skip
// those it does not.
func serveFlags(bin string) (map[string]bool, error) {
	out, _ := exec.Command(bin, "serve", "--help").CombinedOutput() // --help may exit non-zero
	flags := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^\s+(?:-\w, )?--([a-z0-9-]+)`).FindAllStringSubmatch(string(out), -1) {
		flags[m[1]] = true
	}
	if !flags["ssh"] || !flags["http"] || !flags["data"] {
		return nil, fmt.Errorf("%s serve --help lists no --ssh/--http/--data:\n%s", bin, out)
	}
	return flags, nil
}
