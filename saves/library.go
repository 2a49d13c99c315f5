package saves

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/ga"
)

// Entry is one saved thing, for listings.
type Entry struct {
	Kind    string `json:"kind"` // run, player, tournament, dataset
	Name    string `json:"name"`
	Summary string `json:"summary"`
	Err     string `json:"error,omitempty"` // unreadable: why
}

// TournamentRecord is a saved tournament: how it was set up and its report
// (standings, crosstable, pairings); the games are games.pgn beside it.
type TournamentRecord struct {
	Name     string        `json:"name"`
	Settings []string      `json:"settings"` // the command line or the app's choices, for the record
	Players  []string      `json:"players"`
	Report   *arena.Report `json:"report"`
}

// SaveTournament stores a tournament's record and PGN.
func (d *Dir) SaveTournament(t *TournamentRecord, pgn []byte) error {
	dir, err := d.path(Tournaments, t.Name)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	data, err := seal(tournamentFormat, t)
	if err != nil {
		return err
	}
	if err := WriteFileAtomic(filepath.Join(dir, "games.pgn"), pgn); err != nil {
		return err
	}
	return WriteFileAtomic(filepath.Join(dir, "tournament.json"), data)
}

// LoadTournament reads a saved tournament's record.
func (d *Dir) LoadTournament(name string) (*TournamentRecord, error) {
	dir, err := d.path(Tournaments, name)
	if err != nil {
		return nil, err
	}
	var t TournamentRecord
	if err := open(filepath.Join(dir, "tournament.json"), tournamentFormat, &t); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			if uerr := d.unfinished(name); uerr != nil {
				return nil, uerr
			}
			return nil, fmt.Errorf("no tournament %q in %s", name, d.Root)
		}
		return nil, err
	}
	return &t, nil
}

// Names returns the names saved under kind (Runs, Players, Tournaments, Datasets),
// sorted, from the directory alone: cheap enough for a menu. List reads
// every file and says which cannot be read.
func (d *Dir) Names(kind string) []string {
	ents, err := os.ReadDir(filepath.Join(d.Root, kind))
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		name := e.Name()
		if kind == Players {
			if !strings.HasSuffix(name, ".json") {
				continue
			}
			name = strings.TrimSuffix(name, ".json")
		}
		if CheckName(name) == nil {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// List returns every saved run, player, tournament and dataset, by kind
// and name. A file that cannot be read is listed with the reason.
func (d *Dir) List() ([]Entry, error) {
	var out []Entry
	for _, kind := range []string{Runs, Players, Tournaments} {
		ents, err := os.ReadDir(filepath.Join(d.Root, kind))
		if err != nil {
			return nil, err
		}
		for _, e := range ents {
			name := e.Name()
			if strings.HasPrefix(name, ".") {
				continue
			}
			switch kind {
			case Runs:
				en := Entry{Kind: "run", Name: name}
				if r, err := d.LoadRun(name); err != nil {
					en.Err = err.Error()
				} else {
					en.Summary = runSummary(r)
				}
				out = append(out, en)
			case Players:
				name = strings.TrimSuffix(name, ".json")
				en := Entry{Kind: "player", Name: name}
				if p, err := d.LoadPlayer(name); err != nil {
					en.Err = err.Error()
				} else if p.Engine == "" {
					en.Summary = fmt.Sprintf("%s chromosome, %s search %s  %s", p.Chromosome.Schema.Name, p.Search, p.TC, p.Source)
				} else {
					en.Summary = fmt.Sprintf("engine %s, %d options %s  %s", p.Engine, len(p.Options), p.TC, p.Source)
				}
				out = append(out, en)
			case Tournaments:
				en := Entry{Kind: "tournament", Name: name}
				if cmd, games, ok, err := d.progress(name); ok {
					en.Summary = fmt.Sprintf("unfinished %s, %d games played: evochess %s --resume %s", cmd, games, cmd, name)
				} else if err != nil {
					en.Err = err.Error()
				} else if t, err := d.LoadTournament(name); err != nil {
					en.Err = err.Error()
				} else if t.Report != nil {
					en.Summary = fmt.Sprintf("%s, %d players, %d games", t.Report.Format, len(t.Players), t.Report.Games)
				}
				out = append(out, en)
			}
		}
	}
	ds, err := d.datasetEntries()
	if err != nil {
		return nil, err
	}
	out = append(out, ds...)
	if en, ok := d.ladderEntry(); ok {
		out = append(out, en)
	}
	sort.SliceStable(out, func(a, b int) bool {
		return out[a].Kind < out[b].Kind || out[a].Kind == out[b].Kind && out[a].Name < out[b].Name
	})
	return out, nil
}

func runSummary(r *ga.Run) string {
	s := fmt.Sprintf("%s on %s, population %d, generation %d", r.Settings.Method, r.Settings.Preset, len(r.Population), r.Generation)
	if r.Finished != "" {
		s += ", finished (" + r.Finished + ")"
	}
	if b := r.Best(); b != nil {
		s += fmt.Sprintf(", best fitness %g", b.Fitness)
	}
	return s
}

// kindOf finds what a name refers to; it must be exactly one thing.
func (d *Dir) kindOf(name string) (string, error) {
	if err := CheckName(name); err != nil {
		return "", err
	}
	var found []string
	for kind, p := range map[string]string{Runs: filepath.Join(d.Root, Runs, name), Players: filepath.Join(d.Root, Players, name+".json"), Tournaments: filepath.Join(d.Root, Tournaments, name), Datasets: filepath.Join(d.Root, Datasets, name)} {
		if _, err := os.Stat(p); err == nil {
			found = append(found, kind)
		}
	}
	switch len(found) {
	case 0:
		return "", fmt.Errorf("nothing called %q in %s", name, d.Root)
	case 1:
		return found[0], nil
	}
	sort.Strings(found)
	return "", fmt.Errorf("%q names more than one thing (%s): say which with KIND/NAME", name, strings.Join(found, ", "))
}

// Resolve takes NAME or KIND/NAME (run/x, player/x, tournament/x, dataset/x).
func (d *Dir) Resolve(ref string) (kind, name string, err error) {
	if k, n, ok := strings.Cut(ref, "/"); ok {
		switch k {
		case "run", Runs:
			return Runs, n, CheckName(n)
		case "player", Players:
			return Players, n, CheckName(n)
		case "tournament", Tournaments:
			return Tournaments, n, CheckName(n)
		case "dataset", Datasets:
			return Datasets, n, CheckName(n)
		}
		return "", "", fmt.Errorf("%q: kind %q is not run, player, tournament or dataset", ref, k)
	}
	kind, err = d.kindOf(ref)
	return kind, ref, err
}

// Delete removes a saved thing; a run open elsewhere, or a dataset being
// saved, is refused.
func (d *Dir) Delete(kind, name string) error {
	switch kind {
	case Runs:
		dir, err := d.path(Runs, name)
		if err != nil {
			return err
		}
		h, err := d.lockRun(name, dir)
		if err != nil {
			return err
		}
		defer h.Close()
		return os.RemoveAll(dir)
	case Players:
		p, err := d.path(Players, name+".json")
		if err != nil {
			return err
		}
		return os.Remove(p)
	case Tournaments:
		dir, err := d.path(Tournaments, name)
		if err != nil {
			return err
		}
		if _, err := os.Stat(dir); err != nil {
			return fmt.Errorf("no tournament %q in %s", name, d.Root)
		}
		// Not while another process plays it.
		l, err := lockFile(filepath.Join(dir, "lock"), fmt.Sprintf("tournament %q", name))
		if err != nil {
			return err
		}
		defer l.Release()
		return os.RemoveAll(dir)
	case Datasets:
		dir, err := d.path(Datasets, name)
		if err != nil {
			return err
		}
		if _, err := os.Stat(dir); err != nil {
			return fmt.Errorf("no dataset %q in %s", name, d.Root)
		}
		l, err := lockFile(filepath.Join(dir, "lock"), fmt.Sprintf("dataset %q", name))
		if err != nil {
			return err
		}
		defer l.Release()
		return os.RemoveAll(dir)
	}
	return fmt.Errorf("unknown kind %q", kind)
}

// Export writes a saved thing to a file outside the data directory: a
// player or a run's best as a chromosome file (what evochess uci loads), a
// run as its run file, a tournament as its PGN, a dataset as EPD. An
// engine player, or the best of a run that tuned an engine (to a .txt),
// is written as its options, "NAME, VALUE" lines.
func (d *Dir) Export(kind, name, to string) error {
	var data []byte
	switch kind {
	case Datasets:
		return d.exportEPD(name, to)
	case Players:
		p, err := d.LoadPlayer(name)
		if err != nil {
			return err
		}
		if p.Engine != "" {
			data = optionsFile("player "+name, p.Engine, p.Options)
		} else if data, err = chromosomeFile(p.Chromosome); err != nil {
			return err
		}
	case Runs:
		r, err := d.LoadRun(name)
		if err != nil {
			return err
		}
		chromosome := ChromosomePath(to)
		if r.Settings.Engine != nil && (chromosome || strings.HasSuffix(to, ".txt")) {
			if chromosome {
				return fmt.Errorf("run %q tuned %s's options, not a chromosome: export its best to a .txt (NAME, VALUE lines), or keep it as a player", name, r.Settings.Preset)
			}
			b := r.Best()
			if b == nil {
				return fmt.Errorf("run %q has no evaluated generation", name)
			}
			ps, err := r.PlayerOf(b)
			if err != nil {
				return err
			}
			data = optionsFile(fmt.Sprintf("run %s#best after generation %d", name, r.Generation), ps.Engine, ps.Options)
		} else if chromosome {
			b := r.Best()
			if b == nil {
				return fmt.Errorf("run %q has no evaluated generation", name)
			}
			c := *b.Chromosome
			if c.Name == "" { // the file says where it came from
				c.Name = fmt.Sprintf("%s#best after generation %d", name, r.Generation)
			}
			data, err = chromosomeFile(&c)
		} else {
			data, err = seal(runFormat, r)
		}
		if err != nil {
			return err
		}
	case Tournaments:
		dir, err := d.path(Tournaments, name)
		if err != nil {
			return err
		}
		if data, err = os.ReadFile(filepath.Join(dir, "games.pgn")); err != nil {
			if uerr := d.unfinished(name); uerr != nil {
				return uerr
			}
			return err
		}
	}
	return WriteFileAtomic(to, data)
}

// ChromosomePath reports whether Export writes a run to the file as its
// best's chromosome (.chromosome.json or .chr), rather than the run file.
func ChromosomePath(to string) bool {
	return strings.HasSuffix(to, ".chromosome.json") || strings.HasSuffix(to, ".chr")
}

// ChromosomeOptions are the search options that a player's chromosome,
// or the individuals of a run of our engine, play with beyond their genes
// (the run's Settings.Options, a kept player's Options: EvalTerms2=true),
// which a chromosome file does not hold: whoever plays an exported
// chromosome as it played gives them (option.NAME=VALUE of a SPEC). None
// for anything else.
func (d *Dir) ChromosomeOptions(kind, name string) ([][2]string, error) {
	switch kind {
	case Players:
		p, err := d.LoadPlayer(name)
		if err != nil || p.Engine != "" {
			return nil, err
		}
		return p.Options, nil
	case Runs:
		r, err := d.LoadRun(name)
		if err != nil || r.Settings.Engine != nil {
			return nil, err
		}
		return r.Settings.Options, nil
	}
	return nil, nil
}

// Import reads a run or player file from anywhere into the library under
// name (default: the player's name, or the file's base name for a run),
// or a .epd file of labelled positions as a dataset (default: the file's
// base name).
func (d *Dir) Import(from, name string) (kind string, saved string, err error) {
	if isEPDFile(from) { // before reading it whole: it may be big
		saved, err := d.importEPD(from, name)
		return Datasets, saved, err
	}
	data, err := readJSON(from)
	if err != nil {
		return "", "", err
	}
	var probe struct {
		Format string `json:"format"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		return "", "", jsonError(from, data, err)
	}
	switch probe.Format {
	case playerFormat.name:
		p, err := decodePlayer(from, data)
		if err != nil {
			return "", "", err
		}
		if name != "" {
			p.Name = name
		}
		return Players, p.Name, d.SavePlayer(p, false)
	case runFormat.name:
		r, err := decodeRun(from, data)
		if err != nil {
			return "", "", err
		}
		if name == "" {
			name = strings.TrimSuffix(filepath.Base(from), filepath.Ext(from))
			if name == "run" {
				name = filepath.Base(filepath.Dir(from))
			}
		}
		h, err := d.CreateRun(name)
		if err != nil {
			return "", "", err
		}
		defer h.Close()
		return Runs, name, h.Save(r)
	}
	return "", "", &FileError{Path: from, Reason: fmt.Sprintf("format %q is not an evochess run or player (datasets import from .epd files)", probe.Format)}
}

// optionsFile is an engine setting as OpenBench writes tuned values, one
// "NAME, VALUE" line an option, after a comment saying whose they are.
func optionsFile(what, engine string, options [][2]string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# %s: options of %s\n", what, engine)
	for _, o := range options {
		fmt.Fprintf(&b, "%s, %s\n", o[0], o[1])
	}
	return b.Bytes()
}

func chromosomeFile(c *core.Chromosome) ([]byte, error) {
	var b bytes.Buffer
	if err := core.WriteChromosome(&b, c); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// SaveGame stores a PGN game under games/ with a name from the time
// (game-YYYYMMDD-HHMMSS.pgn, -2, -3 … after it for games saved in the
// same second, never one over another), and returns the file's name
// there: not its path, which a server's users have no business seeing.
func (d *Dir) SaveGame(pgn []byte) (string, error) {
	return d.claim(Games, "game-"+Stamp(time.Now()), ".pgn", func(path string) error { return createAtomic(path, pgn) })
}
