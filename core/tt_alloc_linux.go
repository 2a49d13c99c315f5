package core

import (
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on x86-64 and arm64 Linux.
const hugePage = 2 << 20

// allocBuckets makes a table of n buckets and, when it spans whole huge
// pages, aligns it to one and asks the kernel for transparent huge pages
// (madvise, as Stockfish does): with 4 KiB pages nearly every probe of a
// table beyond the TLB's reach misses the TLB as well as the cache. The
// memory stays on the Go heap, so the collector sees and frees it; the
// alignment costs one huge page more.
func allocBuckets(n uint64) []ttBucket {
	bucket := unsafe.Sizeof(ttBucket{})
	size := uintptr(n) * bucket
	if size < hugePage {
		return make([]ttBucket, n)
	}
	b := make([]ttBucket, n+uint64(hugePage/bucket))
	addr := uintptr(unsafe.Pointer(&b[0]))
	skip := uint64((-addr & (hugePage - 1)) / bucket)
	b = b[skip : skip+n : skip+n]
	// Refused quietly where THP is off: the table works the same.
	_ = syscall.Madvise(unsafe.Slice((*byte)(unsafe.Pointer(&b[0])), size), syscall.MADV_HUGEPAGE)
	return b
}
