package evolution

import (
	"fmt"
	"math"
	"strconv"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/common"
)

// runKey takes the keys of this session's run as it goes on: pause, stop,
// its settings for the next generation, and its best so far.
func (e *Page) runKey(msg tea.KeyMsg) tea.Cmd {
	k := e.Keys
	switch {
	case key.Matches(msg, k.Pause):
		if e.paused {
			e.run.Resume()
			e.Status = "resumed"
		} else {
			e.run.Pause()
			e.Status = "pausing at the end of this generation…"
		}
		e.paused = !e.paused
	case key.Matches(msg, k.Stop):
		e.run.Stop()
		e.run.Resume()
		e.Status = "stopping at the end of this generation…"
	case key.Matches(msg, k.MutUp), key.Matches(msg, k.MutDown):
		s := e.settings
		f := 1.25
		if key.Matches(msg, k.MutDown) {
			f = 0.8
		}
		e.set("mutation-strength", strconv.FormatFloat(math.Round(s.MutationStrength*f*1000)/1000, 'g', -1, 64))
	case key.Matches(msg, k.PopUp), key.Matches(msg, k.PopDown):
		d := 2
		if key.Matches(msg, k.PopDown) {
			d = -2
		}
		e.set("population", strconv.Itoa(max(e.settings.Population+d, 2)))
	case key.Matches(msg, k.DepthUp), key.Matches(msg, k.DepthDown):
		i := indexOf(evoTCs, e.settings.TC)
		if key.Matches(msg, k.DepthUp) {
			i = min(i+1, len(evoTCs)-1)
		} else {
			i = max(i-1, 0)
		}
		e.set("tc", evoTCs[max(i, 0)])
	case key.Matches(msg, k.GamesUp), key.Matches(msg, k.GamesDown):
		d := 2
		if key.Matches(msg, k.GamesDown) {
			d = -2
		}
		e.set("games", strconv.Itoa(max(e.settings.GamesPerPairing+d, 1)))
	case key.Matches(msg, k.Validate):
		e.set("validate-every", strconv.Itoa(nextValidateEvery(e.settings.ValidateEvery)))
	case key.Matches(msg, k.SendBest):
		return e.sendBest()
	case key.Matches(msg, k.KeepBest):
		e.keepBest()
	case key.Matches(msg, k.NextTable):
		e.table++
	}
	return nil
}

func (e *Page) set(param, value string) {
	if err := e.run.Set(param, value); err != nil {
		e.Status = err.Error()
		return
	}
	e.Status = fmt.Sprintf("%s → %s at the next generation", param, value)
}

func (e *Page) sendBest() tea.Cmd {
	if e.run == nil || len(e.history) == 0 {
		e.Status = "no generation yet"
		return nil
	}
	last := e.history[len(e.history)-1]
	if last.BestGenes == nil {
		e.Status = "the best genome of a resumed generation is in the run's file: play it with population=" + e.name + "#best"
		return nil
	}
	c := &core.Chromosome{Schema: e.schema, Values: append([]float64(nil), last.BestGenes...)}
	name := fmt.Sprintf("%s#%d", e.name, last.BestID)
	e.Status = "sent the best to Play (tab 1)"
	return func() tea.Msg { return common.UseChromosomeMsg{Name: name, Chromosome: c} }
}

// keepBest stores the current best as a named player of the library: it
// then plays in tournaments (Tournament tab) and anywhere as player=NAME.
func (e *Page) keepBest() {
	if e.Env.Data == nil || len(e.history) == 0 || e.history[len(e.history)-1].BestGenes == nil {
		e.Status = "nothing to keep yet"
		return
	}
	last := e.history[len(e.history)-1]
	name := fmt.Sprintf("%s-g%d-best", e.name, last.Generation)
	if e.name == "" {
		name = fmt.Sprintf("evolved-g%d-best", last.Generation)
	}
	c := &core.Chromosome{Schema: e.schema, Values: append([]float64(nil), last.BestGenes...), Name: name}
	mode := e.settings.Search
	if mode == "" {
		mode = "strong"
	}
	p := &saves.Player{Name: name, Chromosome: c, Search: mode, PlainQuiescence: e.settings.PlainQuiescence, TC: e.settings.TC,
		Source: fmt.Sprintf("run %s generation %d best (genome %d)", e.name, last.Generation, last.BestID)}
	if err := e.Env.BeforeSave(0); err != nil {
		e.Status = "not kept: " + e.Env.ErrText(err)
		return
	}
	name, err := e.Env.Data.SaveFreshPlayer(p)
	if err != nil {
		e.Status = e.Env.ErrText(err)
		return
	}
	e.Env.Saves.Saved(saves.Players, name+".json")
	e.Status = "kept as player " + name + ": it is in the Tournament tab's list"
}

// validateSteps are the intervals V cycles through.
var validateSteps = []int{0, 1, 2, 5, 10}

// nextValidateEvery is the step after v: the first larger one, or 0 (off)
// after the last. A value set elsewhere (evolve --validate-every 3, then
// resumed here) moves to the next larger step, not to off.
func nextValidateEvery(v int) int {
	for _, s := range validateSteps {
		if s > v {
			return s
		}
	}
	return 0
}
