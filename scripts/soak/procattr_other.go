//go:build !linux

package main

import "syscall"

// procAttr puts the server in a process group of its own (Ctrl-C reaches
// the harness alone); only Linux can also tie its life to the harness's.
func procAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }
