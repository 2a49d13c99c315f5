//go:build !amd64

package core

import "unsafe"

// prefetch is a no-op where no prefetch instruction is wired up.
func prefetch(addr unsafe.Pointer) {}
