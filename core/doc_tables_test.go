package core

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// The seed presets are specified by docs/chromosomes.md; these helpers read
// its tables so the tests compare the code with the document itself rather
// than with a second copy of its numbers.

const chromosomesDoc = "../docs/chromosomes.md"

// docTable returns the body rows (cells trimmed) of the first markdown
// table after the first line that starts with marker.
func docTable(t *testing.T, marker string) [][]string {
	t.Helper()
	data, err := os.ReadFile(chromosomesDoc)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	start := -1
	for i, l := range lines {
		if strings.HasPrefix(l, marker) {
			start = i
			break
		}
	}
	if start < 0 {
		t.Fatalf("%s: no line starts with %q", chromosomesDoc, marker)
	}
	var rows [][]string
	for _, l := range lines[start+1:] {
		if !strings.HasPrefix(l, "|") {
			if len(rows) > 0 {
				break
			}
			continue
		}
		cells := strings.Split(strings.Trim(l, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		rows = append(rows, cells)
	}
	if len(rows) < 3 {
		t.Fatalf("%s: no table after %q", chromosomesDoc, marker)
	}
	return rows[2:] // header and separator
}

// docNumber parses a number as the document prints it (Unicode minus).
func docNumber(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(strings.ReplaceAll(s, "−", "-"), 64)
	if err != nil {
		t.Fatalf("%s: bad number %q", chromosomesDoc, s)
	}
	return v
}

// docInterval parses "[lo, hi]".
func docInterval(t *testing.T, s string) (lo, hi float64) {
	t.Helper()
	parts := strings.Split(strings.Trim(s, "[]"), ",")
	if len(parts) != 2 {
		t.Fatalf("%s: bad interval %q", chromosomesDoc, s)
	}
	return docNumber(t, strings.TrimSpace(parts[0])), docNumber(t, strings.TrimSpace(parts[1]))
}

// docGroup parses "group [tag, tag]".
func docGroup(s string) (group string, tags []string) {
	group, rest, ok := strings.Cut(s, " [")
	if ok {
		for _, tag := range strings.Split(strings.TrimSuffix(rest, "]"), ",") {
			tags = append(tags, strings.TrimSpace(tag))
		}
	}
	return group, tags
}

// docName strips the backticks of a gene name cell.
func docName(s string) string { return strings.Trim(s, "`") }

// docBoard reads a printed 8×8 table (rank 8 on top) after marker into
// a1 … h8 order.
func docBoard(t *testing.T, marker string) [64]float64 {
	t.Helper()
	rows := docTable(t, marker)
	if len(rows) != 8 {
		t.Fatalf("%s %q: %d rows", chromosomesDoc, marker, len(rows))
	}
	var b [64]float64
	for i, row := range rows {
		rank := 7 - i
		if row[0] != strconv.Itoa(rank+1) || len(row) != 9 {
			t.Fatalf("%s %q: bad row %v", chromosomesDoc, marker, row)
		}
		for f := 0; f < 8; f++ {
			b[MakeSquare(f, rank)] = docNumber(t, row[f+1])
		}
	}
	return b
}

func mustPreset(t testing.TB, name string) *Schema {
	t.Helper()
	s, err := Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
