//go:build unix

package saves

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// Lock is an exclusive hold on a saved run, so that two processes sharing
// a data directory (the terminal app and a headless run) never write the
// same run. It is an flock on the run's lock file: the kernel releases it
// when the process dies, so a kill -9 leaves no stale lock.
type Lock struct{ f *os.File }

func lockFile(path, what string) (*Lock, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		holder, _ := os.ReadFile(path)
		f.Close()
		pid := strings.TrimSpace(string(holder))
		if _, err := strconv.Atoi(pid); err != nil {
			pid = "unknown"
		}
		return nil, fmt.Errorf("%s is open in another evochess process (pid %s)", what, pid)
	}
	f.Truncate(0)
	f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	return &Lock{f: f}, nil
}

// Release lets others open the run.
func (l *Lock) Release() error {
	if l == nil || l.f == nil {
		return nil
	}
	syscall.Flock(int(l.f.Fd()), syscall.LOCK_UN)
	err := l.f.Close()
	l.f = nil
	return err
}
