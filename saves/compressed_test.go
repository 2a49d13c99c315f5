package saves

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/ga"
)

// gzipFile replaces path by path.gz holding the same bytes.
func gzipFile(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write(data)
	w.Close()
	if err := os.WriteFile(path+gzSuffix, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
}

// A run kept as run.json.gz without checkpoints (as the repository's
// testdata keeps them) loads, resolves population=, resumes to the same
// end as a straight run, and its first save writes run.json and a
// checkpoint and drops the .gz.
func TestCompressedRunLoadsAndResumes(t *testing.T) {
	straight := tinyRun(t, ga.Classic, 3)
	if err := straight.Execute(context.Background()); err != nil {
		t.Fatal(err)
	}
	d := openTemp(t)
	h, _ := d.CreateRun("r")
	r := tinyRun(t, ga.Classic, 3)
	r.AfterGeneration = func(r *ga.Run) error { r.Stop(); return h.Save(r) }
	if err := r.Execute(context.Background()); err != nil {
		t.Fatal(err)
	}
	h.Close()
	dir := filepath.Join(d.Root, Runs, "r")
	os.RemoveAll(filepath.Join(dir, "checkpoints"))
	gzipFile(t, filepath.Join(dir, runFile))

	loaded, err := d.LoadRun("r")
	if err != nil || loaded.Generation != r.Generation {
		t.Fatalf("LoadRun of run.json.gz: generation %v, %v", loaded, err)
	}
	if _, err := d.Individual("r#best"); err != nil {
		t.Errorf("population=r#best: %v", err)
	}
	if _, err := ReadRunFile(filepath.Join(dir, runFile+gzSuffix)); err != nil {
		t.Errorf("ReadRunFile of the .gz: %v", err)
	}
	if _, err := d.Individual(filepath.Join(dir, runFile+gzSuffix) + "#gen0"); err != nil {
		t.Errorf("population=PATH.json.gz#gen0: %v", err)
	}

	h, back, err := d.OpenRun("r")
	if err != nil {
		t.Fatal(err)
	}
	back.Reopen()
	back.AfterGeneration = h.Save
	if err := back.Execute(context.Background()); err != nil {
		t.Fatal(err)
	}
	h.Close()
	if !bytes.Equal(fingerprint(t, back), fingerprint(t, straight)) {
		t.Error("the run resumed from run.json.gz differs from the straight one")
	}
	if _, err := os.Stat(filepath.Join(dir, runFile+gzSuffix)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("run.json.gz still there after a save (%v): two states of one run", err)
	}
	if cps, _ := filepath.Glob(filepath.Join(dir, "checkpoints", "gen-*.json")); len(cps) == 0 {
		t.Error("no checkpoint written after resuming a run kept without them")
	}
}

// A dataset kept as positions.bin.gz loads with its checksum checked; a
// later save writes positions.bin and drops the .gz.
func TestCompressedDatasetLoads(t *testing.T) {
	d := openTemp(t)
	set := testSet(t, 300, 7, true)
	info := DatasetInfo{Name: "z", Source: "test", Labelled: true, Complete: true}
	if err := d.SaveDataset(set, info, false); err != nil {
		t.Fatal(err)
	}
	pos := filepath.Join(d.Root, Datasets, "z", positionsFile)
	gzipFile(t, pos)
	back, _, err := d.LoadDataset("z")
	if err != nil || !sameSet(back, set) {
		t.Fatalf("positions.bin.gz: %v", err)
	}

	// The checksum still guards it: other positions, compressed, are refused.
	other := openTemp(t)
	other.SaveDataset(testSet(t, 300, 8, true), DatasetInfo{Name: "z", Source: "test", Labelled: true, Complete: true}, false)
	otherPos := filepath.Join(other.Root, Datasets, "z", positionsFile)
	gzipFile(t, otherPos)
	saved, _ := os.ReadFile(pos + gzSuffix)
	swapped, _ := os.ReadFile(otherPos + gzSuffix)
	os.WriteFile(pos+gzSuffix, swapped, 0o644)
	if _, _, err := d.LoadDataset("z"); err == nil || !strings.Contains(err.Error(), "SHA-256") {
		t.Errorf("other positions under the checksum: %v", err)
	}
	os.WriteFile(pos+gzSuffix, saved, 0o644)

	info2, _ := d.DatasetInfo("z")
	if err := d.SaveDataset(set, info2, true); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(pos + gzSuffix); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("positions.bin.gz still there after a save: %v", err)
	}
	if back, _, err := d.LoadDataset("z"); err != nil || !sameSet(back, set) {
		t.Errorf("after the save: %v", err)
	}
}

// Compressed files are read within bounds: what they decompress to counts
// (an archive bomb is refused, naming the file), and corrupt or
// non-gzip data is an error naming the file, not a panic.
func TestCompressedReadsAreBounded(t *testing.T) {
	var bomb bytes.Buffer
	w := gzip.NewWriter(&bomb)
	w.Write(make([]byte, 1<<20)) // 1 MB of zeros: about 1 KB compressed
	w.Close()
	limit := core.FileLimit{What: "test files", Max: 64 << 10}
	r, err := gunzipBounded("bomb.gz", bytes.NewReader(bomb.Bytes()), limit)
	if err == nil {
		_, err = io.ReadAll(r)
	}
	if err == nil || !strings.Contains(err.Error(), "bomb.gz: decompresses to more than") {
		t.Errorf("bomb: %v", err)
	}

	dir := t.TempDir()
	for name, data := range map[string][]byte{
		"plain.json.gz":     []byte(`{"format":"evochess-run"}`),
		"truncated.json.gz": bomb.Bytes()[:bomb.Len()/2],
	} {
		path := filepath.Join(dir, name)
		os.WriteFile(path, data, 0o644)
		_, err := ReadRunFile(path)
		var fe *FileError
		if !errors.As(err, &fe) || fe.Path != path {
			t.Errorf("%s: %v, want a FileError naming it", name, err)
		}
	}
}
