//go:build unix

package core

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestFileLimit(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small")
	os.WriteFile(small, []byte("hello"), 0o644)
	big := filepath.Join(dir, "big") // sparse: costs no disk
	f, _ := os.Create(big)
	f.Truncate(300 << 20)
	f.Close()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	lim := FileLimit{What: "test files", Max: 4 << 20}
	cases := []struct {
		path string
		want string // in the error; "" reads "hello"
	}{
		{small, ""},
		{big, big + ": 300 MB, over the 4 MB limit for test files"},
		{fifo, "a named pipe, not a regular file"},
		{"/dev/zero", "a device, not a regular file"},
		{dir, "a directory"},
		{filepath.Join(dir, "missing"), "no such file"},
	}
	for _, c := range cases {
		done := make(chan struct{})
		var data []byte
		var err error
		go func() {
			defer close(done)
			data, err = lim.ReadFile(c.path)
		}()
		select {
		case <-done:
		case <-time.After(2 * time.Second):
			t.Fatalf("%s: still reading after 2 s", c.path)
		}
		switch {
		case c.want == "" && (err != nil || string(data) != "hello"):
			t.Errorf("%s: %q, %v", c.path, data, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: error %v, want one saying %q", c.path, err, c.want)
		}
	}
	if _, err := lim.Open(filepath.Join(dir, "missing")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v, want os.ErrNotExist", err)
	}
}

// A file that grows past the limit after it was opened fails the read
// instead of stopping silently short.
func TestFileLimitGrows(t *testing.T) {
	path := filepath.Join(t.TempDir(), "grows")
	os.WriteFile(path, []byte("12345"), 0o644)
	r, err := FileLimit{What: "test files", Max: 8}.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	os.WriteFile(path, []byte("1234567890"), 0o644)
	data, err := io.ReadAll(r)
	if err == nil || !strings.Contains(err.Error(), "more than the 8 bytes limit for test files") {
		t.Errorf("read %q, %v", data, err)
	}
}

func TestByteSize(t *testing.T) {
	for n, want := range map[int64]string{0: "0 bytes", 1023: "1023 bytes", 1024: "1 KB", 4 << 20: "4 MB", 3 << 29: "1.5 GB", 8 << 30: "8 GB"} {
		if got := byteSize(n); got != want {
			t.Errorf("byteSize(%d) = %q, want %q", n, got, want)
		}
	}
}
