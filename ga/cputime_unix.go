//go:build unix

package ga

import "syscall"

// processCPU is the CPU time (user and system, every thread) this process
// has used, in seconds: the currency of --cpu budgets.
func processCPU() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
