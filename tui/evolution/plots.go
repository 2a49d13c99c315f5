package evolution

import (
	"fmt"
	"math"
	"sort"

	"github.com/charmbracelet/lipgloss"

	"github.com/evochess/evochess/tui/components"
)

// fitnessView is the run's figures over the generations in w × h cells:
// the best and the mean fitness, the population's diversity and, once
// validations have been played, their Elo.
func (e *Page) fitnessView(w, h int) string {
	if len(e.history) == 0 {
		return ""
	}
	var best, mean, div, elo, eloFull []float64
	var validated []int // the generations that played validation games
	for _, g := range e.history {
		best, mean, div = append(best, g.Best), append(mean, g.Mean), append(div, g.Diversity)
		if g.Validation != nil {
			elo = append(elo, g.Validation.VsGen0.Elo)
			eloFull = append(eloFull, g.Validation.VsDefault.Elo)
			validated = append(validated, g.Generation)
		}
	}
	first, last := e.history[0].Generation, e.history[len(e.history)-1].Generation
	// Each figure takes a title and an axis line; validation's plot 3
	// rows, and fitness and diversity share the rest 2 : 1.
	rows := h - 4
	validation := ""
	if len(elo) > 1 {
		rows -= 5
		validation = "\n" + components.PlotFigure(e.St, "validation Elo", []components.PlotLine{{Name: "v gen 0", Values: elo}, {Name: "v default", Values: eloFull, Minor: true}},
			validated[0], validated[len(validated)-1], w, 3)
	}
	fitH := max(rows*2/3, 3)
	return components.PlotFigure(e.St, "fitness", []components.PlotLine{{Name: "best", Values: best}, {Name: "mean", Values: mean, Minor: true}}, first, last, w, fitH) + "\n" +
		components.PlotFigure(e.St, "diversity", []components.PlotLine{{Values: div}}, first, last, w, max(rows-fitH, 2)) + validation
}

// genePlotView is seed 003's figures 2 and 3 for any schema: per gene, the
// population's mean ± std over the generations (three lines: the mean
// between mean − std and mean + std) or its std alone, one small plot per
// gene, each on its own scale (a queen near 8 pawns and mobility near 0.1
// share no useful axis). When not every mutable gene fits in w × h, the
// widest spread (std over the gene's initial range, last generation)
// come first and G pages through the rest.
func (e *Page) genePlotView(w, h int) string {
	st := e.St
	if len(e.history) == 0 {
		return ""
	}
	last := e.history[len(e.history)-1]
	var genes []int
	for i, g := range e.schema.Genes {
		if !g.Fixed && i < len(last.GeneMean) && i < len(last.GeneStd) {
			genes = append(genes, i)
		}
	}
	if len(genes) == 0 {
		return st.Dim.Render("this run records no per-gene statistics")
	}
	// 2 lines: title and axis. A schema of a few genes (seed 003's six)
	// shows all, in its order, however low the window; more page.
	per := len(genes)
	if per > allGenes {
		per = min(per, components.GridCapacity(w, h-2), 12)
	}
	if per < len(genes) {
		spread := func(i int) float64 {
			g := &e.schema.Genes[i]
			lo, hi := g.InitRange()
			if hi <= lo {
				lo, hi = g.Lo, g.Hi
			}
			return last.GeneStd[i] / math.Max(hi-lo, 1e-9)
		}
		sort.SliceStable(genes, func(a, b int) bool { return spread(genes[a]) > spread(genes[b]) })
	}
	pages := (len(genes) + per - 1) / per
	from := e.genePage % pages * per
	shown := genes[from:min(from+per, len(genes))]
	var panels []components.PlotPanel
	for _, i := range shown {
		var mean, lo, hi, std []float64
		for _, hs := range e.history {
			if i < len(hs.GeneMean) && i < len(hs.GeneStd) {
				m, s := hs.GeneMean[i], hs.GeneStd[i]
				mean, lo, hi, std = append(mean, m), append(lo, m-s), append(hi, m+s), append(std, s)
			}
		}
		p := components.PlotPanel{Title: fmt.Sprintf("%s %.3g ± %.2g", e.schema.Genes[i].Name, last.GeneMean[i], tiny0(last.GeneStd[i])),
			Lines: []components.PlotLine{{Name: "mean", Values: mean}, {Name: "mean ± std", Values: lo, Minor: true}, {Values: hi, Minor: true}}}
		if e.view == viewStds {
			p.Title = fmt.Sprintf("%s std %.2g (gen 0: %.2g)", e.schema.Genes[i].Name, tiny0(last.GeneStd[i]), tiny0(std[0]))
			p.Lines = []components.PlotLine{{Values: std}}
		}
		panels = append(panels, p)
	}
	title := "per-gene mean ± std (seed 003 fig. 2)"
	if e.view == viewStds {
		title = "per-gene std (seed 003 fig. 3)"
	}
	which := fmt.Sprintf("   %d genes · g: next view", len(genes))
	if pages > 1 {
		which = fmt.Sprintf("   genes %d–%d of %d by spread · G: more", from+1, from+len(shown), len(genes))
	}
	// The foot says what every panel's lines and x axis are.
	foot := fmt.Sprintf("x: generation %d … %d; each plot on its own scale", e.history[0].Generation, last.Generation)
	legend := components.PlotLegend(st, panels[0].Lines)
	if legend != "" {
		legend += "   "
	}
	foot = legend + st.Dim.Render(components.Truncate(foot, w-lipgloss.Width(legend)))
	return components.Truncate(st.Header.Render(title)+st.Dim.Render(which), w) + "\n" + components.PlotGrid(st, panels, w, h-2) + "\n" + foot
}

// allGenes is the most genes the per-gene plots show at once whatever the
// window: seed 003's six at 80 × 24 take 2 × 3 panels of 4 rows.
const allGenes = 8

// tiny0 shows a std that is rounding noise (identical values summed in
// another order: 4.4e-16) as the 0 it is.
func tiny0(v float64) float64 {
	if math.Abs(v) < 1e-12 {
		return 0
	}
	return v
}
