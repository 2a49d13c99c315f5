package tournament

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/components"
)

var (
	tourFormats = []string{arena.RoundRobin, arena.Gauntlet, arena.Selection, arena.Knockout}
	tourTCs     = []string{"depth=1", "depth=2", "depth=3", "nodes=5000", "nodes=20000", "movetime=100", "10+0.1"}
)

// tourEntry is a player the set-up list offers: a built-in or installed
// engine, or for a saved player or run, load, which reads it from
// wherever the session keeps it (its own saves or the shared library).
type tourEntry struct {
	label string
	spec  arena.PlayerSpec
	load  func() (arena.PlayerSpec, error)
	on    bool
}

// liveGame is a game in progress, for the mini-boards.
type liveGame struct {
	white, black string
	fen          string
	ply          int
}

// Page is the Tournament tab: set up, then watch.
type Page struct {
	components.WorkTab
	mode tourMode

	// Set-up.
	firstPlayer                       int // the form's field of entries[0]
	entries                           []tourEntry
	format, tc, rounds, workers, seed int
	noBook                            bool
	paused                            atomic.Bool
	pairings                          []arena.Pairing
	pick                              int // the finished game chosen for replay

	// Running or finished.
	cancel    context.CancelFunc
	table     *arena.Table
	live      map[int]*liveGame
	results   []arena.GameResult
	started   time.Time
	report    *arena.Report
	replay    int // index into results being replayed
	replayPly int
}

func New(env *common.Env, st *common.Styles, keys common.KeyMap) *Page {
	t := &Page{WorkTab: components.NewWorkTab(env, st, keys, false), tc: 3, rounds: 1, workers: env.DefaultWorkers(), seed: 1}
	t.Refresh()
	return t
}

// refresh rebuilds the player list (named players, saved players, the
// best of every saved run, installed engines), keeping what is ticked.
func (t *Page) Refresh() {
	on := map[string]bool{}
	for _, e := range t.entries {
		on[e.label] = e.on
	}
	first := len(t.entries) == 0
	t.entries = nil
	add := func(e tourEntry, dflt bool) {
		v, seen := on[e.label]
		if !seen {
			v = first && dflt
		}
		e.on = v
		t.entries = append(t.entries, e)
	}
	for i, name := range core.PlayerNames() {
		add(tourEntry{label: name, spec: arena.PlayerSpec{Name: name, Chromosome: name, HashMB: arena.DefaultHashMB}}, i < 3)
	}
	env := t.Env
	for _, name := range env.SavedNames(saves.Players) {
		add(tourEntry{label: "player " + name, load: func() (arena.PlayerSpec, error) {
			ps, err := env.LoadPlayer(name)
			ps.Name = name
			return ps, err
		}}, false)
	}
	for _, name := range env.SavedNames(saves.Runs) {
		add(tourEntry{label: "run " + name + " best", load: func() (arena.PlayerSpec, error) { return env.LoadRunBest(name, name+"-best") }}, false)
	}
	for _, eng := range t.Env.Engines {
		label := strings.TrimSuffix(common.EngineLabel(eng), ")") + ", depth 1)"
		add(tourEntry{label: label, spec: common.EnginePlayer(common.EngineName(eng)+"1", eng, &arena.TimeControl{Depth: 1})}, false)
	}
	fields := t.settingFields()
	t.firstPlayer = len(fields)
	for i := range t.entries {
		fields = append(fields, t.playerField(i))
	}
	t.Form.Fields = fields
	t.Form.ClampFocus()
}

func (t *Page) Title() string { return "Tournament" }
func (t *Page) ShortHelp() []key.Binding {
	k := t.Keys
	return []key.Binding{k.Choose, k.Change, k.Select, k.Start, k.Stop}
}

func (t *Page) FullHelp() [][]key.Binding {
	k := t.Keys
	return [][]key.Binding{{k.Up, k.Down, k.Select, k.Left, k.Right}, {k.Start, k.Stop}}
}

func (t *Page) Update(msg tea.Msg) (tea.Model, tea.Cmd) { return t, t.Handle(t, msg) }

func (t *Page) Setup() bool { return t.mode == tourSetup }

func (t *Page) Event(e arena.Event) {
	switch e := e.(type) {
	case common.StreamEnd:
		if t.mode == tourWatching {
			t.to(tourWatched)
			t.Status = "the tournament ended"
		}
	case arena.TournamentFinished:
		if t.mode == tourWatching {
			t.to(tourWatched)
			t.Status = "the tournament ended (" + e.Reason + ")"
			if e.Table != nil {
				t.table = e.Table
			}
		}
	case arena.GameStarted:
		t.live[e.Game] = &liveGame{white: e.White, black: e.Black, fen: e.StartFEN}
	case arena.MovePlayed:
		if g := t.live[e.Game]; g != nil {
			g.fen, g.ply = e.FEN, e.Ply
		}
	case arena.GameFinished:
		delete(t.live, e.Game)
		t.results = append(t.results, e.Result)
	case arena.StandingsChanged:
		if t.report == nil { // after the report, its table is the final word
			t.table = e.Table
		}
	case arena.PairingDecided:
		if t.report == nil {
			t.pairings = append(t.pairings, e.Pairing)
		}
	}
}

func (t *Page) Finish(msg components.WorkDoneMsg) {
	t.Shared = nil
	t.report = msg.Rep
	if t.cancel != nil {
		t.cancel()
	}
	if t.report != nil || len(t.results) > 0 {
		t.to(tourResults)
	} else {
		t.to(tourSetup) // stopped before a game ended: nothing to show
	}
	switch {
	case msg.Err != nil:
		t.Status = "stopped: " + t.Env.ErrText(msg.Err)
	case msg.Rep != nil:
		t.Status = fmt.Sprintf("finished (%s): %d games in %s", msg.Rep.Reason, msg.Rep.Games, time.Since(t.started).Round(time.Second))
		t.table = msg.Rep.Table
		if len(msg.Rep.Pairings) > 0 { // the events may still be on their way
			t.pairings = msg.Rep.Pairings
		}
		if t.Env.Data != nil {
			var pgn bytes.Buffer
			for i := range msg.Rep.Results {
				arena.WriteGamePGN(&pgn, &msg.Rep.Results[i], "evochess tournament", "")
			}
			keep := saves.FinishedTournament{Name: "tui-" + saves.Stamp(time.Now()), Fresh: true, Settings: msg.Settings, Report: msg.Rep, PGN: pgn.Bytes()}
			if err := t.Env.BeforeSave(int64(pgn.Len())); err != nil {
				t.Status += "; not saved: " + t.Env.ErrText(err)
			} else if name, err := t.Env.Data.KeepTournament(keep); err != nil {
				t.Status += "; not saved: " + t.Env.ErrText(err)
			} else {
				t.Env.Saves.Saved(saves.Tournaments, name)
				t.Status += "; saved as tournament " + name
			}
		}
	}
}

func (t *Page) Key(msg tea.KeyMsg) tea.Cmd {
	k := t.Keys
	switch t.mode {
	case tourReplay:
		switch {
		case key.Matches(msg, k.Back):
			t.to(tourResults)
		case key.Matches(msg, k.Left):
			t.replayPly = max(t.replayPly-1, 0)
		case key.Matches(msg, k.Right):
			t.replayPly = min(t.replayPly+1, len(t.results[t.replay].Moves))
		}
	case tourWatching, tourWatched:
		if key.Matches(msg, k.Back) {
			t.to(tourSetup)
		} else if key.Matches(msg, k.Stop) || key.Matches(msg, k.Pause) {
			t.Status = "watching another session's tournament: only it can pause or stop it (esc leaves)"
		}
	case tourRunning:
		switch {
		case key.Matches(msg, k.Stop) && t.cancel != nil:
			t.paused.Store(false)
			t.cancel()
			t.Status = "stopping…"
		case key.Matches(msg, k.Pause):
			t.paused.Store(!t.paused.Load())
			t.Status = "running"
			if t.paused.Load() {
				t.Status = "paused: games in progress finish, no new ones start (P resumes)"
			}
		}
	case tourResults:
		switch {
		case key.Matches(msg, k.Up):
			t.pick = max(t.pick-1, 0)
		case key.Matches(msg, k.Down):
			t.pick = min(t.pick+1, len(t.results)-1)
		case key.Matches(msg, k.Select) && len(t.results) > 0:
			t.to(tourReplay)
		case key.Matches(msg, k.Back), key.Matches(msg, k.NewGame):
			t.to(tourSetup)
		}
	case tourSetup:
		return t.SetupKey(msg, t.start, t.watch)
	}
	return nil
}

// watch follows another session's tournament live.
func (t *Page) watch() tea.Cmd {
	return t.WatchOther(common.LiveTournament, func(l *common.Live) error {
		tb, pairings, _, _ := l.Snapshot()
		t.to(tourWatching)
		t.Watching, t.started, t.table, t.pairings = l, l.Started, tb, pairings
		if t.table == nil {
			t.table = arena.NewTable(nil, 0)
		}
		return nil
	})
}

func (t *Page) start() tea.Cmd {
	var specs []arena.PlayerSpec
	for _, e := range t.entries {
		if !e.on {
			continue
		}
		var ps arena.PlayerSpec
		var err error
		if e.load != nil {
			ps, err = e.load()
		} else {
			ps = e.spec
		}
		if err != nil {
			t.Status = t.Env.ErrText(err)
			return nil
		}
		specs = append(specs, ps)
	}
	if len(specs) < 2 {
		t.Status = "pick at least two players (enter on a player)"
		return nil
	}
	workers, give := t.Env.CPU.Take(t.workers)
	if workers == 0 {
		t.Status = "this session's workers are all busy (its run, or the Play tab's engine): wait for them to finish"
		return nil
	}
	tc, err := arena.ParseTimeControl(tourTCs[t.tc])
	var book *arena.Book
	if err == nil && !t.noBook {
		book, err = arena.OpenBook(arena.BuiltinBook)
	}
	if err != nil { // the form's own values: a bug, but said, not swallowed
		give()
		t.Status = err.Error()
		return nil
	}
	t.paused.Store(false)
	bus := arena.NewBus()
	tour := &arena.Tournament{Format: tourFormats[t.format], Players: specs, Rounds: t.rounds, Book: book, Seed: uint64(t.seed),
		Workers: workers, Bus: bus, Options: arena.GameOptions{TC: tc, MaxMoves: 200, Margin: 100 * time.Millisecond}, Paused: &t.paused}
	t.to(tourRunning)
	run := t.StreamID
	ctx, cancel := context.WithCancel(t.Env.Ctx)
	tour.Remote = t.Env.Remote(ctx, "") // a tournament is not resumed
	t.cancel, t.started = cancel, time.Now()
	t.Shared = t.Env.Hub.AddTournament(fmt.Sprintf("%s %s of %d players by %s", tourFormats[t.format], tourTCs[t.tc], len(specs), t.Env.Name()), t.Env, bus)
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = s.Name
	}
	t.table, t.Status = arena.NewTable(names, 0), ""
	if workers < t.workers {
		t.Status = fmt.Sprintf("running on %d workers, this session's share of the server", workers)
	}
	events := t.Follow(bus.Subscribe())
	play := t.Background(bus, give, func() components.WorkDoneMsg {
		rep, err := tour.Run(ctx)
		return components.WorkDoneMsg{Stream: run, Rep: rep, Err: err, Settings: tourSettings(tour)}
	})
	return tea.Batch(play, events)
}

func (t *Page) View() string {
	switch t.mode {
	case tourReplay:
		return t.replayView()
	case tourSetup:
		return t.setupView()
	}
	return t.liveView()
}
