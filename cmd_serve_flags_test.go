package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

func TestByteSizeFlag(t *testing.T) {
	for in, want := range map[string]int64{"50MB": 50 << 20, "1.5GB": 3 << 29, "500kb": 500 << 10, "4096": 4096, "0": 0, "2M": 2 << 20} {
		var b byteSize
		if err := b.Set(in); err != nil || int64(b) != want {
			t.Errorf("%q: %d %v, want %d", in, b, err, want)
		}
	}
	for _, in := range []string{"", "-1MB", "lots", "5TB"} {
		var b byteSize
		if err := b.Set(in); err == nil {
			t.Errorf("%q: accepted as %d", in, b)
		}
	}
	if s := (func() string { b := byteSize(50 << 20); return b.String() })(); s != "50MB" {
		t.Errorf("String %q", s)
	}
}

// A bad limit or keys file stops serve before it listens, with a reason.
func TestServeRefusesBadLimits(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"--ssh-sessions", "0"}, "at least 1"},
		{[]string{"--quota", "lots"}, "want a size"},
		{[]string{"--authorized-keys", filepath.Join(dir, "none")}, "--authorized-keys"},
	} {
		var stdout, stderr bytes.Buffer
		args := append([]string{"serve", "--ssh", "127.0.0.1:0", "--data", dir}, c.args...)
		if status := run(args, nil, &stdout, &stderr); status != exitUsage || !strings.Contains(stderr.String(), c.says) {
			t.Errorf("%v: status %d, %q", c.args, status, stderr.String())
		}
	}
}
