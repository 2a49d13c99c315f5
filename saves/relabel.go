package saves

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/arena/dataset"
	"github.com/evochess/evochess/core"
)

// A dataset relabelled from another (evochess relabel) keeps in its Meta
// where its positions come from and how far it got, so that running the
// command again goes on where it stopped and ends with the dataset an
// uninterrupted run makes.

// RelabelGenerator marks a dataset's Meta as made by relabelling.
const RelabelGenerator = "relabel"

// RelabelMeta is a relabelled dataset's Meta.
type RelabelMeta struct {
	Generator string `json:"generator"`
	From      string `json:"from"`        // the source dataset's name
	FromSHA   string `json:"from_sha256"` // and its checksum: the source may not change
	FromCount int    `json:"from_count"`
	Label     string `json:"label"`
	// Chunk is dataset.RelabelChunk when it was made (0 in the first
	// saves: 64): a resumption must cut the source as the start did.
	Chunk int `json:"chunk,omitempty"`
	// FullDefaults: the set of full's defaults a label naming the
	// preset (self) scores with (full_defaults.go; 0: set 1).
	FullDefaults int `json:"full_defaults,omitempty"`
	// SearchParams: the set of search parameters such a label searches
	// with (core.SearchParamsFor; 0: saved before the field).
	SearchParams int `json:"search_params,omitempty"`
	Done         int `json:"done"` // source samples handled
	Dropped      int `json:"dropped"`
	// Labeller identifies the engine that scores the positions
	// (dataset.RelabelState.Labeller): going on with another is refused.
	Labeller *dataset.LabelFingerprint `json:"label_fingerprint,omitempty"`
	// LabellerFrom is how many source samples were done when Labeller
	// was first recorded (see SelfplayMeta.LabellerFrom).
	LabellerFrom int `json:"label_fingerprint_from,omitempty"`
}

// RelabelJob is a relabelling in progress: its source, its label, its
// state and when it was last saved.
type RelabelJob struct {
	Name, From, Label string
	FullDefaults      int
	SearchParams      int
	Spec              *arena.PlayerSpec
	Source            *dataset.Set
	SourceInfo        DatasetInfo
	State             dataset.RelabelState
	Info              DatasetInfo // as last saved (zero for a new dataset)
	// LabellerFrom: source samples scored before the labeller was
	// recorded (RelabelMeta.LabellerFrom).
	LabellerFrom int
	growingSave
}

// Finished: every source sample is handled and the dataset says so.
func (j *RelabelJob) Finished() bool {
	return j.State.Done == len(j.Source.Samples) && j.Info.Complete
}

// OpenRelabel starts the dataset name as from's positions with label's
// scores, or reopens it to go on. Going on, from and label may be left
// empty (the saved ones stand); given, they must be as saved, and the
// source must be unchanged since.
func (d *Dir) OpenRelabel(name, from, label string) (*RelabelJob, error) {
	j := &RelabelJob{Name: name, From: from, Label: label}
	info, err := d.DatasetInfo(name)
	switch {
	case err == nil:
		var meta RelabelMeta
		if err := json.Unmarshal(info.Meta, &meta); err != nil || meta.Generator != RelabelGenerator {
			return nil, fmt.Errorf("dataset %q exists and was not made by relabel: give another --name", name)
		}
		if from != "" && from != meta.From {
			return nil, fmt.Errorf("dataset %q relabels %q, not %q: give another --name", name, meta.From, from)
		}
		if label != "" && label != meta.Label {
			return nil, fmt.Errorf("dataset %q is labelled by %s, not %s: give another --name", name, strconv.Quote(meta.Label), strconv.Quote(label))
		}
		j.From, j.Label, j.FullDefaults, j.SearchParams = meta.From, meta.Label, meta.FullDefaults, meta.SearchParams
		if chunk := cmp.Or(meta.Chunk, 64); chunk != dataset.RelabelChunk {
			return nil, fmt.Errorf("dataset %q was cut into chunks of %d positions, this evochess cuts %d: go on with the evochess that started it",
				name, chunk, dataset.RelabelChunk)
		}
		if err := j.openSource(d); err != nil {
			return nil, fmt.Errorf("dataset %q: its source: %w", name, err)
		}
		if j.SourceInfo.Checksum != meta.FromSHA || len(j.Source.Samples) != meta.FromCount {
			return nil, fmt.Errorf("dataset %q: its source %q has changed since it was started (%d samples, was %d): give another --name",
				name, meta.From, len(j.Source.Samples), meta.FromCount)
		}
		if meta.Done < 0 || meta.Done > meta.FromCount || meta.Done%dataset.RelabelChunk != 0 && meta.Done != meta.FromCount {
			return nil, fmt.Errorf("dataset %q: %d source samples done of %d is not where a relabelling stops", name, meta.Done, meta.FromCount)
		}
		set, info, err := d.LoadDataset(name)
		if err != nil {
			return nil, err
		}
		if len(set.Samples)+meta.Dropped != meta.Done {
			return nil, fmt.Errorf("dataset %q holds %d positions and %d dropped, not the %d its progress says", name, len(set.Samples), meta.Dropped, meta.Done)
		}
		j.Info, j.saved, j.doneThen, j.lastSave = info, true, meta.Done, time.Now()
		j.State = dataset.RelabelState{Set: *set, Done: meta.Done, Dropped: meta.Dropped, Labeller: meta.Labeller}
		j.LabellerFrom = labellerFrom(true, meta.Labeller, meta.LabellerFrom, meta.Done)
	case errors.Is(err, fs.ErrNotExist):
		if from == "" || label == "" {
			return nil, fmt.Errorf("no dataset %q in %s to go on with: give --from and --label to start it", name, d.Root)
		}
		if err := j.openSource(d); err != nil {
			return nil, fmt.Errorf("--from: %w", err)
		}
		j.FullDefaults, j.SearchParams = core.FullDefaultSets, core.SearchParamSets
	default:
		return nil, err // there, but unreadable; or a bad name
	}
	spec, err := parseSelfplayLabel(j.Label, d)
	if err != nil {
		return nil, err
	}
	full, err := core.FullDefaultsFor(j.FullDefaults)
	if err != nil {
		return nil, fmt.Errorf("dataset %q: %w", name, err)
	}
	search, err := core.SearchParamsFor(j.SearchParams, j.FullDefaults > 0)
	if err != nil {
		return nil, fmt.Errorf("dataset %q: search_params: %w", name, err)
	}
	arena.PinSearch(spec, search) // before PinFull, which turns the preset into genes
	arena.PinFull(spec, full)
	j.Spec = spec
	return j, nil
}

// openSource loads the dataset to relabel: a complete one (a growing
// self-play dataset's positions are not final).
func (j *RelabelJob) openSource(d *Dir) error {
	set, info, err := d.LoadDataset(j.From)
	if err != nil {
		return err
	}
	if !info.Complete {
		return fmt.Errorf("dataset %q is still growing (%d positions so far): relabel it once it is complete", j.From, info.Count)
	}
	if len(set.Samples) == 0 {
		return fmt.Errorf("dataset %q has no positions", j.From)
	}
	j.Source, j.SourceInfo = set, info
	return nil
}

// SaveIfDue saves the dataset when it has changed and it is time to (or
// always, with final set), as self-play saves its own.
func (j *RelabelJob) SaveIfDue(d *Dir, final bool) error {
	complete := j.State.Done == len(j.Source.Samples)
	if !j.due(j.State.Done, complete, j.Info.Complete, final) {
		return nil
	}
	meta, err := json.Marshal(RelabelMeta{Generator: RelabelGenerator, From: j.From, FromSHA: j.SourceInfo.Checksum,
		FromCount: len(j.Source.Samples), Label: j.Label, Chunk: dataset.RelabelChunk, FullDefaults: j.FullDefaults, SearchParams: j.SearchParams, Done: j.State.Done, Dropped: j.State.Dropped,
		Labeller: j.State.Labeller, LabellerFrom: j.LabellerFrom})
	if err != nil {
		return err
	}
	info := DatasetInfo{Name: j.Name, Source: fmt.Sprintf("%s relabelled by %s", j.From, j.Label), Labelled: true,
		Complete: complete, Meta: meta, Created: j.Info.Created}
	if err := j.write(d, &j.State.Set, info, j.State.Done); err != nil {
		return err
	}
	j.Info = info
	return nil
}
