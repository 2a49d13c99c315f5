package saves

import (
	"context"
	"fmt"

	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/ga"
)

// AttachPositions loads the dataset a positions-fitness run names, fits
// its sigmoid scale K with the full default evaluation the first time the
// dataset is used (and keeps K in the dataset, so every run on it scores
// alike), and attaches it to the run. It returns K.
func (d *Dir) AttachPositions(ctx context.Context, r *ga.Run) (float64, error) {
	name := r.Settings.Dataset
	set, info, err := d.LoadDataset(name)
	if err != nil {
		return 0, err
	}
	if !info.Complete {
		return 0, fmt.Errorf("dataset %s is not complete (selfplay --resume finishes it)", name)
	}
	p, err := ga.NewPositions(name, set, r.Settings.Label, info.K)
	if err != nil {
		return 0, err
	}
	if info.K <= 0 {
		w, err := core.PresetWeights("full")
		if err != nil {
			return 0, err
		}
		k, err := p.FitK(ctx, w, max(1, r.Settings.Workers))
		if err != nil {
			return 0, fmt.Errorf("dataset %s: fitting K: %w", name, err)
		}
		if err := d.SetDatasetK(name, k); err != nil {
			return 0, err
		}
	}
	if err := r.AttachPositions(p); err != nil {
		return 0, err
	}
	return p.K, nil
}
