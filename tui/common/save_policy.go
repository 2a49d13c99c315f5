package common

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"sync"
	"time"

	"github.com/evochess/evochess/saves"
)

// SavePolicy bounds what one session of a server writes: without it one
// user could fill the server's disk (pressing w 3000 times wrote 1636
// files) or change what another saved. nil: a terminal of its own, which
// may do anything.
type SavePolicy struct {
	// PerMinute is how many saves the session may make in any minute (0:
	// any number). A run's generations are not counted: the quota bounds
	// them.
	PerMinute int
	// Quota is how many bytes its user may keep in the data directory (0:
	// no limit): its own directory, or, on a directory shared by anonymous
	// sessions, what this session saved.
	Quota int64
	// Shared: the data directory is shared by anonymous sessions, so only
	// what this session saved is its own to resume or count. Otherwise
	// the directory is the user's alone.
	Shared bool

	Now    func() time.Time // time.Now; tests move it
	mu     sync.Mutex
	recent []time.Time // the saves of the last minute, oldest first
	made   []string    // Shared: what this session saved, relative to the data directory
}

// ErrTooFast and ErrQuota say why a save was refused, on the status line.
type (
	ErrTooFast struct{ PerMinute int }
	ErrQuota   struct{ Quota int64 }
)

func (e ErrTooFast) Error() string {
	return fmt.Sprintf("at most %d saves a minute on this server: try again shortly", e.PerMinute)
}

func (e ErrQuota) Error() string {
	return fmt.Sprintf("your %s of disk on this server are used up: nothing more can be saved", formatBytes(e.Quota))
}

func (p *SavePolicy) clock() time.Time {
	if p.Now != nil {
		return p.Now()
	}
	return time.Now()
}

// allow is asked before a save of about size bytes (0: not known) into d: the rate, then
// the quota. A save allowed is counted against the rate.
func (p *SavePolicy) allow(d *saves.Dir, size int64) error {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.clock()
	for len(p.recent) > 0 && now.Sub(p.recent[0]) >= time.Minute {
		p.recent = p.recent[1:]
	}
	if p.PerMinute > 0 && len(p.recent) >= p.PerMinute {
		return ErrTooFast{p.PerMinute}
	}
	if err := p.roomLocked(d, size); err != nil {
		return err
	}
	p.recent = append(p.recent, now)
	return nil
}

// room is the quota alone, for size more bytes: asked before each
// generation of a run is written, so that a run stops when its user's
// disk is full.
func (p *SavePolicy) room(d *saves.Dir, size int64) error {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.roomLocked(d, size)
}

func (p *SavePolicy) roomLocked(d *saves.Dir, size int64) error {
	if p.Quota > 0 && p.usageLocked(d)+max(size, 1) > p.Quota { // size 0: unknown, but something

		return ErrQuota{p.Quota}
	}
	return nil
}

// usageLocked is what the user keeps: the whole directory, or on a shared
// one what this session saved.
func (p *SavePolicy) usageLocked(d *saves.Dir) int64 {
	if !p.Shared {
		return DiskUsage(d.Root)
	}
	var n int64
	for _, rel := range p.made {
		n += DiskUsage(filepath.Join(d.Root, rel))
	}
	return n
}

// Saved records what the session has just saved (kind and name as the
// saves package names them: a run's or tournament's directory, a player
// or game file).
func (p *SavePolicy) Saved(kind, file string) {
	if p == nil || !p.Shared {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.made = append(p.made, filepath.Join(kind, file))
}

// owns says whether the session may change a saved thing (resume a run):
// on a shared directory only what it saved itself.
func (p *SavePolicy) owns(kind, file string) bool {
	if p == nil || !p.Shared {
		return true
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	rel := filepath.Join(kind, file)
	for _, m := range p.made {
		if m == rel {
			return true
		}
	}
	return false
}

// DiskUsage is the bytes of the regular files under path (a file or a
// directory); what cannot be read counts nothing.
func DiskUsage(path string) int64 {
	var n int64
	filepath.WalkDir(path, func(_ string, e fs.DirEntry, err error) error {
		if err == nil && e.Type().IsRegular() {
			if info, err := e.Info(); err == nil {
				n += info.Size()
			}
		}
		return nil
	})
	return n
}

// formatBytes is a size for people: 50 MB, 1.5 GB, 900 bytes.
func formatBytes(n int64) string {
	switch {
	case n >= 1<<30:
		return TrimZero(float64(n)/(1<<30)) + " GB"
	case n >= 1<<20:
		return TrimZero(float64(n)/(1<<20)) + " MB"
	case n >= 1<<10:
		return TrimZero(float64(n)/(1<<10)) + " KB"
	}
	return fmt.Sprintf("%d bytes", n)
}

func TrimZero(f float64) string {
	s := fmt.Sprintf("%.1f", f)
	if len(s) > 2 && s[len(s)-2:] == ".0" {
		return s[:len(s)-2]
	}
	return s
}
