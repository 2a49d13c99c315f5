package saves

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
	"github.com/evochess/evochess/core"
)

// A dataset made by self-play (evochess selfplay, or the Evolution tab when
// it makes one to tune on) keeps its settings and how far it got in its
// Meta, so that whoever goes on with it, the command or the tab, makes the
// dataset an uninterrupted run makes.

// SelfplayGenerator marks a dataset's Meta as made by self-play, so that
// going on refuses a dataset imported from EPD.
const SelfplayGenerator = "selfplay"

// DefaultSelfplayPlayer plays itself when no player is given.
const DefaultSelfplayPlayer = "name=full,chromosome=full"

// SelfplaySettings are what a self-play dataset depends on, as given on
// the command line: going on must use the same ones (the number of games
// may grow, the workers do not matter).
type SelfplaySettings struct {
	Players   []string `json:"players"`
	TC        string   `json:"tc"`
	Book      string   `json:"book"`
	Seed      uint64   `json:"seed"`
	SkipPlies int      `json:"skip_plies"`
	PerGame   int      `json:"per_game"`
	MaxMoves  int      `json:"max_moves"`
	Label     string   `json:"label,omitempty"`
	// FullDefaults is the set of full's defaults the dataset is made
	// with (full_defaults.go): set when it starts, 0 in datasets saved
	// before the field (set 1).
	FullDefaults int `json:"full_defaults,omitempty"`
	// SearchParams is the set of search parameters its players (and a
	// label naming the preset) search with where the program's defaults
	// would (core.SearchParamsFor): set when it starts, 0 in datasets
	// saved before the field.
	SearchParams int `json:"search_params,omitempty"`
}

// SelfplayMeta is a self-play dataset's Meta: its settings and how far it
// got.
type SelfplayMeta struct {
	Generator string           `json:"generator"`
	Settings  SelfplaySettings `json:"settings"`
	Games     int              `json:"games"` // wanted
	Done      int              `json:"games_done"`
	Dropped   int              `json:"games_dropped"`
	// Labeller identifies the engine that labels the samples, with
	// Settings.Label (dataset.State.Labeller): going on with another is
	// refused.
	Labeller *dataset.LabelFingerprint `json:"label_fingerprint,omitempty"`
	// LabellerFrom is how many games were done when Labeller was first
	// recorded: more than 0 for a dataset saved before fingerprints and
	// gone on with since, whose first games' labeller is not known.
	LabellerFrom int `json:"label_fingerprint_from,omitempty"`
}

// SelfplayJob is a dataset being made: its settings, its state and when
// it was last saved.
type SelfplayJob struct {
	Name     string
	Settings SelfplaySettings
	Games    int // wanted
	State    dataset.State
	Info     DatasetInfo // as last saved (zero for a new dataset)
	// LabellerFrom: games labelled before the labeller was recorded
	// (SelfplayMeta.LabellerFrom).
	LabellerFrom int
	growingSave
}

// Finished: every game wanted is played and the dataset says so.
func (j *SelfplayJob) Finished() bool { return j.State.Games == j.Games && j.Info.Complete }

// fields lists the settings by the flag that sets them, as text.
func (s SelfplaySettings) fields() [][2]string {
	return [][2]string{
		{"player", strings.Join(s.Players, " ")}, {"tc", s.TC}, {"book", strconv.Quote(s.Book)},
		{"seed", fmt.Sprint(s.Seed)}, {"skip-plies", fmt.Sprint(s.SkipPlies)}, {"per-game", fmt.Sprint(s.PerGame)},
		{"max-moves", fmt.Sprint(s.MaxMoves)}, {"label", strconv.Quote(s.Label)},
	}
}

// differences names each setting of given that is not as saved; with
// changed set, only the settings whose flag was given count.
func differences(saved, given SelfplaySettings, changed func(string) bool) []string {
	var out []string
	g := given.fields()
	for i, s := range saved.fields() {
		if g[i][1] != s[1] && (changed == nil || changed(s[0])) {
			out = append(out, fmt.Sprintf("--%s %s (saved: %s)", s[0], g[i][1], s[1]))
		}
	}
	return out
}

// SelfplayOf reads a dataset's self-play Meta; ok is false for a dataset
// that is not there, cannot be read or was not made by self-play.
func (d *Dir) SelfplayOf(name string) (meta SelfplayMeta, ok bool) {
	info, err := d.DatasetInfo(name)
	if err != nil || json.Unmarshal(info.Meta, &meta) != nil || meta.Generator != SelfplayGenerator {
		return SelfplayMeta{}, false
	}
	return meta, true
}

// OpenSelfplay starts the dataset name of games games, or reopens it to go
// on: with resume its saved settings stand and only those whose flag
// changed names must agree; without, every setting must be as saved.
// games counts only when changed("games") (or for a new dataset).
func (d *Dir) OpenSelfplay(name string, given SelfplaySettings, games int, resume bool, changed func(flag string) bool) (*SelfplayJob, error) {
	info, err := d.DatasetInfo(name)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, err // there, but unreadable; or a bad name
		}
		if resume {
			return nil, fmt.Errorf("--resume: no dataset %q in %s", name, d.Root)
		}
		given.FullDefaults, given.SearchParams = core.FullDefaultSets, core.SearchParamSets
		return &SelfplayJob{Name: name, Settings: given, Games: games}, nil
	}
	var meta SelfplayMeta
	if err := json.Unmarshal(info.Meta, &meta); err != nil || meta.Generator != SelfplayGenerator {
		return nil, fmt.Errorf("dataset %q exists and was not made by selfplay: give another --name", name)
	}
	if resume {
		if diff := differences(meta.Settings, given, changed); diff != nil {
			return nil, fmt.Errorf("dataset %q was made with other settings: %s", name, strings.Join(diff, ", "))
		}
	} else if diff := differences(meta.Settings, given, nil); diff != nil {
		return nil, fmt.Errorf("dataset %q was made with other settings: %s; give another --name, or --resume to go on with the saved ones",
			name, strings.Join(diff, ", "))
	}
	want := meta.Games
	if changed("games") {
		want = games
	}
	if want < meta.Done {
		return nil, fmt.Errorf("dataset %q has %d games done: --games %d is fewer", name, meta.Done, want)
	}
	set, info, err := d.LoadDataset(name)
	if err != nil {
		return nil, err
	}
	return &SelfplayJob{Name: name, Settings: meta.Settings, Games: want, Info: info, growingSave: growingSave{saved: true, doneThen: meta.Done, lastSave: time.Now()},
		State:        dataset.State{Set: *set, Games: meta.Done, Discarded: meta.Dropped, Labeller: meta.Labeller},
		LabellerFrom: labellerFrom(meta.Settings.Label != "", meta.Labeller, meta.LabellerFrom, meta.Done)}, nil
}

// labellerFrom is where a labelled dataset's labeller is known from: as
// saved, or, for one saved before fingerprints (none recorded), from
// where it goes on. Such a dataset goes on and records the labeller from
// then on, so that at least the rest of it is checked; what was labelled
// before is left as it is, marked as not known.
func labellerFrom(labelled bool, had *dataset.LabelFingerprint, from, done int) int {
	if labelled && had == nil {
		return done
	}
	return from
}

// Config turns the settings into the generator's configuration, for
// workers games at once; the players' SPECs may name saved players and
// runs of d.
func (s SelfplaySettings) Config(workers int, d *Dir) (dataset.Config, error) {
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
	if cfg.Players, err = arena.ParsePlayerSpecs(s.Players, d); err != nil {
		return cfg, err
	}
	if s.Book != "" {
		if cfg.Book, err = arena.OpenBook(s.Book); err != nil {
			return cfg, fmt.Errorf("--book: %w", err)
		}
	}
	if s.Label != "" {
		if cfg.Label, err = parseSelfplayLabel(s.Label, d); err != nil {
			return cfg, err
		}
	}
	full, err := core.FullDefaultsFor(s.FullDefaults)
	if err != nil {
		return cfg, fmt.Errorf("dataset settings: %w", err)
	}
	search, err := core.SearchParamsFor(s.SearchParams, s.FullDefaults > 0)
	if err != nil {
		return cfg, fmt.Errorf("dataset settings: search_params: %w", err)
	}
	for i := range cfg.Players {
		arena.PinSearch(&cfg.Players[i], search) // before PinFull, which turns the preset into genes
	}
	if cfg.Label != nil {
		arena.PinSearch(cfg.Label, search)
	}
	if full != nil {
		for i := range cfg.Players {
			arena.PinFull(&cfg.Players[i], full)
		}
		if cfg.Label != nil {
			arena.PinFull(cfg.Label, full)
		}
		if cfg.Resolve, err = full.Compile(); err != nil {
			return cfg, err
		}
	}
	return cfg, nil
}

// parseSelfplayLabel reads --label: a player SPEC with a fixed limit,
// where the word self stands for the built-in full evaluation.
func parseSelfplayLabel(s string, d *Dir) (*arena.PlayerSpec, error) {
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

// selfplaySaveEvery is how often a growing dataset is saved at least; a
// big one is saved less often, so that saving never takes more than a
// tenth of the time.
const selfplaySaveEvery = 10 * time.Second

// SaveIfDue saves the dataset when it has changed and it is time to (or
// always, with final set).
func (j *SelfplayJob) SaveIfDue(d *Dir, final bool) error {
	complete := j.State.Games == j.Games
	if !j.due(j.State.Games, complete, j.Info.Complete, final) {
		return nil
	}
	meta, err := json.Marshal(SelfplayMeta{Generator: SelfplayGenerator, Settings: j.Settings, Games: j.Games,
		Done: j.State.Games, Dropped: j.State.Discarded, Labeller: j.State.Labeller, LabellerFrom: j.LabellerFrom})
	if err != nil {
		return err
	}
	info := DatasetInfo{Name: j.Name, Count: len(j.State.Set.Samples), Source: j.source(d),
		Labelled: j.Settings.Label != "", Complete: complete, Meta: meta, Created: j.Info.Created}
	if j.saved && j.State.Games == j.doneThen {
		info.K = j.Info.K // the same positions: a fitted scale still holds
	}
	if err := j.write(d, &j.State.Set, info, j.State.Games); err != nil {
		return err
	}
	j.Info = info
	return nil
}

// source describes the dataset for saves list.
func (j *SelfplayJob) source(d *Dir) string {
	s := j.Settings
	var names []string
	for _, p := range s.Players {
		if ps, err := arena.ParsePlayerSpec(p, d); err == nil {
			names = append(names, ps.Name)
		}
	}
	src := fmt.Sprintf("selfplay %s, %s, %d games", strings.Join(names, " v "), s.TC, j.Games)
	if s.Label != "" {
		src += ", labels " + s.Label
	}
	return src
}

// growingSave is when a dataset that grows while it is made (self-play,
// relabel) was last saved: SaveIfDue saves it when it has changed, every
// few seconds, and never so often that saving takes more than a tenth of
// the time.
type growingSave struct {
	saved    bool // the dataset exists on disk
	doneThen int  // how far it had got when it was saved
	lastSave time.Time
	saveTook time.Duration
}

// due reports whether a dataset at done (complete or not; wasComplete as
// last saved) is to be saved now, or always with final if it changed.
func (g *growingSave) due(done int, complete, wasComplete, final bool) bool {
	changed := !g.saved || done != g.doneThen || complete != wasComplete
	if !changed || !final && time.Since(g.lastSave) < max(selfplaySaveEvery, 10*g.saveTook) {
		return false
	}
	return g.saved || done > 0 // nothing done: no dataset yet
}

// write saves set as info, at done, and notes when.
func (g *growingSave) write(d *Dir, set *dataset.Set, info DatasetInfo, done int) error {
	t0 := time.Now()
	if err := d.SaveDataset(set, info, g.saved); err != nil {
		return fmt.Errorf("saving dataset %q: %w", info.Name, err)
	}
	g.saveTook, g.lastSave = time.Since(t0), time.Now()
	g.saved, g.doneThen = true, done
	return nil
}
