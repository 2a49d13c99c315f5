package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"golang.org/x/sys/unix"
)

// writeWatch sees every file written on the watched filesystems, and by
// whom (fanotify, which needs root). Snapshots alone cannot tell the
// server's writes from those of other programs writing in the repository
// or /tmp at the same time (a background "evochess evolve", a build); this
// names the writer, so a change there fails the soak only if the server
// (or a process it started) made it.
type writeWatch struct {
	fd      int
	bin     string // the server's executable: its processes are the server
	allowed []string

	mu       sync.Mutex
	pid      int              // the server's, once started (0: not yet)
	pending  map[int][]string // until then: files written by other processes
	outside  []string         // files the server wrote outside allowed
	events   int64            // writes by the server seen, allowed ones included
	overflow bool             // the kernel dropped events: the record is incomplete
}

// startWriteWatch marks the filesystems holding paths; nil and an error
// when fanotify is not to be had (not root, an old kernel). It is started
// before the server, and knows it by its executable, bin, so that the
// server's first writes (at start-up) are seen too.
func startWriteWatch(bin string, allowed, paths []string) (*writeWatch, error) {
	fd, err := unix.FanotifyInit(unix.FAN_CLASS_NOTIF|unix.FAN_CLOEXEC|unix.FAN_NONBLOCK|unix.FAN_UNLIMITED_QUEUE, unix.O_RDONLY|unix.O_LARGEFILE)
	if err != nil {
		return nil, fmt.Errorf("fanotify: %w", err)
	}
	for _, p := range paths {
		// The whole filesystem: the server could write anywhere on it, not
		// only under the paths the snapshots watch.
		if err := unix.FanotifyMark(fd, unix.FAN_MARK_ADD|unix.FAN_MARK_FILESYSTEM, unix.FAN_MODIFY|unix.FAN_CLOSE_WRITE, unix.AT_FDCWD, p); err != nil {
			unix.Close(fd)
			return nil, fmt.Errorf("fanotify mark %s: %w", p, err)
		}
	}
	return &writeWatch{fd: fd, bin: bin, allowed: allowed}, nil
}

// run reads events until ctx ends, then closes the watch.
func (w *writeWatch) run(ctx context.Context) {
	defer unix.Close(w.fd)
	buf := make([]byte, 64<<10)
	for ctx.Err() == nil {
		// Poll with a timeout rather than a blocking read: a read blocked
		// on the descriptor would not notice ctx.
		fds := []unix.PollFd{{Fd: int32(w.fd), Events: unix.POLLIN}}
		n, err := unix.Poll(fds, 200)
		if errors.Is(err, unix.EINTR) || err == nil && n == 0 {
			continue
		}
		if err != nil {
			w.mu.Lock()
			w.overflow = true // no more events: the record is incomplete
			w.mu.Unlock()
			return
		}
		for {
			n, err := unix.Read(w.fd, buf)
			if err != nil || n <= 0 {
				break // EAGAIN: read them all
			}
			w.handle(buf[:n])
		}
	}
}

func (w *writeWatch) handle(b []byte) {
	const size = int(unsafe.Sizeof(unix.FanotifyEventMetadata{}))
	for len(b) >= size {
		ev := (*unix.FanotifyEventMetadata)(unsafe.Pointer(&b[0]))
		if ev.Event_len < uint32(size) || int(ev.Event_len) > len(b) {
			return
		}
		if ev.Mask&unix.FAN_Q_OVERFLOW != 0 {
			w.mu.Lock()
			w.overflow = true
			w.mu.Unlock()
		}
		if ev.Fd >= 0 {
			w.event(int(ev.Pid), int(ev.Fd))
			unix.Close(int(ev.Fd)) // every event holds the file open
		}
		b = b[ev.Event_len:]
	}
}

// event is a write by pid to the file open as fd.
func (w *writeWatch) event(pid, fd int) {
	ours := w.ours(pid)
	w.mu.Lock()
	known := w.pid != 0
	w.mu.Unlock()
	if !ours && known {
		return
	}
	path, err := os.Readlink("/proc/self/fd/" + strconv.Itoa(fd))
	if err != nil {
		return
	}
	path = strings.TrimSuffix(path, " (deleted)")
	w.mu.Lock()
	defer w.mu.Unlock()
	switch {
	case ours || pid == w.pid: // named since ours was asked
		w.record(path)
	case w.pid == 0:
		// The server may have been started but not yet named (setPID):
		// keep the write until it is, and judge it then.
		if w.pending == nil {
			w.pending = map[int][]string{}
		}
		if len(w.pending[pid]) < 100 {
			w.pending[pid] = append(w.pending[pid], path)
		}
	}
}

// setPID names the server's process once started: a wrapper script as
// --binary runs the server under another executable's name, and writes
// seen before now are judged again.
func (w *writeWatch) setPID(pid int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.pid = pid
	for _, path := range w.pending[pid] {
		w.record(path)
	}
	w.pending = nil
}

// record notes one write by the server; w.mu is held.
func (w *writeWatch) record(path string) {
	w.events++
	if !under(path, w.allowed) && !slices.Contains(w.outside, path) {
		w.outside = append(w.outside, path)
	}
}

// ours reports whether pid is the server, runs its executable, or was
// started by such a process (an external engine), by the parent chain in
// /proc. A process already gone cannot be told: its writes are not
// counted (the snapshots still see what it left).
func (w *writeWatch) ours(pid int) bool {
	w.mu.Lock()
	server := w.pid
	w.mu.Unlock()
	for depth := 0; depth < 32 && pid > 1; depth++ {
		if pid == server {
			return true
		}
		proc := "/proc/" + strconv.Itoa(pid)
		if exe, err := os.Readlink(proc + "/exe"); err == nil && strings.TrimSuffix(exe, " (deleted)") == w.bin {
			return true
		}
		b, err := os.ReadFile(proc + "/stat")
		if err != nil {
			return false
		}
		// pid (comm) state ppid …: comm may hold spaces and parentheses.
		i := strings.LastIndexByte(string(b), ')')
		if i < 0 {
			return false
		}
		f := strings.Fields(string(b[i+1:]))
		if len(f) < 2 {
			return false
		}
		pid, _ = strconv.Atoi(f[1])
	}
	return false
}

// result is what the watch saw: files written outside, writes seen in
// all, and whether the kernel dropped events.
func (w *writeWatch) result() (outside []string, events int64, overflow bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]string(nil), w.outside...), w.events, w.overflow
}
