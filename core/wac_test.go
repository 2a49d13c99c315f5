package core

import (
	"context"
	"flag"
	"os"
	"strings"
	"testing"
	"time"
)

var (
	wacFull  = flag.Duration("wac.movetime", 0, "run all of WAC at this time per position and report the score")
	wacNodes = flag.Uint64("wac.nodes", 0, "run all of WAC at this node budget per position and report the score")
	wacFile  = flag.String("wac.file", "../ga/suites/wac.epd", "the suite -wac.movetime and -wac.nodes run")
	wacOpts  = flag.String("wac.options", "", "search options NAME=VALUE,… (as UCI setoption) for -wac.movetime and -wac.nodes")
)

func loadSuite(t testing.TB, path string) []*EPDRecord {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := ReadEPD(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return recs
}

// TestWACSubset: the easier WAC problems must be solved at a small node
// budget (a regression guard for search and evaluation).
func TestWACSubset(t *testing.T) {
	recs := loadSuite(t, "../ga/suites/wac.epd")
	if len(recs) != 300 {
		t.Fatalf("WAC has %d records", len(recs))
	}
	s := newTestSearcher(t)
	solved, tried := 0, 0
	for i := 0; i < len(recs); i += 6 {
		r := recs[i]
		s.NewGame()
		res := s.Search(context.Background(), r.Position, Limits{Nodes: 200_000})
		tried++
		if r.Solves(res.Move) {
			solved++
		}
	}
	t.Logf("WAC subset: %d/%d at 200k nodes", solved, tried)
	if solved*100 < tried*65 {
		t.Errorf("solved %d/%d WAC problems, want at least 65%%", solved, tried)
	}
}

// TestWACFull runs the whole suite with -wac.movetime=1s.
func TestWACFull(t *testing.T) {
	if *wacFull == 0 && *wacNodes == 0 {
		t.Skip("use -wac.movetime=1s (or -wac.nodes=N) to run the whole of WAC")
	}
	recs := loadSuite(t, *wacFile)
	s := NewSearcher(mustWeights(t, "full"), 64)
	params := s.SearchParams()
	for _, o := range strings.Split(*wacOpts, ",") {
		if o == "" {
			continue
		}
		name, value, _ := strings.Cut(o, "=")
		if err := params.Set(name, value); err != nil {
			t.Fatal(err)
		}
	}
	s.SetSearchParams(params)
	solved := 0
	var failed []string
	start := time.Now()
	for _, r := range recs {
		s.NewGame()
		res := s.Search(context.Background(), r.Position, Limits{MoveTime: *wacFull, Nodes: *wacNodes})
		if r.Solves(res.Move) {
			solved++
		} else {
			failed = append(failed, r.ID)
		}
	}
	t.Logf("%s: %d/%d solved at %v / %d nodes per position, options %q (%v); failed: %v", *wacFile, solved, len(recs), *wacFull, *wacNodes, *wacOpts,
		time.Since(start).Round(time.Second), failed)
}
