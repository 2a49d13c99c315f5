package arena

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/evochess/evochess/core"
)

// PlayerSpec describes a player so that every worker can make its own
// instance. Its text form is comma-separated key=value pairs:
//
//	name=base,chromosome=full,depth=4
//	name=sf1,uci=/usr/games/stockfish,depth=1,option.Skill Level=3
//	name=plain3,chromosome=seed003,search=plain,qs=3,depth=3
//
// Keys: name; chromosome (a preset, player name or chromosome file; the
// default is full), population (FILE#best, FILE#gen0, FILE#N, FILE#id=N:
// an individual of a run written by evochess evolve) or uci (an engine's path) with args (space-separated)
// and option.NAME=VALUE; search (strong|plain) and qs (plain quiescence
// plies) for built-in engines; hash (MB); and the player's own limit,
// overriding the tournament's: depth, nodes, movetime (ms) or tc (10+0.1).
type PlayerSpec struct {
	Name            string
	Chromosome      string
	UCI             string
	Args            []string
	Options         [][2]string
	Mode            core.SearchMode
	PlainQuiescence int
	HashMB          int
	TC              *TimeControl
	// Genes, when set, is an in-memory chromosome (a GA individual) used
	// instead of Chromosome; it has no text form unless it came from
	// Population, the "FILE#SELECTOR" it was loaded from.
	Genes      *core.Chromosome
	Population string
}

// PopulationLoader resolves the population= key ("runs/x/run.json#best")
// to a chromosome. Package arena cannot read GA runs itself (they are
// package ga's); the program sets this to ga.LoadIndividual.
var PopulationLoader func(ref string) (*core.Chromosome, error)

// PlayerLoader resolves the player= key (a named player of the library) to
// its spec; keys after it override what it sets. The program sets it to
// the saves library.
var PlayerLoader func(name string) (PlayerSpec, error)

// ParsePlayerSpec reads the text form; errors name the offending key.
func ParsePlayerSpec(s string) (PlayerSpec, error) {
	ps := PlayerSpec{HashMB: 16}
	if strings.Count(s, "player=") > 1 {
		return PlayerSpec{}, fmt.Errorf("player %q: player: give one saved player", s)
	}
	bad := func(key, format string, args ...any) (PlayerSpec, error) {
		return PlayerSpec{}, fmt.Errorf("player %q: %s: %s", s, key, fmt.Sprintf(format, args...))
	}
	for _, part := range strings.Split(s, ",") {
		if strings.TrimSpace(part) == "" {
			continue
		}
		k, v, ok := strings.Cut(part, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || v == "" {
			return bad(k, "needs a value (key=value)")
		}
		switch {
		case k == "name":
			ps.Name = v
		case k == "chromosome":
			ps.Chromosome = v
		case k == "player":
			if PlayerLoader == nil {
				return bad(k, "saved players cannot be read by this program")
			}
			base, err := PlayerLoader(v)
			if err != nil {
				return bad(k, "%v", err)
			}
			name := ps.Name
			ps = base
			if name != "" {
				ps.Name = name
			}
		case k == "population":
			if PopulationLoader == nil {
				return bad(k, "population files cannot be read by this program")
			}
			c, err := PopulationLoader(v)
			if err != nil {
				return bad(k, "%v", err)
			}
			ps.Genes, ps.Population = c, v
		case k == "uci":
			ps.UCI = v
		case k == "args":
			ps.Args = strings.Fields(v)
		case strings.HasPrefix(k, "option."):
			ps.Options = append(ps.Options, [2]string{strings.TrimPrefix(k, "option."), v})
		case k == "search":
			m, err := core.ParseSearchMode(v)
			if err != nil {
				return bad(k, "%v", err)
			}
			ps.Mode = m
		case k == "qs" || k == "hash":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 65536 || k == "qs" && n > 16 {
				return bad(k, "%q is not a valid number", v)
			}
			if k == "qs" {
				ps.PlainQuiescence = n
			} else {
				ps.HashMB = max(n, 1)
			}
		case k == "depth" || k == "nodes" || k == "movetime":
			tc, err := ParseTimeControl(k + "=" + v)
			if err != nil {
				return bad(k, "%v", err)
			}
			ps.TC = &tc
		case k == "tc":
			tc, err := ParseTimeControl(v)
			if err != nil {
				return bad(k, "%v", err)
			}
			ps.TC = &tc
		default:
			return bad(k, "unknown key (have name, chromosome, uci, args, option.NAME, search, qs, hash, depth, nodes, movetime, tc)")
		}
	}
	if ps.Genes != nil && (ps.Chromosome != "" || ps.UCI != "") {
		return bad("population", "a player is one of chromosome, population, player or uci")
	}
	if ps.UCI != "" && ps.Chromosome != "" {
		return bad("uci", "a player is either a built-in engine (chromosome) or an external one (uci), not both")
	}
	if ps.UCI == "" && ps.Chromosome == "" && ps.Genes == nil {
		ps.Chromosome = "full"
	}
	if ps.UCI == "" && (len(ps.Options) > 0 || len(ps.Args) > 0) {
		return bad("option", "options and args are for uci engines")
	}
	if ps.Chromosome != "" {
		if _, err := core.LoadChromosome(ps.Chromosome); err != nil {
			return bad("chromosome", "%v", err)
		}
	}
	if ps.Name == "" && ps.Population != "" {
		ps.Name = ps.Population[strings.LastIndex(ps.Population, "/")+1:]
	}
	if ps.Name == "" {
		ps.Name = ps.Chromosome
		if ps.UCI != "" {
			ps.Name = ps.UCI[strings.LastIndex(ps.UCI, "/")+1:]
		}
	}
	return ps, nil
}

// processKey identifies an external engine's process: players with the
// same key can share one (the name is not part of it).
func (ps PlayerSpec) processKey() string {
	return fmt.Sprintf("%q %q %q", ps.UCI, ps.Args, ps.Options)
}

// New makes an instance of the player.
func (ps PlayerSpec) New() (Player, error) {
	if ps.UCI != "" {
		return NewUCIPlayer(ps.Name, ps.UCI, ps.Args, ps.Options), nil
	}
	w, err := ps.Weights()
	if err != nil {
		return nil, err
	}
	return NewEnginePlayer(ps.Name, w, ps.engineOptions()), nil
}

// Weights compiles a built-in player's evaluation.
func (ps PlayerSpec) Weights() (*core.Weights, error) {
	if ps.Genes != nil {
		return ps.Genes.Compile()
	}
	return core.LoadWeights(ps.Chromosome)
}

func (ps PlayerSpec) engineOptions() EngineOptions {
	return EngineOptions{HashMB: ps.HashMB, Mode: ps.Mode, PlainQuiescence: ps.PlainQuiescence}
}
