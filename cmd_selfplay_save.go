package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/arena/dataset"
	"github.com/evochess/evochess/saves"
)

// selfplayGenerator marks a dataset's Meta as this command's, so that
// --resume refuses a dataset imported from EPD.
const selfplayGenerator = "selfplay"

// defaultSelfplayPlayer plays itself when no --player is given.
const defaultSelfplayPlayer = "name=full,chromosome=full"

// selfplaySettings are what the dataset depends on, as given on the
// command line: a resumed run must use the same ones (the number of games
// may grow, the workers do not matter).
type selfplaySettings struct {
	Players   []string `json:"players"`
	TC        string   `json:"tc"`
	Book      string   `json:"book"`
	Seed      uint64   `json:"seed"`
	SkipPlies int      `json:"skip_plies"`
	PerGame   int      `json:"per_game"`
	MaxMoves  int      `json:"max_moves"`
	Label     string   `json:"label,omitempty"`
}

// selfplayMeta is the dataset's Meta: its settings and how far it got.
type selfplayMeta struct {
	Generator string           `json:"generator"`
	Settings  selfplaySettings `json:"settings"`
	Games     int              `json:"games"` // wanted
	Done      int              `json:"games_done"`
	Dropped   int              `json:"games_dropped"`
}

// selfplayJob is a run being made: its settings, its state and when it
// was last saved.
type selfplayJob struct {
	name     string
	settings selfplaySettings
	games    int
	state    dataset.State
	info     saves.DatasetInfo // as last saved (zero for a new dataset)
	saved    bool              // the dataset exists on disk
	doneThen int               // games done when it was saved
	lastSave time.Time
	saveTook time.Duration
}

func (f *selfplayFlags) settings() selfplaySettings {
	players := f.players
	if len(players) == 0 {
		players = []string{defaultSelfplayPlayer}
	}
	return selfplaySettings{Players: players, TC: f.tc, Book: f.book, Seed: f.seed, SkipPlies: f.skip,
		PerGame: f.perGame, MaxMoves: f.maxMoves, Label: f.label}
}

// fields lists the settings by the flag that sets them, as text.
func (s selfplaySettings) fields() [][2]string {
	return [][2]string{
		{"player", strings.Join(s.Players, " ")}, {"tc", s.TC}, {"book", strconv.Quote(s.Book)},
		{"seed", fmt.Sprint(s.Seed)}, {"skip-plies", fmt.Sprint(s.SkipPlies)}, {"per-game", fmt.Sprint(s.PerGame)},
		{"max-moves", fmt.Sprint(s.MaxMoves)}, {"label", strconv.Quote(s.Label)},
	}
}

// differences names each setting of given that is not as saved; with
// changed set, only the settings whose flag was given count.
func differences(saved, given selfplaySettings, changed func(string) bool) []string {
	var out []string
	g := given.fields()
	for i, s := range saved.fields() {
		if g[i][1] != s[1] && (changed == nil || changed(s[0])) {
			out = append(out, fmt.Sprintf("--%s %s (saved: %s)", s[0], g[i][1], s[1]))
		}
	}
	return out
}

// openSelfplay starts the dataset f.name, or reopens it to go on: with
// --resume its saved settings stand and only the flags given must agree;
// without, every setting must be as saved.
func openSelfplay(d *saves.Dir, f *selfplayFlags, changed func(string) bool) (*selfplayJob, error) {
	given := f.settings()
	info, err := d.DatasetInfo(f.name)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, err // there, but unreadable; or a bad name
		}
		if f.resume {
			return nil, fmt.Errorf("--resume: no dataset %q in %s", f.name, d.Root)
		}
		return &selfplayJob{name: f.name, settings: given, games: f.games}, nil
	}
	var meta selfplayMeta
	if err := json.Unmarshal(info.Meta, &meta); err != nil || meta.Generator != selfplayGenerator {
		return nil, fmt.Errorf("dataset %q exists and was not made by selfplay: give another --name", f.name)
	}
	if f.resume {
		if diff := differences(meta.Settings, given, changed); diff != nil {
			return nil, fmt.Errorf("dataset %q was made with other settings: %s", f.name, strings.Join(diff, ", "))
		}
	} else if diff := differences(meta.Settings, given, nil); diff != nil {
		return nil, fmt.Errorf("dataset %q was made with other settings: %s; give another --name, or --resume to go on with the saved ones",
			f.name, strings.Join(diff, ", "))
	}
	games := meta.Games
	if changed("games") {
		games = f.games
	}
	if games < meta.Done {
		return nil, fmt.Errorf("dataset %q has %d games done: --games %d is fewer", f.name, meta.Done, games)
	}
	set, info, err := d.LoadDataset(f.name)
	if err != nil {
		return nil, err
	}
	return &selfplayJob{name: f.name, settings: meta.Settings, games: games, info: info, saved: true, doneThen: meta.Done, lastSave: time.Now(),
		state: dataset.State{Set: *set, Games: meta.Done, Discarded: meta.Dropped}}, nil
}

// config turns the settings into the generator's configuration; the
// players' SPECs may name saved players and runs of d.
func (s selfplaySettings) config(workers int, d *saves.Dir) (dataset.Config, error) {
	cfg := dataset.Config{Seed: s.Seed, Workers: workers, SkipPlies: s.SkipPlies, PerGame: s.PerGame}
	if workers < 0 {
		return cfg, errors.New("--workers must not be negative")
	}
	if s.SkipPlies < 0 || s.PerGame < 0 || s.MaxMoves < 1 {
		return cfg, errors.New("--skip-plies and --per-game must not be negative, --max-moves must be positive")
	}
	tc, err := arena.ParseTimeControl(s.TC)
	if err != nil {
		return cfg, fmt.Errorf("--tc: %w", err)
	}
	cfg.Options = arena.GameOptions{TC: tc, MaxMoves: s.MaxMoves, Margin: 100 * time.Millisecond}
	if cfg.Players, err = parseSpecs(s.Players, d); err != nil {
		return cfg, err
	}
	if s.Book != "" {
		if cfg.Book, err = arena.OpenBook(s.Book); err != nil {
			return cfg, fmt.Errorf("--book: %w", err)
		}
	}
	if s.Label != "" {
		if cfg.Label, err = parseLabel(s.Label, d); err != nil {
			return cfg, err
		}
	}
	return cfg, nil
}

// parseLabel reads --label: a player SPEC with a fixed limit, where the
// word self stands for the built-in full evaluation.
func parseLabel(s string, d *saves.Dir) (*arena.PlayerSpec, error) {
	parts := strings.Split(s, ",")
	for i, p := range parts {
		if strings.TrimSpace(p) == "self" {
			parts[i] = "name=self,chromosome=full"
		}
	}
	ps, err := arena.ParsePlayerSpec(strings.Join(parts, ","), d)
	if err != nil {
		return nil, fmt.Errorf("--label: %w", err)
	}
	if ps.TC == nil || ps.TC.HasClock() || ps.TC.MoveTime > 0 {
		return nil, fmt.Errorf("--label %q: give a fixed depth=N or nodes=N (uci=PATH,depth=N or self,depth=N)", s)
	}
	return &ps, nil
}

// saveEvery is how often a growing dataset is saved at least; a big one
// is saved less often, so that saving never takes more than a tenth of
// the time.
const saveEvery = 10 * time.Second

// saveIfDue saves the dataset when it has changed and it is time to (or
// always, with final set).
func (j *selfplayJob) saveIfDue(d *saves.Dir, final bool) error {
	complete := j.state.Games == j.games
	changed := !j.saved || j.state.Games != j.doneThen || complete != j.info.Complete
	if !changed || !final && time.Since(j.lastSave) < max(saveEvery, 10*j.saveTook) {
		return nil
	}
	if !j.saved && j.state.Games == 0 {
		return nil // nothing played: no dataset yet
	}
	meta, err := json.Marshal(selfplayMeta{Generator: selfplayGenerator, Settings: j.settings, Games: j.games,
		Done: j.state.Games, Dropped: j.state.Discarded})
	if err != nil {
		return err
	}
	info := saves.DatasetInfo{Name: j.name, Count: len(j.state.Set.Samples), Source: j.source(d),
		Labelled: j.settings.Label != "", Complete: complete, Meta: meta, Created: j.info.Created}
	if j.saved && j.state.Games == j.doneThen {
		info.K = j.info.K // the same positions: a fitted scale still holds
	}
	t0 := time.Now()
	if err := d.SaveDataset(&j.state.Set, info, j.saved); err != nil {
		return fmt.Errorf("saving dataset %q: %w", j.name, err)
	}
	j.saveTook, j.lastSave = time.Since(t0), time.Now()
	j.saved, j.info, j.doneThen = true, info, j.state.Games
	return nil
}

// source describes the dataset for saves list.
func (j *selfplayJob) source(d *saves.Dir) string {
	s := j.settings
	var names []string
	for _, p := range s.Players {
		if ps, err := arena.ParsePlayerSpec(p, d); err == nil {
			names = append(names, ps.Name)
		}
	}
	src := fmt.Sprintf("selfplay %s, %s, %d games", strings.Join(names, " v "), s.TC, j.games)
	if s.Label != "" {
		src += ", labels " + s.Label
	}
	return src
}
