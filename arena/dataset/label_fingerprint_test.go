package dataset

import (
	"context"
	"crypto/sha256"
	"reflect"
	"strings"
	"testing"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

func TestEngineText(t *testing.T) {
	long := strings.Repeat("é", maxEngineText+5)
	for _, c := range []struct{ name, in, want string }{
		{"plain", "Stockfish 16.1", "Stockfish 16.1"},
		{"trimmed", "  Fruit 2.1 ", "Fruit 2.1"},
		{"escape", "Evil\x1b]2;pwned\x07 Engine", "Evil]2;pwned Engine"},
		{"newline", "Two\nLines\r\tHere", "Two Lines  Here"},
		{"bidi and NUL", "a\u202eb\x00c\u200bd", "abcd"},
		{"C1 CSI", "x\u009b31my", "x31my"},
		{"invalid UTF-8", "ok\xff\xfeok", "okok"},
		{"cut", long, strings.Repeat("é", maxEngineText) + "…"},
		{"exactly the bound", long[:2*maxEngineText], long[:2*maxEngineText]},
	} {
		if got := engineText(c.in); got != c.want {
			t.Errorf("%s: engineText(%q) = %q, want %q", c.name, c.in, got, c.want)
		}
	}
}

// A field at zero is left out of a digest: a struct with one more field,
// at zero, digests as before; at another value, not.
func TestWriteNonZero(t *testing.T) {
	sum := func(v any) string {
		h := sha256.New()
		writeNonZero(h, "", reflect.ValueOf(v))
		return digest(h)
	}
	type old struct{ A, B int }
	type grown struct {
		A, B int
		C    bool
	}
	type nested struct{ Old old }
	base := sum(old{1, 2})
	for _, c := range []struct {
		name string
		v    any
		same bool
	}{
		{"same", old{1, 2}, true},
		{"a field added, off", grown{A: 1, B: 2}, true},
		{"a field added, on", grown{A: 1, B: 2, C: true}, false},
		{"a value changed", old{1, 3}, false},
		{"a zero became one", old{1, 0}, false},
		{"the same fields nested", nested{old{1, 2}}, false},
	} {
		if got := sum(c.v) == base; got != c.same {
			t.Errorf("%s: same digest %v, want %v", c.name, got, c.same)
		}
	}
}

func TestFingerprintBuiltin(t *testing.T) {
	spec := func(s string) *arena.PlayerSpec {
		t.Helper()
		ps, err := arena.ParsePlayerSpec(s, nil)
		if err != nil {
			t.Fatal(err)
		}
		return &ps
	}
	fp := func(ps *arena.PlayerSpec) *LabelFingerprint {
		t.Helper()
		f, err := FingerprintLabel(context.Background(), ps)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	base := fp(spec("name=self,chromosome=full,depth=4"))
	if base.Protocol != "" || base.Engine != "" || len(base.Genes) != 16 || len(base.Search) != 16 || base.Limit != "depth=4" {
		t.Fatalf("built-in fingerprint %+v", base)
	}
	set1, err := core.FullDefaultsFor(1)
	if err != nil {
		t.Fatal(err)
	}
	pinned := spec("name=self,chromosome=full,depth=4")
	arena.PinFull(pinned, set1)
	for _, c := range []struct {
		name    string
		ps      *arena.PlayerSpec
		differs string // the field that differs, "" for none
	}{
		{"the same again", spec("name=self,chromosome=full,depth=4"), ""},
		{"another name", spec("name=other,chromosome=full,depth=4"), ""},
		{"another depth", spec("name=self,chromosome=full,depth=5"), "Limit"},
		{"nodes", spec("name=self,chromosome=full,nodes=5000"), "Limit"},
		{"another chromosome", spec("name=self,chromosome=seed003,depth=4"), "Genes Search"}, // a seed preset has not full's EvalTerms2
		{"full's defaults set 1", pinned, "Genes Search"},                                    // played with EvalTerms2 off
		{"a search option", spec("name=self,chromosome=full,depth=4,option.RFPMargin=50"), "Search"},
		{"a search switch", spec("name=self,chromosome=full,depth=4,option.EvalTerms2=false"), "Search"},
		{"another hash", spec("name=self,chromosome=full,depth=4,hash=32"), "Search"},
		{"another search", spec("name=self,chromosome=full,depth=4,search=plain"), "Search"},
	} {
		got := fp(c.ps)
		var differs []string
		for _, f := range []struct{ name, a, b string }{{"Genes", got.Genes, base.Genes}, {"Search", got.Search, base.Search}, {"Limit", got.Limit, base.Limit}} {
			if f.a != f.b {
				differs = append(differs, f.name)
			}
		}
		if strings.Join(differs, " ") != c.differs || got.Equal(base) != (c.differs == "") {
			t.Errorf("%s: %v differ (equal %v), want %q", c.name, differs, got.Equal(base), c.differs)
		}
	}
	// Digests written by an earlier evochess (2c472d7's parent) of a
	// player that plays as it did: a resumed dataset recognises its
	// labeller across versions (its search pinned at search set 2, as a
	// dataset saved then is resumed).
	set2, err := core.FullDefaultsFor(2)
	if err != nil {
		t.Fatal(err)
	}
	search2 := core.SearchParamsV2()
	old := spec("name=self,chromosome=full,depth=4")
	arena.PinSearch(old, &search2)
	arena.PinFull(old, set2)
	written := &LabelFingerprint{Genes: "79da8feee1b6ade1", Search: "2a1bdf1a0ee66049", Limit: "depth=4"}
	if got := fp(old); !got.matches(written) || got.Equal(written) {
		t.Errorf("full's set 2 at depth 4: genes %s (as then %s) search %s, an earlier evochess wrote 79da8feee1b6ade1 2a1bdf1a0ee66049", got.Genes, got.legacyGenes, got.Search)
	}
	// Not another player, nor a search moved since.
	other := spec("name=self,chromosome=full,depth=4")
	arena.PinFull(other, set2) // searching with today's set
	if got := fp(other); got.matches(written) {
		t.Errorf("full's set 2 with today's search matches what set 2 with search set 2 wrote")
	}
	if got := fp(spec("name=self,chromosome=full,depth=4")); got.matches(written) {
		t.Errorf("today's full matches what set 2 wrote")
	}
	if _, err := FingerprintLabel(context.Background(), spec("name=self,chromosome=full,movetime=100")); err == nil {
		t.Error("a labeller without a fixed limit fingerprinted")
	}
}

func TestFingerprintString(t *testing.T) {
	for _, c := range []struct {
		f    LabelFingerprint
		want string
	}{
		{LabelFingerprint{Genes: "0123456789abcdef", Search: "fedcba9876543210", Limit: "depth=8"},
			"built-in, genes 0123456789abcdef, search fedcba9876543210, depth=8"},
		{LabelFingerprint{Engine: "Stockfish 16", Author: "the Stockfish developers", Protocol: "uci", Options: []string{"Threads=1", "Hash=16"}, Limit: "depth=8"},
			`"Stockfish 16" by "the Stockfish developers" (uci), options Threads=1 Hash=16, depth=8`},
		{LabelFingerprint{Engine: "Phalanx", Protocol: "xboard", Limit: "depth=4"}, `"Phalanx" (xboard), depth=4`},
		{LabelFingerprint{Protocol: "uci", Limit: "nodes=100"}, "an engine without an id name (uci), nodes=100"},
	} {
		if got := c.f.String(); got != c.want {
			t.Errorf("String() = %q, want %q", got, c.want)
		}
	}
}

// Generate records the labeller and goes on only with the same one; a
// state without one (saved before fingerprints) goes on and records it.
func TestGenerateChecksLabeller(t *testing.T) {
	label, err := arena.ParsePlayerSpec("name=self,chromosome=full,depth=1", nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := testConfig(t, 1)
	cfg.PerGame, cfg.Label = 2, &label
	first := generate(t, cfg, nil)
	if first.Labeller == nil || first.Labeller.Genes == "" {
		t.Fatalf("no labeller recorded: %+v", first.Labeller)
	}
	other := *first.Labeller
	other.Limit = "depth=2"
	for _, c := range []struct {
		name string
		had  *LabelFingerprint
		want string // in the error; "" goes on
	}{
		{"the same", first.Labeller, ""},
		{"none recorded", nil, ""},
		{"another", &other, "the dataset was labelled by [built-in"},
	} {
		st := &State{Set: Set{Samples: append([]Sample(nil), first.Set.Samples...)}, Games: first.Games, Labeller: c.had}
		cfg := cfg
		cfg.Games = 2
		err := Generate(context.Background(), cfg, st, nil)
		switch {
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "depth=2")):
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		case c.want != "" && st.Games != 1:
			t.Errorf("%s: refused, yet %d games done", c.name, st.Games)
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.want == "" && (st.Games != 2 || st.Labeller == nil || !st.Labeller.Equal(first.Labeller)):
			t.Errorf("%s: %d games, labeller %+v", c.name, st.Games, st.Labeller)
		}
	}
	unlabelled := testConfig(t, 2)
	if err := Generate(context.Background(), unlabelled, &State{Set: first.Set, Games: 1, Labeller: first.Labeller}, nil); err == nil {
		t.Error("a labelled dataset went on without its label")
	}
}
