package evolution

import (
	"fmt"
	"math"
	"strconv"

	"github.com/charmbracelet/lipgloss"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/ga"
	"github.com/evochess/evochess/tui/components"
)

// plotView is what the run's view plots; g goes to the next.
type plotView int

const (
	viewFitness plotView = iota // fitness, diversity, validation Elo
	viewPath                    // each gene's path: θ, the mean, the best (runs that record one)
	viewMeans                   // per-gene mean ± std (seed 003's figure 2)
	viewStds                    // per-gene std (figure 3)
)

// hasPath: the shown run records where it stands each generation
// (ga.GenStats.Path: an engine's options, a small schema).
func (e *Page) hasPath() bool {
	n := len(e.history)
	return n > 0 && e.schema != nil && len(e.history[n-1].Path) == len(e.schema.Genes)
}

// views are the views g goes through for the shown run.
func (e *Page) views() []plotView {
	if e.hasPath() {
		return []plotView{viewFitness, viewPath, viewMeans, viewStds}
	}
	return []plotView{viewFitness, viewMeans, viewStds}
}

// nextView is g: the next of views (the first when the shown one is not
// among them).
func (e *Page) nextView() {
	vs := e.views()
	i := 0
	for k, v := range vs {
		if v == e.view {
			i = k + 1
		}
	}
	e.view = vs[i%len(vs)]
}

// pathWhat names what the path is of the run's method.
func pathWhat(method string) string {
	switch method {
	case ga.SPSA:
		return "θ"
	case ga.CMAES:
		return "mean"
	case ga.Gradient:
		return "current"
	}
	return "best"
}

// geneValue is gene i at v as the engine is told it (an int rounded, a
// choice by name), or for our own genes as a number.
func (e *Page) geneValue(i int, v float64) string {
	if eng := e.settings.Engine; eng != nil && i < len(eng.Genes) {
		return eng.Genes[i].Value(v)
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}

// tunedValue is gene i at v where the run stands: an int gene of an
// engine between integers (SPSA's θ moves by fractions) as the real
// number and what the engine is told, "99.84→100"; otherwise geneValue.
func (e *Page) tunedValue(i int, v float64) string {
	told := e.geneValue(i, v)
	if eng := e.settings.Engine; eng != nil && i < len(eng.Genes) && eng.Genes[i].Type == arena.GeneInt && math.Abs(v-math.Round(v)) >= 0.005 {
		return strconv.FormatFloat(v, 'f', 2, 64) + "→" + told
	}
	return told
}

// pathView plots each mutable gene's path over the generations, in the
// gene's own units (an engine's option as the engine takes it), with its
// start as a minor line; one small plot per gene on its own scale, G
// paging through them when not all fit w × h.
func (e *Page) pathView(w, h int) string {
	st := e.St
	last := e.history[len(e.history)-1]
	var genes []int
	for i, g := range e.schema.Genes {
		if !g.Fixed {
			genes = append(genes, i)
		}
	}
	if len(genes) == 0 || len(last.Path) != len(e.schema.Genes) {
		return st.Dim.Render("this run records no path of its genes")
	}
	per := len(genes)
	if per > allGenes {
		per = min(per, components.GridCapacity(w, h-2), 12)
	}
	pages := (len(genes) + per - 1) / per
	from := e.genePage % pages * per
	shown := genes[from:min(from+per, len(genes))]
	what := pathWhat(e.settings.Method)
	first := -1
	var panels []components.PlotPanel
	for _, i := range shown {
		var path, start []float64
		for _, hs := range e.history {
			if i < len(hs.Path) {
				if first < 0 {
					first = hs.Generation
				}
				path, start = append(path, hs.Path[i]), append(start, e.schema.Genes[i].Default)
			}
		}
		title := fmt.Sprintf("%s %s (start %s)", e.schema.Genes[i].Name, e.tunedValue(i, last.Path[i]), e.geneValue(i, e.schema.Genes[i].Default))
		panels = append(panels, components.PlotPanel{Title: title,
			Lines: []components.PlotLine{{Name: what, Values: path}, {Name: "start", Values: start, Minor: true}}})
	}
	units := "the genes' units"
	if e.settings.Engine != nil {
		units = "the engine's units"
	}
	title := fmt.Sprintf("gene paths: %s per generation, in %s", what, units)
	which := fmt.Sprintf("   %d genes · g: next view", len(genes))
	if pages > 1 {
		which = fmt.Sprintf("   genes %d–%d of %d · G: more", from+1, from+len(shown), len(genes))
	}
	foot := fmt.Sprintf("x: generation %d … %d; each plot on its own scale", max(first, 0), last.Generation)
	legend := components.PlotLegend(st, panels[0].Lines) + "   "
	foot = legend + st.Dim.Render(components.Truncate(foot, w-lipgloss.Width(legend)))
	return components.Truncate(st.Header.Render(title)+st.Dim.Render(which), w) + "\n" + components.PlotGrid(st, panels, w, h-2) + "\n" + foot
}

// pathTable lists where each gene stands now against its start, for the
// fitness view's side when the run records a path.
func (e *Page) pathTable(w int) string {
	st := e.St
	last := e.history[len(e.history)-1]
	out := st.Header.Render(fmt.Sprintf("genes now (%s, generation %d) · from", pathWhat(e.settings.Method), last.Generation)) + "\n"
	n := 0
	for i, g := range e.schema.Genes {
		if g.Fixed {
			continue
		}
		if n == 12 {
			out += st.Dim.Render(fmt.Sprintf("… %d more: g shows every path", len(e.schema.Genes)-i)) + "\n"
			break
		}
		out += components.Truncate(fmt.Sprintf("%-24s %12s · %s", components.Truncate(g.Name, 24), e.tunedValue(i, last.Path[i]), e.geneValue(i, g.Default)), w) + "\n"
		n++
	}
	return out
}
