//go:build unix

package saves

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Import reads only regular files of bounded size: a pipe used to block
// for ever, and /dev/zero to exhaust memory.
func TestImportRefusesWhatIsNotAFile(t *testing.T) {
	d, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	src := t.TempDir()
	fifo := func(name string) string {
		p := filepath.Join(src, name)
		if err := syscall.Mkfifo(p, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	sparse := func(name string, size int64) string { // costs no disk
		p := filepath.Join(src, name)
		if err := os.WriteFile(p, nil, 0o644); err != nil || os.Truncate(p, size) != nil {
			t.Fatal("cannot make", p)
		}
		return p
	}
	cases := []struct {
		from, want string
	}{
		{fifo("run.json"), "a named pipe, not a regular file"},
		{fifo("positions.epd"), "a named pipe, not a regular file"},
		{"/dev/zero", "/dev/zero: a device, not a regular file"},
		{sparse("huge.json", 300<<20), "huge.json: 300 MB, over the 256 MB limit for run, player and tournament files"},
		{sparse("huge.epd", 9<<30), "huge.epd: 9 GB, over the 8 GB limit for EPD imports"},
	}
	for _, c := range cases {
		done := make(chan error, 1)
		go func() {
			_, _, err := d.Import(c.from, "x")
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("import %s: %v, want an error saying %q", c.from, err, c.want)
			}
		case <-time.After(2 * time.Second):
			t.Fatalf("import %s: still reading after 2 s", c.from)
		}
	}
	if names := d.Names(Runs); len(names) != 0 {
		t.Errorf("runs saved: %v", names)
	}
}
