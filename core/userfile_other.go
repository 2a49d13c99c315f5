//go:build !unix

package core

// openNonblock: no named pipes to hang on here.
const openNonblock = 0
