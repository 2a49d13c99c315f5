//go:build !linux

package core

// systemSpareMemory: unknown here, so CapHashMB uses its fallback.
func systemSpareMemory() uint64 { return 0 }
