package common

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/evochess/evochess/arena"
)

// What a session may do with external engines. A terminal of its own may
// start any engine and set any option; a session of a server starts only
// the engines the server lists (Env.Engines) unless its operator lets its
// users name a path (serve --allow-engine-paths: Env.EnginePaths), and,
// tuning an engine's options, may not set what reaches past the engine's
// play into the server: an option naming a file (a book, a log), more
// threads than the one its worker pays for, a hash larger than a
// session's.

// SessionEngineHashMB is the largest hash an engine tuned by a server's
// session may be given (it starts one a colour for each worker).
const SessionEngineHashMB = arena.DefaultHashMB

// EngineAllowed says whether the session may start the engine at path
// (nil: it may): one the server lists, or any when it lets its users name
// one.
func (e *Env) EngineAllowed(path string) error {
	if e.EnginePaths || slices.Contains(e.Engines, path) {
		return nil
	}
	return fmt.Errorf("this server runs only the engines it lists (%s), not %s: its operator may allow others (serve --allow-engine-paths)",
		strings.Join(engineNames(e.Engines), ", "), Sanitize(path, 0))
}

func engineNames(paths []string) []string {
	if len(paths) == 0 {
		return []string{"none"}
	}
	var out []string
	for _, p := range paths {
		out = append(out, EngineName(p))
	}
	return out
}

// TunableEngines are the session's engines whose options can be tuned:
// those that speak UCI, or may (xboard engines have no options to tune).
func (e *Env) TunableEngines() []string {
	var out []string
	for _, p := range e.Engines {
		if EngineProto(p) != arena.ProtoXboard {
			out = append(out, p)
		}
	}
	return out
}

// restrictedOption: an option a server's session may not touch, whose
// name says it reaches files or the engine's own diagnostics.
func restrictedOption(o arena.UCIOption) bool {
	n := strings.ToLower(o.Name)
	for _, w := range []string{"log", "file", "path", "dir", "debug", "syzygy", "tablebase"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// OptionUse is what a session may make of one of an engine's options: a
// gene, a fixed option, or neither and why.
type OptionUse struct {
	Gene, Fixed bool
	Why         string // why it may not be a gene (or fixed), for the list
}

// OptionUse says whether the session may tune option o as a gene or fix
// it: a spin, check or combo may be a gene (a terminal's user may pick
// any; a server's session what arena.PlayingOption calls a playing
// setting); a string may be fixed only in a terminal of its own; a button
// is neither.
func (e *Env) OptionUse(o arena.UCIOption) OptionUse {
	local := e.EnginePaths
	switch o.Type {
	case "button":
		return OptionUse{Why: "a button"}
	case "string":
		if local {
			return OptionUse{Fixed: true, Why: "a string: fix it or not"}
		}
		return OptionUse{Why: "a string: the server's"}
	case "spin", "check", "combo":
	default:
		return OptionUse{Why: "of type " + o.Type}
	}
	if local {
		return OptionUse{Gene: true, Fixed: true}
	}
	if restrictedOption(o) {
		return OptionUse{Why: "reaches files: refused"}
	}
	if !arena.PlayingOption(o) {
		return OptionUse{Fixed: true, Why: "no playing setting: fix"}
	}
	return OptionUse{Gene: true, Fixed: true}
}

// CheckFixed says what is wrong with fixing option o at value (nil:
// nothing): the value must be one the option takes, and a server's
// session keeps its engine to one thread and a session's hash.
func (e *Env) CheckFixed(o arena.UCIOption, value string) error {
	if use := e.OptionUse(o); !use.Fixed {
		return fmt.Errorf("%s cannot be fixed: %s", o.Name, use.Why)
	}
	value = strings.TrimSpace(value)
	if err := o.CheckValue(value); err != nil {
		return err
	}
	switch o.Type {
	case "spin":
		v, _ := strconv.ParseInt(value, 10, 64)
		if !e.EnginePaths {
			switch strings.ToLower(o.Name) {
			case "threads":
				if v != 1 {
					return fmt.Errorf("Threads: one a worker on a server (its share of the CPUs counts one thread a game)")
				}
			case "hash":
				if v > SessionEngineHashMB {
					return fmt.Errorf("Hash: at most %d MB on a server", SessionEngineHashMB)
				}
			}
		}
	case "string":
		if value != Sanitize(value, 0) {
			return fmt.Errorf("%s: one line of printable text", o.Name)
		}
	}
	return nil
}

// DefaultFixed are the options a tuning fixes unless its user says
// otherwise, when the engine has them: one thread and no own book make a
// run at fixed nodes reproducible (and one thread is what a worker pays
// for), a small hash keeps a process a colour for each worker cheap.
func DefaultFixed(offered []arena.UCIOption) [][2]string {
	want := [][2]string{{"Threads", "1"}, {"OwnBook", "false"}, {"Hash", strconv.Itoa(SessionEngineHashMB)}}
	var out [][2]string
	for _, w := range want {
		for _, o := range offered {
			if strings.EqualFold(o.Name, w[0]) {
				v := w[1]
				if o.Type == "spin" {
					n, _ := strconv.ParseInt(v, 10, 64)
					v = strconv.FormatInt(min(max(n, o.Min), o.Max), 10)
				}
				out = append(out, [2]string{o.Name, v})
			}
		}
	}
	return out
}
