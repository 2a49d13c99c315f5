//go:build unix

package core

import "syscall"

const openNonblock = syscall.O_NONBLOCK
