package saves

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/evochess/evochess/core"
)

// gzSuffix marks a compressed save. A run's run.json or a dataset's
// positions.bin may be kept gzipped (the runs in the repository's
// testdata are, to keep clones small); readers take the plain file when
// it is there and the .gz when only it is, and a save writes the plain
// file and removes the .gz it supersedes.
const gzSuffix = ".gz"

// existingSave returns path, or path.gz when only the compressed file
// exists; ok is false when neither does.
func existingSave(path string) (string, bool) {
	if _, err := os.Stat(path); err == nil {
		return path, true
	}
	if _, err := os.Stat(path + gzSuffix); err == nil {
		return path + gzSuffix, true
	}
	return path, false
}

// dropCompressed removes path.gz once path has been written in its place.
func dropCompressed(path string) {
	if err := os.Remove(path + gzSuffix); err != nil && !errors.Is(err, fs.ErrNotExist) {
		// Harmless: the plain file is newer and is the one read.
		return
	}
}

// gunzipBounded decompresses what r holds, refusing more than limit.Max
// decompressed bytes: a small .gz can expand without end (an archive
// bomb), so the bound is on what comes out, not only on what goes in.
func gunzipBounded(path string, r io.Reader, limit core.FileLimit) (io.Reader, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, &FileError{Path: path, Reason: "not a gzip file: " + err.Error()}
	}
	zr.Multistream(false)
	return &boundedGunzip{zr: zr, left: limit.Max, limit: limit, path: path}, nil
}

type boundedGunzip struct {
	zr    *gzip.Reader
	left  int64
	limit core.FileLimit
	path  string
}

func (b *boundedGunzip) Read(p []byte) (int, error) {
	if b.left <= 0 {
		var one [1]byte
		if n, err := b.zr.Read(one[:]); n == 0 {
			return 0, b.wrap(err)
		}
		return 0, &FileError{Path: b.path, Reason: fmt.Sprintf("decompresses to more than the %d MB limit for %s", b.limit.Max>>20, b.limit.What)}
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.zr.Read(p)
	b.left -= int64(n)
	return n, b.wrap(err)
}

func (b *boundedGunzip) wrap(err error) error {
	if err == nil || err == io.EOF {
		return err
	}
	var fe *FileError
	if errors.As(err, &fe) {
		return err
	}
	return &FileError{Path: b.path, Reason: "corrupt gzip data: " + err.Error()}
}

// readCompressedJSON reads a gzipped run, player or tournament file within
// jsonFiles, compressed and decompressed.
func readCompressedJSON(path string) ([]byte, error) {
	raw, err := jsonFiles.ReadFile(path)
	if err != nil {
		return nil, err
	}
	r, err := gunzipBounded(path, bytes.NewReader(raw), jsonFiles)
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}

// isCompressed says whether a path names a gzipped save.
func isCompressed(path string) bool { return strings.HasSuffix(path, gzSuffix) }
