package evolution

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/ga"
	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/components"
)

var evoTCs = []string{"depth=1", "depth=2", "depth=3", "nodes=300", "nodes=1000", "nodes=2000", "nodes=5000", "nodes=20000"}

// engineTCs are an engine's searches: nodes make a run reproducible (a few
// thousand at least for glaurung, docs/evolution.md), a depth or a move
// time play as well.
var engineTCs = []string{"nodes=1000", "nodes=2000", "nodes=3000", "nodes=5000", "nodes=10000", "nodes=20000", "nodes=50000",
	"depth=4", "depth=6", "depth=8", "movetime=100"}

// defaultEngineTC is an engine run's search unless the user picks another.
const defaultEngineTC = "nodes=5000"

// timeLimits are the wall-time budgets a run may be given (0: none).
var timeLimits = []time.Duration{0, 10 * time.Minute, 30 * time.Minute, time.Hour, 2 * time.Hour, 4 * time.Hour, 8 * time.Hour, 24 * time.Hour}

// Page is the Evolution tab: start or resume a run, watch it,
// tune it.
type Page struct {
	components.WorkTab
	mode evoMode

	// Set-up. preset is the chromosome row's choice (chromosomes(): a
	// preset, an engine, or an engine at a path); fitness and tc are names,
	// kept across the lists of a preset's and an engine's.
	method, preset, pop, gens int
	fitness, tc               string
	opponent                  int // the reference of fitness reference (opponentList)
	timeLimit                 int // timeLimits[timeLimit]
	workers                   int
	seed                      int
	resumable                 []string
	resume                    int // 0: new run; i: resumable[i-1]
	datasets                  []string
	dataset                   int  // datasets[dataset], for fitness positions
	validate                  int  // validate every N generations (0: never)
	terms2Off                 bool // the run's option EvalTerms2=false (our engine's chromosomes; full's set 3 plays them)

	// Engines as chromosome sources: each probed engine's options and
	// picks, by path; probes numbers them; named are the paths the user
	// typed. list is the gene picker's; a prompt asks for a path, a
	// range or value (editing: the option), or a kept player's name.
	engines   map[string]*engineChoice
	probes    int
	named     []string
	list      components.FilterList
	prompt    textinput.Model
	prompting promptKind
	editing   int
	keeping   tunedSetting // what the keep prompt keeps
	number    numberAsked  // what the number prompt sets
	verifying int          // the engine check before a start in flight (0: none): its number

	// A dataset made to tune on (T, when there is none).
	data *datasetJob

	// The run. settings and schema are the page's own copies: the run's
	// fields belong to its goroutine while it goes on.
	run      *ga.Run
	settings ga.Settings
	schema   *core.Schema
	handle   *saves.RunHandle
	// saveInterval: how long the run's generations may go unsaved
	// (saves.SaveInterval; tests lengthen it). Begin saves the rest when
	// the run pauses, stops or ends.
	saveInterval time.Duration
	name         string
	paused       bool
	cancel       context.CancelFunc
	history      []ga.GenStats
	changes      []ga.Change
	playing      int            // fitness games in progress
	current      map[int]string // some of them: game → "white–black"
	games        int
	table        int      // which piece-square table the heat map shows
	view         plotView // what the run's view plots
	genePage     int      // which genes the per-gene plots show, when not all fit
}

func New(env *common.Env, st *common.Styles, keys common.KeyMap) *Page {
	e := &Page{WorkTab: components.NewWorkTab(env, st, keys, true), method: 2, workers: env.DefaultWorkers(), seed: 1,
		engines: map[string]*engineChoice{}, saveInterval: saves.SaveInterval}
	e.applyMethodDefaults()
	e.rebuildForm()
	e.Refresh()
	return e
}

// engineMode: the chromosome row is on an engine (or an engine at a path).
func (e *Page) engineMode() bool { return e.preset >= len(core.PresetNames()) }

// applyMethodDefaults puts the method's paper defaults in the form: with
// an engine chosen, the defaults ga gives a method on an engine's options
// (UseEngine), and the engine stays chosen.
func (e *Page) applyMethodDefaults() {
	s := ga.DefaultSettings(ga.Methods[e.method])
	if e.engineMode() {
		s.UseEngine(&arena.EngineTuning{Spec: "uci=engine"}) // only its defaults are read
		if !slices.Contains(engineTCs, e.tc) {
			e.tc = defaultEngineTC
		}
	} else {
		e.preset = max(indexOf(core.PresetNames(), s.Preset), 0)
		e.tc = s.TC
		if !slices.Contains(evoTCs, e.tc) {
			e.tc = evoTCs[0]
		}
	}
	e.fitness = s.Fitness
	e.pop, e.gens = s.Population, s.Generations
}

// fitnesses are the fitness row's choices: an engine's options have no
// evaluation of ours to score positions with.
func (e *Page) fitnesses() []string {
	if e.engineMode() {
		return slices.DeleteFunc(slices.Clone(ga.Fitnesses), func(f string) bool { return f == ga.FitnessPositions })
	}
	return ga.Fitnesses
}

// tcs are the search row's choices (and the budget keys' while a run goes).
func tcsOf(engine bool) []string {
	if engine {
		return engineTCs
	}
	return evoTCs
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

func (e *Page) Title() string { return "Evolution" }
func (e *Page) ShortHelp() []key.Binding {
	k := e.Keys
	switch {
	case e.mode.live():
		return []key.Binding{k.Pause, k.Stop, k.GeneView, k.MutUp, k.PopUp, k.DepthUp, k.SendBest, k.KeepBest}
	case e.mode == evoGenes:
		return []key.Binding{k.Choose, k.Back}
	case e.mode == evoDataset:
		return []key.Binding{k.Choose, k.Change, k.Start, k.Stop, k.Back}
	}
	return []key.Binding{k.Choose, k.Change, k.Start}
}

func (e *Page) FullHelp() [][]key.Binding {
	k := e.Keys
	return [][]key.Binding{{k.Up, k.Down, k.Left, k.Right, k.Start, k.Watch, k.Tune}, {k.Pause, k.Stop, k.Back, k.GeneView, k.NextGenes}, {k.MutUp, k.MutDown, k.PopUp, k.PopDown, k.DepthUp, k.DepthDown}, {k.GamesUp, k.GamesDown, k.Validate, k.SendBest, k.KeepBest, k.NextTable}}
}

func (e *Page) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case probedMsg:
		e.probed(msg)
		e.rebuildForm()
		return e, nil
	case verifiedMsg:
		return e, e.verified(msg)
	case datasetMsg:
		return e, e.datasetEvent(msg)
	}
	return e, e.Handle(e, msg)
}

// Owns: the page's work reporting back: a run's events, an engine's
// answers, a dataset's progress.
func (e *Page) Owns(msg tea.Msg) bool {
	switch msg.(type) {
	case probedMsg, verifiedMsg, datasetMsg:
		return true
	}
	return e.WorkTab.Owns(msg)
}

// Capturing: a prompt or the picker's filter is taking text.
func (e *Page) Capturing() bool {
	return e.prompting != promptNone || e.mode == evoGenes && e.list.Capturing()
}

func (e *Page) Setup() bool { return e.mode == evoSetup }

// finish: the run has ended, by itself or stopped.
func (e *Page) Finish(msg components.WorkDoneMsg) {
	e.to(evoEnded)
	if msg.Err != nil {
		e.Status = "stopped: " + e.Env.ErrText(msg.Err)
	}
}

// engineOf says whether the session may start the engine of a run's
// settings (nil: it may, or the run tunes no engine).
func (e *Page) engineOf(s ga.Settings) error {
	if s.Engine == nil {
		return nil
	}
	ps, err := s.Engine.Player()
	if err != nil {
		return err
	}
	return e.Env.EngineAllowed(ps.Engine)
}

// refresh lists the saved runs that can be resumed, the session's own
// (resuming writes to the run), and the datasets.
func (e *Page) Refresh() {
	e.resumable = e.Env.OwnNames(saves.Runs)
	e.resume = min(e.resume, len(e.resumable))
	e.datasets = e.Env.SavedNames(saves.Datasets)
	e.dataset = min(e.dataset, max(len(e.datasets)-1, 0))
}

func (e *Page) Event(ev arena.Event) {
	switch ev := ev.(type) {
	case common.StreamEnd:
		if e.mode == evoWatching {
			e.to(evoWatched)
			if e.Status == "" || strings.HasPrefix(e.Status, "watching") {
				e.Status = "the run ended"
			}
		}
	case ga.GenerationDone:
		e.history = append(e.history, ev.Stats)
		e.games += ev.Stats.Games
	case ga.ParamChanged:
		e.settings.Apply(ev.Change.Param, ev.Change.New)
		e.changes = append(e.changes, ev.Change)
		e.Status = fmt.Sprintf("generation %d: %s %s → %s", ev.Change.Generation, ev.Change.Param, ev.Change.Old, ev.Change.New)
	case ga.RunPaused:
		e.Status = fmt.Sprintf("paused before generation %d", ev.Generation)
	case ga.RunFinished:
		e.Status = ev.String()
		if e.mode == evoWatching {
			e.to(evoWatched) // the run view stays until esc
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

func (e *Page) Key(msg tea.KeyMsg) tea.Cmd {
	k := e.Keys
	if e.prompting != promptNone {
		return e.promptKey(msg)
	}
	switch e.mode {
	case evoGenes:
		return e.genesKey(msg)
	case evoDataset:
		return e.datasetKey(msg)
	case evoSetup:
	default: // a run's view, whatever its state
		switch {
		case key.Matches(msg, k.GeneView):
			e.nextView()
			return nil
		case key.Matches(msg, k.NextGenes):
			e.genePage++
			return nil
		}
	}
	switch e.mode {
	case evoWatching, evoWatched:
		switch {
		case key.Matches(msg, k.Back):
			e.to(evoSetup)
			e.Status = ""
		case key.Matches(msg, k.NextTable):
			e.table++
		default:
			e.Status = "watching another session's run: only it can tune, pause or stop it (esc leaves)"
		}
		return nil
	case evoRunning:
		return e.runKey(msg)
	case evoEnded:
		switch {
		case key.Matches(msg, k.SendBest):
			return e.sendBest()
		case key.Matches(msg, k.KeepBest):
			return e.askKeep()
		case key.Matches(msg, k.NextTable):
			e.table++
			return nil
		case key.Matches(msg, k.Start):
			e.to(evoSetup) // back to the form, the run's last word on the status line
			return nil
		}
		// The set-up keys act from here too, on the form behind the
		// view: v watches another session's run, T readies the next one.
	}
	if key.Matches(msg, k.Tune) {
		return e.tunePreset()
	}
	preset, fitness, wasEngine := e.preset, e.fitness, e.engineMode()
	cmd := e.SetupKey(msg, e.start, e.watch)
	switch {
	case e.preset != preset:
		cmd = tea.Batch(cmd, e.chromosomeChanged(wasEngine))
	case e.fitness != fitness:
		e.rebuildForm() // the reference row comes and goes
	}
	return cmd
}

// watch follows another session's run live.
func (e *Page) watch() tea.Cmd {
	return e.WatchOther(common.LiveRun, func(l *common.Live) error {
		_, _, hist, settings := l.Snapshot()
		schema, err := ga.SchemaOf(settings) // a preset's, or a tuned engine's
		if err != nil {
			return err
		}
		e.to(evoWatching)
		e.Watching, e.run, e.name = l, nil, "" // not our run: kept players are named evolved-…
		e.settings, e.schema, e.history = settings, schema, hist
		return nil
	})
}

func (e *Page) start() tea.Cmd {
	if e.resume == 0 && e.engineMode() {
		return e.startEngine() // the engine is asked first, in the background
	}
	return e.startWith(nil)
}

// startWith starts the run: a resumed one, or a new one of settings s (nil:
// the form's, a preset's; an engine's the engine has just taken).
func (e *Page) startWith(s *ga.Settings) tea.Cmd {
	workers, give := e.Env.CPU.Take(e.workers)
	if workers == 0 {
		e.Status = "this session's workers are all busy (its tournament, or the Play tab's engine): wait for them to finish"
		return nil
	}
	cmd := e.startOn(workers, give, s)
	if cmd == nil {
		give()
	}
	return cmd
}

// startOn starts the run on workers workers, which give hands back when
// it ends; nil: it did not start (the status line says why).
func (e *Page) startOn(workers int, give func(), settings *ga.Settings) tea.Cmd {
	var r *ga.Run
	var h *saves.RunHandle
	var err error
	if e.Env.Data != nil { // creating or resuming a run is a save
		if err := e.Env.BeforeSave(0); err != nil {
			e.Status = "not started: " + e.Env.ErrText(err)
			return nil
		}
	}
	if e.resume > 0 {
		if e.Env.Data == nil {
			e.Status = "no data directory"
			return nil
		}
		e.name = e.resumable[e.resume-1]
		if h, r, err = e.Env.Data.ResumeRun(e.name, workers); err != nil {
			e.Status = e.Env.ErrText(err)
			return nil
		}
		if err := e.engineOf(r.Settings); err != nil { // a session resumes only the engines it may start
			h.Close()
			e.Status = err.Error()
			return nil
		}
		e.history = append([]ga.GenStats(nil), r.History...)
	} else {
		s := e.newSettings(nil)
		if settings != nil {
			s = *settings
		}
		s.Workers = workers
		if s.Fitness == ga.FitnessPositions && (e.Env.Data == nil || len(e.datasets) == 0) {
			e.Status = "fitness positions needs a dataset: T makes one (or evochess selfplay --name NAME)"
			return nil
		}
		if e.Env.Data == nil {
			r, err = ga.NewRun(s, nil)
		} else if h, r, err = e.Env.Data.StartRun(s, "tui-"+saves.Stamp(time.Now()), true); err == nil {
			e.Env.Saves.Saved(saves.Runs, h.Name)
			e.name = h.Name
		}
		if err != nil { // ga's refusal, as it says it
			e.Status = "not started: " + e.Env.ErrText(err)
			return nil
		}
		e.history = nil
	}
	if h != nil {
		h.Interval = e.saveInterval
		if err := h.Begin(r, e.Env.GenerationRoom()); err != nil {
			h.Close()
			e.Status = e.Env.ErrText(err)
			return nil
		}
	}
	e.to(evoRunning)
	id := e.StreamID
	e.run, e.handle, e.settings, e.schema, e.Watching = r, h, r.Settings, r.Schema(), nil
	e.view, e.genePage = e.views()[0], 0
	e.Shared = e.Env.Hub.AddRun(fmt.Sprintf("%s on %s by %s", r.Settings.Method, r.Settings.Preset, e.Env.Name()), r.Settings, e.Env, r.Bus())
	e.Status = "running"
	if workers < e.workers {
		e.Status += fmt.Sprintf(" on %d workers, this session's share of the server", workers)
	}
	if e.name != "" {
		e.Status += " (saved as run " + e.name + ")"
	}
	ctx, cancel := context.WithCancel(e.Env.Ctx)
	e.cancel = cancel
	r.Remote = e.Env.Remote(ctx, e.name) // a worker without the run's engine gives its job back
	var data *saves.Dir
	if r.Settings.Fitness == ga.FitnessPositions {
		data = e.Env.DirOf(saves.Datasets, r.Settings.Dataset)
	}
	events := e.Follow(r.Bus().Subscribe())
	writing := e.Env.Writing
	execute := e.Background(r.Bus(), give, func() components.WorkDoneMsg {
		defer writing.Start()() // the run's last save, as the app ends, is waited for
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
		if h != nil {
			h.Close() // the run's lock, even if the app is gone
		}
		return components.WorkDoneMsg{Stream: id, Err: err}
	})
	return tea.Batch(execute, events)
}
