package tui

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/ga"
	"github.com/evochess/evochess/saves"
)

// evoEventMsg is an event of the page's run (GA or fitness game);
// evoDoneMsg the run's end.
type evoEventMsg struct {
	run int
	ev  arena.Event
}

type evoDoneMsg struct {
	run int
	err error
}

// useChromosomeMsg asks the Play tab to play against a chromosome.
type useChromosomeMsg struct {
	name string
	c    *core.Chromosome
}

var evoTCs = []string{"depth=1", "depth=2", "depth=3", "nodes=300", "nodes=1000", "nodes=2000", "nodes=5000", "nodes=20000"}

// evolutionPage is the Evolution tab: start or resume a run, watch it,
// tune it.
type evolutionPage struct {
	env  *Env
	st   *Styles
	keys KeyMap
	w, h int

	// Set-up.
	focus                                  int
	method, preset, fitness, tc, pop, gens int
	workers                                int
	seed                                   int
	resumable                              []string
	resume                                 int // 0: new run; i: resumable[i-1]
	datasets                               []string
	dataset                                int // datasets[dataset], for fitness positions
	validate                               int // validate every N generations (0: never)

	// The run. settings and schema are the page's own copies: the run's
	// fields belong to its goroutine while it goes on.
	runID    int
	run      *ga.Run
	settings ga.Settings
	schema   *core.Schema
	shared   *Live // ours, for other sessions to watch
	watching *Live // another session's, watched
	handle   *saves.RunHandle
	name     string
	running  bool
	paused   bool
	cancel   context.CancelFunc
	history  []ga.GenStats
	changes  []ga.Change
	playing  int            // fitness games in progress
	current  map[int]string // some of them: game → "white–black"
	games    int
	status   string
	table    int // which piece-square table the heat map shows
	plots    int // 0: fitness and diversity; 1: per-gene mean ± std; 2: per-gene std
	genePage int // which genes the per-gene plots show, when not all fit
}

func newEvolutionPage(env *Env, st *Styles, keys KeyMap) *evolutionPage {
	e := &evolutionPage{env: env, st: st, keys: keys, method: 2, tc: 2, workers: env.workers(), seed: 1}
	e.applyMethodDefaults()
	e.refreshResumable()
	return e
}

// applyMethodDefaults puts the method's paper defaults in the form.
func (e *evolutionPage) applyMethodDefaults() {
	s := ga.DefaultSettings(ga.Methods[e.method])
	e.preset = max(indexOf(core.PresetNames(), s.Preset), 0)
	e.fitness = max(indexOf(ga.Fitnesses, s.Fitness), 0)
	e.tc = max(indexOf(evoTCs, s.TC), 0)
	e.pop, e.gens = s.Population, s.Generations
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

func (e *evolutionPage) Title() string    { return "Evolution" }
func (e *evolutionPage) SetSize(w, h int) { e.w, e.h = w, h }
func (e *evolutionPage) Init() tea.Cmd    { return nil }
func (e *evolutionPage) Capturing() bool  { return false }
func (e *evolutionPage) ShortHelp() []key.Binding {
	k := e.keys
	if e.running {
		return []key.Binding{k.Pause, k.Stop, k.GeneView, k.MutUp, k.PopUp, k.DepthUp, k.SendBest, k.KeepBest}
	}
	return []key.Binding{k.Choose, k.Change, k.Start}
}
func (e *evolutionPage) FullHelp() [][]key.Binding {
	k := e.keys
	return [][]key.Binding{{k.Up, k.Down, k.Left, k.Right, k.Start, k.Watch, k.Tune}, {k.Pause, k.Stop, k.Back, k.GeneView, k.NextGenes}, {k.MutUp, k.MutDown, k.PopUp, k.PopDown, k.DepthUp, k.DepthDown}, {k.GamesUp, k.GamesDown, k.Validate, k.SendBest, k.KeepBest, k.NextTable}}
}

func (e *evolutionPage) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case evoEventMsg:
		if msg.run == e.runID {
			e.event(msg.ev)
		}
	case evoDoneMsg:
		if msg.run == e.runID {
			e.shared, e.handle = nil, nil // released by the run's own goroutine
			e.running = false
			if msg.err != nil {
				e.status = "stopped: " + e.env.errText(msg.err)
			}
		}
	case tabShownMsg:
		if e.run == nil && e.watching == nil {
			e.refreshResumable()
		}
	case tea.MouseMsg:
		// The set-up rows stand at lines 2 … 11: a click focuses one.
		if msg.Action == tea.MouseActionPress && msg.Button == tea.MouseButtonLeft && e.run == nil && e.watching == nil && msg.Y >= 2 && msg.Y < 12 {
			e.focus = msg.Y - 2
		}
	case tea.KeyMsg:
		return e, e.key(msg)
	}
	return e, nil
}

// refreshResumable lists the saved runs that can be resumed: the
// session's own (resuming writes to the run).
func (e *evolutionPage) refreshResumable() {
	e.resumable = e.env.ownNames(saves.Runs)
	e.resume = min(e.resume, len(e.resumable))
	e.datasets = e.env.savedNames(saves.Datasets)
	e.dataset = min(e.dataset, max(len(e.datasets)-1, 0))
}

// tunePreset fills the form for the common job: tune the full default
// with CMA-ES on a dataset's positions, checking it against the default
// in games every 10 generations. s starts it.
func (e *evolutionPage) tunePreset() {
	e.resume = 0
	e.method = indexOf(ga.Methods, ga.CMAES)
	e.applyMethodDefaults()
	e.preset = max(indexOf(core.PresetNames(), "full"), 0)
	e.validate = 10
	e.focus = 9
	e.refreshResumable()
	if len(e.datasets) == 0 {
		e.status = "no dataset yet: make one with evochess selfplay --name NAME (or saves import FILE.epd)"
		return
	}
	e.status = "tuning full on " + e.datasets[e.dataset] + " (←→ another dataset) — s starts"
}

func (e *evolutionPage) event(ev arena.Event) {
	e.shared.record(ev)
	switch ev := ev.(type) {
	case streamEnd:
		if e.watching != nil && e.running {
			e.running = false
			if e.status == "" || strings.HasPrefix(e.status, "watching") {
				e.status = "the run ended"
			}
		}
	case ga.GenerationDone:
		e.history = append(e.history, ev.Stats)
		e.games += ev.Stats.Games
	case ga.ParamChanged:
		e.settings.Apply(ev.Change.Param, ev.Change.New)
		e.changes = append(e.changes, ev.Change)
		e.status = fmt.Sprintf("generation %d: %s %s → %s", ev.Change.Generation, ev.Change.Param, ev.Change.Old, ev.Change.New)
	case ga.RunPaused:
		e.status = fmt.Sprintf("paused before generation %d", ev.Generation)
	case ga.RunFinished:
		e.status = ev.String()
		if e.watching != nil {
			e.running = false // the run view stays until esc
		}
	case arena.GameStarted:
		e.playing++
		if e.current == nil {
			e.current = map[int]string{}
		}
		e.current[ev.Game] = ev.White + "–" + ev.Black
	case arena.GameFinished:
		e.playing = max(e.playing-1, 0)
		delete(e.current, ev.Game)
	}
}

func (e *evolutionPage) key(msg tea.KeyMsg) tea.Cmd {
	k := e.keys
	if e.run != nil || e.watching != nil { // a run's view, whatever its state
		switch {
		case key.Matches(msg, k.GeneView):
			e.plots = (e.plots + 1) % 3
			return nil
		case key.Matches(msg, k.NextGenes):
			e.genePage++
			return nil
		}
	}
	if e.watching != nil {
		switch {
		case key.Matches(msg, k.Back):
			e.running, e.watching, e.run, e.history, e.status = false, nil, nil, nil, ""
			e.runID++ // drop the rest of its events
		case key.Matches(msg, k.NextTable):
			e.table++
		default:
			e.status = "watching another session's run: only it can tune, pause or stop it (esc leaves)"
		}
		return nil
	}
	if e.running {
		switch {
		case key.Matches(msg, k.Pause):
			if e.paused {
				e.run.Resume()
				e.status = "resumed"
			} else {
				e.run.Pause()
				e.status = "pausing at the end of this generation…"
			}
			e.paused = !e.paused
		case key.Matches(msg, k.Stop):
			e.run.Stop()
			e.run.Resume()
			e.status = "stopping at the end of this generation…"
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
	if e.run != nil || e.history != nil {
		switch {
		case key.Matches(msg, k.SendBest):
			return e.sendBest()
		case key.Matches(msg, k.KeepBest):
			e.keepBest()
			return nil
		case key.Matches(msg, k.NextTable):
			e.table++
			return nil
		case key.Matches(msg, k.Start):
			e.run, e.history = nil, nil // back to the set-up form
			return nil
		}
	}
	const fields = 10
	switch {
	case key.Matches(msg, k.Tune):
		e.tunePreset()
		return nil
	case key.Matches(msg, k.Up):
		e.focus = (e.focus + fields - 1) % fields
	case key.Matches(msg, k.Down):
		e.focus = (e.focus + 1) % fields
	case key.Matches(msg, k.Left), key.Matches(msg, k.Right):
		d := 1
		if key.Matches(msg, k.Left) {
			d = -1
		}
		cyc := func(v, n int) int { return (v + d + n) % n }
		switch e.focus {
		case 0:
			e.resume = cyc(e.resume, len(e.resumable)+1)
		case 1:
			e.method = cyc(e.method, len(ga.Methods))
			e.applyMethodDefaults()
		case 2:
			e.preset = cyc(e.preset, len(core.PresetNames()))
		case 3:
			e.fitness = cyc(e.fitness, len(ga.Fitnesses))
		case 4:
			e.pop = min(max(e.pop+d*2, 2), 200)
		case 5:
			e.gens = min(max(e.gens+d*5, 1), 100000)
		case 6:
			e.tc = cyc(e.tc, len(evoTCs))
		case 7:
			e.workers = min(max(e.workers+d, 1), e.env.CPU.Max())
		case 8:
			e.seed = max(e.seed+d, 1)
		case 9:
			if len(e.datasets) > 0 {
				e.dataset = cyc(e.dataset, len(e.datasets))
			}
		}
	case key.Matches(msg, k.Start):
		return e.start()
	case key.Matches(msg, k.Watch):
		return e.watch()
	}
	return nil
}

// watch follows another session's run live.
func (e *evolutionPage) watch() tea.Cmd {
	l, sub, why := e.env.Hub.watchOther(LiveRun, e.env)
	if l == nil {
		e.status = why
		return nil
	}
	_, _, hist, settings := l.snapshot()
	schema, err := core.Preset(settings.Preset)
	if err != nil {
		sub.Close()
		e.status = err.Error()
		return nil
	}
	e.runID++
	id := e.runID
	e.watching, e.running, e.paused, e.run, e.name = l, true, false, nil, "" // not our run: kept players are named evolved-…
	e.settings, e.schema, e.history, e.games, e.playing, e.changes, e.current = settings, schema, hist, 0, 0, nil, nil
	e.status = "watching " + l.Name + " (esc leaves)"
	return stream(e.env.Ctx, sub, true, func(ev arena.Event) tea.Msg { return evoEventMsg{id, ev} })
}

func (e *evolutionPage) set(param, value string) {
	if err := e.run.Set(param, value); err != nil {
		e.status = err.Error()
		return
	}
	e.status = fmt.Sprintf("%s → %s at the next generation", param, value)
}

func (e *evolutionPage) sendBest() tea.Cmd {
	if e.run == nil || len(e.history) == 0 {
		e.status = "no generation yet"
		return nil
	}
	last := e.history[len(e.history)-1]
	if last.BestGenes == nil {
		e.status = "the best genome of a resumed generation is in the run's file: play it with population=" + e.name + "#best"
		return nil
	}
	c := &core.Chromosome{Schema: e.schema, Values: append([]float64(nil), last.BestGenes...)}
	name := fmt.Sprintf("%s#%d", e.name, last.BestID)
	e.status = "sent the best to Play (tab 1)"
	return func() tea.Msg { return useChromosomeMsg{name: name, c: c} }
}

// keepBest stores the current best as a named player of the library: it
// then plays in tournaments (Tournament tab) and anywhere as player=NAME.
func (e *evolutionPage) keepBest() {
	if e.env.Data == nil || len(e.history) == 0 || e.history[len(e.history)-1].BestGenes == nil {
		e.status = "nothing to keep yet"
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
	if err := e.env.beforeSave(0); err != nil {
		e.status = "not kept: " + e.env.errText(err)
		return
	}
	name, err := e.env.Data.SaveFreshPlayer(p)
	if err != nil {
		e.status = e.env.errText(err)
		return
	}
	e.env.Saves.saved(saves.Players, name+".json")
	e.status = "kept as player " + name + ": it is in the Tournament tab's list"
}

func (e *evolutionPage) start() tea.Cmd {
	workers, give := e.env.CPU.Take(e.workers)
	if workers == 0 {
		e.status = "this session's workers are all busy (its tournament, or the Play tab's engine): wait for them to finish"
		return nil
	}
	cmd := e.startOn(workers, give)
	if cmd == nil {
		give()
	}
	return cmd
}

// startOn starts the run on workers workers, which give hands back when
// it ends; nil: it did not start (the status line says why).
func (e *evolutionPage) startOn(workers int, give func()) tea.Cmd {
	var r *ga.Run
	var h *saves.RunHandle
	var err error
	if e.env.Data != nil { // creating or resuming a run is a save
		if err := e.env.beforeSave(0); err != nil {
			e.status = "not started: " + e.env.errText(err)
			return nil
		}
	}
	if e.resume > 0 {
		if e.env.Data == nil {
			e.status = "no data directory"
			return nil
		}
		e.name = e.resumable[e.resume-1]
		if h, r, err = e.env.Data.ResumeRun(e.name, workers); err != nil {
			e.status = e.env.errText(err)
			return nil
		}
		e.history = append([]ga.GenStats(nil), r.History...)
	} else {
		s := ga.DefaultSettings(ga.Methods[e.method])
		s.UsePreset(core.PresetNames()[e.preset])
		s.Fitness, s.Population, s.Generations = ga.Fitnesses[e.fitness], e.pop, e.gens
		s.TC, s.Workers, s.Seed = evoTCs[e.tc], workers, uint64(e.seed)
		s.ValidateEvery = e.validate
		if s.Fitness == ga.FitnessPositions {
			if e.env.Data == nil || len(e.datasets) == 0 {
				e.status = "fitness positions needs a dataset: make one with evochess selfplay --name NAME"
				return nil
			}
			s.Dataset = e.datasets[e.dataset]
		}
		if e.env.Data == nil {
			r, err = ga.NewRun(s, nil)
		} else if h, r, err = e.env.Data.StartRun(s, "tui-"+saves.Stamp(time.Now()), true); err == nil {
			e.env.Saves.saved(saves.Runs, h.Name)
			e.name = h.Name
		}
		if err != nil {
			e.status = e.env.errText(err)
			return nil
		}
		e.history = nil
	}
	if h != nil {
		if err := h.Begin(r, e.env.generationRoom()); err != nil {
			h.Close()
			e.status = e.env.errText(err)
			return nil
		}
	}
	e.run, e.handle, e.running, e.paused, e.games, e.playing, e.changes, e.current = r, h, true, false, 0, 0, nil, nil
	e.settings, e.schema, e.watching = r.Settings, r.Schema(), nil
	e.shared = e.env.Hub.AddRun(fmt.Sprintf("%s on %s by %s", r.Settings.Method, r.Settings.Preset, e.env.who()), r.Settings, e.env, r.Bus())
	e.status = "running"
	if workers < e.workers {
		e.status += fmt.Sprintf(" on %d workers, this session's share of the server", workers)
	}
	if e.name != "" {
		e.status += " (saved as run " + e.name + ")"
	}
	e.runID++
	id := e.runID
	ctx, cancel := context.WithCancel(e.env.Ctx)
	e.cancel = cancel
	r.Remote = e.env.remote(ctx, e.name)
	sub := r.Bus().Subscribe()
	shared, hub, handle := e.shared, e.env.Hub, h
	var data *saves.Dir
	if r.Settings.Fitness == ga.FitnessPositions {
		data = e.env.dirOf(saves.Datasets, r.Settings.Dataset)
	}
	execute := func() tea.Msg {
		defer give()
		var err error
		if data != nil {
			// Loading the dataset (and fitting K the first time) takes
			// seconds: here, off the UI's goroutine.
			_, err = data.AttachPositions(ctx, r)
		}
		if err == nil {
			err = r.Execute(ctx)
		}
		cancel()
		if handle != nil {
			handle.Close() // the run's lock, even if the app is gone
		}
		hub.Remove(shared)
		r.Bus().Publish(streamEnd{}) // after every event of the run
		return evoDoneMsg{run: id, err: err}
	}
	return tea.Batch(execute, stream(e.env.Ctx, sub, true, func(ev arena.Event) tea.Msg { return evoEventMsg{id, ev} }))
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
