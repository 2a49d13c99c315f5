package saves

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// The run and chromosome files of testdata, written before full had
// search genes, load and play exactly as before: the node count of a
// depth-7 bench with each file's player is the one the program of that
// time gave (main at 0830816). A run's individual plays as in its run,
// saved before runs named their set of search parameters: with
// SearchParamsV1, the defaults of then. A chromosome file without search
// genes plays today's defaults (docs/chromosomes.md 6.3): its evaluation
// is the one it was, so with SearchParamsV1 it plays as before.
func TestFilesBeforeSearchGenesPlayAsBefore(t *testing.T) {
	if testing.Short() {
		t.Skip("thirteen depth-7 benches")
	}
	if core.DefaultSearchParams() == core.SearchParamsV1() {
		t.Fatal("the defaults are SearchParamsV1: this test cannot tell them apart")
	}
	runs := &Dir{Root: "../testdata/runs"} // read only: Open would add directories
	v1 := core.SearchParamsV1()
	v1.TimeManager2 = core.DefaultSearchParams().TimeManager2 // it reads clocks only: no set pins it
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
		var w *core.Weights
		var err error
		if strings.HasSuffix(tc.file, "#best") {
			var ps arena.PlayerSpec
			if ps, err = runs.Population(tc.file); err == nil {
				w, err = ps.Weights()
			}
			if err == nil && w.SearchParams() != v1 {
				t.Errorf("%s: search parameters %+v, not SearchParamsV1", tc.file, w.SearchParams())
			}
		} else {
			var c *core.Chromosome
			if c, err = core.LoadChromosome(filepath.Join("../testdata/chromosomes", tc.file)); err == nil {
				w, err = c.Compile()
			}
			if err == nil {
				if p := w.SearchParams(); p != core.DefaultSearchParams() {
					t.Errorf("%s: search parameters %+v, not the defaults", tc.file, p)
				}
				v1 := core.SearchParamsV1()
				w.Search = &v1
			}
		}
		if err != nil {
			t.Errorf("%s: %v", tc.file, err)
			continue
		}
		if n := core.Bench(context.Background(), w, 7).Nodes; n != tc.nodes {
			t.Errorf("%s: bench at depth 7 %d nodes, %d before", tc.file, n, tc.nodes)
		}
	}
}
