package saves

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/evochess/evochess/ga"
)

// runFile is a saved run's current state in its directory.
const runFile = "run.json"

// DefaultKeep is how many generation checkpoints a run keeps.
const DefaultKeep = 5

// SaveInterval is how long a run handle lets a run's generations go
// unsaved (RunHandle.Interval) unless told otherwise. A save costs tens
// of milliseconds (46 ms for a 1.2 MB run file, 34 ms on average over an
// adaptive run's: docs/RESULTS.md, Saves), so 10 s keeps it under 1 % of
// a run of short generations (adaptive's last milliseconds), and a crash
// loses at most the generations of 10 s.
const SaveInterval = 10 * time.Second

// RunHandle is a run open for writing: it holds the run's lock until Close.
type RunHandle struct {
	Name string
	Keep int // checkpoints kept (the newest); at least 1
	// Interval: Begin's run is saved after a generation only when this
	// much time has passed since its last save (0: after every one), and
	// whenever it comes to rest (ga.Run.AtRest).
	Interval time.Duration
	dir      string
	lock     *Lock
	now      func() time.Time // the clock of Interval (tests set it)
}

// CreateRun makes a new, locked run directory; the name must be free.
func (d *Dir) CreateRun(name string) (*RunHandle, error) {
	dir, err := d.path(Runs, name)
	if err != nil {
		return nil, err
	}
	if err := os.Mkdir(dir, 0o755); err != nil {
		if errors.Is(err, os.ErrExist) {
			return nil, fmt.Errorf("run %q exists already (resume it, or pick another name)", name)
		}
		return nil, err
	}
	if err := os.MkdirAll(filepath.Join(dir, "checkpoints"), 0o755); err != nil {
		return nil, err
	}
	return d.lockRun(name, dir)
}

func (d *Dir) lockRun(name, dir string) (*RunHandle, error) {
	l, err := lockFile(filepath.Join(dir, "lock"), fmt.Sprintf("run %q", name))
	if err != nil {
		return nil, err
	}
	return &RunHandle{Name: name, Keep: DefaultKeep, Interval: SaveInterval, dir: dir, lock: l, now: time.Now}, nil
}

// OpenRun locks an existing run and loads its latest complete state: the
// run file, or, should that be unreadable, the newest checkpoint that
// reads. A run open elsewhere is refused with a message saying so.
func (d *Dir) OpenRun(name string) (*RunHandle, *ga.Run, error) {
	dir, err := d.path(Runs, name)
	if err != nil {
		return nil, nil, err
	}
	if _, ok := existingSave(filepath.Join(dir, runFile)); !ok {
		return nil, nil, fmt.Errorf("no run %q in %s", name, d.Root)
	}
	h, err := d.lockRun(name, dir)
	if err != nil {
		return nil, nil, err
	}
	r, err := h.load()
	if err != nil {
		h.Close()
		return nil, nil, err
	}
	return h, r, nil
}

func (h *RunHandle) load() (*ga.Run, error) {
	path, _ := existingSave(filepath.Join(h.dir, runFile))
	r, err := readRun(path)
	cps := h.checkpoints()
	if err == nil {
		// A crash between writing a generation's checkpoint and the run
		// file leaves the checkpoint one generation ahead: take it.
		if len(cps) > 0 && checkpointGeneration(cps[0]) > r.Generation {
			if newer, cerr := readRun(cps[0]); cerr == nil {
				return newer, nil
			}
		}
		return r, nil
	}
	for _, cp := range cps {
		if r, cerr := readRun(cp); cerr == nil {
			return r, nil
		}
	}
	return nil, err
}

func readRun(path string) (*ga.Run, error) {
	data, err := readJSON(path)
	if err != nil {
		var fe *FileError
		if !errors.As(err, &fe) {
			err = &FileError{Path: path, Reason: err.Error()}
		}
		return nil, err
	}
	return decodeRun(path, data)
}

// decodeRun reads a run file's contents.
func decodeRun(path string, data []byte) (*ga.Run, error) {
	var r ga.Run
	if err := unseal(path, data, runFormat, &r); err != nil {
		var fe *FileError
		if !errors.As(err, &fe) {
			err = &FileError{Path: path, Reason: err.Error()}
		}
		return nil, err
	}
	return &r, nil
}

// LoadRun reads a run without locking it (show, export, population=).
func (d *Dir) LoadRun(name string) (*ga.Run, error) {
	dir, err := d.path(Runs, name)
	if err != nil {
		return nil, err
	}
	h := &RunHandle{Name: name, dir: dir}
	if _, ok := existingSave(filepath.Join(dir, runFile)); !ok {
		return nil, fmt.Errorf("no run %q in %s", name, d.Root)
	}
	return h.load()
}

// Save writes the run as its current state and as a checkpoint of its
// generation, keeping the newest Keep checkpoints. Call it between
// generations (ga.Run.AfterGeneration).
func (h *RunHandle) Save(r *ga.Run) error {
	data, err := seal(runFormat, r)
	if err != nil {
		return err
	}
	// A run kept without checkpoints (the repository's testdata) gets
	// its directory back at its first save.
	if err := os.MkdirAll(filepath.Join(h.dir, "checkpoints"), 0o755); err != nil {
		return err
	}
	cp := filepath.Join(h.dir, "checkpoints", fmt.Sprintf("gen-%06d.json", r.Generation))
	if err := WriteFileAtomic(cp, data); err != nil {
		return err
	}
	if err := WriteFileAtomic(filepath.Join(h.dir, runFile), data); err != nil {
		return err
	}
	dropCompressed(filepath.Join(h.dir, runFile))
	cps := h.checkpoints()
	for _, old := range cps[min(max(h.Keep, 1), len(cps)):] {
		os.Remove(old)
	}
	return nil
}

// checkpoints lists the checkpoint files, newest first.
func (h *RunHandle) checkpoints() []string {
	m, _ := filepath.Glob(filepath.Join(h.dir, "checkpoints", "gen-*.json"))
	sort.Sort(sort.Reverse(sort.StringSlice(m)))
	return m
}

// Close releases the run's lock.
func (h *RunHandle) Close() error { return h.lock.Release() }

// Dir returns the run's directory.
func (h *RunHandle) Dir() string { return h.dir }

// Individual resolves "RUN#SELECTOR" (population= in player SPECs) to a
// run's genome: a saved run's name, or a run file path.
func (d *Dir) Individual(ref string) (*ga.Genome, error) {
	_, g, err := d.individual(ref)
	return g, err
}

// individual is Individual with the run it is of.
func (d *Dir) individual(ref string) (*ga.Run, *ga.Genome, error) {
	name, sel, _ := strings.Cut(ref, "#")
	var r *ga.Run
	var err error
	if CheckName(name) == nil && !strings.HasSuffix(name, ".json") && !strings.HasSuffix(name, ".json"+gzSuffix) {
		r, err = d.LoadRun(name)
	} else {
		r, err = ReadRunFile(name)
	}
	if err != nil {
		return nil, nil, err
	}
	g, err := r.Pick(sel)
	return r, g, err
}

// ReadRunFile reads a run file anywhere: a saved run's run.json (or
// run.json.gz) or checkpoint, or what evolve --out wrote.
func ReadRunFile(path string) (*ga.Run, error) {
	data, err := readJSON(path)
	if err != nil {
		return nil, err
	}
	var probe struct {
		Format string `json:"format"`
	}
	if json.Unmarshal(data, &probe) == nil && probe.Format != "" {
		return decodeRun(path, data)
	}
	return nil, &FileError{Path: path, Reason: "not an evochess run file (no format field)"}
}

// WriteRunFile writes a run file anywhere (evolve --out), atomically.
func WriteRunFile(path string, r *ga.Run) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	data, err := seal(runFormat, r)
	if err != nil {
		return err
	}
	return WriteFileAtomic(path, data)
}

// checkpointGeneration reads N from ".../gen-N.json" (-1 if it is not one).
func checkpointGeneration(path string) int {
	var n int
	if _, err := fmt.Sscanf(filepath.Base(path), "gen-%d.json", &n); err != nil {
		return -1
	}
	return n
}

// RunIdentity names the saved run name for as long as it is in d (its
// directory): what a run's remote games are filed under, so that the run
// resumed, from the command line or the terminal arena, finds them.
func (d *Dir) RunIdentity(name string) string {
	return "run " + filepath.Join(d.Root, Runs, name)
}
