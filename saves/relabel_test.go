package saves

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/evochess/evochess/arena/dataset"
)

func TestRelabelJob(t *testing.T) {
	d := openTemp(t)
	src := testSet(t, 3*dataset.RelabelChunk+10, 3, false)
	if err := d.SaveDataset(src, DatasetInfo{Name: "src", Source: "test", Complete: true}, false); err != nil {
		t.Fatal(err)
	}
	growing := testSet(t, 10, 4, false)
	if err := d.SaveDataset(growing, DatasetInfo{Name: "growing", Source: "test"}, false); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, from, label, want string }{
		{"new", "", "", "give --from and --label"},
		{"new", "nothere", "self,depth=1", "no dataset \"nothere\""},
		{"new", "growing", "self,depth=1", "still growing"},
		{"new", "src", "self", "fixed depth=N or nodes=N"},
		{"src", "src", "self,depth=1", "not made by relabel"},
		{"Bad/Name", "src", "self,depth=1", "name"},
	} {
		if _, err := d.OpenRelabel(c.name, c.from, c.label); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("OpenRelabel(%q, %q, %q): %v, want %q", c.name, c.from, c.label, err, c.want)
		}
	}

	// Started, stopped after two chunks and saved, reopened: it goes on
	// where it stopped, to the dataset of an uninterrupted run.
	j, err := d.OpenRelabel("lab", "src", "self,depth=1")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	chunks := 0
	_ = dataset.Relabel(ctx, j.Spec, j.Source.Samples, 1, &j.State, func(dataset.RelabelProgress) {
		if chunks++; chunks == 2 {
			cancel()
		}
	})
	if err := j.SaveIfDue(d, true); err != nil {
		t.Fatal(err)
	}
	if info, err := d.DatasetInfo("lab"); err != nil || info.Complete || j.Finished() {
		t.Fatalf("after two chunks: %+v, %v", info, err)
	}
	for _, c := range []struct{ from, label, want string }{
		{"growing", "", "relabels \"src\", not \"growing\""},
		{"", "self,depth=2", "not \"self,depth=2\""},
	} {
		if _, err := d.OpenRelabel("lab", c.from, c.label); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("reopening with %q %q: %v, want %q", c.from, c.label, err, c.want)
		}
	}
	again, err := d.OpenRelabel("lab", "", "")
	if err != nil || again.State.Done != 2*dataset.RelabelChunk {
		t.Fatalf("reopened: %v, %+v", err, again)
	}
	if err := dataset.Relabel(context.Background(), again.Spec, again.Source.Samples, 2, &again.State, nil); err != nil {
		t.Fatal(err)
	}
	if err := again.SaveIfDue(d, true); err != nil {
		t.Fatal(err)
	}
	straight := &dataset.RelabelState{}
	if err := dataset.Relabel(context.Background(), again.Spec, src.Samples, 1, straight, nil); err != nil {
		t.Fatal(err)
	}
	set, info, err := d.LoadDataset("lab")
	if err != nil || !info.Complete || !info.Labelled || !slices.Equal(set.Samples, straight.Set.Samples) {
		t.Fatalf("finished: %+v, %v; %d samples, straight %d", info, err, len(set.Samples), len(straight.Set.Samples))
	}
	if done, err := d.OpenRelabel("lab", "", ""); err != nil || !done.Finished() {
		t.Errorf("reopened when finished: %v", err)
	}

	// The source changed under it: refused.
	if err := d.SaveDataset(testSet(t, 50, 9, false), DatasetInfo{Name: "src", Source: "test", Complete: true}, true); err != nil {
		t.Fatal(err)
	}
	if _, err := d.OpenRelabel("lab", "", ""); err == nil || !strings.Contains(err.Error(), "has changed") {
		t.Errorf("source changed: %v", err)
	}
}
