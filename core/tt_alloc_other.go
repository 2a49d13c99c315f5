//go:build !linux

package core

// allocBuckets makes a table of n buckets (huge pages are asked for on
// Linux only).
func allocBuckets(n uint64) []ttBucket { return make([]ttBucket, n) }
