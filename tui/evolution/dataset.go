package evolution

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/arena/dataset"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/ga"
	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/components"
)

// T readies the common job, tuning full with CMA-ES on a dataset's
// positions. Without a dataset it makes one first, as evochess selfplay
// does (full plays itself from the book's openings; each game's quiet
// positions are kept, labelled by its result), saved in the data
// directory every few seconds as it grows: x stops it keeping what is
// made, T goes on with it, and either the command (selfplay --name NAME
// --resume) or the tab finishes the dataset an uninterrupted run makes.
// When it is complete the tuning starts on it.

// datasetGames and datasetTCs are the dataset screen's choices.
var (
	datasetGames = []int{100, 200, 500, 1000, 2000, 5000, 10000}
	datasetTCs   = []string{"nodes=2000", "nodes=5000", "nodes=10000", "nodes=20000"}
)

// datasetJob is the dataset T makes: its settings on the screen, then the
// self-play job going on in the background, followed by its progress.
type datasetJob struct {
	name     string
	games    int // wanted
	tc       int // index into datasetTCs
	workers  int
	form     components.Form
	job      *saves.SelfplayJob // an unfinished one to go on with, or the one going on
	running  bool
	stream   int // the progress stream followed: an older one's is dropped
	cancel   context.CancelFunc
	progress dataset.Progress
}

// datasetMsg is a dataset's progress, or its end (done: complete, or
// stopped by err).
type datasetMsg struct {
	stream   int
	progress dataset.Progress
	done     bool
	err      error
}

// tunePreset is T: the form ready to tune full on a dataset, or the
// dataset screen when there is none to tune on yet (or one of this
// session's is unfinished).
func (e *Page) tunePreset() tea.Cmd {
	e.resume, e.preset, e.Status = 0, 0, ""
	e.method = indexOf(ga.Methods, ga.CMAES)
	e.applyMethodDefaults()
	e.preset = max(indexOf(core.PresetNames(), "full"), 0)
	e.validate = 10
	e.rebuildForm()
	e.Form.FocusOn("dataset")
	e.Refresh()
	if e.data != nil && e.data.running {
		e.to(evoDataset)
		return nil
	}
	if name := e.unfinishedDataset(); name != "" || len(e.datasets) == 0 {
		if e.Env.Data == nil {
			e.Status = "no data directory: a dataset cannot be made or kept"
			return nil
		}
		e.newDatasetJob(name)
		e.to(evoDataset)
		return nil
	}
	e.to(evoSetup)
	e.Status = "tuning full on " + e.datasets[e.dataset] + " (←→ another dataset) — s starts"
	return nil
}

// unfinishedDataset is a self-play dataset of this session's that has
// fewer games than it wants ("": none).
func (e *Page) unfinishedDataset() string {
	if e.Env.Data == nil {
		return ""
	}
	for _, n := range e.Env.OwnNames(saves.Datasets) {
		if m, ok := e.Env.Data.SelfplayOf(n); ok && m.Done < m.Games {
			return n
		}
	}
	return ""
}

// newDatasetJob readies the dataset screen: going on with the unfinished
// dataset name, or a new one.
func (e *Page) newDatasetJob(name string) {
	j := &datasetJob{name: name, games: 1000, tc: 1, workers: e.workers}
	if name != "" {
		if m, ok := e.Env.Data.SelfplayOf(name); ok {
			j.games, j.tc = m.Games, max(slices.Index(datasetTCs, m.Settings.TC), 0)
			j.progress = dataset.Progress{Games: m.Done, Total: m.Games}
			if info, err := e.Env.Data.DatasetInfo(name); err == nil {
				j.progress.Positions = info.Count
			}
		}
	}
	j.form = components.Form{St: e.St}
	fixed := func() bool { return j.name != "" || j.running } // an unfinished dataset keeps its settings
	j.form.Fields = []components.Field{
		{Label: "games", Value: func() string { return fmt.Sprint(j.games) }, Adjust: func(d int) {
			if !fixed() {
				i, _ := slices.BinarySearch(datasetGames, j.games)
				j.games = datasetGames[min(max(i+d, 0), len(datasetGames)-1)]
			}
		}},
		{Label: "search", Value: func() string { return datasetTCs[j.tc] }, Adjust: func(d int) {
			if !fixed() {
				j.tc = components.Cycle(j.tc, d, len(datasetTCs))
			}
		}},
		components.WorkersField("workers", &j.workers, e.Env),
	}
	e.data = j
}

// settings are a new dataset's: full against itself from the built-in
// book, as evochess selfplay's defaults, at the chosen search.
func (j *datasetJob) settings() saves.SelfplaySettings {
	return saves.SelfplaySettings{Players: []string{saves.DefaultSelfplayPlayer}, TC: datasetTCs[j.tc], Book: arena.BuiltinBook,
		Seed: 1, SkipPlies: dataset.DefaultSkipPlies, MaxMoves: 200}
}

// datasetKey takes the dataset screen's keys.
func (e *Page) datasetKey(msg tea.KeyMsg) tea.Cmd {
	j, k := e.data, e.Keys
	switch {
	case key.Matches(msg, k.Stop):
		if j.running && j.cancel != nil {
			j.cancel()
			e.Status = "stopping: the games in progress are given up, what is made is kept…"
		}
	case key.Matches(msg, k.Back):
		e.to(evoSetup) // a dataset being made goes on; T shows it again
		if j.running {
			e.Status = "the dataset is being made in the background: T shows it"
		}
	case key.Matches(msg, k.Start):
		if !j.running {
			return e.makeDataset()
		}
	default:
		if !j.running {
			j.form.Key(msg, e.Keys)
		}
	}
	return nil
}

// makeDataset starts (or goes on with) the dataset in the background, on
// the session's workers.
func (e *Page) makeDataset() tea.Cmd {
	j, d := e.data, e.Env.Data
	if err := e.Env.BeforeSave(0); err != nil {
		e.Status = "not started: " + e.Env.ErrText(err)
		return nil
	}
	var job *saves.SelfplayJob
	var err error
	if j.name != "" {
		job, err = d.OpenSelfplay(j.name, j.settings(), 0, true, func(string) bool { return false })
	} else {
		j.name = "tui-selfplay-" + saves.Stamp(time.Now())
		job, err = d.OpenSelfplay(j.name, j.settings(), j.games, false, func(string) bool { return false })
		if err == nil && job.State.Games > 0 { // another session's of the same second
			err = fmt.Errorf("dataset %s exists already: try again in a second", j.name)
		}
		if err != nil {
			j.name = ""
		}
	}
	if err == nil {
		_, err = job.Settings.Config(1, d) // the players, book and search, checked before the workers are taken
	}
	if err != nil {
		e.Status = "not started: " + e.Env.ErrText(err)
		return nil
	}
	workers, give := e.Env.CPU.Take(j.workers)
	if workers == 0 {
		e.Status = "this session's workers are all busy (its run or tournament, or the Play tab's engine): wait for them to finish"
		return nil
	}
	cfg, err := job.Settings.Config(workers, d)
	if err != nil {
		give()
		e.Status = "not started: " + e.Env.ErrText(err)
		return nil
	}
	cfg.Games = job.Games
	e.Env.Saves.Saved(saves.Datasets, j.name)
	e.probes++
	j.stream, j.job, j.running = e.probes, job, true
	j.progress = dataset.Progress{Games: job.State.Games, Total: job.Games}
	ctx, cancel := context.WithCancel(e.Env.Ctx)
	j.cancel = cancel
	e.Status = ""
	progress := make(chan dataset.Progress, 1)
	room := e.Env.GenerationRoom()
	stream := j.stream
	generate := func() tea.Msg {
		defer give()
		defer cancel()
		var saveErr error
		err := dataset.Generate(ctx, cfg, &job.State, func(p dataset.Progress) {
			if saveErr == nil {
				if saveErr = room(0); saveErr == nil {
					saveErr = job.SaveIfDue(d, false)
				}
				if saveErr != nil {
					cancel() // the user's disk is full, or the disk failed: stop here
				}
			}
			select { // the newest progress waits for the UI; an older one gives way
			case <-progress:
			default:
			}
			progress <- p
		})
		close(progress)
		if serr := job.SaveIfDue(d, true); saveErr == nil {
			saveErr = serr
		}
		if saveErr != nil {
			err = saveErr
		}
		return datasetMsg{stream: stream, done: true, err: err}
	}
	follow := common.Forward(e.Env.Ctx, progress, func(p dataset.Progress) tea.Msg { return datasetMsg{stream: stream, progress: p} })
	return tea.Batch(generate, follow)
}

// datasetEvent takes a dataset's progress and end: complete, the tuning
// starts on it.
func (e *Page) datasetEvent(msg datasetMsg) tea.Cmd {
	j := e.data
	if j == nil || msg.stream != j.stream {
		return nil
	}
	if !msg.done {
		j.progress = msg.progress
		return nil
	}
	j.running, j.cancel = false, nil
	switch {
	case errors.Is(msg.err, context.Canceled):
		e.Status = fmt.Sprintf("stopped at %d of %d games, kept as dataset %s: s (or T, or evochess selfplay --name %s --resume) goes on",
			j.job.State.Games, j.job.Games, j.name, j.name)
		return nil
	case msg.err != nil:
		e.Status = "the dataset stopped: " + e.Env.ErrText(msg.err)
		return nil
	}
	name := j.name
	e.data = nil
	e.Refresh()
	e.dataset = max(slices.Index(e.datasets, name), 0)
	if e.mode != evoDataset {
		e.Status = "dataset " + name + " is made: T readies the tuning on it"
		return nil
	}
	e.to(evoSetup)
	cmd := e.start()
	if cmd != nil {
		e.Status = fmt.Sprintf("dataset %s made (%d positions); tuning full on it: %s", name, len(j.job.State.Set.Samples), e.Status)
	}
	return cmd
}

// datasetView is the dataset screen.
func (e *Page) datasetView() string {
	j, st := e.data, e.St
	wrap := func(s string) string { return components.Truncate(s, e.W) }
	var b strings.Builder
	b.WriteString(st.Title.Render("Evolution — a dataset to tune on") + "\n\n")
	about := "No dataset yet. full plays itself from the built-in openings, as evochess selfplay does; the quiet positions of each game are kept, labelled by its result, and saved in the data directory as they come. Then CMA-ES tunes full on them (positions fitness, validated v full every 10 generations)."
	if j.job != nil || j.name != "" {
		about = "Dataset " + j.name + ": full plays itself from the built-in openings, as evochess selfplay does; saved as it grows. Then CMA-ES tunes full on it."
	}
	b.WriteString(st.NewStyle().Width(max(e.W-2, 20)).Render(about) + "\n\n")
	j.form.Begin()
	for i := range j.form.Fields {
		j.form.Field(i)
	}
	b.WriteString(j.form.View() + "\n\n")
	p := j.progress
	if p.Total > 0 {
		line := components.ProgressBar(p.Games, p.Total, 30) + fmt.Sprintf(" %d/%d games  %d positions", p.Games, p.Total, p.Positions)
		if p.ETA > 0 && j.running {
			line += "  ETA " + p.ETA.Round(time.Second).String()
		}
		b.WriteString(wrap(line) + "\n")
	}
	switch {
	case j.running:
		b.WriteString(st.Dim.Render(wrap("x stops (what is made is kept) · esc leaves it going")) + "\n")
	case j.name != "":
		b.WriteString(st.Dim.Render(wrap("s goes on with it · esc back to the form")) + "\n")
	default:
		b.WriteString(st.Dim.Render(wrap("s makes it · ←→ change · esc back to the form")) + "\n")
	}
	if e.Status != "" {
		b.WriteString(st.Err.Render(wrap(e.Status)))
	}
	return b.String()
}
