package core

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// systemSpareMemory is the machine's available memory (MemAvailable:
// free plus reclaimable cache), or less when a memory cgroup (a
// container) allows less; 0 when none of it can be read.
func systemSpareMemory() uint64 {
	spare := memAvailable()
	for _, cg := range [][2]string{
		{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory.current"},                                 // cgroup v2
		{"/sys/fs/cgroup/memory/memory.limit_in_bytes", "/sys/fs/cgroup/memory/memory.usage_in_bytes"}, // v1
	} {
		limit, ok1 := readUint(cg[0])
		used, ok2 := readUint(cg[1])
		if ok1 && ok2 && limit > used && (spare == 0 || limit-used < spare) {
			spare = limit - used
		}
	}
	return spare
}

func memAvailable() uint64 {
	if f, err := os.Open("/proc/meminfo"); err == nil {
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if rest, ok := strings.CutPrefix(sc.Text(), "MemAvailable:"); ok {
				kb, err := strconv.ParseUint(strings.TrimSpace(strings.TrimSuffix(rest, "kB")), 10, 64)
				if err == nil {
					return kb << 10
				}
			}
		}
	}
	var si syscall.Sysinfo_t // kernels before 3.14 have no MemAvailable
	if syscall.Sysinfo(&si) == nil {
		return (uint64(si.Freeram) + uint64(si.Bufferram)) * uint64(si.Unit)
	}
	return 0
}

// readUint reads a cgroup file holding one number ("max" is no limit).
func readUint(path string) (uint64, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	n, err := strconv.ParseUint(string(bytes.TrimSpace(b)), 10, 64)
	return n, err == nil
}
