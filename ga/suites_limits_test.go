//go:build unix

package ga

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A suite file that is not a regular file is refused at once.
func TestLoadSuiteRefusesWhatIsNotAFile(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "suite.epd")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{fifo: "a named pipe", "/dev/zero": "a device"} {
		done := make(chan error, 1)
		go func() { _, err := LoadSuite(path); done <- err }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%s: %v, want %q", path, err, want)
			}
		case <-time.After(2 * time.Second):
			t.Fatalf("%s: still reading after 2 s", path)
		}
	}
}
