package main

import "syscall"

// procAttr puts the server in a process group of its own, so that Ctrl-C
// at the terminal reaches the harness alone, which then probes, stops and
// judges the server itself; and it ends the server with the harness: if
// the harness is killed (kill -9, a closed terminal), the kernel sends the
// server SIGTERM rather than leaving it listening with nobody to stop it.
// (Pdeathsig follows the thread that started the server; the Go runtime
// only ends threads of goroutines that locked one, which the harness
// never does.)
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
}
