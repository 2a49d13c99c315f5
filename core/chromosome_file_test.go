package core

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// randomChromosome draws every gene uniformly in its bounds.
// seededWeights compiles chromosome seed of schema s: the defaults for
// seed 0, randomChromosome(s, seed) otherwise.
func seededWeights(t testing.TB, s *Schema, seed uint64) *Weights {
	t.Helper()
	c := s.Default()
	if seed > 0 {
		c = randomChromosome(s, seed)
	}
	w, err := c.Compile()
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func randomChromosome(s *Schema, seed uint64) *Chromosome {
	c := s.Default()
	for i, g := range s.Genes {
		seed = seed*6364136223846793005 + 1442695040888963407
		c.Values[i] = g.Lo + (g.Hi-g.Lo)*float64(seed>>11)/(1<<53)
	}
	c.Name = "random " + s.Name
	return c
}

func TestChromosomeFileRoundTrip(t *testing.T) {
	for _, name := range PresetNames() {
		s := mustPreset(t, name)
		for _, c := range []*Chromosome{s.Default(), randomChromosome(s, 1), randomChromosome(s, 2)} {
			var buf bytes.Buffer
			if err := WriteChromosome(&buf, c); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			d, err := ReadChromosome(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatalf("%s: %v\n%s", name, err, buf.String())
			}
			if d.Schema.Name != s.Name || d.Name != c.Name || !slices.Equal(d.Values, c.Values) || !slices.Equal(d.Schema.Switches(), s.Switches()) {
				t.Errorf("%s: round trip changed the chromosome (switches %v, wrote %v)", name, d.Schema.Switches(), s.Switches())
			}
			// The same through encoding/json, as records embedding a chromosome use it.
			data, err := json.Marshal(c)
			if err != nil {
				t.Fatal(err)
			}
			var e Chromosome
			if err := json.Unmarshal(data, &e); err != nil || !slices.Equal(e.Values, c.Values) {
				t.Errorf("%s: json round trip: %v", name, err)
			}
		}
	}
}

// The file shape promised by the format: genes by name, in layout order,
// one a line.
func TestChromosomeFileShape(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteChromosome(&buf, Seed003Evolved()); err != nil {
		t.Fatal(err)
	}
	want := `{
  "format": "evochess-chromosome",
  "version": 1,
  "schema": "seed003",
  "name": "seed003_evolved",
  "genes": {
    "queen_value": 7.57,
    "rook_value": 4.66,
    "bishop_value": 4.41,
    "knight_value": 3.16,
    "doubled_pawn": 0.44,
    "mobility": 0.11
  }
}
`
	if buf.String() != want {
		t.Errorf("file:\n%s\nwant:\n%s", buf.String(), want)
	}
}

func TestReadChromosomeErrors(t *testing.T) {
	const head = `{"format":"evochess-chromosome","version":1,"schema":"seed003","name":"x",`
	const genes = `"queen_value":9,"rook_value":5,"bishop_value":3,"knight_value":3,"doubled_pawn":0.5`
	tests := []struct {
		input, field, reason string
	}{
		{"", "", "empty"},
		{"{", "", "truncated JSON"},
		{"{]", "", "invalid JSON at byte 2"},
		{"[1]", "", "is a JSON array, not a chromosome object"},
		{head + `"genes":{` + genes + `,"mobility":0.1}}}`, "", "after the chromosome"},
		{`{"version":1,"schema":"seed003","genes":{}}`, "format", "missing"},
		{`{"format":"chess","version":1,"schema":"seed003","genes":{}}`, "format", `"chess"`},
		{`{"format":"evochess-chromosome","schema":"seed003","genes":{}}`, "version", "missing"},
		{`{"format":"evochess-chromosome","version":2,"schema":"seed003","genes":{}}`, "version", "2 is not supported"},
		{`{"format":"evochess-chromosome","version":"1","schema":"seed003","genes":{}}`, "version", "string"},
		{`{"format":"evochess-chromosome","version":1,"genes":{}}`, "schema", "missing"},
		{`{"format":"evochess-chromosome","version":1,"schema":"seed999","genes":{}}`, "schema", "seed999"},
		{head + `"fitness":3,"genes":{}}`, "fitness", "unknown field"},
		{head + `"genes":null}`, "genes", "not an object"},
		{head + `"genes":[]}`, "genes", "not an object"},
		{strings.TrimSuffix(head, ",") + `}`, "genes", "missing"},
		{head + `"genes":{` + genes + `}}`, "genes.mobility", `missing: schema seed003 needs "mobility"`},
		{head + `"genes":{"queen_value":9}}`, "genes.rook_value", `"rook_value", "bishop_value", "knight_value", "doubled_pawn", "mobility"`},
		{head + `"genes":{` + genes + `,"mobility":0.1,"queen":9,"king_value":1000}}`, "genes.king_value", `has no gene "king_value", "queen"`},
		{head + `"genes":{` + genes + `,"mobility":0.9}}`, "genes.mobility", "0.9 is outside the gene's bounds [0.01, 0.5]"},
		{head + `"genes":{` + genes + `,"mobility":"0.1"}}`, "genes.mobility", "a string, not a number"},
		{head + `"genes":{` + genes + `,"mobility":null}}`, "genes.mobility", "null, not a number"},
		{head + `"genes":{` + genes + `,"mobility":[0.1]}}`, "genes.mobility", "array or object"},
		{head + `"genes":{` + genes + `,"mobility":1e999}}`, "genes.mobility", "not a representable number"},
		{head + `"genes":{` + genes + `,"mobility":0.1,"rook_value":5}}`, "genes.rook_value", "appears twice"},
		{`{"format":"evochess-chromosome","version":1,"schema":"seed004","genes":{"pawn_value":90}}`, "genes.pawn_value", "[100, 100]"},
		{head + `"genes":{` + genes + `,"mobility":0.1},"switches":{"Bogus":true}}`, "switches.Bogus", "not a search switch (have SingularExtensions, "},
		{head + `"genes":{` + genes + `,"mobility":0.1},"switches":{"evalterms2":true}}`, "switches.evalterms2", "not a search switch"},
		{head + `"genes":{` + genes + `,"mobility":0.1},"switches":{"EvalTerms2":"yes"}}`, "switches", "is a JSON string, want bool"},
		{head + `"genes":{` + genes + `,"mobility":0.1},"switches":{"EvalTerms2":false}}`, "switches", "schema seed003 sets no search switches"},
	}
	for _, tt := range tests {
		_, err := ReadChromosome(strings.NewReader(tt.input))
		var e *ChromosomeFileError
		if !errors.As(err, &e) {
			t.Errorf("%s: error %v, want a *ChromosomeFileError", tt.input, err)
			continue
		}
		if e.Field != tt.field || !strings.Contains(e.Reason, tt.reason) {
			t.Errorf("%s:\n got field %q reason %q\nwant field %q reason containing %q", tt.input, e.Field, e.Reason, tt.field, tt.reason)
		}
	}
}

// Fixed genes hold one value, so a file may leave them out.
func TestReadChromosomeFixedGenesOptional(t *testing.T) {
	s := mustPreset(t, "seed004")
	genes := map[string]float64{}
	for _, g := range s.Genes {
		if !g.Fixed {
			genes[g.Name] = g.Default
		}
	}
	data, _ := json.Marshal(map[string]any{"format": ChromosomeFormat, "version": 1, "schema": "seed004", "genes": genes})
	c, err := ReadChromosome(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(c.Values, s.Default().Values) {
		t.Errorf("values %v, want the defaults", c.Values)
	}
}

func TestLoadChromosome(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "evolved.json")
	c := randomChromosome(mustPreset(t, "seed004"), 3)
	var buf bytes.Buffer
	if err := WriteChromosome(&buf, c); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"format":"evochess-chromosome","version":1,"schema":"seed004","genes":{"x":1}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	huge := filepath.Join(dir, "huge.json") // sparse: costs no disk
	if err := os.WriteFile(huge, nil, 0o644); err != nil || os.Truncate(huge, 5<<20) != nil {
		t.Fatal("cannot make a 5 MB file")
	}
	type test struct {
		arg, schema, name string
		values            []float64
		err               string
	}
	tests := []test{
		{arg: "seed003", schema: "seed003", name: "seed003", values: mustPreset(t, "seed003").Default().Values},
		{arg: "SEED003_Evolved", schema: "seed003", name: "seed003_evolved", values: Seed003Evolved().Values},
		{arg: "seed004_mid", schema: "seed004", name: "seed004_mid", values: Seed004Mid().Values},
		{arg: path, schema: "seed004", name: c.Name, values: c.Values},
		{arg: bad, err: "chromosome file " + bad + ", field genes.x: schema seed004 has no gene \"x\""},
		{arg: filepath.Join(dir, "none.json"), err: "none.json: no such file, and not a player name (have full, seed000"},
		{arg: huge, err: "chromosome file " + huge + ": 5 MB, over the 4 MB limit for chromosome files"},
	}
	if _, err := os.Stat("/dev/zero"); err == nil { // read for ever before
		tests = append(tests, test{arg: "/dev/zero", err: "chromosome file /dev/zero: a device, not a regular file"})
	}
	for _, tt := range tests {
		got, err := LoadChromosome(tt.arg)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: error %v, want %q", tt.arg, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.arg, err)
			continue
		}
		if got.Schema.Name != tt.schema || got.Name != tt.name || !slices.Equal(got.Values, tt.values) {
			t.Errorf("%s: got %s %q %v", tt.arg, got.Schema.Name, got.Name, got.Values)
		}
	}
}
