package saves

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// Player is a named player of the library (seed 001's "chromosome
// database"): a chromosome and how it searches, or a UCI engine and its
// options. Any player SPEC can use it as player=NAME; a chromosome exports
// as a chromosome file "evochess uci --chromosome FILE" loads, an engine
// setting as its options (Export).
type Player struct {
	Name       string           `json:"name"`
	Chromosome *core.Chromosome `json:"chromosome,omitempty"`
	// An external engine instead of a chromosome (a setting of a UCI
	// engine's options, kept from a run that tuned them): its path,
	// arguments and options, fixed and tuned. A chromosome's Options are
	// search options of our engine set over its search genes (those of
	// the run it was kept from: Settings.Options, e.g. EvalTerms2=true).
	Engine          string      `json:"engine,omitempty"`
	Args            []string    `json:"args,omitempty"`
	Options         [][2]string `json:"options,omitempty"`
	Search          string      `json:"search"`                     // a core.SearchMode name
	PlainQuiescence int         `json:"plain_quiescence,omitempty"` // plain search's capture plies
	TC              string      `json:"tc,omitempty"`               // its own limit, e.g. nodes=20000
	HashMB          int         `json:"hash_mb,omitempty"`
	Source          string      `json:"source,omitempty"` // where it came from, e.g. "run s003#best"
	Created         time.Time   `json:"created"`
}

// Check reports what is wrong with the player, naming the field.
func (p *Player) Check() error {
	if err := CheckName(p.Name); err != nil {
		return err
	}
	if p.Engine != "" {
		if p.Chromosome != nil {
			return errors.New("chromosome: an engine player has none")
		}
		for _, o := range p.Options {
			if strings.TrimSpace(o[0]) == "" || strings.ContainsAny(o[0]+o[1], "\n\r") {
				return fmt.Errorf("options: %q = %q is not an option", o[0], o[1])
			}
		}
	} else {
		if p.Chromosome == nil {
			return errors.New("chromosome: missing")
		}
		if err := p.Chromosome.Validate(); err != nil {
			return fmt.Errorf("chromosome: %w", err)
		}
		if _, err := core.ParseSearchMode(p.Search); err != nil {
			return fmt.Errorf("search: %w", err)
		}
		q := core.DefaultSearchParams()
		if err := q.SetAll(p.Options); err != nil {
			return fmt.Errorf("options: %w", err)
		}
	}
	if p.TC != "" {
		if _, err := arena.ParseTimeControl(p.TC); err != nil {
			return fmt.Errorf("tc: %w", err)
		}
	}
	if p.PlainQuiescence < 0 || p.PlainQuiescence > 16 || p.HashMB < 0 || p.HashMB > 65536 {
		return errors.New("plain_quiescence or hash_mb out of range")
	}
	return nil
}

// Spec is the player as an arena player.
func (p *Player) Spec() (arena.PlayerSpec, error) {
	var ps arena.PlayerSpec
	if p.Engine != "" {
		ps = arena.PlayerSpec{Name: p.Name, Engine: p.Engine, Proto: arena.ProtoUCI, Args: p.Args, Options: p.Options, HashMB: max(p.HashMB, 16)}
	} else {
		mode, err := core.ParseSearchMode(p.Search)
		if err != nil {
			return arena.PlayerSpec{}, err
		}
		ps = arena.PlayerSpec{Name: p.Name, Genes: p.Chromosome, Options: p.Options, Mode: mode, PlainQuiescence: p.PlainQuiescence, HashMB: max(p.HashMB, 16)}
	}
	if p.TC != "" {
		tc, err := arena.ParseTimeControl(p.TC)
		if err != nil {
			return arena.PlayerSpec{}, err
		}
		ps.TC = &tc
	}
	return ps, nil
}

// SavePlayer stores p under its name; an existing player of that name is
// replaced only with replace.
func (d *Dir) SavePlayer(p *Player, replace bool) error {
	if err := p.Check(); err != nil {
		return fmt.Errorf("player %q: %w", p.Name, err)
	}
	path, err := d.path(Players, p.Name+".json")
	if err != nil {
		return err
	}
	if _, err := os.Stat(path); err == nil && !replace {
		return fmt.Errorf("player %q exists already", p.Name)
	}
	if p.Created.IsZero() {
		p.Created = time.Now().UTC()
	}
	data, err := seal(playerFormat, p)
	if err != nil {
		return err
	}
	return WriteFileAtomic(path, data)
}

// LoadPlayer reads a named player.
func (d *Dir) LoadPlayer(name string) (*Player, error) {
	path, err := d.path(Players, name+".json")
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("no player %q in %s", name, d.Root)
	}
	return readPlayer(path)
}

func readPlayer(path string) (*Player, error) {
	data, err := readJSON(path)
	if err != nil {
		return nil, err
	}
	return decodePlayer(path, data)
}

// decodePlayer reads a player file's contents.
func decodePlayer(path string, data []byte) (*Player, error) {
	var p Player
	if err := unseal(path, data, playerFormat, &p); err != nil {
		return nil, err
	}
	if err := p.Check(); err != nil {
		return nil, &FileError{Path: path, Reason: err.Error()}
	}
	return &p, nil
}

// KeepIndividual makes a player named as of an individual of a run
// (RUN#SELECTOR, as population=): its chromosome with the given search
// and limit and the run's options (EvalTerms2=true: its players evaluated
// with those terms), or for a run that tuned an engine's options the
// engine told them (with the limit; search is our engine's). The player
// is saved, not replacing one of the same name.
func (d *Dir) KeepIndividual(ref, as, search, tc string) (*Player, error) {
	r, g, err := d.individual(ref)
	if err != nil {
		return nil, err
	}
	p := &Player{Name: as, Search: search, TC: tc, Source: ref}
	if r.Settings.Engine != nil {
		ps, err := r.PlayerOf(g)
		if err != nil {
			return nil, err
		}
		p.Engine, p.Args, p.Options = ps.Engine, ps.Args, ps.Options
	} else {
		p.Chromosome, p.Options = g.Chromosome, slices.Clone(r.Settings.Options)
	}
	if err := d.SavePlayer(p, false); err != nil {
		return nil, err
	}
	return p, nil
}
