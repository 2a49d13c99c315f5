//go:build unix

package saves

import (
	"errors"
	"syscall"
)

// isUnsupported: some file systems cannot fsync a directory.
func isUnsupported(err error) bool {
	return errors.Is(err, syscall.EINVAL) || errors.Is(err, syscall.ENOTSUP)
}
