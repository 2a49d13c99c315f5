package evolution

import (
	"fmt"
	"slices"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/ga"
	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/common"
)

// The run's tuned setting, where the run stands: what K keeps as a named
// player and b sends to the Play tab.

// tunedSetting is a run's setting at a generation: its values (one a
// gene), what the run calls it and how saves keep selects it.
type tunedSetting struct {
	values   []float64
	what     string // θ, mean, best
	selector string // best, center, id=N: as RUN#SELECTOR
	gen      int
}

// tuned is where the shown run stands after its last generation: SPSA's
// θ, the CMA-ES mean, the gradient's current chromosome, or the best of the generation (ok false: nothing
// yet, or a resumed generation whose best is only in the run's file).
func (e *Page) tuned() (tunedSetting, bool) {
	if len(e.history) == 0 {
		return tunedSetting{}, false
	}
	last := e.history[len(e.history)-1]
	t := tunedSetting{values: last.Path, what: "best", selector: "best", gen: last.Generation}
	switch {
	case t.values != nil && e.settings.Method == ga.SPSA:
		t.what = "θ"
	case t.values != nil && e.settings.Method == ga.CMAES:
		t.what, t.selector = "mean", "center"
	case t.values != nil && e.settings.Method == ga.Gradient:
		t.what, t.selector = "current", "center"
	case t.values == nil && last.BestGenes != nil:
		t.values = last.BestGenes
	}
	if t.values == nil {
		return t, false
	}
	if t.selector == "best" && e.settings.Method != ga.SPSA {
		t.selector = fmt.Sprintf("id=%d", last.BestID)
	}
	t.values = slices.Clone(t.values)
	return t, true
}

// chromosome is the setting on the run's schema.
func (e *Page) chromosome(t tunedSetting, name string) *core.Chromosome {
	return &core.Chromosome{Schema: e.schema, Values: t.values, Name: name}
}

func (e *Page) sendBest() tea.Cmd {
	if e.run == nil || len(e.history) == 0 {
		e.Status = "no generation yet"
		return nil
	}
	t, ok := e.tuned()
	if !ok {
		e.Status = "the best genome of a resumed generation is in the run's file: play it with population=" + e.name + "#best"
		return nil
	}
	name := e.name + "#" + t.selector
	msg := common.UseChromosomeMsg{Name: name, Chromosome: e.chromosome(t, "")}
	if eng := e.settings.Engine; eng != nil {
		ps, err := eng.PlayerOf(name, msg.Chromosome)
		if err != nil {
			e.Status = err.Error()
			return nil
		}
		msg.Chromosome, msg.Engine = nil, &ps
	} else if len(e.settings.Options) > 0 {
		// The chromosome with the run's options (EvalTerms2=true), as its
		// players played.
		ps := arena.PlayerSpec{Name: name, Genes: msg.Chromosome, Options: slices.Clone(e.settings.Options)}
		msg.Chromosome, msg.Engine = nil, &ps
	}
	e.Status = "sent the " + t.what + " to Play (tab 1)"
	return func() tea.Msg { return msg }
}

// askKeep asks the name to keep the run's setting under, now: the run
// goes on meanwhile, and what is kept is what was shown when K was
// pressed.
func (e *Page) askKeep() tea.Cmd {
	t, ok := e.tuned()
	if e.Env.Data == nil || !ok {
		e.Status = "nothing to keep yet"
		return nil
	}
	name := fmt.Sprintf("%s-g%d-best", e.name, t.gen)
	switch {
	case e.settings.Engine != nil:
		base := e.settings.Preset[len("engine:"):]
		name = fmt.Sprintf("%s-%s-g%d", base, e.settings.Method, t.gen)
	case e.name == "":
		name = fmt.Sprintf("evolved-g%d-best", t.gen)
	}
	e.keeping = t
	return e.ask(promptKeep, fmt.Sprintf("keep the %s of generation %d as player: ", t.what, t.gen), name)
}

// keep stores the setting asked for as the named player name: for a
// tuned engine the engine with its fixed options and the genes' values,
// as saves keep RUN#SELECTOR stores it, else the chromosome with the
// run's search and options; its own limit is the run's. A name taken is
// refused.
func (e *Page) keep(name string) error {
	t := e.keeping
	if err := saves.CheckName(name); err != nil {
		return err
	}
	p := &saves.Player{Name: name, Search: e.settings.Search, TC: e.settings.TC,
		Source: fmt.Sprintf("%s#%s (generation %d %s)", e.name, t.selector, t.gen, t.what)}
	if p.Search == "" {
		p.Search = "strong"
	}
	if eng := e.settings.Engine; eng != nil {
		ps, err := eng.PlayerOf(name, e.chromosome(t, ""))
		if err != nil {
			return err
		}
		p.Engine, p.Args, p.Options, p.Search = ps.Engine, ps.Args, ps.Options, "strong"
	} else {
		p.Chromosome, p.PlainQuiescence, p.Options = e.chromosome(t, name), e.settings.PlainQuiescence, slices.Clone(e.settings.Options)
	}
	if err := e.Env.BeforeSave(0); err != nil {
		return fmt.Errorf("not kept: %s", e.Env.ErrText(err))
	}
	if err := e.Env.Data.SavePlayer(p, false); err != nil {
		return fmt.Errorf("%s: give another name", e.Env.ErrText(err))
	}
	e.Env.Saves.Saved(saves.Players, name+".json")
	e.Status = "kept as player " + name + ": it is in the Tournament tab's list and the Play tab's (p)"
	if p.Engine != "" {
		e.Status = fmt.Sprintf("kept as player %s (%s, %d options): in the Tournament and Play tabs' lists", name, common.EngineName(p.Engine), len(p.Options))
	}
	return nil
}
