package saves

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/evochess/evochess/arena/dataset"
)

// How datasets take part in the library (List, Delete, Export, Import).

// datasetEntries lists the saved datasets from their dataset.json alone:
// reading millions of positions for a listing would be slow.
func (d *Dir) datasetEntries() ([]Entry, error) {
	ents, err := os.ReadDir(filepath.Join(d.Root, Datasets))
	if errors.Is(err, fs.ErrNotExist) { // a data directory from before datasets
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Entry
	for _, e := range ents {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		en := Entry{Kind: "dataset", Name: e.Name()}
		if info, err := d.DatasetInfo(e.Name()); err != nil {
			en.Err = err.Error()
		} else {
			en.Summary = datasetSummary(&info)
		}
		out = append(out, en)
	}
	return out, nil
}

// datasetSummary: "1,234,567 positions, labelled, K=1.13  import x.epd".
func datasetSummary(info *DatasetInfo) string {
	s := thousands(info.Count) + " positions"
	if info.Labelled {
		s += ", labelled"
	}
	if info.K > 0 {
		s += fmt.Sprintf(", K=%.3g", info.K)
	}
	if !info.Complete {
		s += ", incomplete"
	}
	if info.Source != "" {
		s += "  " + info.Source
	}
	return s
}

// thousands writes n with commas: 1234567 → "1,234,567".
func thousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// isEPDFile: what Import takes for labelled positions.
func isEPDFile(path string) bool {
	return strings.EqualFold(filepath.Ext(path), ".epd")
}

// importEPD reads labelled positions from an EPD file (see
// dataset.ParseEPD) into a new dataset called name, by default the file's
// base name.
func (d *Dir) importEPD(from, name string) (string, error) {
	if name == "" {
		name = strings.TrimSuffix(filepath.Base(from), filepath.Ext(from))
		if err := CheckName(name); err != nil {
			return "", fmt.Errorf("%w (give one with --name)", err)
		}
	}
	if _, err := d.DatasetInfo(name); err == nil {
		return "", fmt.Errorf("dataset %q exists already (delete it, or import under another --name)", name)
	}
	f, err := epdImports.Open(from)
	if err != nil {
		return "", err
	}
	defer f.Close()
	set, err := dataset.ParseEPD(f, MaxDatasetSamples)
	if err != nil {
		return "", fmt.Errorf("%s: %w", from, err) // keeps a FENError reachable
	}
	if len(set.Samples) == 0 {
		return "", &FileError{Path: from, Reason: "no positions"}
	}
	info := DatasetInfo{Name: name, Source: "import " + filepath.Base(from), Labelled: set.Labelled(), Complete: true}
	return name, d.SaveDataset(set, info, false)
}

// exportEPD writes a dataset as EPD (see dataset.Set.WriteEPD), streamed:
// the text of a big dataset runs to gigabytes.
func (d *Dir) exportEPD(name, to string) error {
	set, _, err := d.LoadDataset(name)
	if err != nil {
		return err
	}
	return writeAtomic(to, func(w io.Writer) error { return set.WriteEPD(w) })
}
