package core

import (
	"bytes"
	"errors"
	"slices"
	"testing"
)

// FuzzReadChromosome feeds arbitrary bytes to the reader. It must never
// panic, must report problems as *ChromosomeFileError, and every
// chromosome it accepts must be valid and survive a write and a second
// read unchanged.
func FuzzReadChromosome(f *testing.F) {
	for _, name := range []string{"seed003", "seed004"} {
		var buf bytes.Buffer
		if err := WriteChromosome(&buf, mustPreset(f, name).Default()); err != nil {
			f.Fatal(err)
		}
		f.Add(buf.Bytes())
	}
	for _, s := range []string{
		`{"format":"evochess-chromosome","version":1,"schema":"seed003","genes":{"queen_value":9}}`,
		`{"format":"evochess-chromosome","version":1,"schema":"seed004","name":"\u00e9","genes":{"pawn_value":100,"x":[{}]}}`,
		`{"format":"evochess-chromosome","version":1e1,"schema":"full","genes":null}`,
		`{"genes":{"a":1,"a":2}} []`,
		"",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := ReadChromosome(bytes.NewReader(data))
		if err != nil {
			var e *ChromosomeFileError
			if !errors.As(err, &e) {
				t.Fatalf("error %T %v is not a *ChromosomeFileError", err, err)
			}
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("accepted an invalid chromosome: %v", err)
		}
		var buf bytes.Buffer
		if err := WriteChromosome(&buf, c); err != nil {
			t.Fatal(err)
		}
		d, err := ReadChromosome(&buf)
		if err != nil {
			t.Fatalf("rereading: %v", err)
		}
		if d.Schema.Name != c.Schema.Name || d.Name != c.Name || !slices.Equal(d.Values, c.Values) {
			t.Fatal("write and reread changed the chromosome")
		}
	})
}
