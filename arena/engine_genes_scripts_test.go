package arena

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/evochess/evochess/core"
)

// TestSearchGeneFilesStartAtTheirSet: the SPSA gene files of the search's
// tuning rounds (scripts/tune-search) parse, name only options of the
// search, and start each gene at the value of the parameter set the round
// tuned from — a round started from stale numbers would tune the wrong
// search.
func TestSearchGeneFilesStartAtTheirSet(t *testing.T) {
	tests := []struct {
		file   string
		params core.SearchParams
	}{
		{"search.spsa", core.SearchParamsV1()},
		{"search-set2.spsa", core.SearchParamsV2()},
		{"search-set5.spsa", core.SearchParamsV5()},
		{"search-set6.spsa", core.DefaultSearchParams()},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			path := filepath.Join("..", "scripts", "tune-search", tc.file)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			genes, err := ParseGeneFile(path, data)
			if err != nil {
				t.Fatal(err)
			}
			values := map[string]string{}
			for _, o := range tc.params.Options() {
				values[o[0]] = o[1]
			}
			for _, g := range genes {
				v, ok := values[g.Name]
				if !ok {
					t.Errorf("%s: not an option of the search", g.Name)
					continue
				}
				if want := strconv.FormatFloat(g.Start, 'f', -1, 64); v != want {
					t.Errorf("%s starts at %s, the set's value is %s", g.Name, want, v)
				}
				if g.Start < g.Min || g.Start > g.Max {
					t.Errorf("%s: start %v outside [%v, %v]", g.Name, g.Start, g.Min, g.Max)
				}
			}
		})
	}
}
