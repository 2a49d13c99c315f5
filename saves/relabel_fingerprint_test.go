package saves

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/evochess/evochess/arena/dataset"
)

// A relabelling records its labeller's fingerprint and refuses to go on
// with another; one saved before fingerprints goes on and records it from
// where it went on.
func TestRelabelLabellerFingerprint(t *testing.T) {
	d := openTemp(t)
	src := testSet(t, 2*dataset.RelabelChunk+10, 3, false)
	if err := d.SaveDataset(src, DatasetInfo{Name: "src", Source: "test", Complete: true}, false); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name     string
		edit     func(meta map[string]any) // the saved meta, before going on
		want     string                    // in the error going on; "": goes on
		wantFrom int                       // label_fingerprint_from when done
	}{
		{name: "same", edit: func(map[string]any) {}},
		{name: "old", edit: func(m map[string]any) { delete(m, "label_fingerprint") }, wantFrom: dataset.RelabelChunk},
		// Another set of full's defaults: self is another chromosome.
		{name: "other", edit: func(m map[string]any) { m["full_defaults"] = 1 }, want: "the dataset was labelled by [built-in, genes "},
	} {
		t.Run(c.name, func(t *testing.T) {
			j, err := d.OpenRelabel(c.name, "src", "self,depth=1")
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			_ = dataset.Relabel(ctx, j.Spec, j.Source.Samples, 1, &j.State, func(dataset.RelabelProgress) { cancel() })
			if err := j.SaveIfDue(d, true); err != nil {
				t.Fatal(err)
			}
			first := j.State.Labeller
			if first == nil || first.Genes == "" || first.Limit != "depth=1" {
				t.Fatalf("fingerprint after the first chunk: %+v", first)
			}
			set, info, err := d.LoadDataset(c.name)
			if err != nil {
				t.Fatal(err)
			}
			var meta map[string]any
			if err := json.Unmarshal(info.Meta, &meta); err != nil {
				t.Fatal(err)
			}
			c.edit(meta)
			if info.Meta, err = json.Marshal(meta); err != nil {
				t.Fatal(err)
			}
			if err := d.SaveDataset(set, info, true); err != nil {
				t.Fatal(err)
			}

			again, err := d.OpenRelabel(c.name, "", "")
			if err != nil {
				t.Fatal(err)
			}
			err = dataset.Relabel(context.Background(), again.Spec, again.Source.Samples, 1, &again.State, nil)
			if c.want != "" {
				if err == nil || !strings.Contains(err.Error(), c.want) || strings.Count(err.Error(), "genes ") != 2 {
					t.Fatalf("going on: %v, want %q naming both fingerprints", err, c.want)
				}
				return
			}
			if err != nil {
				t.Fatalf("going on: %v", err)
			}
			if err := again.SaveIfDue(d, true); err != nil {
				t.Fatal(err)
			}
			var done RelabelMeta
			if _, info, err = d.LoadDataset(c.name); err == nil {
				err = json.Unmarshal(info.Meta, &done)
			}
			if err != nil || done.Labeller == nil || !done.Labeller.Equal(first) || done.LabellerFrom != c.wantFrom {
				t.Errorf("finished: %v, fingerprint %+v from %d; want %+v from %d", err, done.Labeller, done.LabellerFrom, first, c.wantFrom)
			}
		})
	}
}
