package arena

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// EngineInfo is what a UCI engine says of itself in its handshake.
type EngineInfo struct {
	ID      string
	Options []UCIOption
}

// ProbeTimeout bounds each exchange with an engine that is being probed.
var ProbeTimeout = 10 * time.Second

// uciSession is a UCI engine started to be asked questions, not to play.
type uciSession struct {
	p    *engineProcess
	path string
}

// openUCI starts the engine and completes the handshake.
func openUCI(ctx context.Context, path string, args []string) (*uciSession, *EngineInfo, error) {
	p, err := launchEngine(path, args)
	if err != nil {
		return nil, nil, err
	}
	s := &uciSession{p: p, path: path}
	if err := p.send("uci"); err != nil {
		s.close()
		return nil, nil, fmt.Errorf("%s: %w: it closed its input", path, ErrEngineCrashed)
	}
	info := &EngineInfo{}
	deadline := time.After(ProbeTimeout)
	for {
		line, err := p.readLine(ctx, deadline)
		if err != nil {
			s.close()
			return nil, nil, handshakeError(path, "a UCI engine", "uciok", ProbeTimeout, err)
		}
		if echoes(line, "uci") {
			s.close()
			return nil, nil, echoError(path, "a UCI engine", line)
		}
		if o, ok := ParseUCIOption(line); ok {
			info.Options = append(info.Options, o)
		}
		if name, ok := strings.CutPrefix(line, "id name "); ok {
			info.ID = strings.TrimSpace(name)
		}
		if strings.TrimSpace(line) == "uciok" {
			return s, info, nil
		}
	}
}

// ProbeUCI starts the engine, reads its handshake and stops it.
func ProbeUCI(ctx context.Context, path string, args []string) (*EngineInfo, error) {
	s, info, err := openUCI(ctx, path, args)
	if err != nil {
		return nil, err
	}
	s.close()
	return info, nil
}

// complaint reports whether a line an engine wrote after a setoption says
// it did not take it ("No such option: X", "info string Invalid value …").
func complaint(line string) bool {
	l := strings.ToLower(line)
	for _, w := range []string{"no such option", "unknown option", "invalid", "error", "illegal", "not supported", "out of range", "unknown command"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// set sends one setoption and waits for the engine to be ready again: an
// engine that dies, hangs or complains is an error naming the option.
func (s *uciSession) set(ctx context.Context, name, value string) error {
	what := fmt.Sprintf("setoption name %s value %s", name, value)
	// A failed write is a dead engine: the read below says so.
	s.p.send(what)
	s.p.send("isready")
	deadline := time.After(ProbeTimeout)
	for {
		line, err := s.p.readLine(ctx, deadline)
		switch {
		case errors.Is(err, ErrEngineCrashed):
			return fmt.Errorf("%s died at %q", s.path, what)
		case err != nil:
			return fmt.Errorf("%s at %q: %w", s.path, what, err)
		case complaint(line):
			return fmt.Errorf("%s refused %q: %s", s.path, what, strings.TrimSpace(line))
		case strings.TrimSpace(line) == "readyok":
			return nil
		}
	}
}

func (s *uciSession) close() {
	s.p.send("quit")
	select {
	case <-s.p.exited:
	case <-time.After(time.Second):
	}
	s.p.kill()
}

// Verify starts the engine and checks the tuning against it: the fixed
// options and every gene must be options it offers, each gene of a type
// that holds it and within the engine's own bounds (matchGenes, which also
// takes the engine's spelling of names and choices), and the engine must
// take every fixed option, and every gene at its start, min and max (each
// choice of a categorical gene), without dying or complaining. warnings
// name what would spoil a reproducible run without being an error: more
// than one thread, an own book.
func (t *EngineTuning) Verify(ctx context.Context) (warnings []string, err error) {
	base, err := t.Player()
	if err != nil {
		return nil, err
	}
	s, info, err := openUCI(ctx, base.Engine, base.Args)
	if err != nil {
		return nil, err
	}
	defer s.close()
	t.ID = info.ID
	// The engine's spelling of names and its combos' choices first: a
	// combo gene may leave them to it.
	if err := matchGenes(t.Genes, info.Options); err != nil {
		return nil, err
	}
	if err := t.Check(); err != nil {
		return nil, err
	}
	offered := uciOptions{}
	for _, o := range info.Options {
		offered[strings.ToLower(o.Name)] = o
	}
	for _, o := range base.Options {
		if _, ok := offered.find(o[0]); !ok {
			return nil, fmt.Errorf("--engine option.%s: %s offers no option of that name", o[0], base.Engine)
		}
		if err := s.set(ctx, o[0], o[1]); err != nil {
			return nil, err
		}
	}
	for i := range t.Genes {
		g := &t.Genes[i]
		values := []float64{g.Start, g.Min, g.Max}
		if g.Categorical() {
			values = values[:0]
			for c := range g.Choices {
				values = append(values, float64(c))
			}
		}
		for _, v := range values {
			if err := s.set(ctx, g.Name, g.Value(v)); err != nil {
				return nil, fmt.Errorf("gene %s: %w", g.Name, err)
			}
		}
		if err := s.set(ctx, g.Name, g.Value(g.Start)); err != nil {
			return nil, fmt.Errorf("gene %s: %w", g.Name, err)
		}
	}
	fixed := func(name string) bool {
		for _, o := range base.Options {
			if strings.EqualFold(o[0], name) {
				return true
			}
		}
		return false
	}
	if o, ok := offered.find("Threads"); ok && o.Default != "1" && !fixed("Threads") {
		warnings = append(warnings, fmt.Sprintf("%s searches with %s threads by default: games at fixed nodes are not reproducible (give option.Threads=1)", base.Engine, o.Default))
	}
	if o, ok := offered.find("OwnBook"); ok && o.Default == "true" && !fixed("OwnBook") {
		warnings = append(warnings, fmt.Sprintf("%s plays from its own book by default (give option.OwnBook=false so the openings are the run's)", base.Engine))
	}
	return warnings, nil
}
