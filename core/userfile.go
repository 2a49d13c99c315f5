package core

import (
	"fmt"
	"io"
	"io/fs"
	"os"
)

// FileLimit is how a file the user names is read: it must be a regular
// file of at most Max bytes. A device (/dev/zero) or a named pipe would
// otherwise be read until memory runs out, or block for ever, and a huge
// file be swallowed whole; every reader of a user-supplied path goes
// through Open or ReadFile.
type FileLimit struct {
	What string // what is read, plural, for the message: "chromosome files"
	Max  int64  // bytes
}

// UserFileError says why a file was not read.
type UserFileError struct {
	Path   string
	Reason string
}

func (e *UserFileError) Error() string { return e.Path + ": " + e.Reason }

// Open opens path for reading after checking what it is and its size;
// reading more than Max bytes (a file that grew since) is an error too.
// Errors of Stat and Open are returned as they are (os.ErrNotExist
// still matches).
func (l FileLimit) Open(path string) (io.ReadCloser, error) {
	// Stat first: opening a device may do something (a tape rewinds).
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := l.check(path, fi); err != nil {
		return nil, err
	}
	// Non-blocking, so that a pipe put in the file's place since Stat
	// cannot hang the open; the open file is checked again, and is what
	// gets read.
	f, err := os.OpenFile(path, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, err
	}
	if fi, err = f.Stat(); err == nil {
		err = l.check(path, fi)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return &limitedFile{f: f, left: l.Max, limit: l, path: path}, nil
}

// ReadFile reads a whole file, as Open allows.
func (l FileLimit) ReadFile(path string) ([]byte, error) {
	r, err := l.Open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(r)
}

func (l FileLimit) check(path string, fi fs.FileInfo) error {
	m := fi.Mode()
	switch {
	case m.IsRegular():
		if fi.Size() > l.Max {
			return l.tooBig(path, fmt.Sprintf("%s, over", byteSize(fi.Size())))
		}
		return nil
	case m.IsDir():
		return &UserFileError{path, "a directory, not a file"}
	case m&fs.ModeNamedPipe != 0:
		return &UserFileError{path, "a named pipe, not a regular file"}
	case m&fs.ModeSocket != 0:
		return &UserFileError{path, "a socket, not a regular file"}
	case m&fs.ModeDevice != 0:
		return &UserFileError{path, "a device, not a regular file"}
	}
	return &UserFileError{path, "not a regular file"}
}

func (l FileLimit) tooBig(path, size string) error {
	return &UserFileError{path, fmt.Sprintf("%s the %s limit for %s", size, byteSize(l.Max), l.What)}
}

// limitedFile reads at most the limit, and fails rather than stop
// silently short when there is more.
type limitedFile struct {
	f     *os.File
	left  int64
	limit FileLimit
	path  string
}

func (r *limitedFile) Read(p []byte) (int, error) {
	if r.left <= 0 {
		var b [1]byte
		if n, err := r.f.Read(b[:]); n == 0 {
			return 0, err
		}
		return 0, r.limit.tooBig(r.path, "more than")
	}
	if int64(len(p)) > r.left {
		p = p[:r.left]
	}
	n, err := r.f.Read(p)
	r.left -= int64(n)
	return n, err
}

func (r *limitedFile) Close() error { return r.f.Close() }

// byteSize writes n in the largest binary unit it reaches, whole or to
// one decimal: "4 MB", "1.5 GB", "300 bytes".
func byteSize(n int64) string {
	for _, u := range []struct {
		shift uint
		name  string
	}{{30, "GB"}, {20, "MB"}, {10, "KB"}} {
		if n >= 1<<u.shift {
			if n%(1<<u.shift) == 0 {
				return fmt.Sprintf("%d %s", n>>u.shift, u.name)
			}
			return fmt.Sprintf("%.1f %s", float64(n)/float64(int64(1)<<u.shift), u.name)
		}
	}
	return fmt.Sprintf("%d bytes", n)
}
