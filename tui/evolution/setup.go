package evolution

import (
	"fmt"
	"math"

	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/ga"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/components"
)

// formFields are the set-up form's fields.
func (e *Page) formFields() []components.Field {
	return []components.Field{
		{Label: "run", Value: e.runLabel, Adjust: func(d int) { e.resume = components.Cycle(e.resume, d, len(e.resumable)+1) }},
		{Label: "method", Value: func() string { return ga.Methods[e.method] }, Adjust: func(d int) {
			e.method = components.Cycle(e.method, d, len(ga.Methods))
			e.applyMethodDefaults()
		}},
		components.ChoiceField("chromosome", core.PresetNames(), &e.preset),
		components.ChoiceField("fitness", ga.Fitnesses, &e.fitness),
		components.NumberField("population", &e.pop, 2, 2, 200),
		components.NumberField("generations", &e.gens, 5, 1, 100000),
		components.ChoiceField("search", evoTCs, &e.tc),
		components.WorkersField("workers", &e.workers, e.Env),
		components.NumberField("seed", &e.seed, 1, 1, math.MaxInt),
		{Label: "dataset", Value: e.datasetLabel, Adjust: func(d int) {
			if len(e.datasets) > 0 {
				e.dataset = components.Cycle(e.dataset, d, len(e.datasets))
			}
		}},
	}
}

// runLabel is the run row: a new run, or which one to resume.
func (e *Page) runLabel() string {
	if e.resume > 0 {
		return "resume " + e.resumable[e.resume-1]
	}
	return "a new run"
}

// datasetLabel is the dataset row: used only by fitness positions.
func (e *Page) datasetLabel() string {
	if len(e.datasets) == 0 {
		return "— (evochess selfplay makes one)"
	}
	l := e.datasets[e.dataset]
	if e.validate > 0 {
		l += fmt.Sprintf(" · validation v full every %d generations", e.validate)
	}
	return l
}

func (e *Page) setupView() string {
	st, f := e.St, &e.Form
	f.Begin()
	live := ""
	if others := e.Env.Hub.Others(common.LiveRun, e.Env); len(others) > 0 {
		live = st.Header.Render("live in another session: " + others[0].Name + " — v watches it")
	}
	f.Text(st.Title.Render("Evolution")+st.Dim.Render("   ↑↓ choose · ←→ change · s starts · T tunes full on a dataset"), live)
	for i := range f.Fields {
		f.Field(i)
	}
	if e.resume > 0 {
		f.Text("", st.Dim.Render("a resumed run keeps its own settings; only workers apply"))
	}
	if e.Status != "" {
		f.Text("", st.Err.Render(e.Status))
	}
	return f.View()
}
