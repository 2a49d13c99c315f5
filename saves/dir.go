// Package saves keeps what users make on disk: runs (with checkpoints),
// named players, tournaments and labelled-position datasets, as versioned
// JSON files (datasets: JSON plus a checksummed binary) in one data
// directory. Every write is atomic; a file that cannot be read is reported
// with its path and what is wrong, and left untouched.
package saves

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
)

// Kinds of saved things, each a subdirectory of the data directory.
const (
	Runs        = "runs"
	Players     = "players"
	Tournaments = "tournaments"
	Games       = "games" // PGN files the terminal app saves
)

// Dir is a data directory.
type Dir struct {
	Root string
}

// DefaultRoot is $XDG_DATA_HOME/evochess, or ~/.local/share/evochess.
func DefaultRoot() (string, error) {
	if x := os.Getenv("XDG_DATA_HOME"); x != "" && filepath.IsAbs(x) {
		return filepath.Join(x, "evochess"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("no data directory: %w (set XDG_DATA_HOME or use --data DIR)", err)
	}
	return filepath.Join(home, ".local", "share", "evochess"), nil
}

// Open uses root (DefaultRoot when empty), creating it if needed.
func Open(root string) (*Dir, error) {
	if root == "" {
		var err error
		if root, err = DefaultRoot(); err != nil {
			return nil, err
		}
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	for _, sub := range []string{Runs, Players, Tournaments, Games, Datasets} {
		if err := os.MkdirAll(filepath.Join(abs, sub), 0o755); err != nil {
			return nil, fmt.Errorf("data directory: %w", err)
		}
	}
	return &Dir{Root: abs}, nil
}

// validName: what a user may call a run, player or tournament. Letters,
// digits, '.', '_' and '-', starting with a letter or digit: no path
// separators, no "..", nothing a shell or another system would trip on.
var validName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)

// ErrBadName is returned for names that could escape the data directory
// or are otherwise unusable.
var ErrBadName = errors.New("a name is 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit")

// CheckName refuses names outside validName.
func CheckName(name string) error {
	if !validName.MatchString(name) || name == "." || name == ".." {
		return fmt.Errorf("name %q: %w", name, ErrBadName)
	}
	return nil
}

// path returns the location of a saved thing inside the data directory.
func (d *Dir) path(kind, name string, elem ...string) (string, error) {
	if err := CheckName(name); err != nil {
		return "", err
	}
	p := filepath.Join(append([]string{d.Root, kind, name}, elem...)...)
	rel, err := filepath.Rel(d.Root, p)
	if err != nil || !filepath.IsLocal(rel) {
		return "", fmt.Errorf("name %q: %w", name, ErrBadName)
	}
	return p, nil
}
