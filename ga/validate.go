package ga

import (
	"context"

	"github.com/evochess/evochess/arena"
)

// Validation is a periodic check of progress: the current best against the
// generation-0 best and against the full default (for an engine's
// options, the engine at its start), ValidateGames games
// each, colour-swapped, from the same book openings every time.
type Validation struct {
	Games     int            `json:"games"`
	VsGen0    arena.MatchElo `json:"vs_generation0"`
	VsDefault arena.MatchElo `json:"vs_default"`
	WDLGen0   [3]int         `json:"wdl_vs_generation0"`
	WDLDef    [3]int         `json:"wdl_vs_default"`
}

// validationSeed fixes the validation openings for the whole run.
const validationSeed = 0x76616c6964617465

func (r *Run) validate(ctx context.Context, st *GenStats) error {
	s := &r.Settings
	if s.ValidateGames <= 0 || r.Gen0Best == nil {
		return nil
	}
	best := r.Best()
	players := []arena.PlayerSpec{r.ev.spec(best), r.ev.spec(r.Gen0Best), r.ev.opponent()}
	players[1].Name = "gen0"
	pairs := s.ValidateGames / 2
	starts := make([]string, pairs)
	if r.ev.book != nil {
		starts = r.ev.book.Sequence(pairs, validationSeed)
	}
	var jobs []arena.GameJob
	for opp := 1; opp <= 2; opp++ {
		for k := 0; k < 2*pairs; k++ {
			j := arena.GameJob{White: 0, Black: opp, Options: r.ev.options(starts[k/2])}
			if k%2 == 1 {
				j.White, j.Black = opp, 0
			}
			jobs = append(jobs, j)
		}
	}
	res, err := r.ev.play(ctx, players, jobs)
	if err != nil {
		return err
	}
	v := &Validation{Games: len(jobs)}
	for i := range res {
		s := res[i].Score()
		if jobs[i].White != 0 {
			s = 1 - s
		}
		wdl := &v.WDLGen0
		if i >= 2*pairs {
			wdl = &v.WDLDef
		}
		switch s {
		case 1:
			wdl[0]++
		case 0.5:
			wdl[1]++
		default:
			wdl[2]++
		}
	}
	v.VsGen0 = arena.EloFromWDL(v.WDLGen0[0], v.WDLGen0[1], v.WDLGen0[2])
	v.VsDefault = arena.EloFromWDL(v.WDLDef[0], v.WDLDef[1], v.WDLDef[2])
	st.Validation = v
	return nil
}
