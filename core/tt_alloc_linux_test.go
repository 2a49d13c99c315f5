package core

import (
	"testing"
	"unsafe"
)

func TestAllocBucketsAlignsLargeTables(t *testing.T) {
	const bucket = uint64(unsafe.Sizeof(ttBucket{}))
	for _, tc := range []struct {
		n       uint64
		aligned bool
	}{
		{1, false},
		{hugePage / bucket / 2, false}, // 1 MiB: below a huge page, left where the heap puts it
		{hugePage / bucket, true},
		{16 << 20 / bucket, true},
	} {
		b := allocBuckets(tc.n)
		if uint64(len(b)) != tc.n || uint64(cap(b)) != tc.n {
			t.Errorf("n=%d: len %d cap %d", tc.n, len(b), cap(b))
		}
		addr := uintptr(unsafe.Pointer(&b[0]))
		if tc.aligned && addr%hugePage != 0 {
			t.Errorf("n=%d: table at %#x, not on a huge-page boundary", tc.n, addr)
		}
		b[len(b)-1].e[4].key32 = 1 // the whole table is usable
	}
}
