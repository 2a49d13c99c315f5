package evolution

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/ga"
	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/components"
)

// rebuildForm makes the form's rows for what is chosen (an engine has a
// genes row and no dataset; fitness reference an opponent row), the focus
// kept on the row it was on.
func (e *Page) rebuildForm() {
	focus := ""
	if f := e.Form.Focus; f < len(e.Form.Fields) {
		focus = e.Form.Fields[f].Label
	}
	e.Form.Fields = e.formFields()
	e.Form.Focus = 0
	e.Form.FocusOn(focus)
}

// formFields are the set-up form's fields.
func (e *Page) formFields() []components.Field {
	fields := []components.Field{
		{Label: "run", Value: e.runLabel, Adjust: func(d int) { e.resume = components.Cycle(e.resume, d, len(e.resumable)+1) }},
		{Label: "method", Value: func() string { return ga.Methods[e.method] }, Adjust: func(d int) {
			e.method = components.Cycle(e.method, d, len(ga.Methods))
			e.applyMethodDefaults()
		}},
		{Label: "chromosome", Value: func() string { return e.chromosomes()[min(e.preset, len(e.chromosomes())-1)] },
			Adjust: func(d int) { e.preset = components.Cycle(e.preset, d, len(e.chromosomes())) },
			Toggle: func() {
				switch {
				case e.onPathItem():
					e.ask(promptPath, "engine path: ", "")
				case e.engine() != nil:
					e.openGenes()
				}
			}},
	}
	if e.engineMode() {
		fields = append(fields, components.Field{Label: "genes", Value: e.genesLabel, Toggle: e.openGenes})
	}
	fields = append(fields, nameField("fitness", e.fitnesses, &e.fitness))
	if e.fitness == ga.FitnessReference {
		fields = append(fields, components.Field{Label: "opponent", Value: func() string { return e.opponentList()[e.opponentIndex()].label },
			Adjust: func(d int) { e.opponent = components.Cycle(e.opponentIndex(), d, len(e.opponentList())) }})
	}
	if ga.Methods[e.method] != ga.Gradient { // it moves one chromosome
		fields = append(fields, e.numberField("population", &e.pop, 2, 2, 200))
	}
	fields = append(fields,
		e.numberField("generations", &e.gens, 5, 1, 100000),
		components.Field{Label: "time limit", Value: func() string { return timeText(timeLimits[e.timeLimit]) },
			Adjust: func(d int) { e.timeLimit = components.Cycle(e.timeLimit, d, len(timeLimits)) }},
		nameField("search", func() []string { return tcsOf(e.engineMode()) }, &e.tc),
		components.WorkersField("workers", &e.workers, e.Env),
		e.numberField("seed", &e.seed, 1, 1, math.MaxInt),
	)
	if !e.engineMode() {
		fields = append(fields, components.Field{Label: "dataset", Value: e.datasetLabel, Adjust: func(d int) {
			if len(e.datasets) > 0 {
				e.dataset = components.Cycle(e.dataset, d, len(e.datasets))
			}
		}})
		flip := func() { e.terms2Off = !e.terms2Off }
		fields = append(fields, components.Field{Label: "eval terms", Value: e.terms2Label, Adjust: func(int) { flip() }, Toggle: flip})
	}
	return fields
}

// terms2Label is the eval terms row: the EvalTerms2 terms, which full
// plays from its set 3 of defaults, or the run's option EvalTerms2=false
// for its players and the positions fitness.
func (e *Page) terms2Label() string {
	if name, ok := e.terms2Preset(); !ok {
		return "— (" + name + " has no eval_terms2 genes)"
	}
	if e.terms2Off {
		return "off (EvalTerms2=false: full as before its set 3)"
	}
	return "on (EvalTerms2; the eval_terms2 genes evolve too)"
}

// terms2Preset is the form's preset and whether it has the EvalTerms2
// terms' genes (full; the seeds' have none).
func (e *Page) terms2Preset() (string, bool) {
	name := core.PresetNames()[min(e.preset, len(core.PresetNames())-1)]
	return name, core.PresetHasFamily(name, core.Terms2Family)
}

// numberField is a number ←→ move by step, or enter types, from lo to hi.
func (e *Page) numberField(label string, v *int, step, lo, hi int) components.Field {
	f := components.NumberField(label, v, step, lo, hi)
	f.Toggle = func() {
		e.number = numberAsked{label: label, v: v, lo: lo, hi: hi}
		e.ask(promptNumber, label+": ", strconv.Itoa(*v))
	}
	return f
}

// numberAsked is the number the prompt asks for.
type numberAsked struct {
	label  string
	v      *int
	lo, hi int
}

// set takes the number typed.
func (n numberAsked) set(text string) error {
	v, err := strconv.Atoi(strings.TrimSpace(text))
	if err != nil || v < n.lo || v > n.hi {
		return fmt.Errorf("%s: a whole number from %d to %d", n.label, n.lo, n.hi)
	}
	*n.v = v
	return nil
}

// nameField picks a name of list() into *v (a name not in the list shows
// as it is and moves to the list's first).
func nameField(label string, list func() []string, v *string) components.Field {
	return components.Field{Label: label, Value: func() string { return *v }, Adjust: func(d int) {
		l := list()
		i := slices.Index(l, *v)
		if i < 0 {
			*v = l[0]
			return
		}
		*v = l[components.Cycle(i, d, len(l))]
	}}
}

// timeText is a time limit for the form.
func timeText(d time.Duration) string {
	if d > 0 {
		return d.String()
	}
	return "none (the generations are the budget)"
}

// runLabel is the run row: a new run, or which one to resume.
func (e *Page) runLabel() string {
	if e.resume > 0 {
		return "resume " + e.resumable[e.resume-1]
	}
	return "a new run"
}

// genesLabel is the genes row: the picked genes, or how to pick them.
func (e *Page) genesLabel() string {
	c := e.engine()
	if c == nil || c.state != probeReady {
		return "— (once the engine has said its options)"
	}
	genes, fixed := c.counts()
	if genes == 0 {
		return fmt.Sprintf("none of %d options yet: enter picks them", len(c.info.Options))
	}
	var names []string
	for i, p := range c.picks {
		if p.use == useGene {
			names = append(names, c.info.Options[i].Name)
		}
	}
	return components.Truncate(fmt.Sprintf("%d: %s · %d fixed", genes, strings.Join(names, ", "), fixed), max(e.W-components.LabelWidth-3, 20))
}

// datasetLabel is the dataset row: used only by fitness positions.
func (e *Page) datasetLabel() string {
	if len(e.datasets) == 0 {
		return "— (T makes one by self-play)"
	}
	l := e.datasets[e.dataset]
	if e.validate > 0 {
		l += fmt.Sprintf(" · validation v full every %d generations", e.validate)
	}
	return l
}

// opponentChoice is a reference player the opponent row offers.
type opponentChoice struct{ label, spec string }

// opponentList is what fitness reference may play against: the start (the
// chromosome's start values, an engine's at its genes' starts), the
// method's own reference for a preset, our named players, the saved
// players, the session's UCI engines.
func (e *Page) opponentList() []opponentChoice {
	var out []opponentChoice
	if !e.engineMode() {
		out = append(out, opponentChoice{"the method's (full at depth 1)", ga.DefaultSettings(ga.Methods[e.method]).Reference})
	}
	out = append(out, opponentChoice{"start (the genes' start values)", ga.ReferenceStart})
	for _, n := range core.PlayerNames() {
		out = append(out, opponentChoice{n, "name=" + n + ",chromosome=" + n})
	}
	for _, n := range e.Env.SavedNames(saves.Players) {
		out = append(out, opponentChoice{"player " + n, "player=" + n})
	}
	for _, p := range e.Env.TunableEngines() {
		if spec, err := engineSpec(p, common.EngineArgs(p)); err == nil {
			// One thread, as the tuned engine's: a game is one worker's.
			out = append(out, opponentChoice{engineLabel(p), "name=" + common.EngineName(p) + "," + spec + ",option.Threads=1"})
		}
	}
	return out
}

// opponentIndex is the opponent row's choice, within the list (which
// changes as players are saved).
func (e *Page) opponentIndex() int { return min(max(e.opponent, 0), len(e.opponentList())-1) }

// newSettings are a new run's settings from the form: a preset's, or with
// t an engine's options (what ga makes of them: UseEngine).
func (e *Page) newSettings(t *arena.EngineTuning) ga.Settings {
	s := ga.DefaultSettings(ga.Methods[e.method])
	if t != nil {
		s.UseEngine(t)
	} else {
		s.UsePreset(core.PresetNames()[min(e.preset, len(core.PresetNames())-1)])
	}
	s.Fitness, s.Generations = e.fitness, e.gens
	if s.Method != ga.Gradient {
		s.Population = e.pop
	}
	if s.Fitness == ga.FitnessReference {
		s.Reference = e.opponentList()[e.opponentIndex()].spec
	}
	if s.Fitness == ga.FitnessPositions && len(e.datasets) > 0 {
		s.Dataset = e.datasets[min(e.dataset, len(e.datasets)-1)]
	}
	if _, ok := e.terms2Preset(); e.terms2Off && t == nil && ok {
		s.Options = [][2]string{{ga.OptionEvalTerms2, "false"}}
	}
	s.TC, s.Seed = e.tc, uint64(e.seed)
	s.TimeLimit = timeLimits[e.timeLimit].Seconds()
	s.ValidateEvery = e.validate
	return s
}

// problem is what ga would refuse of the form's settings now (""), as it
// says it: shown under the form while an engine is chosen, before s.
func (e *Page) problem() string {
	c := e.engine()
	if e.resume > 0 || c == nil || c.state != probeReady {
		return ""
	}
	if g, _ := c.counts(); g == 0 {
		return ""
	}
	t, err := c.tuning()
	if err == nil {
		s := e.newSettings(t)
		err = s.Check()
	}
	if err != nil {
		return err.Error()
	}
	return ""
}

func (e *Page) setupView() string {
	st, f := e.St, &e.Form
	f.Begin()
	live := ""
	if others := e.Env.Hub.Others(common.LiveRun, e.Env); len(others) > 0 {
		live = st.Header.Render("live in another session: " + others[0].Name + " — v watches it")
	}
	f.Text(st.Title.Render("Evolution")+st.Dim.Render(components.Truncate("   ↑↓ choose · ←→ change · s starts · T tunes full on a dataset", max(e.W-9, 10))), live)
	for i := range f.Fields {
		f.Field(i)
	}
	wrap := func(s string) string { return components.Truncate(s, e.W) }
	if e.resume > 0 {
		f.Text("", st.Dim.Render("a resumed run keeps its own settings; only workers apply"))
	} else if line := e.probeLine(); line != "" {
		f.Text("", wrap(line))
		if p := e.problem(); p != "" { // ga's words, whole: they say what to do instead
			for _, line := range strings.Split(st.NewStyle().Width(e.W).Render("s would be refused: "+p), "\n") {
				f.Text(st.Err.Render(strings.TrimRight(line, " ")))
			}
		}
	}
	if e.prompting == promptPath || e.prompting == promptNumber {
		f.Text("", wrap(e.prompt.View()))
	}
	if e.Status != "" {
		f.Text("", st.Err.Render(wrap(e.Status)))
	}
	return f.View()
}
