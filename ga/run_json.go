package ga

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/core"
)

// runJSON is a run's stored form: its exported fields plus what the
// running value keeps privately — the random source's state, the problem
// set, and the gene schema it was made with — so that a loaded run goes on
// exactly as if it had never stopped.
type runJSON struct {
	Settings   Settings       `json:"settings"`
	Schema     []GeneInfo     `json:"schema"`
	Generation int            `json:"generation"`
	Population []storedGenome `json:"population"`
	History    []GenStats     `json:"history"`
	Changes    []Change       `json:"changes,omitempty"`
	HallOfFame []storedGenome `json:"hall_of_fame"`
	Gen0Best   *storedGenome  `json:"generation0_best,omitempty"`
	NextID     int            `json:"next_id"`
	Finished   string         `json:"finished,omitempty"`
	Adaptive   *AdaptiveState `json:"adaptive,omitempty"`
	Stall      StallState     `json:"stall"`
	ES         *ESState       `json:"cmaes,omitempty"`
	SPSA       *SPSAState     `json:"spsa,omitempty"`
	Grad       *GradState     `json:"gradient,omitempty"`
	RNG        []byte         `json:"rng"`                // PCG state (MarshalBinary)
	Problems   []string       `json:"problems,omitempty"` // the problem set, as EPD lines
}

// storedGenome is a genome in a run file: its values in the order of the
// run's schema (stored once), not a self-describing chromosome file each.
type storedGenome struct {
	ID         int       `json:"id"`
	Name       string    `json:"name,omitempty"`
	Fitness    float64   `json:"fitness"`
	Evaluated  bool      `json:"evaluated"`
	Generation int       `json:"generation"`
	Parents    []int     `json:"parents,omitempty"`
	Note       string    `json:"note,omitempty"`
	Games      int       `json:"games"`
	Solved     int       `json:"solved"`
	Values     []float64 `json:"values"`
}

func storeGenome(g *Genome) storedGenome {
	return storedGenome{g.ID, g.Chromosome.Name, g.Fitness, g.Evaluated, g.Generation, g.Parents, g.Note, g.Games, g.Solved, g.Chromosome.Values}
}

func storeGenomes(gs []*Genome) []storedGenome {
	out := make([]storedGenome, len(gs))
	for i, g := range gs {
		out[i] = storeGenome(g)
	}
	return out
}

// genome rebuilds a stored genome on the schema, checking its values. A
// genome stored before the schema's trailing opt-in genes existed takes
// their defaults (runSchema has fixed them there), as it played then.
func (sg *storedGenome) genome(schema *core.Schema) (*Genome, error) {
	values := sg.Values
	if n := len(values); n < len(schema.Genes) && optInTail(schema, n) {
		values = slices.Clone(values)
		for _, g := range schema.Genes[n:] {
			values = append(values, g.Default)
		}
	}
	c := &core.Chromosome{Schema: schema, Values: values, Name: sg.Name}
	if len(values) != len(schema.Genes) {
		return nil, fmt.Errorf("%d values for %d genes", len(sg.Values), len(schema.Genes))
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return &Genome{ID: sg.ID, Chromosome: c, Fitness: sg.Fitness, Evaluated: sg.Evaluated, Generation: sg.Generation,
		Parents: sg.Parents, Note: sg.Note, Games: sg.Games, Solved: sg.Solved}, nil
}

// GeneInfo describes one gene of the schema a run was made with.
type GeneInfo struct {
	Name  string  `json:"name"`
	Group string  `json:"group"`
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
}

// optInTail reports whether the schema's genes from n on are all opt-in:
// a run stored with the first n has them at their defaults.
func optInTail(s *core.Schema, n int) bool {
	for _, g := range s.Genes[n:] {
		if !g.OptIn {
			return false
		}
	}
	return true
}

func schemaInfo(s *core.Schema) []GeneInfo {
	out := make([]GeneInfo, len(s.Genes))
	for i, g := range s.Genes {
		out[i] = GeneInfo{g.Name, g.Group, g.Lo, g.Hi}
	}
	return out
}

// adoptStoredFixed reconciles a stored run's schema with this program's:
// gene for gene the same names and groups, and the same bounds except for
// genes fixed in both, which keep the value the run was made with. A run
// that evolves some groups pins the others at the preset's default of its
// day (runSchema); when a later default moves (the tuned `full`), the run
// still holds, and plays, the values it started from, so it loads with
// them rather than being refused. Anything else is a different chromosome
// and the first difference is named. A run stored before the schema's
// trailing opt-in genes existed lacks them: they stay fixed at their
// defaults (runSchema), as the run played.
func adoptStoredFixed(schema *core.Schema, stored []GeneInfo) (*core.Schema, error) {
	now := schemaInfo(schema)
	if len(stored) != len(now) && !(len(stored) < len(now) && optInTail(schema, len(stored))) {
		return nil, fmt.Errorf("%d genes stored, %d now", len(stored), len(now))
	}
	var out *core.Schema
	for i, st := range stored {
		g := now[i]
		switch {
		case st.Name != g.Name || st.Group != g.Group:
			err := fmt.Errorf("gene %d is %s (%s) in the run, %s (%s) now", i, st.Name, st.Group, g.Name, g.Group)
			if len(stored) != len(now) {
				err = fmt.Errorf("%d genes stored, %d now: %w", len(stored), len(now), err)
			}
			return nil, err
		case st == g:
			continue
		case !schema.Genes[i].Fixed || st.Lo != st.Hi:
			return nil, fmt.Errorf("gene %s: bounds [%g, %g] in the run, [%g, %g] now", g.Name, st.Lo, st.Hi, g.Lo, g.Hi)
		}
		if out == nil {
			c := *schema // shares the name index and compile functions, read-only
			c.Genes = slices.Clone(schema.Genes)
			out = &c
		}
		out.Genes[i].Lo, out.Genes[i].Hi, out.Genes[i].Default = st.Lo, st.Hi, st.Lo
	}
	if out == nil {
		return schema, nil
	}
	return out, nil
}

// MarshalJSON writes the run's stored form. Call it between generations
// (the run's own goroutine, or while no Execute runs).
func (r *Run) MarshalJSON() ([]byte, error) {
	rngState, err := r.pcg.MarshalBinary()
	if err != nil {
		return nil, err
	}
	f := runJSON{Settings: r.Settings, Schema: schemaInfo(r.schema), Generation: r.Generation, Population: storeGenomes(r.Population),
		History: r.History, Changes: r.Changes, HallOfFame: storeGenomes(r.HallOfFame), NextID: r.NextID,
		Finished: r.Finished, Adaptive: r.Adaptive, Stall: r.Stall, ES: r.ES, SPSA: r.SPSA, Grad: r.Grad, RNG: rngState}
	if r.Gen0Best != nil {
		g := storeGenome(r.Gen0Best)
		f.Gen0Best = &g
	}
	for _, p := range r.probs {
		f.Problems = append(f.Problems, p.String())
	}
	return json.Marshal(&f)
}

// UnmarshalJSON reads a stored run and makes it ready to Execute. The
// settings must pass Check, the schema must be the current one of the
// preset (gene for gene), and every genome must belong to it.
func (r *Run) UnmarshalJSON(data []byte) error {
	var f runJSON
	if err := json.Unmarshal(data, &f); err != nil {
		return err
	}
	if f.Settings.Workers <= 0 {
		f.Settings.Workers = 1
	}
	if err := f.Settings.Check(); err != nil {
		return err
	}
	schema, err := runSchema(&f.Settings) // as NewRun built it: Evolve fixes genes
	if err != nil {
		return err
	}
	if len(f.Schema) > 0 && !slices.Equal(f.Schema, schemaInfo(schema)) {
		if schema, err = adoptStoredFixed(schema, f.Schema); err != nil {
			return fmt.Errorf("schema: the run was made with a %s chromosome that differs from this program's: %w", f.Settings.Preset, err)
		}
	}
	if len(f.Population) == 0 {
		return errors.New("population: empty")
	}
	rebuild := func(field string, list []storedGenome) ([]*Genome, error) {
		out := make([]*Genome, len(list))
		for i := range list {
			g, err := list[i].genome(schema)
			if err != nil {
				return nil, fmt.Errorf("%s[%d]: %w", field, i, err)
			}
			out[i] = g
		}
		return out, nil
	}
	pop, err := rebuild("population", f.Population)
	if err != nil {
		return err
	}
	hof, err := rebuild("hall_of_fame", f.HallOfFame)
	if err != nil {
		return err
	}
	var gen0 *Genome
	if f.Gen0Best != nil {
		if gen0, err = f.Gen0Best.genome(schema); err != nil {
			return fmt.Errorf("generation0_best: %w", err)
		}
	}
	pcg := &rand.PCG{}
	if err := pcg.UnmarshalBinary(f.RNG); err != nil {
		return fmt.Errorf("rng: %w", err)
	}
	var probs []*core.EPDRecord
	for i, line := range f.Problems {
		p, err := core.ParseEPD(line)
		if err != nil {
			return fmt.Errorf("problems[%d]: %w", i, err)
		}
		probs = append(probs, p)
	}
	if (f.Settings.Fitness == FitnessProblems || f.Settings.Method == Adaptive) && len(probs) == 0 {
		return errors.New("problems: a problems run without its problem set")
	}
	if f.Settings.Method == Adaptive && f.Adaptive == nil {
		f.Adaptive = &AdaptiveState{}
	}
	*r = Run{Settings: f.Settings, Generation: f.Generation, Population: pop, History: f.History, Changes: f.Changes,
		HallOfFame: hof, Gen0Best: gen0, NextID: f.NextID, Finished: f.Finished, Adaptive: f.Adaptive,
		Stall: f.Stall, ES: f.ES, SPSA: f.SPSA, Grad: f.Grad, schema: schema, pcg: pcg, rng: rand.New(pcg), probs: probs, bus: arena.NewBus(),
		wake: make(chan struct{}, 1)}
	return r.checkTunerState()
}

// checkTunerState checks a loaded CMA-ES or SPSA state against the
// schema: one value per evolving gene, every number finite.
func (r *Run) checkTunerState() error {
	n := len(r.live())
	finite := func(field string, v ...float64) error {
		for i, x := range v {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return fmt.Errorf("%s[%d] is %v", field, i, x)
			}
		}
		return nil
	}
	if st := r.ES; st != nil {
		for _, f := range []struct {
			name string
			v    []float64
		}{{"cmaes.mean", st.Mean}, {"cmaes.diag", st.Diag}, {"cmaes.ps", st.Ps}, {"cmaes.pc", st.Pc}} {
			if len(f.v) != n {
				return fmt.Errorf("%s: %d values for %d evolving genes", f.name, len(f.v), n)
			}
			if err := finite(f.name, f.v...); err != nil {
				return err
			}
		}
		if !(st.Sigma > 0) || math.IsInf(st.Sigma, 0) {
			return fmt.Errorf("cmaes.sigma is %v", st.Sigma)
		}
		for i, d := range st.Diag {
			if !(d > 0) {
				return fmt.Errorf("cmaes.diag[%d] is %v, not positive", i, d)
			}
		}
	}
	if st := r.Grad; st != nil {
		for _, f := range []struct {
			name string
			v    []float64
		}{{"gradient.x", st.X}, {"gradient.x0", st.X0}, {"gradient.m", st.M}, {"gradient.v", st.V}} {
			if len(f.v) != n {
				return fmt.Errorf("%s: %d values for %d evolving genes", f.name, len(f.v), n)
			}
			if err := finite(f.name, f.v...); err != nil {
				return err
			}
		}
		if st.Steps < 0 || slices.Min(append([]float64{0}, st.V...)) < 0 {
			return fmt.Errorf("gradient: negative steps or second moment")
		}
		if len(st.Start) != 0 && len(st.Start) != n || r.Settings.L2 > 0 && len(st.Start) != n {
			return fmt.Errorf("gradient.start: %d values for %d evolving genes (a run with an l2 keeps its start)", len(st.Start), n)
		}
		if err := finite("gradient.start", st.Start...); err != nil {
			return err
		}
	}
	if st := r.SPSA; st != nil {
		if len(st.Theta) != n {
			return fmt.Errorf("spsa.theta: %d values for %d evolving genes", len(st.Theta), n)
		}
		if err := finite("spsa.theta", slices.Concat(st.Theta, []float64{st.Scale})...); err != nil {
			return err
		}
		if st.Scale < 0 || st.Pairs < 0 || st.Iter < 0 || st.N < 0 {
			return fmt.Errorf("spsa: negative scale, pairs or iterations")
		}
		if st.OpenBench && (len(st.Pentanomial) != 5 || st.N < 1 || slices.Min(st.Pentanomial) < 0) {
			return fmt.Errorf("spsa: OpenBench's schedule without its planned iterations or pentanomial counts")
		}
	}
	return nil
}
