package core

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"sort"
	"strings"
)

// A chromosome file is one JSON object:
//
//	{"format": "evochess-chromosome", "version": 1, "schema": "seed003",
//	 "name": "…", "genes": {"queen_value": 9, …},
//	 "switches": {"EvalTerms2": true}}
//
// switches, optional, are the search switches (check options) the
// chromosome plays with unless an option says otherwise: what its schema
// set when it was written (full from its set 3 of defaults: EvalTerms2).
// A file without them plays the program's defaults (EvalTerms2 off),
// as every file written before them did, whatever the preset's are now.
//
// Genes are keyed by name, so a file survives any reordering of a layout.
// Reading is strict, because a silently defaulted or misspelt gene would
// change how a saved player plays: every gene must be present — except
// fixed genes, which can hold only one value, and opt-in genes (full's
// search parameters), which files written before them lack, and which
// take their defaults, as those files played — and
// unknown fields, unknown genes, duplicate genes and values outside a
// gene's bounds are errors naming the field.

const (
	// ChromosomeFormat is the "format" field of a chromosome file.
	ChromosomeFormat = "evochess-chromosome"
	// ChromosomeVersion is the version this build writes and reads.
	ChromosomeVersion = 1

	maxChromosomeFile = 4 << 20 // a 640-gene file is about 25 KB
	maxListedNames    = 5
)

var chromosomeFiles = FileLimit{What: "chromosome files", Max: maxChromosomeFile}

// ChromosomeFileError reports what is wrong in a chromosome file.
type ChromosomeFileError struct {
	File   string // path; empty when read from a stream
	Field  string // "format", "genes.queen_value", …; empty for the file as a whole
	Reason string
}

func (e *ChromosomeFileError) Error() string {
	var b strings.Builder
	b.WriteString("chromosome")
	if e.File != "" {
		b.WriteString(" file " + e.File)
	}
	if e.Field != "" {
		b.WriteString(", field " + e.Field)
	}
	b.WriteString(": " + e.Reason)
	return b.String()
}

func chromErr(field, reason string, args ...any) *ChromosomeFileError {
	return &ChromosomeFileError{Field: field, Reason: fmt.Sprintf(reason, args...)}
}

// MarshalJSON writes the chromosome file object, genes in layout order.
func (c *Chromosome) MarshalJSON() ([]byte, error) {
	if c.Schema == nil {
		return nil, errors.New("chromosome has no schema")
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	header, _ := json.Marshal(struct {
		Format   string          `json:"format"`
		Version  int             `json:"version"`
		Schema   string          `json:"schema"`
		Name     string          `json:"name"`
		Switches map[string]bool `json:"switches,omitempty"` // encoding/json sorts the keys
	}{ChromosomeFormat, ChromosomeVersion, c.Schema.Name, c.Name, c.Schema.switches})
	b.Write(header[:len(header)-1]) // reopen the object for the genes
	b.WriteString(`,"genes":{`)
	for i, g := range c.Schema.Genes {
		if i > 0 {
			b.WriteByte(',')
		}
		name, _ := json.Marshal(g.Name)
		value, _ := json.Marshal(c.Values[i]) // finite: Validate checked
		b.Write(name)
		b.WriteByte(':')
		b.Write(value)
	}
	b.WriteString("}}")
	return b.Bytes(), nil
}

// UnmarshalJSON reads a chromosome file object (see ReadChromosome).
func (c *Chromosome) UnmarshalJSON(data []byte) error {
	d, err := decodeChromosome(data)
	if err != nil {
		return err
	}
	*c = *d
	return nil
}

// WriteChromosome writes c as an indented chromosome file, one gene a line.
func WriteChromosome(w io.Writer, c *Chromosome) error {
	data, err := c.MarshalJSON()
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := json.Indent(&b, data, "", "  "); err != nil {
		return err
	}
	b.WriteByte('\n')
	_, err = w.Write(b.Bytes())
	return err
}

// ReadChromosome reads one chromosome file from r. Problems are reported
// as *ChromosomeFileError.
func ReadChromosome(r io.Reader) (*Chromosome, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxChromosomeFile+1))
	if err != nil {
		return nil, &ChromosomeFileError{Reason: err.Error()}
	}
	if len(data) > maxChromosomeFile {
		return nil, chromErr("", "larger than %d bytes", maxChromosomeFile)
	}
	return decodeChromosome(data)
}

// LoadChromosome returns a named player (a preset name such as "seed003",
// or "seed003_evolved") or else reads the chromosome file at nameOrPath.
// Names win: a file called like a preset must be given as ./name.
func LoadChromosome(nameOrPath string) (*Chromosome, error) {
	if c, err := Player(nameOrPath); err == nil {
		return c, nil
	}
	f, err := chromosomeFiles.Open(nameOrPath)
	if err != nil {
		reason := err.Error()
		var uf *UserFileError
		if errors.Is(err, os.ErrNotExist) {
			reason = fmt.Sprintf("no such file, and not a player name (have %s)", strings.Join(PlayerNames(), ", "))
		} else if errors.As(err, &uf) {
			reason = uf.Reason
		}
		return nil, &ChromosomeFileError{File: nameOrPath, Reason: reason}
	}
	defer f.Close()
	c, err := ReadChromosome(f)
	if e, ok := err.(*ChromosomeFileError); ok {
		e.File = nameOrPath
	}
	return c, err
}

// LoadWeights resolves a player name, preset or chromosome file to
// compiled evaluation weights: what every --chromosome flag and the UCI
// Chromosome option accept.
func LoadWeights(nameOrPath string) (*Weights, error) {
	c, err := LoadChromosome(nameOrPath)
	if err != nil {
		return nil, err
	}
	return c.Compile()
}

// rawChromosome is the file object before its genes are checked.
type rawChromosome struct {
	Format   *string         `json:"format"`
	Version  *int            `json:"version"`
	Schema   *string         `json:"schema"`
	Name     string          `json:"name"`
	Genes    json.RawMessage `json:"genes"`
	Switches map[string]bool `json:"switches"`
}

func decodeChromosome(data []byte) (*Chromosome, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var raw rawChromosome
	if err := dec.Decode(&raw); err != nil {
		return nil, jsonError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, chromErr("", "unexpected data after the chromosome object")
	}
	switch {
	case raw.Format == nil:
		return nil, chromErr("format", "missing (want %q)", ChromosomeFormat)
	case *raw.Format != ChromosomeFormat:
		return nil, chromErr("format", "%q is not %q", *raw.Format, ChromosomeFormat)
	case raw.Version == nil:
		return nil, chromErr("version", "missing")
	case *raw.Version != ChromosomeVersion:
		return nil, chromErr("version", "%d is not supported (this build reads version %d)", *raw.Version, ChromosomeVersion)
	case raw.Schema == nil:
		return nil, chromErr("schema", "missing")
	}
	s, err := Preset(*raw.Schema)
	if err != nil {
		return nil, chromErr("schema", "%v", err)
	}
	if raw.Genes == nil {
		return nil, chromErr("genes", "missing")
	}
	values, err := decodeGenes(s, raw.Genes)
	if err != nil {
		return nil, err
	}
	switches, err := decodeSwitches(raw.Switches)
	if err != nil {
		return nil, err
	}
	if len(switches) > 0 && len(s.switches) == 0 {
		// A seed preset plays the program's switches and has no search
		// genes: switches would make its chromosomes carry a search of
		// their own, which a run's set of search parameters then skips.
		return nil, chromErr("switches", "schema %s sets no search switches: give them as options (option.NAME=VALUE)", s.Name)
	}
	s = s.withSwitches(switches)
	c := &Chromosome{Schema: s, Values: values, Name: raw.Name}
	if err := c.Validate(); err != nil {
		return nil, chromErr("genes", "%v", err)
	}
	return c, nil
}

// decodeSwitches checks a file's switches: each a search switch, named as
// its option is (the file is written so); none is nil.
func decodeSwitches(raw map[string]bool) (map[string]bool, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	for _, name := range slices.Sorted(maps.Keys(raw)) {
		if sw := findSearchSwitch(name); sw == nil || sw.uci != name {
			return nil, chromErr("switches."+name, "not a search switch (have %s)", strings.Join(searchSwitchNames(), ", "))
		}
	}
	return raw, nil
}

// decodeGenes reads the genes object by tokens, so that duplicates and
// non-numbers are caught and named.
func decodeGenes(s *Schema, raw json.RawMessage) ([]float64, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, chromErr("genes", "not an object of gene names and numbers")
	}
	values := make([]float64, len(s.Genes))
	seen := make([]bool, len(s.Genes))
	var unknown []string
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, chromErr("genes", "%v", err)
		}
		name, _ := t.(string) // object keys are always strings
		field := "genes." + name
		t, err = dec.Token()
		if err != nil {
			return nil, chromErr(field, "%v", err)
		}
		num, ok := t.(json.Number)
		if !ok {
			return nil, chromErr(field, "is %s, not a number", jsonKind(t))
		}
		i := s.GeneIndex(name)
		if i < 0 {
			unknown = append(unknown, name)
			continue
		}
		if seen[i] {
			return nil, chromErr(field, "appears twice")
		}
		v, err := num.Float64()
		if err != nil {
			return nil, chromErr(field, "%s is not a representable number", num)
		}
		g := &s.Genes[i]
		if v < g.Lo || v > g.Hi {
			return nil, chromErr(field, "%g is outside the gene's bounds [%g, %g]", v, g.Lo, g.Hi)
		}
		values[i], seen[i] = v, true
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return nil, chromErr("genes."+unknown[0], "schema %s has no gene %s", s.Name, listNames(unknown))
	}
	var missing []string
	for i, g := range s.Genes {
		switch {
		case seen[i]:
		case g.InFamily(Terms3Family), g.InFamily(Terms4Family), g.InFamily(Terms5Family), g.InFamily(Terms6Family), g.InFamily(Terms7Family), g.InFamily(Terms8Family):
			// A file without them (every file written before full's set
			// 5, or before a set that tunes eval_terms4) played without
			// the terms: their neutral 0, not today's tuned defaults, as a
			// file without switches plays EvalTerms2 off.
			values[i] = 0
		case g.Fixed || g.OptIn:
			values[i] = g.Default
		default:
			missing = append(missing, g.Name)
		}
	}
	if len(missing) > 0 {
		return nil, chromErr("genes."+missing[0], "missing: schema %s needs %s", s.Name, listNames(missing))
	}
	return values, nil
}

// listNames quotes up to maxListedNames names and counts the rest.
func listNames(names []string) string {
	shown := names[:min(len(names), maxListedNames)]
	out := `"` + strings.Join(shown, `", "`) + `"`
	if n := len(names) - len(shown); n > 0 {
		out += fmt.Sprintf(" and %d more", n)
	}
	return out
}

// jsonKind names the kind of a JSON token for messages.
func jsonKind(t json.Token) string {
	switch t.(type) {
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case nil:
		return "null"
	case json.Delim:
		return "an array or object"
	}
	return fmt.Sprintf("%v", t)
}

// jsonError turns encoding/json's errors into ones that name the field.
func jsonError(err error) *ChromosomeFileError {
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &typeErr) && typeErr.Field == "":
		return chromErr("", "is a JSON %s, not a chromosome object", typeErr.Value)
	case errors.As(err, &typeErr):
		return chromErr(typeErr.Field, "is a JSON %s, want %s", typeErr.Value, typeErr.Type)
	case errors.As(err, &syntaxErr):
		return chromErr("", "invalid JSON at byte %d: %v", syntaxErr.Offset, err)
	case err == io.EOF:
		return chromErr("", "empty")
	case err == io.ErrUnexpectedEOF:
		return chromErr("", "truncated JSON")
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return chromErr(field, "unknown field (a version %d file has format, version, schema, name and genes)", ChromosomeVersion)
	}
	return chromErr("", "%v", err)
}
