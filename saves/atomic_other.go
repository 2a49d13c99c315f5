//go:build !unix

package saves

func isUnsupported(error) bool { return true }
