package ga

import (
	"context"
	"fmt"
	"os"
	"slices"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// A run may evolve an external UCI engine's options instead of our own
// weights (Settings.Engine, docs/evolution.md "Tuning an engine"): the
// chromosome is the engine's genes (arena.EngineTuning.Schema), an
// individual plays as the engine told its values, and problems are solved
// by the engine through UCI. What needs our evaluation cannot be had:
// positions fitness, phenotypic crowding, adaptive's auto involved genes.

// ReferenceStart is the reference SPEC that means the run's own start: the
// chromosome's start values (an engine's, or the preset's defaults), as a
// player of the run's search.
const ReferenceStart = "start"

// UseEngine makes the run's chromosome the tuning's and adapts the
// method's defaults to it: scaled mutation (classic's paper mutation is in
// pawns), genotypic crowding (mnc's phenotypic one is our evaluation),
// every gene mutating (adaptive's auto reads our evaluation terms), game
// fitness for the tuners (positions are scored by our evaluation), the
// start as the reference, and CMA-ES's first step a tenth of each range.
// Call it before the flags that override defaults.
func (s *Settings) UseEngine(t *arena.EngineTuning) {
	s.Engine, s.Preset, s.StartTable = t, t.SchemaName(), false
	if s.Mutation == "" || s.Mutation == MutationPaper {
		s.Mutation = MutationScaled
	}
	s.Distance = DistanceGenotypic
	if s.Involved == InvolvedAuto {
		s.Involved = InvolvedAll
	}
	if s.Fitness == FitnessPositions {
		s.Fitness = FitnessRoundRobin
		if s.Method == CMAES {
			s.Fitness = FitnessReference
		}
	}
	s.Reference = ReferenceStart
	if s.Method == CMAES {
		s.Sigma = 0.1
	}
}

// checkEngine is Check's part for an engine's chromosome.
func (s *Settings) checkEngine() error {
	bad := func(field, format string, args ...any) error {
		return fmt.Errorf("setting %s: %s", field, fmt.Sprintf(format, args...))
	}
	if err := s.Engine.Check(); err != nil {
		return bad("engine", "%v", err)
	}
	if s.Preset != s.Engine.SchemaName() {
		return bad("chromosome", "%q is not the engine's (%s)", s.Preset, s.Engine.SchemaName())
	}
	switch {
	case s.Fitness == FitnessPositions:
		return bad("fitness", "positions scores our static evaluation, which an engine's options do not change: use round-robin, match, reference or problems")
	case s.Method == MNC && s.Distance != DistanceGenotypic:
		return bad("distance", "mnc's phenotypic distance compares our evaluations: with an engine's options use --distance genotypic")
	case s.Method == Classic && s.Mutation != MutationScaled:
		return bad("mutation", "paper mutation moves genes by pawns, and an engine's options are in no such unit: use --mutation scaled")
	case s.Method == Adaptive && s.Involved == InvolvedAuto:
		return bad("involved", "auto reads our evaluation's terms: with an engine's options use --involved all")
	}
	if kind, _, _ := parseStart(s.Start); kind == startFile {
		return bad("start", "a chromosome file holds our weights, not an engine's options: use default, random or noise=F")
	}
	if s.Method == CMAES || s.Method == SPSA {
		schema, err := runSchema(s)
		if err != nil {
			return bad("evolve", "%v", err)
		}
		for _, g := range schema.Genes {
			if !g.Fixed && g.Categorical() {
				return bad("method", "%s moves every gene along a continuous coordinate, and %s is a category (a check or combo option): "+
					"leave it out of --genes, keep it at its start (--evolve int,float), or use classic, mnc, dynamic or adaptive", s.Method, g.Name)
			}
		}
	}
	return nil
}

// baseSchema is the chromosome before Evolve: the engine's or the preset's.
func baseSchema(s *Settings) (*core.Schema, error) {
	if s.Engine != nil {
		return s.Engine.Schema()
	}
	return core.Preset(s.Preset)
}

// PlayerOf is an individual of the run as a player: our engine with its
// genes, or the tuned engine told its options. The name is left to the
// caller.
func (r *Run) PlayerOf(g *Genome) (arena.PlayerSpec, error) {
	if r.Settings.Engine != nil {
		ps, err := r.Settings.Engine.PlayerOf("", g.Chromosome)
		ps.Name = ""
		return ps, err
	}
	// As it played in its run: with the run's set of search parameters
	// and its options.
	search, err := r.Settings.playerSearch()
	if err != nil {
		return arena.PlayerSpec{}, err
	}
	return search.player(arena.PlayerSpec{Genes: g.Chromosome}), nil
}

// verifyEngine checks, before any game, that the engine is there and takes
// the run's options (arena.EngineTuning.Verify), on a copy: the settings
// are not changed, and an engine whose options have changed since the run
// began is an error. A run whose games are all remote and whose engine is
// not on this machine is left to the workers, which refuse a job whose
// engine they lack.
func (r *Run) verifyEngine(ctx context.Context) error {
	t := r.Settings.Engine
	if t == nil || r.evaluateHook != nil { // tests' hooks play no engine
		return nil
	}
	base, err := t.Player()
	if err != nil {
		return err
	}
	needsLocal := !r.RemoteOnly || r.Settings.Fitness == FitnessProblems
	if _, err := os.Stat(base.Engine); err != nil && !needsLocal {
		return nil
	}
	c := *t
	c.Genes = slices.Clone(t.Genes)
	for i := range c.Genes {
		c.Genes[i].Choices = slices.Clone(t.Genes[i].Choices)
	}
	if _, err := c.Verify(ctx); err != nil {
		return fmt.Errorf("engine: %w", err)
	}
	for i := range c.Genes {
		if c.Genes[i].Name != t.Genes[i].Name || !slices.Equal(c.Genes[i].Choices, t.Genes[i].Choices) {
			return fmt.Errorf("engine: gene %s is now the engine's %s %q: its options changed since the run began", t.Genes[i].Name, c.Genes[i].Name, c.Genes[i].Choices)
		}
	}
	return nil
}
