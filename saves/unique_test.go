package saves

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// Saves of every kind made with one name at once (the same second, the
// same millisecond, from goroutines as from SSH sessions) each get a name
// of their own, and each keeps its own content.
func TestFreshNamesNeverOverwrite(t *testing.T) {
	const n = 6
	cases := []struct {
		kind string
		save func(d *Dir, i int) (string, error) // the i-th save of the same base
		read func(d *Dir, name string) (int, error)
	}{
		{Games, func(d *Dir, i int) (string, error) {
			return d.SaveGame(fmt.Appendf(nil, "[Event \"%d\"]\n\n1-0\n", i))
		}, func(d *Dir, name string) (int, error) {
			b, err := os.ReadFile(filepath.Join(d.Root, Games, name))
			var i int
			if err == nil {
				_, err = fmt.Sscanf(string(b), "[Event \"%d\"]", &i)
			}
			return i, err
		}},
		{Tournaments, func(d *Dir, i int) (string, error) {
			rep := &arena.Report{Format: arena.RoundRobin, Players: []string{"a", "b"}, Games: i, Reason: "complete"}
			return d.SaveFreshTournament("tui-20250101-120000", &TournamentRecord{Report: rep}, nil)
		}, func(d *Dir, name string) (int, error) {
			tr, err := d.LoadTournament(name)
			if err != nil {
				return 0, err
			}
			if tr.Name != name {
				return 0, fmt.Errorf("record named %q", tr.Name)
			}
			return tr.Report.Games, nil
		}},
		{Runs, func(d *Dir, i int) (string, error) {
			h, err := d.CreateFreshRun("tui-20250101-120000")
			if err != nil {
				return "", err
			}
			defer h.Close()
			return h.Name, os.WriteFile(filepath.Join(h.Dir(), "mark"), []byte(fmt.Sprint(i)), 0o644)
		}, func(d *Dir, name string) (int, error) {
			b, err := os.ReadFile(filepath.Join(d.Root, Runs, name, "mark"))
			var i int
			if err == nil {
				_, err = fmt.Sscan(string(b), &i)
			}
			return i, err
		}},
		{Players, func(d *Dir, i int) (string, error) {
			c, _ := core.Player("seed004")
			c.Name = "best"
			return d.SaveFreshPlayer(&Player{Name: "best", Chromosome: c, Search: "plain", Source: fmt.Sprint(i)})
		}, func(d *Dir, name string) (int, error) {
			p, err := d.LoadPlayer(name)
			if err != nil {
				return 0, err
			}
			if p.Name != name || p.Chromosome.Name != name {
				return 0, fmt.Errorf("player %q, chromosome %q", p.Name, p.Chromosome.Name)
			}
			var i int
			_, err = fmt.Sscan(p.Source, &i)
			return i, err
		}},
	}
	for _, c := range cases {
		t.Run(c.kind, func(t *testing.T) {
			d, err := Open(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			names := make([]string, n)
			var wg sync.WaitGroup
			for i := range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					name, err := c.save(d, i)
					if err != nil {
						t.Error(err)
					}
					names[i] = name
				}()
			}
			wg.Wait()
			seen := map[string]bool{}
			for i, name := range names {
				if strings.ContainsRune(name, filepath.Separator) {
					t.Errorf("save %d returned %q: a path, not a name", i, name)
				}
				if seen[name] {
					t.Errorf("two saves named %q", name)
				}
				seen[name] = true
				if got, err := c.read(d, name); err != nil || got != i {
					t.Errorf("%s holds save %d (%v), want save %d", name, got, err, i)
				}
			}
			files, _ := os.ReadDir(filepath.Join(d.Root, c.kind))
			var left []string
			for _, f := range files {
				if !seen[f.Name()] && !seen[strings.TrimSuffix(f.Name(), ".json")] {
					left = append(left, f.Name())
				}
			}
			if sort.Strings(left); len(left) > 0 {
				t.Errorf("stray files: %v", left)
			}
		})
	}
}
