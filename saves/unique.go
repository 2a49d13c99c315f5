package saves

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// maxSuffix bounds the search for a free name: base, base-2 … base-999.
const maxSuffix = 999

// Stamp is the time part of a generated name, UTC to the second:
// generated names sort by time, and claim makes each unique.
func Stamp(t time.Time) string { return t.UTC().Format("20060102-150405") }

// claim takes the first free name of base, base-2, base-3, … for a new
// thing of kind (ext, if any, after the suffix), creating it with create,
// which must fail with os.ErrExist when the name is taken: exclusive
// creation, not a look first, so that two sessions finishing in the same
// second each get a name of their own and neither overwrites the other.
func (d *Dir) claim(kind, base, ext string, create func(path string) error) (string, error) {
	for i := 1; i <= maxSuffix; i++ {
		name := base
		if i > 1 {
			name += "-" + strconv.Itoa(i)
		}
		path, err := d.path(kind, name+ext)
		if err != nil {
			return "", err
		}
		if err := create(path); err == nil {
			return name + ext, nil
		} else if !errors.Is(err, os.ErrExist) {
			return "", err
		}
	}
	return "", fmt.Errorf("%s: no free name from %q to %q", kind, base, base+"-"+strconv.Itoa(maxSuffix))
}

func mkdir(path string) error { return os.Mkdir(path, 0o755) }

// CreateFreshRun is CreateRun under base, or base-2, base-3, … when that
// is taken; the handle's Name is the one it got.
func (d *Dir) CreateFreshRun(base string) (*RunHandle, error) {
	name, err := d.claim(Runs, base, "", mkdir)
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(d.Root, Runs, name)
	if err := os.MkdirAll(filepath.Join(dir, "checkpoints"), 0o755); err != nil {
		return nil, err
	}
	return d.lockRun(name, dir)
}

// SaveFreshTournament stores a tournament under base, or base-2, base-3,
// … when that is taken, and returns the name it got (t.Name is set to it).
func (d *Dir) SaveFreshTournament(base string, t *TournamentRecord, pgn []byte) (string, error) {
	name, err := d.claim(Tournaments, base, "", mkdir)
	if err != nil {
		return "", err
	}
	t.Name = name
	return name, d.SaveTournament(t, pgn)
}

// SaveFreshPlayer stores p under its name, or name-2, name-3, … when that
// is taken (p.Name and its chromosome's name are set to the one it got):
// a player is never replaced by one of another run that happens to share
// its name.
func (d *Dir) SaveFreshPlayer(p *Player) (string, error) {
	if err := p.Check(); err != nil {
		return "", fmt.Errorf("player %q: %w", p.Name, err)
	}
	if p.Created.IsZero() {
		p.Created = time.Now().UTC()
	}
	renameGenes := p.Chromosome != nil && p.Chromosome.Name == p.Name
	file, err := d.claim(Players, p.Name, ".json", func(path string) error {
		p.Name = strings.TrimSuffix(filepath.Base(path), ".json")
		if renameGenes {
			p.Chromosome.Name = p.Name
		}
		data, err := seal(playerFormat, p)
		if err != nil {
			return err
		}
		return createAtomic(path, data)
	})
	return strings.TrimSuffix(file, ".json"), err
}
