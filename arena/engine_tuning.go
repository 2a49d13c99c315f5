package arena

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/evochess/evochess/core"
)

// EngineTuning is a chromosome made of an external UCI engine's options:
// the engine (its path, arguments and fixed options, set once and never
// evolved) and the options that are genes. Its JSON form is kept in a run's
// settings, so a saved run needs neither the gene file nor a new look at
// the engine to resume or export.
type EngineTuning struct {
	// Spec is the engine as a player SPEC: uci=PATH[,args=…][,option.NAME=VALUE…].
	Spec string `json:"spec"`
	// Source is how the genes were given (a gene file's path or a
	// selector), for people reading the run.
	Source string       `json:"source,omitempty"`
	Genes  []EngineGene `json:"genes"`
	// ID is the engine's own name ("id name"), when it was asked.
	ID string `json:"id,omitempty"`
}

// NewEngineTuning starts the engine of spec, makes genes of genes (a gene
// file's path, or else a selector over the engine's options: SelectGenes)
// and checks them against the engine (Verify): an option it does not
// offer, a bound outside its own, a duplicate, or an engine that dies or
// complains at setoption is an error before any game. warnings are what
// may spoil the run without being wrong (more threads than one).
func NewEngineTuning(ctx context.Context, spec, genes string) (t *EngineTuning, warnings []string, err error) {
	t = &EngineTuning{Spec: spec, Source: genes}
	base, err := t.Player()
	if err != nil {
		return nil, nil, err
	}
	info, err := ProbeUCI(ctx, base.Engine, base.Args)
	if err != nil {
		return nil, nil, err
	}
	if st, serr := os.Stat(genes); serr == nil && st.Mode().IsRegular() {
		data, err := readBounded(genes, maxGeneFile)
		if err != nil {
			return nil, nil, err
		}
		if t.Genes, err = ParseGeneFile(genes, data); err != nil {
			return nil, nil, err
		}
	} else if t.Genes, err = SelectGenes(genes, info.Options); err != nil {
		if !strings.Contains(genes, ":") && !strings.Contains(genes, "*") {
			err = fmt.Errorf("--genes %q is neither a gene file nor an option of the engine: %w", genes, err)
		}
		return nil, nil, err
	}
	if warnings, err = t.Verify(ctx); err != nil {
		return nil, nil, err
	}
	return t, warnings, nil
}

// readBounded reads a file of at most limit bytes.
func readBounded(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: more than %d bytes", path, limit)
	}
	return data, nil
}

// Player is the engine with its fixed options, no gene set.
func (t *EngineTuning) Player() (PlayerSpec, error) {
	ps, err := ParsePlayerSpec(t.Spec, nil)
	if err != nil {
		return ps, fmt.Errorf("--engine: %w", err)
	}
	switch {
	case ps.Engine == "" || ps.Proto != ProtoUCI:
		return ps, fmt.Errorf("--engine %q: give a UCI engine as uci=PATH (options are UCI's)", t.Spec)
	case ps.TC != nil:
		return ps, fmt.Errorf("--engine %q: the run's --tc sets the engine's search, not depth=, nodes=, movetime= or tc=", t.Spec)
	}
	return ps, nil
}

// Check reports what is wrong with the tuning on its own, without the
// engine: its spec, its genes, a gene that is also a fixed option.
func (t *EngineTuning) Check() error {
	base, err := t.Player()
	if err != nil {
		return err
	}
	if err := checkGenes(t.Genes); err != nil {
		return fmt.Errorf("engine genes: %w", err)
	}
	for _, o := range base.Options {
		for _, g := range t.Genes {
			if strings.EqualFold(o[0], g.Name) {
				return fmt.Errorf("engine genes: %s is both a fixed option (option.%s=) and a gene", g.Name, o[0])
			}
		}
	}
	return nil
}

// SchemaName names the tuning's gene schema: "engine:" and the engine's
// file name.
func (t *EngineTuning) SchemaName() string {
	base, err := t.Player()
	if err != nil {
		return "engine"
	}
	return "engine:" + filepath.Base(base.Engine)
}

// Schema is the genes as a core schema: an int gene ranges over [MIN, MAX]
// (the engine is given it rounded), a float likewise, a check or combo is
// a choice gene; each gene's group is its type, so --evolve int,check
// picks by type.
func (t *EngineTuning) Schema() (*core.Schema, error) {
	if err := t.Check(); err != nil {
		return nil, err
	}
	genes := make([]core.Gene, len(t.Genes))
	for i, g := range t.Genes {
		cg := core.Gene{Name: g.Name, Group: g.Type, Lo: g.Min, Hi: g.Max, Default: g.Start, CEnd: g.CEnd, REnd: g.REnd, Unit: "option"}
		switch g.Type {
		case GeneInt:
			cg.Kind = core.KindInt
		case GeneFloat:
			cg.Kind = core.KindFloat
		default:
			cg.Kind, cg.Choices = core.KindChoice, g.Choices
			cg.Lo, cg.Hi = core.ChoiceBounds(len(g.Choices))
		}
		genes[i] = cg
	}
	desc := fmt.Sprintf("the options %s of %s", t.Source, t.Spec)
	return core.NewSchema(t.SchemaName(), desc, genes)
}

// Value is what the engine is told for the gene at v: an int rounded to
// the nearest (within its bounds), a float as it is, a choice by name.
func (g *EngineGene) Value(v float64) string {
	switch g.Type {
	case GeneInt:
		return strconv.FormatInt(int64(min(max(math.Round(v), g.Min), g.Max)), 10)
	case GeneFloat:
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	return g.Choices[min(max(int(math.Round(v)), 0), len(g.Choices)-1)]
}

// PlayerOf is the engine set as the chromosome c (of Schema) says: the
// fixed options, then each gene's.
func (t *EngineTuning) PlayerOf(name string, c *core.Chromosome) (PlayerSpec, error) {
	ps, err := t.Player()
	if err != nil {
		return ps, err
	}
	if len(c.Values) != len(t.Genes) {
		return ps, fmt.Errorf("%d values for the %d genes of %s", len(c.Values), len(t.Genes), t.SchemaName())
	}
	return t.With(ps, name, c.Values), nil
}

// With is base (the tuning's Player) told the genes' values: the fixed
// options, then each gene's. values must be one a gene.
func (t *EngineTuning) With(base PlayerSpec, name string, values []float64) PlayerSpec {
	ps := base
	ps.Name = name
	ps.Options = make([][2]string, 0, len(base.Options)+len(t.Genes))
	ps.Options = append(ps.Options, base.Options...)
	for i := range t.Genes {
		ps.Options = append(ps.Options, [2]string{t.Genes[i].Name, t.Genes[i].Value(values[i])})
	}
	return ps
}
