package evolution

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/ga"
	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/components"
)

var evoTCs = []string{"depth=1", "depth=2", "depth=3", "nodes=300", "nodes=1000", "nodes=2000", "nodes=5000", "nodes=20000"}

// Page is the Evolution tab: start or resume a run, watch it,
// tune it.
type Page struct {
	components.WorkTab
	mode evoMode

	// Set-up.
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
	run      *ga.Run
	settings ga.Settings
	schema   *core.Schema
	handle   *saves.RunHandle
	name     string
	paused   bool
	cancel   context.CancelFunc
	history  []ga.GenStats
	changes  []ga.Change
	playing  int            // fitness games in progress
	current  map[int]string // some of them: game → "white–black"
	games    int
	table    int // which piece-square table the heat map shows
	plots    int // 0: fitness and diversity; 1: per-gene mean ± std; 2: per-gene std
	genePage int // which genes the per-gene plots show, when not all fit
}

func New(env *common.Env, st *common.Styles, keys common.KeyMap) *Page {
	e := &Page{WorkTab: components.NewWorkTab(env, st, keys, true), method: 2, tc: 2, workers: env.DefaultWorkers(), seed: 1}
	e.Form.Fields = e.formFields()
	e.applyMethodDefaults()
	e.Refresh()
	return e
}

// applyMethodDefaults puts the method's paper defaults in the form.
func (e *Page) applyMethodDefaults() {
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

func (e *Page) Title() string { return "Evolution" }
func (e *Page) ShortHelp() []key.Binding {
	k := e.Keys
	if e.mode.live() {
		return []key.Binding{k.Pause, k.Stop, k.GeneView, k.MutUp, k.PopUp, k.DepthUp, k.SendBest, k.KeepBest}
	}
	return []key.Binding{k.Choose, k.Change, k.Start}
}

func (e *Page) FullHelp() [][]key.Binding {
	k := e.Keys
	return [][]key.Binding{{k.Up, k.Down, k.Left, k.Right, k.Start, k.Watch, k.Tune}, {k.Pause, k.Stop, k.Back, k.GeneView, k.NextGenes}, {k.MutUp, k.MutDown, k.PopUp, k.PopDown, k.DepthUp, k.DepthDown}, {k.GamesUp, k.GamesDown, k.Validate, k.SendBest, k.KeepBest, k.NextTable}}
}

func (e *Page) Update(msg tea.Msg) (tea.Model, tea.Cmd) { return e, e.Handle(e, msg) }

func (e *Page) Setup() bool { return e.mode == evoSetup }

// finish: the run has ended, by itself or stopped.
func (e *Page) Finish(msg components.WorkDoneMsg) {
	e.to(evoEnded)
	if msg.Err != nil {
		e.Status = "stopped: " + e.Env.ErrText(msg.Err)
	}
}

// refresh lists the saved runs that can be resumed, the session's own
// (resuming writes to the run), and the datasets.
func (e *Page) Refresh() {
	e.resumable = e.Env.OwnNames(saves.Runs)
	e.resume = min(e.resume, len(e.resumable))
	e.datasets = e.Env.SavedNames(saves.Datasets)
	e.dataset = min(e.dataset, max(len(e.datasets)-1, 0))
}

// tunePreset fills the form for the common job: tune the full default
// with CMA-ES on a dataset's positions, checking it against the default
// in games every 10 generations. s starts it.
func (e *Page) tunePreset() {
	e.resume = 0
	e.method = indexOf(ga.Methods, ga.CMAES)
	e.applyMethodDefaults()
	e.preset = max(indexOf(core.PresetNames(), "full"), 0)
	e.validate = 10
	e.Form.FocusOn("dataset")
	e.Refresh()
	if len(e.datasets) == 0 {
		e.Status = "no dataset yet: make one with evochess selfplay --name NAME (or saves import FILE.epd)"
		return
	}
	e.Status = "tuning full on " + e.datasets[e.dataset] + " (←→ another dataset) — s starts"
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
	if e.mode != evoSetup { // a run's view, whatever its state
		switch {
		case key.Matches(msg, k.GeneView):
			e.plots = (e.plots + 1) % 3
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
			e.keepBest()
			return nil
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
		e.tunePreset()
		return nil
	}
	return e.SetupKey(msg, e.start, e.watch)
}

// watch follows another session's run live.
func (e *Page) watch() tea.Cmd {
	return e.WatchOther(common.LiveRun, func(l *common.Live) error {
		_, _, hist, settings := l.Snapshot()
		schema, err := core.Preset(settings.Preset)
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
	workers, give := e.Env.CPU.Take(e.workers)
	if workers == 0 {
		e.Status = "this session's workers are all busy (its tournament, or the Play tab's engine): wait for them to finish"
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
func (e *Page) startOn(workers int, give func()) tea.Cmd {
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
		e.history = append([]ga.GenStats(nil), r.History...)
	} else {
		s := ga.DefaultSettings(ga.Methods[e.method])
		s.UsePreset(core.PresetNames()[e.preset])
		s.Fitness, s.Population, s.Generations = ga.Fitnesses[e.fitness], e.pop, e.gens
		s.TC, s.Workers, s.Seed = evoTCs[e.tc], workers, uint64(e.seed)
		s.ValidateEvery = e.validate
		if s.Fitness == ga.FitnessPositions {
			if e.Env.Data == nil || len(e.datasets) == 0 {
				e.Status = "fitness positions needs a dataset: make one with evochess selfplay --name NAME"
				return nil
			}
			s.Dataset = e.datasets[e.dataset]
		}
		if e.Env.Data == nil {
			r, err = ga.NewRun(s, nil)
		} else if h, r, err = e.Env.Data.StartRun(s, "tui-"+saves.Stamp(time.Now()), true); err == nil {
			e.Env.Saves.Saved(saves.Runs, h.Name)
			e.name = h.Name
		}
		if err != nil {
			e.Status = e.Env.ErrText(err)
			return nil
		}
		e.history = nil
	}
	if h != nil {
		if err := h.Begin(r, e.Env.GenerationRoom()); err != nil {
			h.Close()
			e.Status = e.Env.ErrText(err)
			return nil
		}
	}
	e.to(evoRunning)
	id := e.StreamID
	e.run, e.handle, e.settings, e.schema, e.Watching = r, h, r.Settings, r.Schema(), nil
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
	r.Remote = e.Env.Remote(ctx, e.name)
	var data *saves.Dir
	if r.Settings.Fitness == ga.FitnessPositions {
		data = e.Env.DirOf(saves.Datasets, r.Settings.Dataset)
	}
	events := e.Follow(r.Bus().Subscribe())
	execute := e.Background(r.Bus(), give, func() components.WorkDoneMsg {
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
