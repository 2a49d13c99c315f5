//go:build !unix

package core

import "time"

var processStart = time.Now()

// processCPU falls back to wall time where getrusage is missing.
func processCPU() time.Duration { return time.Since(processStart) }
