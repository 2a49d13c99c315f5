package tui

import (
	"fmt"
	"math"

	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/ga"
	"github.com/evochess/evochess/tui/common"
)

// formFields are the set-up form's fields.
func (e *evolutionPage) formFields() []formField {
	return []formField{
		{label: "run", value: e.runLabel, adjust: func(d int) { e.resume = cycle(e.resume, d, len(e.resumable)+1) }},
		{label: "method", value: func() string { return ga.Methods[e.method] }, adjust: func(d int) {
			e.method = cycle(e.method, d, len(ga.Methods))
			e.applyMethodDefaults()
		}},
		choiceField("chromosome", core.PresetNames(), &e.preset),
		choiceField("fitness", ga.Fitnesses, &e.fitness),
		numberField("population", &e.pop, 2, 2, 200),
		numberField("generations", &e.gens, 5, 1, 100000),
		choiceField("search", evoTCs, &e.tc),
		workersField("workers", &e.workers, e.env),
		numberField("seed", &e.seed, 1, 1, math.MaxInt),
		{label: "dataset", value: e.datasetLabel, adjust: func(d int) {
			if len(e.datasets) > 0 {
				e.dataset = cycle(e.dataset, d, len(e.datasets))
			}
		}},
	}
}

// runLabel is the run row: a new run, or which one to resume.
func (e *evolutionPage) runLabel() string {
	if e.resume > 0 {
		return "resume " + e.resumable[e.resume-1]
	}
	return "a new run"
}

// datasetLabel is the dataset row: used only by fitness positions.
func (e *evolutionPage) datasetLabel() string {
	if len(e.datasets) == 0 {
		return "— (evochess selfplay makes one)"
	}
	l := e.datasets[e.dataset]
	if e.validate > 0 {
		l += fmt.Sprintf(" · validation v full every %d generations", e.validate)
	}
	return l
}

func (e *evolutionPage) setupView() string {
	st, f := e.st, &e.form
	f.begin()
	live := ""
	if others := e.env.Hub.Others(common.LiveRun, e.env); len(others) > 0 {
		live = st.Header.Render("live in another session: " + others[0].Name + " — v watches it")
	}
	f.text(st.Title.Render("Evolution")+st.Dim.Render("   ↑↓ choose · ←→ change · s starts · T tunes full on a dataset"), live)
	for i := range f.fields {
		f.field(i)
	}
	if e.resume > 0 {
		f.text("", st.Dim.Render("a resumed run keeps its own settings; only workers apply"))
	}
	if e.status != "" {
		f.text("", st.Err.Render(e.status))
	}
	return f.view()
}
