package play

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/evochess/evochess/ga"
	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/internal/pagetest"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

// A session saves at most PerMinute times in any minute: w pressed 20
// times writes 5 games and says why the rest were not; a minute later it
// saves again.
func TestSavesPerMinute(t *testing.T) {
	p := testPage(t, 100, 30)
	now := time.Now()
	p.env.Saves = &common.SavePolicy{PerMinute: 5, Shared: true, Now: func() time.Time { return now }}
	tuitest.Keys(p, strings.Repeat("w", 20))
	if got := len(p.env.Data.Names(saves.Games)); got != 5 {
		t.Fatalf("w pressed 20 times wrote %d games, want 5", got)
	}
	if s := p.status; !strings.Contains(s, "at most 5 saves a minute") || !p.statusBad {
		t.Errorf("status %q", s)
	}
	now = now.Add(61 * time.Second)
	tuitest.Keys(p, "w")
	if got := len(p.env.Data.Names(saves.Games)); got != 6 {
		t.Fatalf("a minute later: %d games, want 6", got)
	}
}

// An anonymous session fills at most its quota of a shared directory (what
// others saved does not count against it), and is told when it is full.
func TestDiskQuotaPerSession(t *testing.T) {
	const quota = 1000
	p := testPage(t, 100, 30)
	d := p.env.Data
	p.env.Saves = &common.SavePolicy{Quota: quota, Shared: true}
	tuitest.Keys(p, strings.Repeat("w", 50))
	n := len(d.Names(saves.Games))
	if used := common.DiskUsage(filepath.Join(d.Root, saves.Games)); n == 0 || n == 50 || used > quota {
		t.Fatalf("w pressed 50 times with a quota of %d bytes: %d games, %d bytes", quota, n, used)
	}
	if s := p.status; !strings.Contains(s, "your 1000 bytes of disk on this server are used up") {
		t.Errorf("status %q", s)
	}
	b := pagetest.Open(100, 30, pagetest.Env(t, d, nil, "other"), New)
	b.env.Saves = &common.SavePolicy{Quota: quota, Shared: true}
	tuitest.Keys(b, "w")
	if got := len(d.Names(saves.Games)); got != n+1 {
		t.Fatalf("another session could not save: %q", b.status)
	}
}

// A key's user has its whole directory counted, and a run stops before a
// generation that would not fit.
func TestDiskQuotaPerUser(t *testing.T) {
	p := testPage(t, 100, 30)
	d := p.env.Data
	if err := os.WriteFile(filepath.Join(d.Root, saves.Games, "big.pgn"), make([]byte, 3<<10), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := ga.NewRun(ga.DefaultSettings(ga.Methods[0]), nil)
	if err != nil {
		t.Fatal(err)
	}
	h, err := d.CreateFreshRun("quota")
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if err := h.Save(r); err != nil { // the start, as Begin writes it
		t.Fatal(err)
	}
	generation := common.DiskUsage(h.Dir()) / 2 // its file and a checkpoint
	quota := common.DiskUsage(d.Root) + 5*generation/2
	p.env.Saves = &common.SavePolicy{Quota: quota}
	// Every generation saved, room asked before each.
	h.Interval = 0
	if err := h.Begin(r, p.env.GenerationRoom()); err != nil { // writes the start again: the same files
		t.Fatal(err)
	}
	saved := 0
	for ; saved < 10; saved++ {
		r.Generation++
		if err = r.AfterGeneration(r); err != nil {
			break
		}
	}
	if _, full := err.(common.ErrQuota); !full || saved != 2 {
		t.Fatalf("%d generations saved in room for 2.5, then %v", saved, err)
	}
	if used := common.DiskUsage(d.Root); used > quota {
		t.Errorf("%d bytes used, quota %d", used, quota)
	}
	p.env.Saves.Quota = common.DiskUsage(d.Root) + 10 // less than a game
	tuitest.Keys(p, "w")
	if s := p.status; !strings.Contains(s, "used up") {
		t.Errorf("a full user saved a game: %q", s)
	}
}

// Sessions of one server writing PGN games at the same moment keep every
// one, and the status line names the save, never where the server keeps
// it.
func TestSavesAtOnceKeepEveryOne(t *testing.T) {
	pagetest.SavesAtOnce(t, saves.Games, New,
		func(p *Page) { tuitest.Keys(p, "w") }, func(p *Page) string { return p.status }, "saved as games/game-")
}
