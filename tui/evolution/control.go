package evolution

import (
	"fmt"
	"math"
	"strconv"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
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
		tcs := tcsOf(e.settings.Engine != nil)
		i := indexOf(tcs, e.settings.TC)
		if key.Matches(msg, k.DepthUp) {
			i = min(i+1, len(tcs)-1)
		} else {
			i = max(i-1, 0)
		}
		e.set("tc", tcs[max(i, 0)])
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
		return e.askKeep()
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
