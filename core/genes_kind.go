package core

import (
	"fmt"
	"math"
	"strings"
)

// GeneKind says how a gene's value is read by what it configures. The
// built-in weights are real numbers (KindReal); a schema made by NewSchema
// may hold integers, real numbers and categories for another program.
type GeneKind string

const (
	KindReal   GeneKind = ""       // a real number (every built-in weight)
	KindInt    GeneKind = "int"    // read rounded to the nearest integer
	KindFloat  GeneKind = "float"  // a real number given to another program
	KindChoice GeneKind = "choice" // one of Choices, by its index
)

// Categorical reports whether the gene is a choice among categories.
func (g *Gene) Categorical() bool { return g.Kind == KindChoice }

// ChoiceIndex is the category a KindChoice value stands for: the nearest
// index, kept within the choices. The bounds −0.5 … n − 0.5 give every
// category an interval of the same width, so a uniform draw over the
// bounds picks each with the same chance and the GA operators, which move
// values continuously, need no special case.
func (g *Gene) ChoiceIndex(v float64) int {
	return min(max(int(math.Round(v)), 0), len(g.Choices)-1)
}

// ChoiceBounds are the bounds of a choice gene of n categories.
func ChoiceBounds(n int) (lo, hi float64) { return -0.5, float64(n) - 0.5 }

// HasWeights reports whether the schema's chromosomes compile to an
// evaluation (a preset) rather than configure another program (NewSchema).
func (s *Schema) HasWeights() bool { return !s.noWeights }

// NewSchema makes a schema of the given genes that compiles to no weights:
// the genes are another program's settings (an external engine's options),
// evolved by the same methods as the presets. Every gene needs a name of
// its own, finite bounds Lo ≤ Default ≤ Hi, and a known kind; a choice
// gene needs at least two choices and the bounds ChoiceBounds gives.
func NewSchema(name, description string, genes []Gene) (*Schema, error) {
	if len(genes) == 0 {
		return nil, fmt.Errorf("schema %s: no genes", name)
	}
	s := &Schema{Name: name, Description: description, index: map[string]int{}, noWeights: true}
	for i, g := range genes {
		bad := func(format string, args ...any) error {
			return fmt.Errorf("schema %s, gene %d (%s): %s", name, i+1, g.Name, fmt.Sprintf(format, args...))
		}
		if strings.TrimSpace(g.Name) == "" {
			return nil, bad("no name")
		}
		key := strings.ToLower(g.Name)
		if j, dup := s.index[key]; dup {
			return nil, bad("the same name as gene %d", j+1)
		}
		for _, v := range []float64{g.Lo, g.Hi, g.Default, g.CEnd, g.REnd} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, bad("a bound, default, c_end or r_end is %v", v)
			}
		}
		if !(g.Lo <= g.Default && g.Default <= g.Hi) {
			return nil, bad("default %g is not within [%g, %g]", g.Default, g.Lo, g.Hi)
		}
		switch g.Kind {
		case KindReal, KindInt, KindFloat:
			if len(g.Choices) > 0 {
				return nil, bad("choices are for choice genes")
			}
		case KindChoice:
			lo, hi := ChoiceBounds(len(g.Choices))
			if len(g.Choices) < 2 || g.Lo != lo || g.Hi != hi {
				return nil, bad("a choice gene needs at least 2 choices and bounds [%g, %g]", lo, hi)
			}
		default:
			return nil, bad("unknown kind %q", g.Kind)
		}
		s.index[key] = i
		s.index[g.Name] = i
		g.Choices = append([]string(nil), g.Choices...)
		g.Tags = append([]string(nil), g.Tags...)
		s.Genes = append(s.Genes, g)
	}
	return s, nil
}
