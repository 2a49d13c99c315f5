package saves

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// beforeRename, when set (tests), runs between writing the temporary file
// and renaming it over the target: a crash there must leave the old file.
var beforeRename func(tmp string)

// WriteFileAtomic replaces path with data so that a reader or a crash sees
// either the old file or the new one, never a mix: a temporary file in
// the same directory, written and fsynced, renamed over path, and the
// directory fsynced so the rename itself is durable.
func WriteFileAtomic(path string, data []byte) error {
	return writeAtomic(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// writeAtomic is WriteFileAtomic for content written as a stream (a
// dataset of millions of positions need not sit in memory twice).
func writeAtomic(path string, write func(io.Writer) error) error {
	return place(path, write, os.Rename)
}

// createAtomic is WriteFileAtomic for a name that must be free: the
// temporary file is hard-linked to path, which fails when the name is
// taken (a rename would replace the file there), so two writers never get
// one name and a reader never sees half a file. The error wraps
// os.ErrExist when the name is taken.
func createAtomic(path string, data []byte) error {
	return place(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	}, linkOnce)
}

// linkOnce links tmp to path and removes tmp. A file system without hard
// links gets an empty file created exclusively at path, then the rename:
// still one writer per name, though a reader may see the empty file.
func linkOnce(tmp, path string) error {
	err := os.Link(tmp, path)
	if err == nil {
		os.Remove(tmp) // path holds the file now; a stray temporary is harmless
		return nil
	}
	if errors.Is(err, os.ErrExist) {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	f.Close()
	return os.Rename(tmp, path)
}

// place writes a temporary file beside path and installs it there.
func place(path string, write func(io.Writer) error, install func(tmp, path string) error) error {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	name := tmp.Name()
	ok := false
	defer func() {
		if !ok {
			tmp.Close()
			os.Remove(name)
		}
	}()
	if err := write(tmp); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if beforeRename != nil {
		beforeRename(name)
	}
	if err := install(name, path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	ok = true
	return syncDir(dir)
}

// syncDir makes a rename in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !isUnsupported(err) {
		return fmt.Errorf("sync %s: %w", dir, err)
	}
	return nil
}
