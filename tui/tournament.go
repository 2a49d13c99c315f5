package tui

import (
	"bytes"
	"context"
	"fmt"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/saves"
)

// tourEventMsg is an arena event of the page's tournament; tourDoneMsg
// its end.
type tourEventMsg struct {
	run int
	ev  arena.Event
}

type tourDoneMsg struct {
	run      int
	rep      *arena.Report
	err      error
	settings []string // how it was set up, for the saved record
}

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

// tournamentPage is the Tournament tab: set up, then watch.
type tournamentPage struct {
	env  *Env
	st   *Styles
	keys KeyMap
	w, h int

	// Set-up.
	entries                           []tourEntry
	focus                             int // 0..5 settings, 6.. entries
	format, tc, rounds, workers, seed int
	noBook                            bool
	paused                            atomic.Bool
	pairings                          []arena.Pairing
	shared                            *Live // ours, for other sessions to watch
	watching                          *Live // another session's, watched
	rows                              []int // focus of each line of the set-up view (-1: none), for clicks
	pick                              int   // the finished game chosen for replay

	// Running or finished.
	run       int
	running   bool
	cancel    context.CancelFunc
	table     *arena.Table
	live      map[int]*liveGame
	results   []arena.GameResult
	started   time.Time
	report    *arena.Report
	status    string
	replay    int // index into results being replayed, -1 none
	replayPly int
}

func newTournamentPage(env *Env, st *Styles, keys KeyMap) *tournamentPage {
	t := &tournamentPage{env: env, st: st, keys: keys, tc: 3, rounds: 1, workers: env.workers(), seed: 1, replay: -1}
	t.refresh()
	return t
}

// refresh rebuilds the player list (named players, saved players, the
// best of every saved run, installed engines), keeping what is ticked.
func (t *tournamentPage) refresh() {
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
	env := t.env
	for _, name := range env.savedNames(saves.Players) {
		add(tourEntry{label: "player " + name, load: func() (arena.PlayerSpec, error) {
			ps, err := env.loadPlayer(name)
			ps.Name = name
			return ps, err
		}}, false)
	}
	for _, name := range env.savedNames(saves.Runs) {
		add(tourEntry{label: "run " + name + " best", load: func() (arena.PlayerSpec, error) { return env.loadRunBest(name, name+"-best") }}, false)
	}
	for _, eng := range t.env.Engines {
		label := strings.TrimSuffix(engineLabel(eng), ")") + ", depth 1)"
		add(tourEntry{label: label, spec: enginePlayer(engineName(eng)+"1", eng, &arena.TimeControl{Depth: 1})}, false)
	}
	t.focus = min(t.focus, 5+len(t.entries))
}

func (t *tournamentPage) Title() string    { return "Tournament" }
func (t *tournamentPage) SetSize(w, h int) { t.w, t.h = w, h }
func (t *tournamentPage) Init() tea.Cmd    { return nil }
func (t *tournamentPage) Capturing() bool  { return false }
func (t *tournamentPage) ShortHelp() []key.Binding {
	k := t.keys
	return []key.Binding{k.Choose, k.Change, k.Select, k.Start, k.Stop}
}
func (t *tournamentPage) FullHelp() [][]key.Binding {
	k := t.keys
	return [][]key.Binding{{k.Up, k.Down, k.Select, k.Left, k.Right}, {k.Start, k.Stop}}
}

func (t *tournamentPage) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tourEventMsg:
		if msg.run == t.run {
			t.event(msg.ev)
		}
	case tourDoneMsg:
		if msg.run == t.run {
			t.finish(msg)
		}
	case tabShownMsg:
		if !t.running && t.report == nil && len(t.results) == 0 {
			t.refresh()
		}
	case tea.MouseMsg:
		t.mouse(msg)
	case tea.KeyMsg:
		return t, t.key(msg)
	}
	return t, nil
}

// mouse: a click on a set-up row focuses it; on a player, also ticks it.
func (t *tournamentPage) mouse(msg tea.MouseMsg) {
	if msg.Action != tea.MouseActionPress || msg.Button != tea.MouseButtonLeft || t.running || t.report != nil || len(t.results) > 0 {
		return
	}
	for row, focus := range t.rows {
		if row == msg.Y && focus >= 0 {
			t.focus = focus
			if focus >= 6 {
				t.entries[focus-6].on = !t.entries[focus-6].on
			}
		}
	}
}

func (t *tournamentPage) event(e arena.Event) {
	t.shared.record(e)
	switch e := e.(type) {
	case streamEnd:
		if t.watching != nil && t.running {
			t.running = false
			t.status = "the tournament ended"
		}
	case arena.TournamentFinished:
		if t.watching != nil {
			t.running = false
			t.status = "the tournament ended (" + e.Reason + ")"
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

func (t *tournamentPage) finish(msg tourDoneMsg) {
	t.shared = nil
	t.running, t.report = false, msg.rep
	if t.cancel != nil {
		t.cancel()
	}
	switch {
	case msg.err != nil:
		t.status = "stopped: " + t.env.errText(msg.err)
	case msg.rep != nil:
		t.status = fmt.Sprintf("finished (%s): %d games in %s", msg.rep.Reason, msg.rep.Games, time.Since(t.started).Round(time.Second))
		t.table = msg.rep.Table
		if len(msg.rep.Pairings) > 0 { // the events may still be on their way
			t.pairings = msg.rep.Pairings
		}
		if t.env.Data != nil {
			var pgn bytes.Buffer
			for i := range msg.rep.Results {
				arena.WriteGamePGN(&pgn, &msg.rep.Results[i], "evochess tournament", "")
			}
			keep := saves.FinishedTournament{Name: "tui-" + saves.Stamp(time.Now()), Fresh: true, Settings: msg.settings, Report: msg.rep, PGN: pgn.Bytes()}
			if err := t.env.beforeSave(int64(pgn.Len())); err != nil {
				t.status += "; not saved: " + t.env.errText(err)
			} else if name, err := t.env.Data.KeepTournament(keep); err != nil {
				t.status += "; not saved: " + t.env.errText(err)
			} else {
				t.env.Saves.saved(saves.Tournaments, name)
				t.status += "; saved as tournament " + name
			}
		}
	}
}

func (t *tournamentPage) key(msg tea.KeyMsg) tea.Cmd {
	k := t.keys
	if t.replay >= 0 {
		switch {
		case key.Matches(msg, k.Back):
			t.replay = -1
		case key.Matches(msg, k.Left):
			t.replayPly = max(t.replayPly-1, 0)
		case key.Matches(msg, k.Right):
			t.replayPly = min(t.replayPly+1, len(t.results[t.replay].Moves))
		}
		return nil
	}
	if t.watching != nil {
		if key.Matches(msg, k.Back) {
			t.running, t.watching, t.results, t.status = false, nil, nil, ""
			t.run++ // drop the rest of its events
		} else if key.Matches(msg, k.Stop) || key.Matches(msg, k.Pause) {
			t.status = "watching another session's tournament: only it can pause or stop it (esc leaves)"
		}
		return nil
	}
	if t.running {
		switch {
		case key.Matches(msg, k.Stop) && t.cancel != nil:
			t.paused.Store(false)
			t.cancel()
			t.status = "stopping…"
		case key.Matches(msg, k.Pause):
			t.paused.Store(!t.paused.Load())
			t.status = "running"
			if t.paused.Load() {
				t.status = "paused: games in progress finish, no new ones start (P resumes)"
			}
		}
		return nil
	}
	if t.report != nil || len(t.results) > 0 {
		switch {
		case key.Matches(msg, k.Up):
			t.pick = max(t.pick-1, 0)
		case key.Matches(msg, k.Down):
			t.pick = min(t.pick+1, len(t.results)-1)
		case key.Matches(msg, k.Select) && len(t.results) > 0:
			t.replay, t.replayPly = min(t.pick, len(t.results)-1), 0
		case key.Matches(msg, k.Back), key.Matches(msg, k.NewGame):
			t.report, t.results, t.pairings, t.status, t.pick = nil, nil, nil, "", 0 // back to the set-up
			t.refresh()
		}
		return nil
	}
	n := 6 + len(t.entries)
	switch {
	case key.Matches(msg, k.Up):
		t.focus = (t.focus + n - 1) % n
	case key.Matches(msg, k.Down):
		t.focus = (t.focus + 1) % n
	case key.Matches(msg, k.Left), key.Matches(msg, k.Right):
		d := 1
		if key.Matches(msg, k.Left) {
			d = -1
		}
		switch t.focus {
		case 0:
			t.format = (t.format + d + len(tourFormats)) % len(tourFormats)
		case 1:
			t.tc = (t.tc + d + len(tourTCs)) % len(tourTCs)
		case 2:
			t.rounds = min(max(t.rounds+d, 1), 50)
		case 3:
			t.workers = min(max(t.workers+d, 1), t.env.CPU.Max())
		case 4:
			t.seed = max(t.seed+d, 1)
		case 5:
			t.noBook = !t.noBook
		}
	case key.Matches(msg, k.Select):
		if t.focus >= 6 {
			t.entries[t.focus-6].on = !t.entries[t.focus-6].on
		}
	case key.Matches(msg, k.Start):
		return t.start()
	case key.Matches(msg, k.Watch):
		return t.watch()
	}
	return nil
}

// watch follows another session's tournament live.
func (t *tournamentPage) watch() tea.Cmd {
	l, sub, why := t.env.Hub.watchOther(LiveTournament, t.env)
	if l == nil {
		t.status = why
		return nil
	}
	tb, pairings, _, _ := l.snapshot()
	t.run++
	run := t.run
	t.watching, t.running, t.started = l, true, l.Started
	t.table, t.pairings, t.live, t.results, t.report = tb, pairings, map[int]*liveGame{}, nil, nil
	if t.table == nil {
		t.table = arena.NewTable(nil, 0)
	}
	t.status = "watching " + l.Name + " (esc leaves)"
	return stream(t.env.Ctx, sub, false, func(e arena.Event) tea.Msg { return tourEventMsg{run, e} })
}

func (t *tournamentPage) start() tea.Cmd {
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
			t.status = t.env.errText(err)
			return nil
		}
		specs = append(specs, ps)
	}
	if len(specs) < 2 {
		t.status = "pick at least two players (enter on a player)"
		return nil
	}
	workers, give := t.env.CPU.Take(t.workers)
	if workers == 0 {
		t.status = "this session's workers are all busy (its run, or the Play tab's engine): wait for them to finish"
		return nil
	}
	tc, err := arena.ParseTimeControl(tourTCs[t.tc])
	var book *arena.Book
	if err == nil && !t.noBook {
		book, err = arena.OpenBook(arena.BuiltinBook)
	}
	if err != nil { // the form's own values: a bug, but said, not swallowed
		give()
		t.status = err.Error()
		return nil
	}
	t.paused.Store(false)
	bus := arena.NewBus()
	sub := bus.Subscribe()
	tour := &arena.Tournament{Format: tourFormats[t.format], Players: specs, Rounds: t.rounds, Book: book, Seed: uint64(t.seed),
		Workers: workers, Bus: bus, Options: arena.GameOptions{TC: tc, MaxMoves: 200, Margin: 100 * time.Millisecond}, Paused: &t.paused}
	t.run++
	run := t.run
	ctx, cancel := context.WithCancel(t.env.Ctx)
	tour.Remote = t.env.remote(ctx, "") // a tournament is not resumed
	t.cancel, t.running, t.started = cancel, true, time.Now()
	t.shared = t.env.Hub.AddTournament(fmt.Sprintf("%s %s of %d players by %s", tourFormats[t.format], tourTCs[t.tc], len(specs), t.env.who()), t.env, bus)
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = s.Name
	}
	t.table, t.live, t.results, t.report, t.status, t.pairings = arena.NewTable(names, 0), map[int]*liveGame{}, nil, nil, "", nil
	if workers < t.workers {
		t.status = fmt.Sprintf("running on %d workers, this session's share of the server", workers)
	}
	shared, hub := t.shared, t.env.Hub
	play := func() tea.Msg {
		defer give()
		rep, err := tour.Run(ctx)
		hub.Remove(shared)
		bus.Publish(streamEnd{}) // after every event of the tournament
		return tourDoneMsg{run: run, rep: rep, err: err, settings: tourSettings(tour)}
	}
	return tea.Batch(play, stream(t.env.Ctx, sub, false, func(e arena.Event) tea.Msg { return tourEventMsg{run, e} }))
}

func (t *tournamentPage) View() string {
	if t.replay >= 0 {
		return t.replayView()
	}
	if !t.running && t.report == nil && len(t.results) == 0 {
		return t.setupView()
	}
	return t.liveView()
}

func (t *tournamentPage) setupView() string {
	st := t.st
	var lines []string
	t.rows = t.rows[:0]
	add := func(focus int, s string) { // focus -1: not a choice
		if focus >= 0 {
			if t.focus == focus {
				s = st.Header.Render("› " + s)
			} else {
				s = "  " + s
			}
		}
		lines, t.rows = append(lines, s), append(t.rows, focus)
	}
	add(-1, st.Title.Render("New tournament")+st.Dim.Render("   ↑↓ choose · ←→ change · enter toggles a player · s starts"))
	live := ""
	if others := t.env.Hub.Others(LiveTournament, t.env); len(others) > 0 {
		live = st.Header.Render(fmt.Sprintf("live in another session: %s — v watches it", others[0].Name))
	}
	add(-1, live)
	add(0, "format       "+tourFormats[t.format])
	add(1, "time control "+tourTCs[t.tc])
	add(2, fmt.Sprintf("rounds       %d", t.rounds))
	add(3, fmt.Sprintf("concurrency  %d", t.workers))
	add(4, fmt.Sprintf("seed         %d", t.seed))
	add(5, "openings     "+map[bool]string{false: arena.BuiltinBook + " (colour-swapped pairs)", true: "start position"}[t.noBook])
	add(-1, "")
	add(-1, st.Header.Render("Players"))
	first := max(0, t.focus-6-(t.h-17))
	for i := first; i < len(t.entries) && len(lines) < t.h-1; i++ {
		box := "[ ]"
		if t.entries[i].on {
			box = "[x]"
		}
		add(6+i, box+" "+t.entries[i].label)
	}
	if t.status != "" {
		add(-1, st.Err.Render(t.status))
	}
	return strings.Join(lines, "\n")
}

func (t *tournamentPage) liveView() string {
	st := t.st
	tb := t.table
	var b strings.Builder
	total := 0
	if tb != nil {
		total = tb.Total
	}
	done := len(t.results)
	if tb != nil {
		done = tb.Played
	}
	title := tourFormats[t.format] + " · " + tourTCs[t.tc]
	if t.watching != nil {
		title = t.watching.Name
	}
	b.WriteString(st.Title.Render(title) + "  " + progressBar(st, done, total, 30, time.Since(t.started)) + "\n")
	if t.status != "" {
		b.WriteString(st.Dim.Render(t.status) + "\n")
	}
	b.WriteString(strings.TrimPrefix(workersView(st, t.env, t.w)+"\n", "\n"))
	b.WriteString("\n")
	if tb != nil {
		b.WriteString(standingsTable(st, tb))
	}
	if len(t.live) > 0 {
		b.WriteString("\n" + st.Header.Render("Playing now") + "\n")
		b.WriteString(t.miniBoards())
	}
	if len(t.pairings) > 0 {
		b.WriteString("\n" + st.Header.Render("Bracket") + "\n")
		for _, p := range t.pairings {
			win := "tie, nobody overwritten"
			if p.Winner != "" {
				win = p.Winner + " goes on"
				if p.Note != "" {
					win += " (" + p.Note + ")"
				}
			}
			b.WriteString(truncate(fmt.Sprintf("%d. %s %s–%s %s  [%s]  %s", p.Round, p.NameA, trimFloat(p.PointsA), trimFloat(p.PointsB), p.NameB, strings.Join(p.Games, ", "), win), t.w) + "\n")
		}
		if t.report != nil && len(t.report.Final) > 0 {
			b.WriteString(st.Dim.Render("final line: "+strings.Join(t.report.Final, " · ")) + "\n")
		}
	}
	if len(t.results) > 0 && !t.running {
		b.WriteString("\n" + st.Header.Render("Games") + st.Dim.Render("  ↑↓ choose · enter replays (←→ step, esc back) · esc or n: a new tournament") + "\n")
		t.pick = min(t.pick, len(t.results)-1)
		from := max(0, min(t.pick-2, len(t.results)-5))
		for i := from; i < len(t.results) && i < from+5; i++ {
			g := t.results[i]
			line := fmt.Sprintf("%3d. %s – %s  %s  %s, %d plies", i+1, g.White, g.Black, resultText(g.Outcome), g.Reason, len(g.Moves))
			if i == t.pick {
				line = st.Header.Render("› " + line)
			} else {
				line = "  " + line
			}
			b.WriteString(truncate(line, t.w) + "\n")
		}
	}
	return b.String()
}

// standingsTable draws rank, player, points, W-D-L, Elo ± error and the
// score matrix.
func standingsTable(st *Styles, tb *arena.Table) string {
	var b strings.Builder
	stand := tb.Standings()
	b.WriteString(st.Header.Render(fmt.Sprintf("%-3s %-16s %6s %5s %-11s %-12s", "#", "player", "points", "games", "W-D-L", "Elo")))
	order := make([]int, len(stand))
	for i, s := range stand {
		order[i] = s.Index
	}
	for i := range stand {
		b.WriteString(st.Header.Render(fmt.Sprintf(" %4d", i+1)))
	}
	b.WriteString("\n")
	for r, s := range stand {
		elo := "—"
		if s.Games > 0 {
			elo = fmt.Sprintf("%+.0f ± %.0f", s.Elo, s.Error)
		}
		b.WriteString(fmt.Sprintf("%-3d %-16s %6.1f %5d %-11s %-12s", r+1, truncate(s.Player, 16), s.Points, s.Games, fmt.Sprintf("%d-%d-%d", s.W, s.D, s.L), elo))
		for _, j := range order {
			cell := "   ·"
			if j == s.Index {
				cell = "   ×"
			} else if tb.Games[s.Index][j] > 0 {
				cell = fmt.Sprintf("%4s", trimFloat(tb.Score[s.Index][j]))
			}
			b.WriteString(" " + cell)
		}
		b.WriteString("\n")
	}
	return b.String()
}

func trimFloat(f float64) string {
	s := fmt.Sprintf("%.1f", f)
	return strings.TrimSuffix(s, ".0")
}

// miniBoards draws the games in progress as small letter boards.
func (t *tournamentPage) miniBoards() string {
	ids := make([]int, 0, len(t.live))
	for id := range t.live {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	var boards []string
	for _, id := range ids {
		g := t.live[id]
		pos, err := core.ParseFEN(g.fen)
		if err != nil {
			continue
		}
		var b strings.Builder
		b.WriteString(truncate(g.white+"–"+g.black, 17) + "\n")
		for r := 7; r >= 0; r-- {
			for f := 0; f < 8; f++ {
				pc := pos.PieceAt(core.MakeSquare(f, r))
				ch := "."
				if pc != core.NoPiece {
					ch = string(pc.Char())
				}
				b.WriteString(ch + " ")
			}
			b.WriteString("\n")
		}
		b.WriteString(t.st.Dim.Render(fmt.Sprintf("ply %d", g.ply)))
		boards = append(boards, b.String())
		if len(boards)*19 > t.w {
			break
		}
	}
	return lipgloss.JoinHorizontal(lipgloss.Top, interleave(boards, "  ")...)
}

func interleave(items []string, sep string) []string {
	var out []string
	for i, s := range items {
		if i > 0 {
			out = append(out, sep)
		}
		out = append(out, s)
	}
	return out
}

func (t *tournamentPage) replayView() string {
	g := t.results[t.replay]
	pos, err := core.ParseFEN(g.StartFEN)
	if err != nil {
		return err.Error()
	}
	for _, m := range g.Moves[:t.replayPly] {
		pos.MakeMove(m.Move)
	}
	bw, bh := fitSquares(t.w-30, t.h-2)
	bv := boardView{pos: pos, cursor: core.NoSquare, selected: core.NoSquare, last: pos.LastMove(), sqW: bw, sqH: bh}
	info := fmt.Sprintf("%s – %s\n%s (%s)\nply %d of %d", g.White, g.Black, resultText(g.Outcome), g.Reason, t.replayPly, len(g.Moves))
	if t.replayPly > 0 {
		m := g.Moves[t.replayPly-1]
		info += fmt.Sprintf("\n%s  %d/%d  %s", m.SAN, m.Score, m.Depth, m.Time.Round(time.Millisecond))
	}
	return lipgloss.JoinHorizontal(lipgloss.Top, bv.render(t.st), "  ", info)
}

func resultText(o core.Outcome) string {
	return map[core.Outcome]string{core.WhiteWins: "1-0", core.BlackWins: "0-1", core.Draw: "½-½", core.Ongoing: "*"}[o]
}
