package evolution

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/ga"
	"github.com/evochess/evochess/tui/common"
)

// The chromosome row offers our presets, then every engine whose options
// can be tuned: the session's (Debian's installed ones), those its user
// named by path, and, where the session may name one, "an engine at a
// path…". Landing on an engine asks it for its options in the background
// (probe): the form stays live, and an engine that is slow, dies or does
// not speak UCI says so on the form.

// probeTimeout bounds the whole probe: a UCI engine answers uci with
// uciok in well under a second (Stockfish loads its network in ~1 s); an
// xboard engine never does.
const probeTimeout = 8 * time.Second

// probeState is where an engine's probe stands.
type probeState int

const (
	probeAsking probeState = iota
	probeReady
	probeFailed
)

// engineChoice is one engine as a chromosome source: its probe, and what
// the user picked of its options (kept while the user looks at others).
type engineChoice struct {
	path   string
	args   []string
	state  probeState
	err    error
	info   *arena.EngineInfo
	cancel context.CancelFunc // the probe in flight
	probe  int                // the probe's number: a late answer of an older one is dropped
	picks  []optionPick       // per option of info, once ready
}

// probedMsg is an engine's answer to a probe (or why there was none).
type probedMsg struct {
	path  string
	probe int
	info  *arena.EngineInfo
	err   error
}

// engineLabel names an engine in the chromosome row.
func engineLabel(path string) string { return "engine " + common.EngineName(path) }

// pathItem is the last chromosome choice where the user may name an
// engine: enter types its path.
const pathItem = "engine at a path… (enter types it)"

// chromosomes are the chromosome row's choices: presets, engines, and the
// path item when the session may name one.
func (e *Page) chromosomes() []string {
	out := slices.Clone(core.PresetNames())
	for _, p := range e.enginePaths() {
		out = append(out, engineLabel(p))
	}
	if e.Env.EnginePaths {
		out = append(out, pathItem)
	}
	return out
}

// enginePaths are the engines offered: the session's tunable ones, then
// those its user named.
func (e *Page) enginePaths() []string {
	out := e.Env.TunableEngines()
	for _, p := range e.named {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// engineAt is the engine chosen on the chromosome row ("": a preset, or
// the path item).
func (e *Page) engineAt() string {
	i := e.preset - len(core.PresetNames())
	if paths := e.enginePaths(); i >= 0 && i < len(paths) {
		return paths[i]
	}
	return ""
}

// engine is the chosen engine's choice (nil: a preset is chosen).
func (e *Page) engine() *engineChoice {
	if p := e.engineAt(); p != "" {
		return e.engines[p]
	}
	return nil
}

// onPathItem: the chromosome row is on "an engine at a path…".
func (e *Page) onPathItem() bool {
	return e.Env.EnginePaths && e.preset == len(e.chromosomes())-1
}

// chromosomeChanged follows the chromosome row to a new choice (wasEngine:
// from an engine): an engine is asked for its options, unless it was; a
// probe of another that is still asking is given up. The form's rows
// follow (an engine's are not a preset's), and so do the fitness and
// search when they are not an engine's (or a preset's).
func (e *Page) chromosomeChanged(wasEngine bool) tea.Cmd {
	for path, c := range e.engines {
		if path != e.engineAt() && c.state == probeAsking && c.cancel != nil {
			c.cancel()
			delete(e.engines, path) // asked again when chosen again
		}
	}
	if wasEngine != e.engineMode() {
		s := ga.DefaultSettings(ga.Methods[e.method])
		if e.engineMode() {
			s.UseEngine(&arena.EngineTuning{Spec: "uci=engine"}) // only its defaults are read
		}
		if !slices.Contains(e.fitnesses(), e.fitness) || e.engineMode() {
			e.fitness = s.Fitness
		}
		if tcs := tcsOf(e.engineMode()); !slices.Contains(tcs, e.tc) {
			e.tc = defaultEngineTC
			if !e.engineMode() {
				e.tc = s.TC
				if !slices.Contains(tcs, e.tc) {
					e.tc = tcs[0]
				}
			}
		}
	}
	e.rebuildForm()
	path := e.engineAt()
	if path == "" {
		return nil
	}
	if c, ok := e.engines[path]; ok && c.state != probeFailed {
		return nil
	}
	return e.probe(path)
}

// probe asks the engine at path for its options, in the background.
func (e *Page) probe(path string) tea.Cmd {
	if err := e.Env.EngineAllowed(path); err != nil {
		e.engines[path] = &engineChoice{path: path, state: probeFailed, err: err}
		return nil
	}
	e.probes++
	ctx, cancel := context.WithTimeout(e.Env.Ctx, probeTimeout)
	c := &engineChoice{path: path, args: common.EngineArgs(path), state: probeAsking, cancel: cancel, probe: e.probes}
	e.engines[path] = c
	args, n := slices.Clone(c.args), c.probe
	return func() tea.Msg {
		defer cancel()
		info, err := arena.ProbeUCI(ctx, path, args)
		if err != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
			err = fmt.Errorf("%s is not a UCI engine, or too slow: no uciok within %s of uci", common.EngineName(path), probeTimeout)
		}
		return probedMsg{path: path, probe: n, info: info, err: err}
	}
}

// probed takes an engine's answer: its options, each with what the
// session may make of it, the default fixed options fixed.
func (e *Page) probed(msg probedMsg) {
	c, ok := e.engines[msg.path]
	if !ok || c.probe != msg.probe {
		return // given up, or asked again since
	}
	c.cancel = nil
	if msg.err != nil {
		c.state, c.err = probeFailed, errors.New(common.Sanitize(e.Env.ErrText(msg.err), 0))
		return
	}
	for i := range msg.info.Options { // what an engine writes reaches the screen
		o := &msg.info.Options[i]
		o.Name, o.Default = common.Sanitize(o.Name, 0), common.Sanitize(o.Default, 0)
		for j := range o.Vars {
			o.Vars[j] = common.Sanitize(o.Vars[j], 0)
		}
	}
	msg.info.ID = common.Sanitize(msg.info.ID, common.MaxNameRunes)
	c.state, c.info = probeReady, msg.info
	c.picks = make([]optionPick, len(msg.info.Options))
	for _, f := range common.DefaultFixed(msg.info.Options) {
		for i, o := range msg.info.Options {
			if o.Name == f[0] && e.Env.CheckFixed(o, f[1]) == nil {
				c.picks[i] = optionPick{use: useFixed, value: f[1]}
			}
		}
	}
}

// namePath takes the path the user typed for "an engine at a path…": an
// engine the session may start, a file there, offered from now on and
// chosen.
func (e *Page) namePath(path string) tea.Cmd {
	path = strings.TrimSpace(path)
	if path == "" {
		return nil
	}
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	if err := e.Env.EngineAllowed(path); err != nil {
		e.Status = err.Error()
		return nil
	}
	if st, err := os.Stat(path); err != nil || st.IsDir() {
		e.Status = fmt.Sprintf("no engine at %s", common.Sanitize(path, 0))
		return nil
	}
	if !slices.Contains(e.enginePaths(), path) {
		e.named = append(e.named, path)
	}
	e.preset = len(core.PresetNames()) + slices.Index(e.enginePaths(), path)
	e.Status = ""
	return e.chromosomeChanged(true) // from the path item, an engine's row already
}

// probeLine is what the form says of the chosen engine's probe.
func (e *Page) probeLine() string {
	c := e.engine()
	if c == nil {
		return ""
	}
	name := common.EngineName(c.path)
	switch c.state {
	case probeAsking:
		return name + ": asking the engine for its options…"
	case probeFailed:
		return c.err.Error()
	}
	genes, fixed := c.counts()
	return fmt.Sprintf("%s (%s): %d options · %s, %d fixed · enter on genes picks them", name, c.info.ID, len(c.info.Options), plural(genes, "gene"), fixed)
}
