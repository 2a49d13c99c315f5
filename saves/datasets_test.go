package saves

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evochess/evochess/arena/dataset"
	"github.com/evochess/evochess/core"
)

// testSet returns n samples from a pseudo-random game sequence, scored
// when scored is set.
func testSet(t *testing.T, n int, seed uint64, scored bool) *dataset.Set {
	t.Helper()
	next := func() uint64 { seed = seed*6364136223846793005 + 1442695040888963407; return seed >> 33 }
	set := &dataset.Set{}
	p := core.NewPosition()
	for len(set.Samples) < n {
		if p.Status().Over() || p.Ply() > 120 {
			p = core.NewPosition()
		}
		moves := p.LegalMoves()
		p.MakeMove(moves[next()%uint64(len(moves))])
		s := dataset.Sample{Pos: p.Pack(), Result: dataset.Result(next() % 3), Score: dataset.NoScore}
		if scored {
			s.Score = int16(next()%601) - 300
		}
		set.Samples = append(set.Samples, s)
	}
	return set
}

func openTemp(t *testing.T) *Dir {
	t.Helper()
	d, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func sameSet(a, b *dataset.Set) bool {
	if len(a.Samples) != len(b.Samples) {
		return false
	}
	for i := range a.Samples {
		if a.Samples[i] != b.Samples[i] {
			return false
		}
	}
	return true
}

func TestDatasetSaveLoad(t *testing.T) {
	d := openTemp(t)
	set := testSet(t, 2500, 1, true)
	info := DatasetInfo{Name: "sp1", Source: "selfplay test", Labelled: true, Meta: []byte(`{"games":12}`)}
	if err := d.SaveDataset(set, info, false); err != nil {
		t.Fatal(err)
	}
	back, got, err := d.LoadDataset("sp1")
	if err != nil {
		t.Fatal(err)
	}
	if !sameSet(back, set) {
		t.Fatal("loaded samples differ from saved")
	}
	sum, _ := set.Checksum()
	if got.Count != 2500 || got.Checksum != sum || got.Created.IsZero() || !got.Labelled || got.Complete || !jsonEqual(got.Meta, `{"games":12}`) {
		t.Fatalf("info: %+v", got)
	}
	if only, err := d.DatasetInfo("sp1"); err != nil || only.Checksum != sum {
		t.Fatalf("DatasetInfo: %+v, %v", only, err)
	}
	if err := d.SaveDataset(set, info, false); err == nil || !strings.Contains(err.Error(), "exists already") {
		t.Fatalf("saved over an existing dataset without replace: %v", err)
	}
	// selfplay adds games: replace, complete.
	more := testSet(t, 3000, 1, true)
	info.Complete = true
	if err := d.SaveDataset(more, info, true); err != nil {
		t.Fatal(err)
	}
	if back, got, err = d.LoadDataset("sp1"); err != nil || !sameSet(back, more) || !got.Complete || got.Count != 3000 {
		t.Fatalf("after replace: %v, %+v", err, got)
	}
	if err := d.SetDatasetK("sp1", 1.13); err != nil {
		t.Fatal(err)
	}
	if _, got, err = d.LoadDataset("sp1"); err != nil || got.K != 1.13 {
		t.Fatalf("K not kept: %v, %+v", err, got)
	}
	for _, k := range []float64{0, -1} {
		if err := d.SetDatasetK("sp1", k); err == nil {
			t.Fatalf("K %v accepted", k)
		}
	}
	if err := d.SetDatasetK("nope", 1); err == nil || !strings.Contains(err.Error(), `no dataset "nope"`) {
		t.Fatalf("K of a missing dataset: %v", err)
	}
	entries, err := d.List()
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Kind != "dataset" || entries[0].Summary != "3,000 positions, labelled, K=1.13  selfplay test" {
		t.Fatalf("List: %+v", entries)
	}
	if names := d.Names(Datasets); len(names) != 1 || names[0] != "sp1" {
		t.Fatalf("Names: %v", names)
	}
	// An empty set is a dataset too (selfplay before its first game).
	if err := d.SaveDataset(&dataset.Set{}, DatasetInfo{Name: "empty"}, false); err != nil {
		t.Fatal(err)
	}
	if s, info, err := d.LoadDataset("empty"); err != nil || len(s.Samples) != 0 || info.Count != 0 {
		t.Fatalf("empty: %v %+v", err, info)
	}
}

func TestDatasetSaveRefuses(t *testing.T) {
	d := openTemp(t)
	bad := testSet(t, 3, 2, false)
	bad.Samples[2].Result = 9
	tests := []struct {
		name string
		set  *dataset.Set
		info DatasetInfo
		want string
	}{
		{"bad name", testSet(t, 1, 1, false), DatasetInfo{Name: "../x"}, "a name is"},
		{"no set", nil, DatasetInfo{Name: "x"}, "no samples given"},
		{"bad sample", bad, DatasetInfo{Name: "x"}, "record 2: result 9"},
		{"bad K", testSet(t, 1, 1, false), DatasetInfo{Name: "x", K: -2}, "k: -2"},
	}
	for _, tc := range tests {
		err := d.SaveDataset(tc.set, tc.info, false)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.want)
		}
	}
	if _, _, err := d.LoadDataset("x"); err == nil {
		t.Fatal("a refused save left a dataset")
	}
}

// Damaged files are reported with their path and what is wrong.
func TestDatasetCorruption(t *testing.T) {
	d := openTemp(t)
	if err := d.SaveDataset(testSet(t, 100, 3, false), DatasetInfo{Name: "ds"}, false); err != nil {
		t.Fatal(err)
	}
	if err := d.SaveDataset(testSet(t, 100, 4, false), DatasetInfo{Name: "other"}, false); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(d.Root, Datasets, "ds")
	pos, info := filepath.Join(dir, positionsFile), filepath.Join(dir, datasetInfoFile)
	goodPos, _ := os.ReadFile(pos)
	goodInfo, _ := os.ReadFile(info)
	otherPos, _ := os.ReadFile(filepath.Join(d.Root, Datasets, "other", positionsFile))
	flip := func(b []byte, i int) []byte { b = bytes.Clone(b); b[i] ^= 1; return b }
	tests := []struct {
		name      string
		pos, info []byte
		want      string
	}{
		{"flipped bit", flip(goodPos, 16+35*40+5), goodInfo, pos + ": checksum mismatch: the file is corrupt"},
		{"truncated", goodPos[:len(goodPos)/2], goodInfo, pos + ": record 50: truncated"},
		{"empty", nil, goodInfo, pos + ": empty: not an evochess dataset"},
		{"another dataset's", otherPos, goodInfo, pos + ": SHA-256"},
		{"info checksum", goodPos, bytes.Replace(goodInfo, []byte(`"sha256": "`), []byte(`"sha256": "0`), 1), info + ": sha256:"},
		{"info count", goodPos, bytes.Replace(goodInfo, []byte(`"count": 100`), []byte(`"count": 99`), 1), pos + ": 100 samples, dataset.json says 99"},
		{"info K", goodPos, bytes.Replace(goodInfo, []byte(`"count": 100`), []byte(`"count": 100, "k": -1`), 1), info + ": k: -1"},
		{"info format", goodPos, bytes.Replace(goodInfo, []byte(`evochess-dataset`), []byte(`evochess-player`), 1), info + `: format "evochess-player"`},
		{"info not json", goodPos, []byte("{"), info + ": truncated"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			os.WriteFile(pos, tc.pos, 0o644)
			os.WriteFile(info, tc.info, 0o644)
			_, _, err := d.LoadDataset("ds")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want %q", err, tc.want)
			}
			entries, _ := d.List()
			if strings.HasPrefix(tc.want, info) && (len(entries) != 2 || entries[0].Name != "ds" || entries[0].Err == "") {
				t.Fatalf("List does not report the unreadable dataset.json: %+v", entries)
			}
		})
	}
	os.Remove(info)
	if _, _, err := d.LoadDataset("ds"); err == nil || !strings.Contains(err.Error(), `no dataset "ds"`) {
		t.Fatalf("got %v", err)
	}
}

// A save stopped at any step leaves the previous dataset or the new one,
// whole; and the next save goes through.
func TestDatasetInterruptedSave(t *testing.T) {
	old, neu := testSet(t, 300, 5, false), testSet(t, 400, 6, true)
	tests := []struct {
		name    string
		stop    func()
		wantNew bool
	}{
		{"writing positions", func() { beforeRename = func(string) { panic("crash") } }, false},
		{"positions written", func() { datasetHook = func(s string) { panicAt(s, "positions written") } }, false},
		{"writing info", func() {
			n := 0
			beforeRename = func(string) {
				if n++; n == 2 {
					panic("crash")
				}
			}
		}, false},
		{"info written", func() { datasetHook = func(s string) { panicAt(s, "info written") } }, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := openTemp(t)
			if err := d.SaveDataset(old, DatasetInfo{Name: "ds", Source: "old"}, false); err != nil {
				t.Fatal(err)
			}
			tc.stop()
			func() {
				defer func() { recover() }()
				d.SaveDataset(neu, DatasetInfo{Name: "ds", Source: "new"}, true)
				t.Error("the save was not stopped")
			}()
			beforeRename, datasetHook = nil, nil
			set, info, err := d.LoadDataset("ds")
			if err != nil {
				t.Fatalf("after the crash: %v", err)
			}
			want, wantSource := old, "old"
			if tc.wantNew {
				want, wantSource = neu, "new"
			}
			if !sameSet(set, want) || info.Source != wantSource {
				t.Fatalf("after the crash: %d samples from %q", len(set.Samples), info.Source)
			}
			if err := d.SaveDataset(neu, DatasetInfo{Name: "ds", Source: "again"}, true); err != nil {
				t.Fatal(err)
			}
			if set, info, err := d.LoadDataset("ds"); err != nil || !sameSet(set, neu) || info.Source != "again" {
				t.Fatalf("the next save: %v", err)
			}
		})
	}
}

func jsonEqual(raw []byte, want string) bool {
	var b bytes.Buffer
	return json.Compact(&b, raw) == nil && b.String() == want
}

func panicAt(step, at string) {
	if step == at {
		panic("crash at " + at)
	}
}

func TestDatasetImportExportDelete(t *testing.T) {
	d := openTemp(t)
	src := filepath.Join(t.TempDir(), "quiet-labeled.epd")
	epd := "# made-up positions\n" +
		"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - c9 \"1-0\";\n" +
		"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - c9 \"1/2-1/2\";\n"
	os.WriteFile(src, []byte(epd), 0o644)
	kind, name, err := d.Import(src, "")
	if err != nil || kind != Datasets || name != "quiet-labeled" {
		t.Fatalf("import: %s %s %v", kind, name, err)
	}
	info, err := d.DatasetInfo(name)
	if err != nil || info.Count != 2 || info.Labelled || !info.Complete || info.Source != "import quiet-labeled.epd" {
		t.Fatalf("imported: %+v %v", info, err)
	}
	if _, _, err := d.Import(src, ""); err == nil || !strings.Contains(err.Error(), "exists already") {
		t.Fatalf("second import: %v", err)
	}
	if kind, name, err = d.Import(src, "ql2"); err != nil || name != "ql2" {
		t.Fatalf("import --name: %s %v", name, err)
	}
	out := filepath.Join(t.TempDir(), "out.epd")
	if err := d.Export(Datasets, "quiet-labeled", out); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(out); string(got) != strings.SplitN(epd, "\n", 2)[1] {
		t.Fatalf("export:\n%s", got)
	}
	bad := filepath.Join(t.TempDir(), "bad.epd")
	os.WriteFile(bad, []byte("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R x KQkq - c9 \"1-0\";\n"), 0o644)
	_, _, err = d.Import(bad, "")
	var fe *core.FENError
	if err == nil || !strings.Contains(err.Error(), bad+": line 1: FEN field 2") || !errors.As(err, &fe) {
		t.Fatalf("bad import: %v", err)
	}
	if _, err := d.DatasetInfo("bad"); err == nil {
		t.Fatal("a failed import left a dataset")
	}
	// A player of the same name makes the bare name ambiguous.
	c, _ := core.Player("seed004")
	if err := d.SavePlayer(&Player{Name: "ql2", Chromosome: c, Search: "strong"}, false); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.Resolve("ql2"); err == nil || !strings.Contains(err.Error(), "datasets, players") {
		t.Fatalf("ambiguous: %v", err)
	}
	if kind, n, err := d.Resolve("dataset/ql2"); err != nil || kind != Datasets || n != "ql2" {
		t.Fatalf("Resolve dataset/ql2: %s %s %v", kind, n, err)
	}
	if kind, _, err := d.Resolve("quiet-labeled"); err != nil || kind != Datasets {
		t.Fatalf("Resolve: %s %v", kind, err)
	}
	if err := d.Delete(Datasets, "ql2"); err != nil {
		t.Fatal(err)
	}
	if _, err := d.DatasetInfo("ql2"); err == nil {
		t.Fatal("deleted dataset still there")
	}
	if err := d.Delete(Datasets, "ql2"); err == nil {
		t.Fatal("deleted a missing dataset")
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567", -12345: "-12,345"} {
		if got := thousands(n); got != want {
			t.Errorf("%d: %q", n, got)
		}
	}
}

// FuzzUnsealDataset: any dataset.json gives an info or an error.
func FuzzUnsealDataset(f *testing.F) {
	data, err := seal(datasetFormat, &DatasetInfo{Name: "d", Count: 3, Checksum: strings.Repeat("ab", 32), K: 1.1})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Fuzz(func(t *testing.T, data []byte) {
		var info DatasetInfo
		if err := unseal("dataset.json", data, datasetFormat, &info); err != nil {
			return
		}
		if info.Check() == nil && (info.Count < 0 || info.K < 0) {
			t.Fatalf("checked info out of range: %+v", info)
		}
		datasetSummary(&info)
	})
}
