package main

import (
	"fmt"
	"strconv"
	"strings"
)

// byteSize is a size flag: 50MB, 1.5GB, 500KB or bytes (0: no limit).
// Units are binary (MB = 2^20 bytes), as the status line shows them.
type byteSize int64

func (b *byteSize) String() string {
	n := int64(*b)
	for _, u := range []struct {
		suffix string
		shift  uint
	}{{"GB", 30}, {"MB", 20}, {"KB", 10}} {
		if n >= 1<<u.shift && n%(1<<u.shift) == 0 {
			return strconv.FormatInt(n>>u.shift, 10) + u.suffix
		}
	}
	return strconv.FormatInt(n, 10)
}

func (b *byteSize) Set(s string) error {
	t := strings.ToUpper(strings.TrimSpace(s))
	shift := uint(0)
	for _, u := range []struct {
		suffix string
		shift  uint
	}{{"GB", 30}, {"MB", 20}, {"KB", 10}, {"G", 30}, {"M", 20}, {"K", 10}, {"B", 0}} {
		if strings.HasSuffix(t, u.suffix) {
			t, shift = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.shift
			break
		}
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || f < 0 || f*float64(int64(1)<<shift) > 1<<62 {
		return fmt.Errorf("%q: want a size such as 50MB, 1GB or 0", s)
	}
	*b = byteSize(f * float64(int64(1)<<shift))
	return nil
}

func (b *byteSize) Type() string { return "SIZE" }
