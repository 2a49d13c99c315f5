//go:build unix

package arena

import (
	"os/exec"
	"syscall"
)

// ownProcessGroup starts the engine in a process group of its own, so
// that killing it also kills what a wrapper script started.
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the engine's whole process group.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		cmd.Process.Kill()
	}
}
