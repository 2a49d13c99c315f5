package saves

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"time"

	"github.com/evochess/evochess/arena/dataset"
)

// Datasets is the subdirectory of labelled-position datasets: one
// directory per dataset holding positions.bin (dataset's binary form) and
// dataset.json (its DatasetInfo).
const Datasets = "datasets"

// MaxDatasetSamples bounds what LoadDataset reads (and SaveDataset
// writes): 50 million samples are 1.75 GB on disk and about as much in
// memory, more than tuning an evaluation needs.
const MaxDatasetSamples = 50_000_000

const (
	datasetInfoFile = "dataset.json"
	positionsFile   = "positions.bin"
	// pendingFile holds new positions until dataset.json, naming their
	// checksum, is in place: see SaveDataset.
	pendingFile = positionsFile + ".new"
)

// DatasetInfo describes a saved dataset.
type DatasetInfo struct {
	Name     string          `json:"name"`
	Count    int             `json:"count"`
	Source   string          `json:"source"`         // e.g. "selfplay ..." or "import quiet-labeled.epd"
	Labelled bool            `json:"labelled"`       // samples carry reference scores
	K        float64         `json:"k,omitempty"`    // fitted sigmoid scale (0: not fitted yet)
	Checksum string          `json:"sha256"`         // of positions.bin
	Complete bool            `json:"complete"`       // false while selfplay is still adding games
	Meta     json.RawMessage `json:"meta,omitempty"` // the generator's settings and progress, for resuming
	Created  time.Time       `json:"created"`
}

// Check reports what is wrong with the info, naming the field.
func (i *DatasetInfo) Check() error {
	if err := CheckName(i.Name); err != nil {
		return fmt.Errorf("name: %w", err)
	}
	if i.Count < 0 || i.Count > MaxDatasetSamples {
		return fmt.Errorf("count: %d is not 0 to %d", i.Count, MaxDatasetSamples)
	}
	if math.IsNaN(i.K) || math.IsInf(i.K, 0) || i.K < 0 {
		return fmt.Errorf("k: %v is not a scale (0 for none yet, or positive)", i.K)
	}
	if b, err := hex.DecodeString(i.Checksum); err != nil || len(b) != sha256.Size {
		return fmt.Errorf("sha256: %q is not a SHA-256 in hex", i.Checksum)
	}
	return nil
}

// datasetHook, when set (tests), runs at each step of SaveDataset so a
// test can stop it there as a crash would.
var datasetHook func(step string)

// SaveDataset stores set under info.Name, filling in Count, Checksum and
// (if zero) Created; an existing dataset of that name is replaced only
// with replace. A crash at any point leaves the old dataset or the new
// one, never a mix: the positions go to positions.bin.new first, then
// dataset.json (with the new checksum) replaces the old one — the commit
// — and only then does positions.bin.new become positions.bin; a reader
// finding positions.bin not matching dataset.json takes the pending file.
func (d *Dir) SaveDataset(set *dataset.Set, info DatasetInfo, replace bool) error {
	if set == nil {
		return fmt.Errorf("dataset %q: no samples given", info.Name)
	}
	if len(set.Samples) > MaxDatasetSamples {
		return fmt.Errorf("dataset %q: %d samples, at most %d are kept", info.Name, len(set.Samples), MaxDatasetSamples)
	}
	dir, err := d.path(Datasets, info.Name)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	lock, err := lockFile(filepath.Join(dir, "lock"), fmt.Sprintf("dataset %q", info.Name))
	if err != nil {
		return err
	}
	defer lock.Release()
	// A directory without dataset.json is a first save that crashed: free.
	if _, err := os.Stat(filepath.Join(dir, datasetInfoFile)); err == nil && !replace {
		return fmt.Errorf("dataset %q exists already", info.Name)
	}
	info.Count = len(set.Samples)
	if info.Created.IsZero() {
		info.Created = time.Now().UTC()
	}
	h := sha256.New()
	pending := filepath.Join(dir, pendingFile)
	if err := writeAtomic(pending, func(w io.Writer) error {
		return set.WriteBinary(io.MultiWriter(w, h))
	}); err != nil {
		return fmt.Errorf("dataset %q: %w", info.Name, err)
	}
	info.Checksum = hex.EncodeToString(h.Sum(nil))
	if err := info.Check(); err != nil {
		return fmt.Errorf("dataset %q: %w", info.Name, err)
	}
	data, err := seal(datasetFormat, &info)
	if err != nil {
		return err
	}
	datasetStep("positions written")
	if err := WriteFileAtomic(filepath.Join(dir, datasetInfoFile), data); err != nil {
		return err
	}
	datasetStep("info written")
	if err := os.Rename(pending, filepath.Join(dir, positionsFile)); err != nil {
		return fmt.Errorf("dataset %q: %w", info.Name, err)
	}
	dropCompressed(filepath.Join(dir, positionsFile))
	return syncDir(dir)
}

func datasetStep(step string) {
	if datasetHook != nil {
		datasetHook(step)
	}
}

// DatasetInfo reads a dataset's description (cheap: not its positions).
func (d *Dir) DatasetInfo(name string) (DatasetInfo, error) {
	dir, err := d.path(Datasets, name)
	if err != nil {
		return DatasetInfo{}, err
	}
	path := filepath.Join(dir, datasetInfoFile)
	if _, err := os.Stat(path); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return DatasetInfo{}, fmt.Errorf("no dataset %q in %s: %w", name, d.Root, fs.ErrNotExist)
		}
		return DatasetInfo{}, &FileError{Path: path, Reason: err.Error()}
	}
	var info DatasetInfo
	if err := open(path, datasetFormat, &info); err != nil {
		var fe *FileError
		if !errors.As(err, &fe) {
			err = &FileError{Path: path, Reason: err.Error()}
		}
		return DatasetInfo{}, err
	}
	if err := info.Check(); err != nil {
		return DatasetInfo{}, &FileError{Path: path, Reason: err.Error()}
	}
	info.Name = name // the directory's name is the dataset's, should it have been renamed
	return info, nil
}

// LoadDataset reads a dataset and checks its positions against the
// checksum in dataset.json (and every record, see dataset.ReadBinary).
func (d *Dir) LoadDataset(name string) (*dataset.Set, DatasetInfo, error) {
	info, err := d.DatasetInfo(name)
	if err != nil {
		return nil, DatasetInfo{}, err
	}
	dir, _ := d.path(Datasets, name)
	path, _ := existingSave(filepath.Join(dir, positionsFile))
	set, err := readPositions(path, info)
	if err != nil {
		// A save stopped between its commit and the last rename: the
		// positions dataset.json names are still the pending file.
		pending := filepath.Join(dir, pendingFile)
		if _, serr := os.Stat(pending); serr == nil {
			if alt, aerr := readPositions(pending, info); aerr == nil {
				return alt, info, nil
			}
		}
		return nil, DatasetInfo{}, err
	}
	return set, info, nil
}

// readPositions reads a positions file that must be the one info
// describes.
func readPositions(path string, info DatasetInfo) (*dataset.Set, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var in io.Reader = bufio.NewReaderSize(f, 1<<20)
	if isCompressed(path) {
		if in, err = gunzipBounded(path, in, positionFiles); err != nil {
			return nil, err
		}
	}
	h := sha256.New()
	set, err := dataset.ReadBinary(io.TeeReader(in, h), MaxDatasetSamples)
	if err != nil {
		return nil, &FileError{Path: path, Reason: err.Error()}
	}
	if sum := hex.EncodeToString(h.Sum(nil)); sum != info.Checksum {
		return nil, &FileError{Path: path, Reason: fmt.Sprintf("SHA-256 %.12s… does not match the %.12s… its %s gives: not the positions saved with it", sum, info.Checksum, datasetInfoFile)}
	}
	if len(set.Samples) != info.Count {
		return nil, &FileError{Path: path, Reason: fmt.Sprintf("%d samples, %s says %d", len(set.Samples), datasetInfoFile, info.Count)}
	}
	return set, nil
}

// SetDatasetK records the dataset's fitted sigmoid scale, so every run on
// it scores positions alike.
func (d *Dir) SetDatasetK(name string, k float64) error {
	if math.IsNaN(k) || math.IsInf(k, 0) || k <= 0 {
		return fmt.Errorf("dataset %q: K %v is not a positive scale", name, k)
	}
	if _, err := d.DatasetInfo(name); err != nil { // exists and reads
		return err
	}
	dir, _ := d.path(Datasets, name)
	lock, err := lockFile(filepath.Join(dir, "lock"), fmt.Sprintf("dataset %q", name))
	if err != nil {
		return err
	}
	defer lock.Release()
	info, err := d.DatasetInfo(name) // again, now no save can be under way
	if err != nil {
		return err
	}
	info.K = k
	data, err := seal(datasetFormat, &info)
	if err != nil {
		return err
	}
	return WriteFileAtomic(filepath.Join(dir, datasetInfoFile), data)
}
