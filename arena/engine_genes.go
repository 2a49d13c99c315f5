package arena

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// An external engine's options become genes in one of three ways (evochess
// evolve --genes): OpenBench's SPSA input as it is, one option a line
//
//	NAME, int|float, START, MIN, MAX, C_END, R_END
//
// the same in JSON (gene file forms), or a selector over the engine's own
// option lines, "spin:Mobility*,check:Ponder" (SelectGenes).

// Gene types: OpenBench's two numeric ones and UCI's two categorical ones.
const (
	GeneInt   = "int"
	GeneFloat = "float"
	GeneCheck = "check"
	GeneCombo = "combo"
)

// EngineGene is one option of an external engine tuned as a gene. A
// numeric gene (int, float) ranges over [Min, Max] from Start, with SPSA's
// perturbation and learning rate at the end of a run (C_END, R_END); a
// categorical one (check, combo) is one of Choices, from Choices[Start].
type EngineGene struct {
	Name       string
	Type       string
	Start      float64 // a categorical gene's: the index of its start in Choices
	Min, Max   float64
	CEnd, REnd float64
	Choices    []string
}

// Categorical reports whether the gene is a check or combo option.
func (g *EngineGene) Categorical() bool { return g.Type == GeneCheck || g.Type == GeneCombo }

// Default SPSA rates for genes that do not give theirs (a selector's, or
// a JSON gene without them): OpenBench's usual advice, C_END a twentieth
// of the range, R_END 0.002.
const (
	defaultCEndFraction = 1.0 / 20
	DefaultREnd         = 0.002
)

// defaultRates sets C_END and R_END to the defaults for its range.
func (g *EngineGene) defaultRates() {
	g.CEnd, g.REnd = (g.Max-g.Min)*defaultCEndFraction, DefaultREnd
	if g.Type == GeneInt {
		g.CEnd = max(g.CEnd, 0.5)
	}
}

// check reports what is wrong with the gene on its own.
func (g *EngineGene) check() error {
	if strings.TrimSpace(g.Name) == "" || strings.Contains(g.Name, ",") || g.Name != strings.TrimSpace(g.Name) || !printableText(g.Name) {
		return fmt.Errorf("name %q: want a UCI option's name (printable text, no commas)", g.Name)
	}
	for _, v := range []float64{g.Start, g.Min, g.Max, g.CEnd, g.REnd} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("%s: a value is %v", g.Name, v)
		}
	}
	switch g.Type {
	case GeneInt, GeneFloat:
		if g.Type == GeneInt {
			for _, v := range []float64{g.Start, g.Min, g.Max} {
				if v != math.Trunc(v) || math.Abs(v) > 1<<53 {
					return fmt.Errorf("%s: int gene with %g, not an integer", g.Name, v)
				}
			}
		}
		if !(g.Min < g.Max) {
			return fmt.Errorf("%s: min %g is not below max %g", g.Name, g.Min, g.Max)
		}
		if g.Start < g.Min || g.Start > g.Max {
			return fmt.Errorf("%s: start %g is outside [%g, %g]", g.Name, g.Start, g.Min, g.Max)
		}
		if !(g.CEnd > 0) || g.REnd < 0 {
			return fmt.Errorf("%s: c_end %g must be positive and r_end %g not negative", g.Name, g.CEnd, g.REnd)
		}
	case GeneCheck, GeneCombo:
		if g.Type == GeneCheck && (len(g.Choices) != 2 || g.Choices[0] != "false" || g.Choices[1] != "true") {
			return fmt.Errorf("%s: a check gene's choices are false and true", g.Name)
		}
		if len(g.Choices) < 2 {
			return fmt.Errorf("%s: a %s gene needs at least 2 choices", g.Name, g.Type)
		}
		seen := map[string]bool{}
		for _, c := range g.Choices {
			if c == "" || !printableText(c) || c != strings.TrimSpace(c) || seen[strings.ToLower(c)] {
				return fmt.Errorf("%s: choice %q is empty, repeated or not printable text", g.Name, c)
			}
			seen[strings.ToLower(c)] = true
		}
		if g.Start != math.Trunc(g.Start) || g.Start < 0 || int(g.Start) >= len(g.Choices) {
			return fmt.Errorf("%s: start %g is not one of its %d choices", g.Name, g.Start, len(g.Choices))
		}
		if g.Min != 0 || g.Max != 0 || g.CEnd != 0 || g.REnd != 0 {
			return fmt.Errorf("%s: min, max, c_end and r_end are for int and float genes", g.Name)
		}
	default:
		return fmt.Errorf("%s: type %q is not int, float, check or combo", g.Name, g.Type)
	}
	return nil
}

// printableText: valid UTF-8 without control characters, as an option's
// name or value must be to travel in a UCI line.
func printableText(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsFunc(s, unicode.IsControl)
}

// checkGenes checks every gene and that no option is a gene twice.
func checkGenes(genes []EngineGene) error {
	if len(genes) == 0 {
		return errors.New("no genes")
	}
	seen := map[string]int{}
	for i := range genes {
		if err := genes[i].check(); err != nil {
			return fmt.Errorf("gene %d: %w", i+1, err)
		}
		key := strings.ToLower(genes[i].Name)
		if j, dup := seen[key]; dup {
			return fmt.Errorf("gene %d: %s is gene %d already", i+1, genes[i].Name, j+1)
		}
		seen[key] = i + 1
	}
	return nil
}

// maxGeneFile bounds a gene file (OpenBench tunes hundreds of options in
// a few KB).
const maxGeneFile = 1 << 20

// ParseGeneFile reads a gene file's contents: OpenBench's SPSA input, or
// its JSON form (the file starts with "[" or "{"). Errors name the file
// and line. Blank lines and lines starting with # are skipped.
func ParseGeneFile(file string, data []byte) ([]EngineGene, error) {
	if len(data) > maxGeneFile {
		return nil, fmt.Errorf("%s: %d bytes, more than a gene file's %d", file, len(data), maxGeneFile)
	}
	if t := bytes.TrimSpace(data); len(t) > 0 && (t[0] == '[' || t[0] == '{') {
		return parseGeneJSON(file, data)
	}
	var genes []EngineGene
	lineOf := map[string]int{}
	for n, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		g, err := parseSPSALine(line)
		if err == nil {
			err = g.check()
		}
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", file, n+1, err)
		}
		if first, dup := lineOf[strings.ToLower(g.Name)]; dup {
			return nil, fmt.Errorf("%s:%d: %s is a gene already (line %d)", file, n+1, g.Name, first)
		}
		lineOf[strings.ToLower(g.Name)] = n + 1
		genes = append(genes, g)
	}
	if len(genes) == 0 {
		return nil, fmt.Errorf("%s: no genes (want lines NAME, int|float, START, MIN, MAX, C_END, R_END)", file)
	}
	return genes, nil
}

// parseSPSALine reads one OpenBench line.
func parseSPSALine(line string) (EngineGene, error) {
	f := strings.Split(line, ",")
	if len(f) != 7 {
		return EngineGene{}, fmt.Errorf("%d fields, want 7: NAME, int|float, START, MIN, MAX, C_END, R_END", len(f))
	}
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	g := EngineGene{Name: f[0], Type: f[1]}
	if g.Type != GeneInt && g.Type != GeneFloat {
		return g, fmt.Errorf("type %q is not int or float", f[1])
	}
	for i, p := range []*float64{&g.Start, &g.Min, &g.Max, &g.CEnd, &g.REnd} {
		v, err := strconv.ParseFloat(f[2+i], 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return g, fmt.Errorf("%s %q is not a number", [...]string{"START", "MIN", "MAX", "C_END", "R_END"}[i], f[2+i])
		}
		*p = v
	}
	return g, nil
}

// geneJSON is a gene in JSON, the gene file's form and the run file's:
// OpenBench's fields by name; a categorical gene's start is a choice.
type geneJSON struct {
	Name    string          `json:"name"`
	Type    string          `json:"type"`
	Start   json.RawMessage `json:"start"`
	Min     *float64        `json:"min,omitempty"`
	Max     *float64        `json:"max,omitempty"`
	CEnd    *float64        `json:"c_end,omitempty"`
	REnd    *float64        `json:"r_end,omitempty"`
	Choices []string        `json:"choices,omitempty"`
}

// MarshalJSON writes the gene's JSON form.
func (g EngineGene) MarshalJSON() ([]byte, error) {
	j := geneJSON{Name: g.Name, Type: g.Type}
	if g.Categorical() {
		if i := int(g.Start); i >= 0 && i < len(g.Choices) {
			j.Start, _ = json.Marshal(g.Choices[i])
		}
		j.Choices = g.Choices
	} else {
		j.Start, _ = json.Marshal(g.Start)
		j.Min, j.Max, j.CEnd, j.REnd = &g.Min, &g.Max, &g.CEnd, &g.REnd
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads the gene's JSON form. C_END and R_END may be left
// out (OpenBench's usual values are taken); a check gene's choices may be
// too (false and true). A combo's may be given later by the engine
// (SetChoices), so a combo without them keeps its start as its one choice.
func (g *EngineGene) UnmarshalJSON(data []byte) error {
	var j geneJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return err
	}
	*g = EngineGene{Name: j.Name, Type: j.Type, Choices: j.Choices}
	if len(j.Start) == 0 {
		return fmt.Errorf("%s: no start", j.Name)
	}
	switch j.Type {
	case GeneInt, GeneFloat:
		if j.Min == nil || j.Max == nil {
			return fmt.Errorf("%s: min and max are needed", j.Name)
		}
		if err := json.Unmarshal(j.Start, &g.Start); err != nil {
			return fmt.Errorf("%s: start is not a number", j.Name)
		}
		g.Min, g.Max = *j.Min, *j.Max
		g.defaultRates()
		if j.CEnd != nil {
			g.CEnd = *j.CEnd
		}
		if j.REnd != nil {
			g.REnd = *j.REnd
		}
	case GeneCheck, GeneCombo:
		if j.Min != nil || j.Max != nil || j.CEnd != nil || j.REnd != nil {
			return fmt.Errorf("%s: min, max, c_end and r_end are for int and float genes", j.Name)
		}
		var start string
		if err := json.Unmarshal(j.Start, &start); err != nil {
			if j.Type != GeneCheck || json.Unmarshal(j.Start, new(bool)) != nil {
				return fmt.Errorf("%s: start is not one of its choices", j.Name)
			}
			start = string(j.Start) // true or false
		}
		if j.Type == GeneCheck && len(g.Choices) == 0 {
			g.Choices = []string{"false", "true"}
		}
		if len(g.Choices) == 0 {
			g.Choices = []string{start}
		}
		i := indexFold(g.Choices, start)
		if i < 0 {
			return fmt.Errorf("%s: start %q is not one of its choices %q", j.Name, start, g.Choices)
		}
		g.Start = float64(i)
	default:
		return fmt.Errorf("%s: type %q is not int, float, check or combo", j.Name, j.Type)
	}
	return nil
}

// indexFold is the index of s in list, case aside, or -1.
func indexFold(list []string, s string) int {
	for i, v := range list {
		if strings.EqualFold(v, s) {
			return i
		}
	}
	return -1
}

// parseGeneJSON reads the JSON form: an array of genes, or an object
// {"genes": [...]}. Errors name the file and the line of the gene.
func parseGeneJSON(file string, data []byte) ([]EngineGene, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	lineAt := func(off int64) int { return 1 + bytes.Count(data[:min(int(off), len(data))], []byte("\n")) }
	fail := func(err error) ([]EngineGene, error) {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, fmt.Errorf("%s:%d: %v", file, lineAt(se.Offset), err)
		}
		return nil, fmt.Errorf("%s:%d: %v", file, lineAt(dec.InputOffset()), err)
	}
	tok, err := dec.Token()
	if err != nil {
		return fail(err)
	}
	object := tok == json.Delim('{')
	if object {
		key, err := dec.Token()
		if err != nil {
			return fail(err)
		}
		if key != "genes" {
			return fail(fmt.Errorf("the object's one field is genes, not %v", key))
		}
		if tok, err = dec.Token(); err != nil {
			return fail(err)
		}
	}
	if tok != json.Delim('[') {
		return fail(errors.New("want an array of genes"))
	}
	var genes []EngineGene
	lineOf := map[string]int{}
	for dec.More() {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return fail(err)
		}
		line := lineAt(dec.InputOffset() - int64(len(raw)))
		var g EngineGene
		err := json.Unmarshal(raw, &g)
		if err == nil && (g.Type != GeneCombo || len(g.Choices) > 1) {
			err = g.check()
		}
		if err != nil {
			return nil, fmt.Errorf("%s:%d: gene %d: %v", file, line, len(genes)+1, err)
		}
		if first, dup := lineOf[strings.ToLower(g.Name)]; dup {
			return nil, fmt.Errorf("%s:%d: %s is a gene already (line %d)", file, line, g.Name, first)
		}
		lineOf[strings.ToLower(g.Name)] = line
		genes = append(genes, g)
	}
	closing := []json.Delim{']'}
	if object {
		closing = append(closing, '}')
	}
	for _, want := range closing {
		if tok, err := dec.Token(); err != nil || tok != want {
			return fail(fmt.Errorf("want %q after the genes", want))
		}
	}
	if _, err := dec.Token(); err != io.EOF {
		return fail(errors.New("more after the genes"))
	}
	if len(genes) == 0 {
		return nil, fmt.Errorf("%s: no genes", file)
	}
	return genes, nil
}
