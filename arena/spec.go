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
//	name=phalanx,xboard=/usr/games/phalanx,depth=4
//	name=hoi,engine=/usr/games/hoichess,movetime=1000
//	name=plain3,chromosome=seed003,search=plain,qs=3,depth=3
//	name=se,chromosome=full,option.SingularExtensions=true
//
// Keys: name; chromosome (a preset, player name or chromosome file; the
// default is full), population (FILE#best, FILE#gen0, FILE#N, FILE#id=N:
// an individual of a run written by evochess evolve) or an external
// engine's path: uci=PATH (UCI), xboard=PATH (CECP) or engine=PATH (the
// protocol found out by a handshake; proto=uci|xboard|auto says it), with
// args (space-separated) and option.NAME=VALUE (UCI setoption, xboard
// option NAME=VALUE); search (strong|plain|paper000|paper004: see
// core.SearchMode), qs (plain quiescence plies) and option.NAME=VALUE (a search option of "evochess uci", over
// the chromosome's own search genes) for built-in engines; hash (MB); and the player's own limit,
// overriding the tournament's: depth, nodes, movetime (ms) or tc (10+0.1).
type PlayerSpec struct {
	Name       string
	Chromosome string
	// Engine is an external engine's path, spoken to in Proto.
	Engine          string
	Proto           Protocol
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

// Resolver finds what a SPEC names outside the program: a saved player
// (player=NAME, whose spec keys after it override) and an individual of a
// saved run or a run file (population=RUN#SELECTOR). Package arena cannot
// read them (they are the data directory's); saves.Dir implements it, and
// the caller says which directory by passing it.
type Resolver interface {
	Player(name string) (PlayerSpec, error)
	// Population is the individual as a player: a built-in one's genes
	// (Genes), or an external engine with its options (a run that tuned
	// an engine's options); its name is the SPEC's.
	Population(ref string) (PlayerSpec, error)
}

// DefaultHashMB is a built-in player's hash when its SPEC gives none.
const DefaultHashMB = 16

// ParsePlayerSpec reads the text form; errors name the offending key.
// player= and population= are read with r; with r nil they are refused.
func ParsePlayerSpec(s string, r Resolver) (PlayerSpec, error) {
	ps := PlayerSpec{HashMB: DefaultHashMB}
	pathKey := ""      // which of uci=, xboard=, engine= gave the path
	var proto Protocol // proto=, checked against pathKey at the end
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
			if r == nil {
				return bad(k, "saved players cannot be read here: no data directory")
			}
			base, err := r.Player(v)
			if err != nil {
				return bad(k, "%v", err)
			}
			name := ps.Name
			ps = base
			if name != "" {
				ps.Name = name
			}
		case k == "population":
			if r == nil {
				return bad(k, "saved runs and run files cannot be read here: no data directory")
			}
			ind, err := r.Population(v)
			if err != nil {
				return bad(k, "%v", err)
			}
			ps.Population = v
			if ind.External() {
				if pathKey != "" {
					return bad(k, "run %s tuned an engine: give no other engine path (%s= is set)", v, pathKey)
				}
				ps.Engine, ps.Proto, ps.Args, pathKey = ind.Engine, ind.Proto, ind.Args, k
				ps.Options = append(append([][2]string(nil), ind.Options...), ps.Options...)
			} else {
				ps.Genes = ind.Genes
			}
		case k == "uci" || k == "xboard" || k == "engine":
			if pathKey != "" {
				return bad(k, "give one engine path (%s= is already set)", pathKey)
			}
			ps.Engine, pathKey = v, k
			if k != "engine" {
				ps.Proto = Protocol(k)
			}
		case k == "proto":
			p, err := ParseProtocol(v)
			if err != nil {
				return bad(k, "%v", err)
			}
			proto = p
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
			return bad(k, "unknown key (have name, chromosome, uci, xboard, engine, proto, args, option.NAME, search, qs, hash, depth, nodes, movetime, tc)")
		}
	}
	if proto != "" {
		switch {
		case ps.Engine == "":
			return bad("proto", "is for external engines (engine=PATH)")
		case pathKey != "engine" && proto != ps.Proto:
			return bad("proto", "%s=PATH already says the protocol is %s", pathKey, pathKey)
		}
		ps.Proto = proto
	}
	if ps.Engine != "" && ps.Proto == "" {
		ps.Proto = ProtoAuto
	}
	if ps.Population != "" && ps.Genes == nil && ps.Engine == "" {
		return bad("population", "%s is neither a chromosome nor an engine setting", ps.Population)
	}
	if ps.Genes != nil && (ps.Chromosome != "" || ps.Engine != "") {
		return bad("population", "a player is one of chromosome, population, player or an engine path")
	}
	if ps.Engine != "" && ps.Chromosome != "" {
		return bad(pathKey, "a player is either a built-in engine (chromosome) or an external one (%s), not both", pathKey)
	}
	if ps.Engine == "" && ps.Chromosome == "" && ps.Genes == nil {
		ps.Chromosome = "full"
	}
	if ps.Engine == "" && len(ps.Args) > 0 {
		return bad("args", "args are for external engines (uci=, xboard= or engine=)")
	}
	if ps.Engine == "" {
		p := core.DefaultSearchParams()
		if err := p.SetAll(ps.Options); err != nil {
			return bad("option", "%v", err)
		}
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
		if ps.Engine != "" {
			ps.Name = ps.Engine[strings.LastIndex(ps.Engine, "/")+1:]
		}
	}
	return ps, nil
}

// ParsePlayerSpecs reads player SPECs, whose player= and population= r
// reads, refusing two players of one name (a tournament's table and a
// dataset's source tell players by their names).
func ParsePlayerSpecs(texts []string, r Resolver) ([]PlayerSpec, error) {
	var out []PlayerSpec
	names := map[string]bool{}
	for _, s := range texts {
		ps, err := ParsePlayerSpec(s, r)
		if err != nil {
			return nil, err
		}
		if names[ps.Name] {
			return nil, fmt.Errorf("two players are named %q: give each a name=", ps.Name)
		}
		names[ps.Name] = true
		out = append(out, ps)
	}
	return out, nil
}

// CheckPlayerSpec checks the text form without reading what player= and
// population= name: for settings checked where no data directory is at
// hand (a run file read back), whose players are made later, with one.
func CheckPlayerSpec(s string) error {
	_, err := ParsePlayerSpec(s, unread{})
	return err
}

// unread stands in for the data directory in CheckPlayerSpec: it takes
// every name on trust.
type unread struct{}

func (unread) Player(string) (PlayerSpec, error) { return PlayerSpec{HashMB: DefaultHashMB}, nil }

func (unread) Population(string) (PlayerSpec, error) {
	return PlayerSpec{Genes: &core.Chromosome{}}, nil
}

// processKey identifies an external engine's process: players with the
// same key can share one (the name is not part of it).
func (ps PlayerSpec) processKey() string {
	return fmt.Sprintf("%q %q %q %q", ps.Engine, ps.Proto, ps.Args, ps.Options)
}

// External reports whether the player is an external engine.
func (ps PlayerSpec) External() bool { return ps.Engine != "" }

// New makes an instance of the player.
func (ps PlayerSpec) New() (Player, error) {
	if ps.Engine != "" {
		return NewExternalPlayer(ps.Name, ps.Engine, ps.Args, ps.Options, ps.Proto), nil
	}
	w, err := ps.Weights()
	if err != nil {
		return nil, err
	}
	return NewEnginePlayer(ps.Name, w, ps.engineOptions()), nil
}

// Weights compiles a built-in player's evaluation and search parameters
// (its chromosome's, then its options).
func (ps PlayerSpec) Weights() (*core.Weights, error) {
	var w *core.Weights
	var err error
	if ps.Genes != nil {
		w, err = ps.Genes.Compile()
	} else {
		w, err = core.LoadWeights(ps.Chromosome)
	}
	if err != nil || len(ps.Options) == 0 {
		return w, err
	}
	p := w.SearchParams()
	if err := p.SetAll(ps.Options); err != nil {
		return nil, fmt.Errorf("player %s: %w", ps.Name, err)
	}
	w.Search = &p
	return w, nil
}

func (ps PlayerSpec) engineOptions() EngineOptions {
	return EngineOptions{HashMB: ps.HashMB, Mode: ps.Mode, PlainQuiescence: ps.PlainQuiescence}
}
