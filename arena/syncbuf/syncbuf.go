// Package syncbuf is a bytes.Buffer several goroutines may write and read:
// the log of a worker, a server or a terminal session that a test reads
// while they still run.
package syncbuf

import (
	"bytes"
	"sync"
)

// Buffer is a goroutine-safe output sink. The zero value is ready.
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *Buffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// String is everything written so far.
func (s *Buffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
