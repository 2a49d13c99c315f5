package saves

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/arena/dataset"
	"github.com/evochess/evochess/core"
)

// GamesGenerator marks a dataset's Meta as made of games played before
// (evochess selfplay --from-games).
const GamesGenerator = "games"

// GamesSettings are what a dataset made of games depends on: the same
// sources (their games in the same order) and settings make the same
// dataset.
type GamesSettings struct {
	Sources   []string `json:"sources"` // as given: files, tournament directories or saved tournaments
	Seed      uint64   `json:"seed"`
	SkipPlies int      `json:"skip_plies"`
	PerGame   int      `json:"per_game"`
	// FullDefaults is the set of full's defaults whose evaluation
	// resolves the positions to their quiet leaves (as self-play's).
	FullDefaults int `json:"full_defaults"`
}

// GamesMeta is a dataset made of games' Meta: its settings and what the
// games came to.
type GamesMeta struct {
	Generator string        `json:"generator"`
	Settings  GamesSettings `json:"settings"`
	Files     []GamesFile   `json:"files"`
	Games     int           `json:"games"` // read whole, discarded ones included
	Discarded int           `json:"games_discarded"`
	// Endings counts the discarded games by why they ended
	// (dataset.EndingName).
	Endings    map[string]int `json:"discarded_endings,omitempty"`
	Unreadable int            `json:"games_unreadable"`
	Duplicates int            `json:"duplicates_dropped"`
}

// GamesFile is one file read and what it gave.
type GamesFile struct {
	// Path is the file as the source named it: the user's path, or for a
	// tournament saved in the data directory, relative to that directory.
	Path       string `json:"path"`
	Games      int    `json:"games"`
	Unreadable int    `json:"unreadable,omitempty"`
}

// GamesProgress is reported every few hundred games.
type GamesProgress struct {
	File                  string
	Games, Positions, Bad int
	Elapsed               time.Duration
}

// GamesReport is what ImportGames did: the dataset's Meta, and the first
// few games that could not be read (file, game and why).
type GamesReport struct {
	Meta      GamesMeta
	Positions int
	Results   [3]int // positions by result (dataset.CountResults)
	FirstBad  []string
}

// maxBadNamed is how many unreadable games a report names.
const maxBadNamed = 10

// progressEvery is how many games go between progress reports.
const progressEvery = 256

// ImportGames makes the dataset name of the games of s.Sources, read in
// order, each game's samples as self-play takes them (dataset.GamesImport)
// and saved at the end, at once. A game that cannot be read is counted
// and skipped, its file and number reported (the first few); a source
// that cannot be found or read is an error, and nothing is saved.
func (d *Dir) ImportGames(ctx context.Context, name string, s GamesSettings, progress func(GamesProgress)) (*GamesReport, error) {
	if err := CheckName(name); err != nil {
		return nil, err
	}
	switch _, err := d.DatasetInfo(name); {
	case err == nil:
		return nil, fmt.Errorf("dataset %q exists already: give another --name", name)
	case !errors.Is(err, fs.ErrNotExist):
		return nil, err
	}
	if len(s.Sources) == 0 {
		return nil, errors.New("no games to read: give files, tournament directories or tournaments")
	}
	files := make([]gameFile, len(s.Sources))
	for i, src := range s.Sources {
		f, err := d.gameFileOf(src)
		if err != nil {
			return nil, err
		}
		files[i] = f
	}
	if s.FullDefaults == 0 {
		s.FullDefaults = core.FullDefaultSets
	}
	rules := dataset.Rules{SkipPlies: s.SkipPlies, PerGame: s.PerGame, Seed: s.Seed}
	full, err := core.FullDefaultsFor(s.FullDefaults)
	if err != nil {
		return nil, err
	}
	if full != nil {
		if rules.Resolve, err = full.Compile(); err != nil {
			return nil, err
		}
	}
	im, err := dataset.NewGamesImport(rules)
	if err != nil {
		return nil, err
	}
	rep := &GamesReport{Meta: GamesMeta{Generator: GamesGenerator, Settings: s}}
	start := time.Now()
	for _, f := range files {
		count := GamesFile{Path: f.Recorded}
		show := func() {
			if progress != nil {
				progress(GamesProgress{File: f.Recorded, Games: im.Games, Positions: len(im.Set.Samples), Bad: rep.Meta.Unreadable,
					Elapsed: time.Since(start)})
			}
		}
		bad := func(b badGame) {
			count.Unreadable++
			rep.Meta.Unreadable++
			if len(rep.FirstBad) < maxBadNamed {
				rep.FirstBad = append(rep.FirstBad, b.Error())
			}
		}
		err := readGames(f, func(res *arena.GameResult) error {
			if err := ctx.Err(); err != nil {
				return err
			}
			if err := im.Add(res); err != nil {
				bad(badGame{Path: f.Path, Where: fmt.Sprint("game ", count.Games+count.Unreadable+1), Err: err})
				return nil
			}
			if count.Games++; im.Games%progressEvery == 0 {
				show()
			}
			return nil
		}, bad)
		if err != nil {
			return nil, err
		}
		show()
		rep.Meta.Files = append(rep.Meta.Files, count)
	}
	m := &rep.Meta
	m.Games, m.Discarded, m.Endings, m.Duplicates = im.Games, im.Discarded, im.Endings, im.Duplicates
	if len(im.Set.Samples) == 0 {
		return rep, fmt.Errorf("no positions in %d games (%d discarded, %d unreadable): nothing saved", m.Games, m.Discarded, m.Unreadable)
	}
	meta, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	info := DatasetInfo{Name: name, Source: fmt.Sprintf("games of %d files, %d games", len(files), m.Games),
		Complete: true, Meta: meta}
	if err := d.SaveDataset(&im.Set, info, false); err != nil {
		return nil, fmt.Errorf("saving dataset %q: %w", name, err)
	}
	rep.Positions, rep.Results = len(im.Set.Samples), dataset.CountResults(im.Set.Samples)
	return rep, nil
}
