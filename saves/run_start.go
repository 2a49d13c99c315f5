package saves

import (
	"os"
	"path/filepath"

	"github.com/evochess/evochess/ga"
)

// How a run kept in the data directory starts and goes on, the same from
// the command line and the terminal arena: StartRun or ResumeRun, then
// Begin on the handle, then Execute; Close the handle when the run ends.

// StartRun makes generation 0 of a run of s and a locked directory for it
// under name, or with fresh the first free of name, name-2, name-3, …
// (without, a taken name is refused). The reference SPEC's player= and
// population= are read from d. Bad settings, a reference that is not
// there or a taken name leave nothing behind.
func (d *Dir) StartRun(s ga.Settings, name string, fresh bool) (*RunHandle, *ga.Run, error) {
	r, err := ga.NewRun(s, nil)
	if err != nil {
		return nil, nil, err
	}
	if err := r.UsePlayers(d); err != nil {
		return nil, nil, err
	}
	var h *RunHandle
	if fresh {
		h, err = d.CreateFreshRun(name)
	} else {
		h, err = d.CreateRun(name)
	}
	if err != nil {
		return nil, nil, err
	}
	return h, r, nil
}

// ResumeRun opens the saved run name to go on where it stopped: locked,
// at its latest complete state (OpenRun), reopened if it was stopped, and
// on workers games or searches at once (not part of the result).
func (d *Dir) ResumeRun(name string, workers int) (*RunHandle, *ga.Run, error) {
	h, r, err := d.OpenRun(name)
	if err != nil {
		return nil, nil, err
	}
	if err := r.UsePlayers(d); err != nil {
		h.Close()
		return nil, nil, err
	}
	r.Reopen()
	r.Settings.Workers = workers
	return h, r, nil
}

// Begin writes the run as it starts (generation 0, or where a resumed run
// stands) and has it saved (Save: the run file and a checkpoint) after a
// generation once h.Interval has passed since its last save, and whenever
// it comes to rest: paused, stopped, finished, cancelled or failed after
// a complete generation (ga.Run.AtRest). Short generations are so saved
// in batches, each generation that takes longer than the interval at its
// end, and a run that stops in any way but a crash leaves its last
// complete generation. room, when set, is asked before each save with
// the size of the run's file (a checkpoint is as large): its error stops
// the run, as a user's disk quota does on a server. The start itself is
// not asked: the caller has allowed it.
func (h *RunHandle) Begin(r *ga.Run, room func(size int64) error) error {
	if err := h.Save(r); err != nil {
		return err
	}
	last := h.now()
	save := func(r *ga.Run) error {
		if room != nil {
			var size int64
			if st, err := os.Stat(filepath.Join(h.dir, runFile)); err == nil {
				size = st.Size()
			}
			if err := room(size); err != nil {
				return err
			}
		}
		if err := h.Save(r); err != nil {
			return err
		}
		last = h.now() // the interval runs from a save's end: it never counts a slow disk's time
		return nil
	}
	r.AfterGeneration = func(r *ga.Run) error {
		if r.Finished != "" || h.now().Sub(last) < h.Interval {
			return nil // a finished run is saved at rest, at once
		}
		return save(r)
	}
	r.AtRest = save
	return nil
}
