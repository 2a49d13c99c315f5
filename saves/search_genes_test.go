package saves

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evochess/evochess/core"
)

// The run and chromosome files of testdata, written before full had
// search genes, load and play exactly as before: the node count of a
// depth-7 bench with each file's player is the one the program of that
// time gave (main at 0830816). The search genes take their defaults.
func TestFilesBeforeSearchGenesPlayAsBefore(t *testing.T) {
	if testing.Short() {
		t.Skip("thirteen depth-7 benches")
	}
	runs := &Dir{Root: "../testdata/runs"} // read only: Open would add directories
	for _, tc := range []struct {
		file  string // a run's best in testdata/runs, or a chromosome file
		nodes uint64
	}{
		{"s000-paper#best", 181111},
		{"s000-scaled#best", 138221},
		{"s001-full-pst#best", 160327},
		{"s001-pst-fine#best", 169484},
		{"tune-classic-positions#best", 163496},
		{"tune-cmaes-positions#best", 165458},
		{"tune-spsa-positions#best", 147456},
		{"full-handset.chromosome.json", 200646},
		{"tune-classic-reference.chromosome.json", 187659},
		{"tune-cmaes-reference.chromosome.json", 184609},
		{"tune-dynamic-match.chromosome.json", 126768},
		{"tune-mnc-round-robin.chromosome.json", 148782},
		{"tune-spsa-match.chromosome.json", 128681},
	} {
		var c *core.Chromosome
		if strings.HasSuffix(tc.file, "#best") {
			g, err := runs.Individual(tc.file)
			if err != nil {
				t.Errorf("%s: %v", tc.file, err)
				continue
			}
			c = g.Chromosome
		} else {
			var err error
			if c, err = core.LoadChromosome(filepath.Join("../testdata/chromosomes", tc.file)); err != nil {
				t.Errorf("%s: %v", tc.file, err)
				continue
			}
		}
		w, err := c.Compile()
		if err != nil {
			t.Errorf("%s: %v", tc.file, err)
			continue
		}
		if p := w.SearchParams(); p != core.DefaultSearchParams() {
			t.Errorf("%s: search parameters %+v, not the defaults", tc.file, p)
		}
		if n := core.Bench(context.Background(), w, 7).Nodes; n != tc.nodes {
			t.Errorf("%s: bench at depth 7 %d nodes, %d before", tc.file, n, tc.nodes)
		}
	}
}
