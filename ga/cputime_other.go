//go:build !unix

package ga

import "time"

var processStart = time.Now()

// processCPU falls back to wall time where getrusage is missing: a --cpu
// budget then counts like --time.
func processCPU() float64 { return time.Since(processStart).Seconds() }
