package core

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

// GenePhase says in which part of the game a gene acts.
type GenePhase uint8

const (
	PhaseBoth GenePhase = iota
	PhaseMiddle
	PhaseEnd
)

func (p GenePhase) String() string {
	return [...]string{"both", "middle", "end"}[p%3]
}

// Gene describes one evolvable weight.
type Gene struct {
	Name    string
	Group   string // feature family; seed 004 mutates only the groups a problem involves
	Lo, Hi  float64
	Default float64
	Phase   GenePhase

	// Tags are extra families: selecting "only the genes involved" matches
	// a gene by its group or by any tag (docs/chromosomes.md 1.1).
	Tags []string
	// Unit is "pawn" when 1 means one pawn; empty means centipawns.
	Unit string
	// Fixed genes stay in the layout (so files and indices keep the seed's
	// shape) but never mutate and count in no distance; Lo == Hi == Default.
	Fixed bool
	// InitLo, InitHi is the range a GA draws the gene from for a fresh
	// population, when it differs from the bounds (seed 000's principles);
	// both zero means [Lo, Hi]. See InitRange.
	InitLo, InitHi float64
	// InitAtDefault makes a fresh individual take Default instead of a
	// random draw (seed 000's matrices start as the initial matrices).
	InitAtDefault bool
	// Radius, when positive, is seed 003's dynamic boundary: a mutation
	// stays within [v−Radius, v+Radius] around the current value v,
	// intersected with [Lo, Hi].
	Radius float64
	// OptIn genes (full's search parameters) evolve only in a run that
	// names their group or a tag of theirs, and a chromosome file may
	// leave them out: it then plays with their defaults, as every file
	// written before they existed did.
	OptIn bool

	// Kind says how a value is read where it is not an evaluation weight
	// (an external engine's option, genes_kind.go); empty for the built-in
	// weights, which are real numbers.
	Kind GeneKind
	// Choices are a KindChoice gene's categories: the value v stands for
	// Choices[round(v)], within Lo = −0.5 and Hi = len(Choices) − 0.5.
	Choices []string
	// CEnd and REnd are SPSA's perturbation and learning rate at the end of
	// a run (OpenBench's and fishtest's C_END and R_END), in the gene's
	// units; 0 when not given.
	CEnd, REnd float64

	// reach says where the gene's value can reach an evaluation (Touches);
	// the zero value: anywhere.
	reach geneReach
}

// geneReach is where a gene's value can reach an evaluation.
type geneReach struct {
	kind   reachKind
	piece  PieceType
	square Square // reachTable: the table's square, white's view
	count  int    // reachMobility: the squares the piece reaches
}

type reachKind uint8

const (
	reachAnywhere reachKind = iota
	// reachTable: a piece-square table entry, read only for a piece of
	// its type on its square (black's mirrored).
	reachTable
	// reachMobility: a mobility table entry, read only for a piece of its
	// type reaching exactly count squares of its mobility area (not its
	// own pieces, not attacked by an enemy pawn: pieceTermsCtx.attacks;
	// or MobilityArea's).
	reachMobility
)

// Touches reports whether the gene can change p's evaluation: false only
// where it certainly cannot, true otherwise. The gradient method's linear
// model evaluates a gene only on the positions it touches: a piece-square
// table entry (768 of full's genes) touches about a tenth of them, a
// mobility table entry (132) fewer.
func (g *Gene) Touches(p *Position) bool {
	r := &g.reach
	switch r.kind {
	case reachTable:
		bb := p.pieces[r.piece]
		return bb&p.colors[White]&SquareBB(r.square) != 0 ||
			bb&p.colors[Black]&SquareBB(r.square.Mirror()) != 0
	case reachMobility:
		// Either area's count: a gene does not know the switches it is
		// played with (MobilityArea, eval_areas.go).
		occ := p.Occupied()
		for c := White; c <= Black; c++ {
			own := p.colors[c]
			enemyPawnAttacks := pawnAttacksBB(p.pieces[Pawn]&p.colors[c^1], c^1)
			safe := ^own &^ enemyPawnAttacks
			blockers := kingBlockers(p, c)
			area := mobilityArea(p, c, occ, blockers, enemyPawnAttacks)
			for b := p.pieces[r.piece] & own; b != 0; {
				sq := b.PopLSB()
				if (pieceAttacks(r.piece, sq, occ)&safe).Count() == r.count ||
					(areaAttacks(p, c, r.piece, sq, occ, blockers)&area).Count() == r.count {
					return true
				}
			}
		}
		return false
	}
	return true
}

// Schema is a chromosome layout: its genes and how values become Weights.
type Schema struct {
	Name        string
	Description string
	Genes       []Gene
	index       map[string]int
	setup       func(w *Weights) // fixed, non-evolved parts
	apply       []func(w *Weights, v []float64)
	// noWeights marks a schema made by NewSchema: its values configure
	// something else (an external engine's options) and compile to no
	// evaluation.
	noWeights bool
	// switches are the search switches (check options, by their UCI
	// names) a chromosome of this schema plays with unless an option says
	// otherwise: full's set 3 turns EvalTerms2 on, whose terms its values
	// were tuned with; nil leaves the program's (DefaultSearchParams).
	// They go with the values: an older set of full's defaults has its
	// own (WithDefaultsOf), and a chromosome file records them.
	switches map[string]bool
}

// Chromosome is a schema plus one value per gene.
type Chromosome struct {
	Schema *Schema
	Values []float64
	Name   string // optional label, kept by chromosome files
}

// GeneIndex returns the position of the named gene, or -1.
func (s *Schema) GeneIndex(name string) int {
	if i, ok := s.index[name]; ok {
		return i
	}
	return -1
}

// Groups returns the distinct gene groups in first-seen order.
func (s *Schema) Groups() []string {
	var out []string
	seen := map[string]bool{}
	for _, g := range s.Genes {
		if !seen[g.Group] {
			seen[g.Group] = true
			out = append(out, g.Group)
		}
	}
	return out
}

// Default returns a chromosome holding every gene's default.
func (s *Schema) Default() *Chromosome {
	v := make([]float64, len(s.Genes))
	for i, g := range s.Genes {
		v[i] = g.Default
	}
	return &Chromosome{Schema: s, Values: v}
}

// Clone returns an independent copy.
func (c *Chromosome) Clone() *Chromosome {
	return &Chromosome{Schema: c.Schema, Values: append([]float64(nil), c.Values...), Name: c.Name}
}

// Validate checks the values fit the schema: right count, finite, in bounds.
func (c *Chromosome) Validate() error {
	if c == nil || c.Schema == nil {
		return fmt.Errorf("no chromosome")
	}
	s := c.Schema
	if len(c.Values) != len(s.Genes) {
		return fmt.Errorf("chromosome %s: %d values for %d genes", s.Name, len(c.Values), len(s.Genes))
	}
	for i, v := range c.Values {
		g := s.Genes[i]
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("chromosome %s: gene %s is %v", s.Name, g.Name, v)
		}
		if v < g.Lo || v > g.Hi {
			return fmt.Errorf("chromosome %s: gene %s = %g is outside [%g, %g]", s.Name, g.Name, v, g.Lo, g.Hi)
		}
	}
	return nil
}

// Compile turns the chromosome into evaluation weights.
func (c *Chromosome) Compile() (*Weights, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	if c.Schema.noWeights {
		return nil, fmt.Errorf("chromosome %s holds no evaluation weights (its genes are another program's settings)", c.Schema.Name)
	}
	w := &Weights{}
	if c.Schema.setup != nil {
		c.Schema.setup(w)
	}
	for _, f := range c.Schema.apply {
		f(w, c.Values)
	}
	if len(c.Schema.switches) > 0 {
		if w.Search == nil {
			p := DefaultSearchParams()
			w.Search = &p
		}
		c.Schema.setSwitches(w.Search)
	}
	return w, nil
}

// schemaBuilder declares genes together with where their values go.
type schemaBuilder struct{ s *Schema }

func newSchema(name, description string) *schemaBuilder {
	return &schemaBuilder{s: &Schema{Name: name, Description: description, index: map[string]int{}}}
}

func (b *schemaBuilder) gene(name, group string, lo, hi, def float64, ph GenePhase) int {
	if _, dup := b.s.index[name]; dup {
		panic("core: duplicate gene " + name)
	}
	b.s.index[name] = len(b.s.Genes)
	b.s.Genes = append(b.s.Genes, Gene{Name: name, Group: group, Lo: lo, Hi: hi, Default: def, Phase: ph})
	return len(b.s.Genes) - 1
}

func (b *schemaBuilder) then(f func(w *Weights, v []float64)) { b.s.apply = append(b.s.apply, f) }

func cp(v float64) int { return int(math.Round(v)) }

// tapered declares name_mg and name_eg genes (centipawns) feeding one Score.
func (b *schemaBuilder) tapered(name, group string, lo, hi float64, mg, eg int, target func(*Weights) *Score) {
	i := b.gene(name+"_mg", group, lo, hi, float64(mg), PhaseMiddle)
	j := b.gene(name+"_eg", group, lo, hi, float64(eg), PhaseEnd)
	b.then(func(w *Weights, v []float64) { *target(w) = S(cp(v[i]), cp(v[j])) })
}

// single declares one gene used in both phases, scaled to centipawns.
func (b *schemaBuilder) single(name, group string, lo, hi, def, scale float64, target func(*Weights) *Score) {
	i := b.gene(name, group, lo, hi, def, PhaseBoth)
	b.then(func(w *Weights, v []float64) { x := cp(v[i] * scale); *target(w) = S(x, x) })
}

// table declares 64 genes name_a1 … name_h8 (white's view) filling a PST.
func (b *schemaBuilder) table(name, group string, lo, hi float64, def *[64]float64, ph GenePhase, scale float64, pt PieceType) {
	first := len(b.s.Genes)
	for sq := Square(0); sq < 64; sq++ {
		i := b.gene(name+"_"+sq.String(), group, lo, hi, def[sq], ph)
		b.s.Genes[i].reach = geneReach{kind: reachTable, piece: pt, square: sq}
	}
	b.then(func(w *Weights, v []float64) {
		for sq := 0; sq < 64; sq++ {
			x := cp(v[first+sq] * scale)
			old := w.PST[pt][sq]
			switch ph {
			case PhaseMiddle:
				w.PST[pt][sq] = S(x, old.EG())
			case PhaseEnd:
				w.PST[pt][sq] = S(old.MG(), x)
			default:
				w.PST[pt][sq] = S(x, x)
			}
		}
	})
}

func (b *schemaBuilder) build() *Schema { return b.s }

var presets = map[string]func() *Schema{}

// registerPreset makes a schema constructor available by name.
func registerPreset(name string, f func() *Schema) { presets[name] = f }

// PresetNames lists the available chromosome presets, sorted.
func PresetNames() []string {
	out := make([]string, 0, len(presets))
	for n := range presets {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Preset returns the schema of a named preset.
func Preset(name string) (*Schema, error) {
	f, ok := presets[strings.ToLower(name)]
	if !ok {
		return nil, fmt.Errorf("unknown chromosome preset %q (have %s)", name, strings.Join(PresetNames(), ", "))
	}
	return f(), nil
}

// PresetWeights compiles a preset's default chromosome.
func PresetWeights(name string) (*Weights, error) {
	s, err := Preset(name)
	if err != nil {
		return nil, err
	}
	return s.Default().Compile()
}
