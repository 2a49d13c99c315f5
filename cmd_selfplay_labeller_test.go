package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/evochess/evochess/saves"
)

// A labelled self-play dataset goes on only with the engine that labelled
// it, told by what the engine says of itself behind the same --label (as
// when the binary at its path is replaced); one saved before fingerprints
// goes on and records it from there.
func TestSelfplayResumeChecksLabeller(t *testing.T) {
	data := t.TempDir()
	label := "uci=" + fakeUCI(t) + ",depth=1"
	for _, c := range []struct {
		name, first, then string // the engine's id name at the start, going on
		oldMeta           bool   // the fingerprint taken out of the meta before going on
		want              string // in stderr going on ("": it goes on)
		wantID            string // the fingerprint's id name when done
		wantFrom          int
	}{
		{name: "same", first: "Fake 1", then: "Fake 1", wantID: "Fake 1"},
		{name: "other", first: "Fake 1", then: "Fake 2", want: `the dataset was labelled by ["Fake 1" (uci), depth=1], the labeller now is ["Fake 2" (uci), depth=1]`},
		{name: "old", first: "Fake 1", then: "Fake 2", oldMeta: true, wantID: "Fake 2", wantFrom: 2},
		{name: "hostile", first: "Evil\x1b]2;x\x07\tName", then: "Evil\x1b]2;x\x07\tName", wantID: "Evil]2;x Name"},
		{name: "long", first: strings.Repeat("x", 300), then: strings.Repeat("x", 300), wantID: strings.Repeat("x", 100) + "…"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("FAKEUCI_ID", c.first)
			code, _, stderr := runCLI(selfplayArgs(data, c.name, "--games", "2", "--per-game", "2", "--label", label)...)
			if code != 0 {
				t.Fatalf("start: exit %d: %s", code, stderr)
			}
			if c.oldMeta {
				stripLabeller(t, data, c.name)
			}
			t.Setenv("FAKEUCI_ID", c.then)
			code, stdout, stderr := runCLI("selfplay", "--name", c.name, "--resume", "--games", "3", "--data", data)
			meta, ok := selfplayMeta(t, data, c.name)
			if c.want != "" {
				if code != 1 || !strings.Contains(stderr, c.want) || !ok || meta.Done != 2 {
					t.Errorf("going on with another engine: exit %d, %d games; stderr %q, want %q", code, meta.Done, stderr, c.want)
				}
				return
			}
			if code != 0 || !ok || meta.Done != 3 || meta.Labeller == nil {
				t.Fatalf("going on: exit %d, %+v\nstderr %s", code, meta, stderr)
			}
			if meta.Labeller.Engine != c.wantID || meta.Labeller.Protocol != "uci" || meta.Labeller.Limit != "depth=1" || meta.LabellerFrom != c.wantFrom {
				t.Errorf("recorded %+v from game %d, want %q from %d", meta.Labeller, meta.LabellerFrom, c.wantID, c.wantFrom)
			}
			if !strings.Contains(stdout, `["`+c.wantID+`" (uci), depth=1`) || strings.ContainsAny(stdout, "\x1b\x07") {
				t.Errorf("summary %q", stdout)
			}
		})
	}
}

// selfplayMeta reads a self-play dataset's meta.
func selfplayMeta(t *testing.T, data, name string) (saves.SelfplayMeta, bool) {
	t.Helper()
	d, err := saves.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	return d.SelfplayOf(name)
}

// stripLabeller makes the dataset name one saved before fingerprints.
func stripLabeller(t *testing.T, data, name string) {
	t.Helper()
	set, info := loadDataset(t, data, name)
	var meta map[string]any
	if err := json.Unmarshal(info.Meta, &meta); err != nil || meta["label_fingerprint"] == nil {
		t.Fatalf("meta %s: %v", info.Meta, err)
	}
	delete(meta, "label_fingerprint")
	var err error
	if info.Meta, err = json.Marshal(meta); err != nil {
		t.Fatal(err)
	}
	d, err := saves.Open(data)
	if err == nil {
		err = d.SaveDataset(set, info, true)
	}
	if err != nil {
		t.Fatal(err)
	}
}
