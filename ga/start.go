package ga

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/evochess/evochess/core"
)

// Values of Settings.Start besides "noise=F", "file=PATH" and
// "noise=F,file=PATH".
const (
	StartRandom  = "random"
	StartDefault = "default"
	startFile    = "file"
)

// parseStart reads Settings.Start: the kind ("random", "default", "noise"
// or "file") and, for noise, F. Empty means random, the seeds' start.
// "file=PATH" starts from a chromosome file of the run's preset (a user's
// own player, tuned further): startFilePath gives PATH. "noise=F,file=PATH"
// starts from the file's chromosome and noise around it (f is F): a
// population of distinct players near a user's own, which methods that
// learn only from differences (dynamic's tournaments) need.
func parseStart(start string) (kind string, f float64, err error) {
	switch start {
	case "", StartRandom:
		return StartRandom, 0, nil
	case StartDefault:
		return StartDefault, 0, nil
	}
	if path, ok := strings.CutPrefix(start, "file="); ok {
		if path == "" {
			return "", 0, fmt.Errorf("file=: a chromosome file's path is missing")
		}
		return startFile, 0, nil
	}
	v, ok := strings.CutPrefix(start, "noise=")
	if !ok {
		return "", 0, fmt.Errorf("%q is not random, default, noise=F, file=PATH or noise=F,file=PATH", start)
	}
	// The file goes last, so that a path may hold commas.
	v, file, withFile := strings.Cut(v, ",")
	if withFile {
		if path, ok := strings.CutPrefix(file, "file="); !ok || path == "" {
			return "", 0, fmt.Errorf("noise=%s,%s: after the noise comes file=PATH", v, file)
		}
	}
	f, err = strconv.ParseFloat(v, 64)
	// F above 1 would clip most genes to their bounds: no longer "the
	// preset plus noise".
	if err != nil || !(f > 0 && f <= 1) {
		return "", 0, fmt.Errorf("noise=%s: F must be a number in (0, 1]", v)
	}
	if withFile {
		return startFile, f, nil
	}
	return "noise", f, nil
}

// startFilePath is PATH of a "file=PATH" or "noise=F,file=PATH" start.
func startFilePath(start string) string {
	if rest, ok := strings.CutPrefix(start, "noise="); ok {
		_, start, _ = strings.Cut(rest, ",")
	}
	path, _ := strings.CutPrefix(start, "file=")
	return path
}

// loadStartFile reads a file= start's chromosome and checks that it is of
// the run's preset.
func loadStartFile(s *Settings) (*core.Chromosome, error) {
	c, err := core.LoadChromosome(startFilePath(s.Start))
	if err != nil {
		return nil, err
	}
	if c.Schema.Name != s.Preset {
		return nil, fmt.Errorf("%s holds a chromosome of %s, the run's is %s", startFilePath(s.Start), c.Schema.Name, s.Preset)
	}
	return c, nil
}

// evolveFamilies splits Settings.Evolve; nil means every gene evolves
// but the opt-in ones (full's search parameters).
func evolveFamilies(evolve string) []string {
	var out []string
	for _, f := range strings.Split(evolve, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// runSchema is the schema a run's chromosomes live on: the preset's, and
// with Evolve set a copy in which every gene outside the named groups or
// families is Fixed at the preset's value; with Evolve empty, every gene
// but the opt-in ones (whose group must be named: --evolve search), so
// that every run made before they existed runs as it did. Fixing them in the schema
// (rather than a mask each method must consult) means every operator of
// every method, the distances and the statistics already leave them
// alone: they all skip Fixed genes, and Lo == Hi == Default clips any
// other write back to the value. NewRun and loading a saved run both
// build the schema here, so a resumed run has the same one.
func runSchema(s *Settings) (*core.Schema, error) {
	base, err := baseSchema(s)
	if err != nil {
		return nil, err
	}
	if base, err = s.fullSetSchema(base); err != nil {
		return nil, err
	}
	fams := evolveFamilies(s.Evolve)
	if len(fams) > 0 {
		if err := checkEvolve(base, fams); err != nil {
			return nil, err
		}
	} else if !slices.ContainsFunc(base.Genes, func(g core.Gene) bool { return g.OptIn }) {
		return base, nil
	}
	// A shallow copy shares the preset's name index and compile functions
	// (read-only); only the gene list, whose Fixed flags change, is new.
	out := *base
	out.Genes = slices.Clone(base.Genes)
	search, err := s.searchBase()
	if err != nil {
		return nil, err
	}
	values := map[string]float64{}
	if search != nil {
		// A run made before the defaults moved starts, pins and pads its
		// search genes at the set it was made with, and its chromosomes
		// play (and record) the set's switches.
		values = search.GeneValues()
		out = *out.WithSetSwitches(*search) // the same genes
	}
	opts, err := s.optionParams()
	if err == nil {
		// A search gene the run's options set (they stand over it when
		// the players play) is pinned at their value, so that the
		// individuals, and a chromosome exported from them, carry it.
		all := opts.GeneValues()
		for _, o := range s.Options {
			if gene := core.SearchOptionGene(o[0]); gene != "" {
				values[gene] = all[gene]
			}
		}
	}
	terms2 := err == nil && opts.EvalTerms2 // as evalTerms2, the parameters at hand
	for i := range out.Genes {
		g := &out.Genes[i]
		if v, ok := values[g.Name]; ok {
			g.Default = v
		}
		if !evolves(g, fams, terms2) {
			g.Fixed, g.Lo, g.Hi = true, g.Default, g.Default
		}
	}
	return &out, nil
}

// SchemaOf is the schema the runs of settings s live on (what Run.Schema
// is once a run is made): for one who watches a run from its settings.
func SchemaOf(s Settings) (*core.Schema, error) { return runSchema(&s) }

// evolves reports whether gene g evolves in a run whose Evolve names
// fams: one of them names it, or none is named and it is not opt-in —
// or, in a run whose options switch the EvalTerms2 terms on (terms2), it
// is one of their genes (opt-in because they act only then).
func evolves(g *core.Gene, fams []string, terms2 bool) bool {
	if len(fams) == 0 {
		return !g.OptIn || terms2 && g.InFamily(core.Terms2Family)
	}
	return slices.ContainsFunc(fams, g.InFamily)
}

// checkEvolve reports the first family no gene of the schema belongs to,
// and an Evolve that leaves no gene free to change.
func checkEvolve(s *core.Schema, fams []string) error {
	live := 0
	for _, f := range fams {
		found := false
		for i := range s.Genes {
			if s.Genes[i].InFamily(f) {
				found = true
				if !s.Genes[i].Fixed {
					live++
				}
			}
		}
		if !found {
			return fmt.Errorf("no gene of chromosome %s is in group or family %q (groups: %s)", s.Name, f, strings.Join(s.Groups(), ", "))
		}
	}
	if live == 0 {
		return fmt.Errorf("%s names only fixed genes of chromosome %s: nothing would evolve", strings.Join(fams, ","), s.Name)
	}
	return nil
}

// geneRange is the width a gene is measured by in distances and noise:
// its initial range, or its bounds when it has none (seed 003's pieces
// may range up to 1000 pawns but start within 1-3, so their bounds would
// dwarf every other gene).
func geneRange(g *core.Gene) float64 {
	lo, hi := g.InitRange()
	if hi <= lo {
		lo, hi = g.Lo, g.Hi
	}
	return hi - lo
}

// startChromosome is individual i of generation 0. table, when given
// (seed 003's Table I), supplies the first individuals; the others follow
// Settings.Start. Every draw comes from the run's PCG in individual then
// gene order, so the same seed gives the same generation 0. Genes that do
// not evolve take the preset's value whatever the start: a random or
// noisy value there would be frozen for the whole run, an arbitrary
// handicap rather than a start.
func (r *Run) startChromosome(i int, table []*core.Chromosome) (*core.Chromosome, error) {
	kind, f, _ := parseStart(r.Settings.Start) // Check has accepted it
	var c *core.Chromosome
	switch {
	case i < len(table):
		c = &core.Chromosome{Schema: r.schema, Values: slices.Clone(table[i].Values), Name: table[i].Name}
	case kind == startFile:
		// Read once, when first needed (a resumed run that grows its
		// population reads it then): the run file keeps the individuals,
		// not the start.
		if r.startFile == nil {
			file, err := loadStartFile(&r.Settings)
			if err != nil {
				return nil, fmt.Errorf("setting start: %w", err)
			}
			r.startFile = file
		}
		c = &core.Chromosome{Schema: r.schema, Values: slices.Clone(r.startFile.Values)}
		// With noise, the first individual after the table is the file's
		// own, so the start itself is in the population.
		if f > 0 && i > len(table) {
			r.addNoise(c, f)
		}
	case kind == StartDefault:
		c = r.schema.Default()
	case kind == "noise":
		c = r.schema.Default()
		r.addNoise(c, f)
	default:
		c = RandomChromosome(r.rng, r.schema)
	}
	for j := range c.Values {
		if g := &r.schema.Genes[j]; g.Fixed {
			c.Values[j] = g.Default
		}
	}
	return c, nil
}

// addNoise moves every evolving gene of c by a normal draw of f times the
// gene's range, clipped to its bounds.
func (r *Run) addNoise(c *core.Chromosome, f float64) {
	for j := range c.Values {
		g := &r.schema.Genes[j]
		if g.Fixed {
			continue
		}
		c.Values[j] = clip(g, c.Values[j]+r.rng.NormFloat64()*f*geneRange(g))
	}
}

// checkStartEvolve is Check's part for Start and Evolve.
func (s *Settings) checkStartEvolve() error {
	// The form only: a file= start is read by NewRun, so that a saved
	// run still opens when its start file has gone.
	if _, _, err := parseStart(s.Start); err != nil {
		return fmt.Errorf("setting start: %v", err)
	}
	fams := evolveFamilies(s.Evolve)
	if err := s.checkOptions(fams); err != nil {
		return err
	}
	if len(fams) > 0 {
		schema, err := baseSchema(s)
		if err != nil {
			return fmt.Errorf("setting chromosome: %v", err)
		}
		if err := checkEvolve(schema, fams); err != nil {
			return fmt.Errorf("setting evolve: %v", err)
		}
		// The genes of the EvalTerms2 terms act only with that switch on:
		// in a run whose options leave it off (its players and positions
		// evaluate without them), evolving them would search a space where
		// nothing changes.
		terms2 := s.evalTerms2()
		if i := slices.IndexFunc(schema.Genes, func(g core.Gene) bool { return g.InFamily(core.Terms2Family) && evolves(&g, fams, terms2) }); i >= 0 && !terms2 {
			if slices.ContainsFunc(s.Options, func(o [2]string) bool { return strings.EqualFold(o[0], OptionEvalTerms2) }) {
				return fmt.Errorf("setting evolve: gene %s acts only with the evaluation's %s switch on, which the run's option %s=false turns off: drop the option, or leave the gene out of --evolve",
					schema.Genes[i].Name, OptionEvalTerms2, OptionEvalTerms2)
			}
			return fmt.Errorf("setting evolve: gene %s acts only with the evaluation's %s switch on: switch it on for the run's players and positions with the option %s=true (evochess evolve --option %s=true)",
				schema.Genes[i].Name, OptionEvalTerms2, OptionEvalTerms2, OptionEvalTerms2)
		}
		if s.Fitness == FitnessPositions && !slices.ContainsFunc(schema.Genes, func(g core.Gene) bool { return g.Group != core.SearchGroup && evolves(&g, fams, terms2) }) {
			return fmt.Errorf("setting evolve: the positions fitness scores the evaluation alone, and only %s genes would evolve: play games (match, round-robin, reference) or solve problems to tune the search", core.SearchGroup)
		}
	}
	return nil
}
