//go:build unix

package arena

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A book that is not a regular file is refused at once (a pipe used to
// block for ever, /dev/zero to be read until memory ran out).
func TestLoadBookRefusesWhatIsNotAFile(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "book.epd")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{fifo: "a named pipe", "/dev/zero": "a device"} {
		done := make(chan error, 1)
		go func() { _, err := LoadBook(path); done <- err }()
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
