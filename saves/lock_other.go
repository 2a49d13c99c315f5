//go:build !unix

package saves

import (
	"fmt"
	"os"
)

// Lock is an exclusive hold on a saved run (here: a file created
// exclusively, removed on release).
type Lock struct{ path string }

func lockFile(path, what string) (*Lock, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, fmt.Errorf("%s is open in another evochess process (or %s is stale)", what, path)
	}
	f.Close()
	return &Lock{path: path}, nil
}

// Release lets others open the run.
func (l *Lock) Release() error {
	if l == nil || l.path == "" {
		return nil
	}
	err := os.Remove(l.path)
	l.path = ""
	return err
}
