package cluster

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/evochess/evochess/arena"
)

// A worker runs what its own command line allows, and nothing a job adds:
// each --engine is the engine and an allow-list of the arguments it is
// started with and of the options a job may set,
//
//	--engine PATH[,args=ARGS][,option.NAME=VALUE]...
//
// (PATH may be given as uci=PATH or xboard=PATH to say the protocol). A
// job's player must have exactly the arguments given (none when none
// are), and each of its options must be allowed by an option. of the
// --engine: at the value given (option.Hash=16, option.Threads=1), within
// a range of a spin (option.Hash=1..64), or at any value the engine's
// own option line allows (option.Skill Level=*: a spin within its min
// and max, a check true or false, a combo one of its choices). A name with
// * (option.Mobility*=*, option.*=*) stands for every playing setting it
// matches, as a tuning's --genes pattern does: spins, checks and combos,
// and never Hash, Threads, MultiPV, Ponder, OwnBook, UCI_* or Syzygy*, a
// string, or an option whose name speaks of a file, a path, a directory,
// a log, debugging, a book or tablebases. Those, and every string option,
// a job sets only at a value the worker names one by one: a job cannot
// have the worker's engine write a log or a book anywhere (issue 25). The
// worker reads a UCI engine's option lines when it starts, and checks
// what it was given against them; an xboard engine's options are taken
// at the values named only.

// engineAllow is one --engine of a worker.
type engineAllow struct {
	text  string         // as given, for messages
	given string         // the engine's path as given
	path  string         // the program found
	proto arena.Protocol // given with uci= or xboard=, or UCI as found at the start
	args  []string
	rules []optionRule
	// offered is the engine's options by lower-case name, read from its
	// UCI handshake at the worker's start; nil for an xboard engine.
	offered map[string]arena.UCIOption
}

// optionRule is one option.NAME=VALUE of an --engine.
type optionRule struct {
	name   string // an option's name, or a pattern with *
	value  string // the value allowed (ruleExact)
	kind   ruleKind
	lo, hi int64 // ruleSpan
}

type ruleKind int

const (
	ruleExact ruleKind = iota
	ruleSpan           // LO..HI of a spin
	ruleAny            // *: any value the option takes
)

func (r optionRule) pattern() bool { return strings.Contains(r.name, "*") }

func (r optionRule) String() string {
	switch r.kind {
	case ruleSpan:
		return fmt.Sprintf("option.%s=%d..%d", r.name, r.lo, r.hi)
	case ruleAny:
		return "option." + r.name + "=*"
	}
	return "option." + r.name + "=" + r.value
}

// parseAllow reads an --engine; resolve finds and asks the engine.
func parseAllow(text string) (engineAllow, error) {
	a := engineAllow{text: text}
	bad := func(format string, args ...any) (engineAllow, error) {
		return engineAllow{}, fmt.Errorf("--engine %q: %s", text, fmt.Sprintf(format, args...))
	}
	parts := strings.Split(text, ",")
	first := strings.TrimSpace(parts[0])
	if k, v, ok := strings.Cut(first, "="); ok {
		switch k {
		case "uci", "xboard":
			a.proto = arena.Protocol(k)
		case "engine":
		default:
			return bad("give the engine's path first (PATH, uci=PATH or xboard=PATH), then args= and option.NAME=VALUE")
		}
		first = strings.TrimSpace(v)
	}
	if first == "" {
		return bad("no engine path")
	}
	a.given, a.path = first, first
	for _, part := range parts[1:] {
		k, v, ok := strings.Cut(part, "=")
		k = strings.TrimSpace(k)
		switch {
		case !ok:
			return bad("%q: want key=value (args= or option.NAME=VALUE)", part)
		case k == "args":
			a.args = strings.Fields(v)
		case strings.HasPrefix(k, "option.") && len(k) > len("option."):
			r, err := parseRule(strings.TrimPrefix(k, "option."), strings.TrimSpace(v))
			if err != nil {
				return bad("%s: %v", k, err)
			}
			a.rules = append(a.rules, r)
		default:
			return bad("unknown key %q (have args= and option.NAME=VALUE)", k)
		}
	}
	return a, nil
}

// parseRule reads an option's allowed values: * (any), LO..HI (a spin's
// range) or a value.
func parseRule(name, value string) (optionRule, error) {
	r := optionRule{name: name, value: value}
	if value == "*" {
		r.kind = ruleAny
		return r, nil
	}
	if lo, hi, ok := strings.Cut(value, ".."); ok {
		var err1, err2 error
		r.lo, err1 = strconv.ParseInt(lo, 10, 64)
		r.hi, err2 = strconv.ParseInt(hi, 10, 64)
		if err1 != nil || err2 != nil || r.lo > r.hi {
			return r, fmt.Errorf("range %q: want LO..HI, two integers, LO ≤ HI", value)
		}
		r.kind = ruleSpan
		return r, nil
	}
	if r.pattern() {
		return r, fmt.Errorf("a name with * takes * or a range, not one value")
	}
	return r, nil
}

// reachesFiles reports whether an option's name speaks of files, logs,
// debugging, books or tablebases: options a pattern never covers and that
// only a value named one by one allows.
func reachesFiles(name string) bool {
	n := strings.ToLower(name)
	for _, w := range []string{"file", "path", "dir", "log", "debug", "book", "tablebase", "syzygy"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// probeTimeout bounds the worker's look at each engine when it starts.
const probeTimeout = 10 * time.Second

// resolve finds the engine, asks it its protocol and, for a UCI engine,
// its options, and checks the rules against them: a worker whose
// --engine is not an engine, or allows what the engine has not, does not
// start.
func (a *engineAllow) resolve(ctx context.Context) error {
	path, err := exec.LookPath(a.path)
	if err != nil {
		return fmt.Errorf("--engine %s: %w", a.path, err)
	}
	a.path = path
	proto := a.proto
	var info *arena.EngineInfo
	if proto == "" {
		if proto, err = arena.DetectProtocol(ctx, path, a.args, probeTimeout); err != nil {
			return fmt.Errorf("--engine %s: %w", a.text, err)
		}
		if proto == arena.ProtoXboard && len(a.rules) > 0 {
			// Detection gives an engine a few seconds to say anything, and
			// takes one that says nothing for an xboard engine: so is a UCI
			// engine slow to start on a busy machine (stockfish under load
			// 23). The rules need its option list: it is asked as a UCI
			// engine, with a UCI handshake's time (an xboard engine with
			// option. rules costs that much at the start unless given as
			// xboard=PATH).
			if i, err := arena.ProbeUCI(ctx, path, a.args); err == nil {
				proto, info = arena.ProtoUCI, i
			}
		}
	}
	if proto == arena.ProtoUCI {
		if info == nil {
			if info, err = arena.ProbeUCI(ctx, path, a.args); err != nil {
				return fmt.Errorf("--engine %s: %w", a.text, err)
			}
		}
		a.offered = map[string]arena.UCIOption{}
		for _, o := range info.Options {
			a.offered[strings.ToLower(o.Name)] = o
		}
		// It answered as a UCI engine: it is run as one, whatever a job
		// says, its options checked as UCI options and not to be sent as
		// xboard ones. (An engine with no option. rules found to be xboard
		// may still be a slow UCI engine: the job's word stands there, and
		// it sets no option.)
		a.proto = arena.ProtoUCI
	}
	for _, r := range a.rules {
		if err := a.checkRule(r); err != nil {
			return fmt.Errorf("--engine %s: %s: %w", a.text, r, err)
		}
	}
	return nil
}

// checkRule says what is wrong with a rule for this engine.
func (a *engineAllow) checkRule(r optionRule) error {
	if a.offered == nil { // an xboard engine: its options are not read
		if r.pattern() || r.kind == ruleAny {
			return errors.New("* needs the engine's option list, which only a UCI engine says: name each option and value")
		}
		return nil
	}
	if r.pattern() {
		n := 0
		for _, o := range a.offered {
			if coverable(o) && arena.GlobMatch(r.name, o.Name) {
				n++
			}
		}
		if n == 0 {
			return errors.New("matches no playing setting of the engine (a pattern leaves out strings, Hash, Threads and the like, and options of files, logs, debugging, books and tablebases: name one)")
		}
		return nil
	}
	o, ok := a.offered[strings.ToLower(r.name)]
	if !ok {
		return errors.New("the engine has no option of that name")
	}
	switch r.kind {
	case ruleSpan:
		if o.Type != "spin" {
			return fmt.Errorf("a range is for a spin; %s is a %s", o.Name, o.Type)
		}
	case ruleAny:
		if o.Type != "spin" && o.Type != "check" && o.Type != "combo" {
			return fmt.Errorf("%s is a %s: allow it at values named one by one", o.Name, o.Type)
		}
		if reachesFiles(o.Name) {
			return fmt.Errorf("%s speaks of files, logs, debugging, books or tablebases: allow it at values named one by one", o.Name)
		}
	default:
		return o.CheckValue(r.value)
	}
	return nil
}

// coverable: an option a name with * covers.
func coverable(o arena.UCIOption) bool { return arena.PlayingOption(o) && !reachesFiles(o.Name) }

// allows says why the player's options are not all allowed ("" if they
// are).
func (a *engineAllow) allows(options [][2]string) string {
	for _, o := range options {
		if why := a.allowsOne(o[0], o[1]); why != "" {
			return why
		}
	}
	return ""
}

func (a *engineAllow) allowsOne(name, value string) string {
	var o arena.UCIOption
	if a.offered != nil {
		var ok bool
		if o, ok = a.offered[strings.ToLower(name)]; !ok {
			return fmt.Sprintf("option %q: %s has no option of that name", name, filepath.Base(a.path))
		}
		if err := o.CheckValue(value); err != nil {
			return fmt.Sprintf("option %q=%q: %v", name, value, err)
		}
	}
	for _, r := range a.rules {
		switch {
		case r.pattern() && (a.offered == nil || !coverable(o) || !arena.GlobMatch(r.name, name)):
			continue
		case !r.pattern() && !strings.EqualFold(r.name, name):
			continue
		}
		switch r.kind {
		case ruleExact:
			if value == r.value {
				return ""
			}
		case ruleSpan:
			if v, err := strconv.ParseInt(value, 10, 64); err == nil && v >= r.lo && v <= r.hi {
				return ""
			}
		case ruleAny:
			return "" // the engine's own bounds checked above
		}
	}
	if a.offered != nil && o.Type == "string" || reachesFiles(name) {
		return fmt.Sprintf("option %q=%q refused: options of files, logs, debugging, books or tablebases, and strings, are set only at a value the worker's --engine names", name, value)
	}
	return fmt.Sprintf("option %q=%q is not allowed by this worker's --engine %s", name, value, a.text)
}

// engineAllows is a worker's --engines.
type engineAllows []*engineAllow

// names is the engines offered, by file name, once each.
func (e engineAllows) names() []string {
	var out []string
	for _, a := range e {
		if b := filepath.Base(a.path); !slices.Contains(out, b) {
			out = append(out, b)
		}
	}
	return out
}

// describe says what the engines allow, for the worker's log:
// "stockfish (options Threads=1, Skill Level=*), phalanx (args -s)".
func (e engineAllows) describe() string {
	var out []string
	for _, a := range e {
		var what []string
		if len(a.args) > 0 {
			what = append(what, "args "+strings.Join(a.args, " "))
		}
		var rules []string
		for _, r := range a.rules {
			rules = append(rules, strings.TrimPrefix(r.String(), "option."))
		}
		if len(rules) == 0 {
			rules = []string{"none"}
		}
		what = append(what, "options "+strings.Join(rules, ", "))
		out = append(out, fmt.Sprintf("%s (%s)", filepath.Base(a.path), strings.Join(what, "; ")))
	}
	return strings.Join(out, ", ")
}

// player finds the --engine that allows a job's external player: the
// engine it names (by path or file name), started with the player's
// arguments and set its options, in the worker's protocol for it (given
// with uci= or xboard=, or UCI when the engine answered as one at the
// worker's start), else the job's.
func (e engineAllows) player(p *playerMsg) (path string, proto arena.Protocol, err error) {
	var why []string
	for _, a := range e.named(p.Engine) {
		switch {
		case !slices.Equal(p.Args, a.args):
			why = append(why, fmt.Sprintf("arguments %q are not this worker's %q", p.Args, a.args))
		default:
			w := a.allows(p.Options)
			if w == "" {
				proto = p.Proto
				if a.proto != "" {
					proto = a.proto
				}
				return a.path, proto, nil
			}
			why = append(why, w)
		}
	}
	if why == nil {
		return "", "", fmt.Errorf("player %s needs %s: %w", p.Name, filepath.Base(p.Engine), errNoEngine)
	}
	return "", "", fmt.Errorf("player %s: %s: %w", p.Name, strings.Join(why, "; "), errNotAllowed)
}

// named is the --engines a job's engine names: those of its path, if the
// worker has any (two builds of one name are two engines), else those of
// its file name.
func (e engineAllows) named(engine string) engineAllows {
	var byPath, byName engineAllows
	for _, a := range e {
		switch {
		case engine == a.given || engine == a.path:
			byPath = append(byPath, a)
		case filepath.Base(engine) == filepath.Base(a.path):
			byName = append(byName, a)
		}
	}
	if byPath != nil {
		return byPath
	}
	return byName
}

// errNotAllowed is a job's engine setting the worker's --engine does not
// allow: it gives the job back.
var errNotAllowed = errors.New("not allowed by this worker")
