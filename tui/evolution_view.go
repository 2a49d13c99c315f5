package tui

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"

	"github.com/evochess/evochess/core"
	"github.com/evochess/evochess/ga"
)

func (e *evolutionPage) View() string {
	if e.mode == evoSetup {
		return e.setupView()
	}
	return e.runView()
}

func (e *evolutionPage) runView() string {
	st := e.st
	s := e.settings
	var head strings.Builder
	state := "running"
	switch {
	case !e.mode.live():
		state = "ended"
	case e.paused:
		state = "paused"
	}
	fmt.Fprintf(&head, "%s %s on %s · population %d · %s · %s", st.Title.Render(s.Method), state, s.Preset, s.Population, s.Fitness, s.TC)
	if n := len(e.history); n > 0 {
		last := e.history[n-1]
		num := "%.2f"
		if s.Fitness == ga.FitnessPositions { // −MSE: progress is in the 4th decimal
			num = "%.6f"
		}
		fmt.Fprintf(&head, "\ngeneration %d  best "+num+"  mean "+num+"  std "+num+"  diversity %.3f  games %d (%d playing)  %s",
			last.Generation, last.Best, last.Mean, last.Std, last.Diversity, e.games, e.playing, time.Duration(last.Elapsed*float64(time.Second)).Round(time.Second))
		if v := lastValidation(e.history); v != nil {
			fmt.Fprintf(&head, "\nvalidation (generation %d): v generation 0 %+.0f ± %.0f Elo · v full default %+.0f ± %.0f Elo",
				v.Generation, v.Validation.VsGen0.Elo, v.Validation.VsGen0.Error, v.Validation.VsDefault.Elo, v.Validation.VsDefault.Error)
		}
	} else {
		fmt.Fprintf(&head, "\nfirst generation: %d games playing", e.playing)
	}
	if len(e.current) > 0 {
		ids := make([]int, 0, len(e.current))
		for id := range e.current {
			ids = append(ids, id)
		}
		sort.Ints(ids)
		var now []string
		for _, id := range ids[:min(len(ids), 6)] {
			now = append(now, e.current[id])
		}
		head.WriteString("\n" + st.Dim.Render(truncate("playing now: "+strings.Join(now, "  "), e.w)))
	}
	if e.status != "" {
		head.WriteString("\n" + st.Dim.Render(truncate(e.status, e.w)))
	}
	if e.plots > 0 {
		h := e.h - strings.Count(head.String(), "\n") - 2 // the head and a blank line
		return head.String() + "\n\n" + e.genePlotView(e.w, h)
	}
	leftW := max(e.w/2, 40)
	rightW := e.w - leftW - 2
	var best, mean, div, elo, eloFull []float64
	for _, h := range e.history {
		best, mean, div = append(best, h.Best), append(mean, h.Mean), append(div, h.Diversity)
		if h.Validation != nil {
			elo = append(elo, h.Validation.VsGen0.Elo)
			eloFull = append(eloFull, h.Validation.VsDefault.Elo)
		}
	}
	plotH := max((e.h-9)/2, 3) // the rest: the head, the titles, the axis
	// The lines are not told apart by colour (there may be none), but the
	// best of a generation is never below its mean: upper and lower say it.
	axis := ""
	if n := len(e.history); n > 0 {
		axis = st.Dim.Render(plotAxis("generation", e.history[0].Generation, e.history[n-1].Generation, leftW))
	}
	left := st.Header.Render("fitness") + st.Dim.Render(truncate("  upper line: best · lower: mean", leftW-len("fitness"))) + "\n" +
		braillePlot([][]float64{best, mean}, leftW, plotH) + "\n" + axis +
		"\n" + st.Header.Render("diversity") + "\n" + braillePlot([][]float64{div}, leftW, max(plotH/2, 2))
	if len(elo) > 1 {
		left += "\n" + st.Header.Render("validation Elo v generation 0 and v the full default") + "\n" + braillePlot([][]float64{elo, eloFull}, leftW, 3)
	}
	right := e.geneView(rightW)
	return head.String() + "\n\n" + lipgloss.JoinHorizontal(lipgloss.Top, left, "  ", right)
}

// genePlotView is seed 003's figures 2 and 3 for any schema: per gene, the
// population's mean ± std over the generations (three lines: the mean
// between mean − std and mean + std) or its std alone, one small plot per
// gene, each on its own scale (a queen near 8 pawns and mobility near 0.1
// share no useful axis). When not every mutable gene fits in w × h, the
// widest spread (std over the gene's initial range, last generation)
// come first and G pages through the rest.
func (e *evolutionPage) genePlotView(w, h int) string {
	st := e.st
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
		per = min(per, gridCapacity(w, h-2), 12)
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
	var panels []plotPanel
	for _, i := range shown {
		var mean, lo, hi, std []float64
		for _, hs := range e.history {
			if i < len(hs.GeneMean) && i < len(hs.GeneStd) {
				m, s := hs.GeneMean[i], hs.GeneStd[i]
				mean, lo, hi, std = append(mean, m), append(lo, m-s), append(hi, m+s), append(std, s)
			}
		}
		p := plotPanel{title: fmt.Sprintf("%s %.3g ± %.2g", e.schema.Genes[i].Name, last.GeneMean[i], tiny0(last.GeneStd[i])),
			series: [][]float64{lo, mean, hi}}
		if e.plots == 2 {
			p.title = fmt.Sprintf("%s std %.2g (gen 0: %.2g)", e.schema.Genes[i].Name, tiny0(last.GeneStd[i]), tiny0(std[0]))
			p.series = [][]float64{std}
		}
		panels = append(panels, p)
	}
	title := "per-gene mean ± std (seed 003 fig. 2)"
	if e.plots == 2 {
		title = "per-gene std (seed 003 fig. 3)"
	}
	which := fmt.Sprintf("   %d genes · g: next view", len(genes))
	if pages > 1 {
		which = fmt.Sprintf("   genes %d–%d of %d by spread · G: more", from+1, from+len(shown), len(genes))
	}
	axis := fmt.Sprintf("x: generation %d … %d; each plot on its own scale", e.history[0].Generation, last.Generation)
	return truncate(st.Header.Render(title)+st.Dim.Render(which), w) + "\n" + plotGrid(st, panels, w, h-2) + "\n" + st.Dim.Render(truncate(axis, w))
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

// geneView shows the best genome's piece-square table as a heat map when
// the schema has tables, and the genes with the widest spread.
func (e *evolutionPage) geneView(w int) string {
	if len(e.history) == 0 {
		return ""
	}
	st := e.st
	schema := e.schema
	last := e.history[len(e.history)-1]
	bestVals := last.BestGenes
	var out strings.Builder
	tables := tableStarts(schema)
	if len(tables) > 0 && bestVals != nil {
		t := tables[e.table%len(tables)]
		name := strings.TrimSuffix(schema.Genes[t].Name, "_a1")
		out.WriteString(st.Header.Render(name) + st.Dim.Render(" (t: next table)") + "\n")
		out.WriteString(heatMap(st, bestVals[t:t+64]) + "\n")
	}
	type spread struct {
		i    int
		norm float64
	}
	var sp []spread
	for i, g := range schema.Genes {
		if g.Fixed || g.Hi <= g.Lo || i >= len(last.GeneStd) {
			continue
		}
		sp = append(sp, spread{i, last.GeneStd[i] / (g.Hi - g.Lo)})
	}
	sort.SliceStable(sp, func(a, b int) bool { return sp[a].norm > sp[b].norm })
	out.WriteString(st.Header.Render("genes: mean ± std (widest spread)") + "\n")
	for _, x := range sp[:min(len(sp), 8)] {
		g := schema.Genes[x.i]
		out.WriteString(truncate(fmt.Sprintf("%-22s %9.3f ± %.3f", truncate(g.Name, 22), last.GeneMean[x.i], last.GeneStd[x.i]), w) + "\n")
	}
	return out.String()
}

// tableStarts finds the 64-gene piece-square tables of a schema.
func tableStarts(s *core.Schema) []int {
	var out []int
	for i := 0; i+63 < len(s.Genes); i++ {
		if strings.HasSuffix(s.Genes[i].Name, "_a1") && strings.HasSuffix(s.Genes[i+63].Name, "_h8") {
			out = append(out, i)
			i += 63
		}
	}
	return out
}

// heatMap draws 64 values as an 8 × 8 board, white's view: shades in
// colour, digits 0–9 of the range without.
func heatMap(st *Styles, v []float64) string {
	lo, hi := v[0], v[0]
	for _, x := range v {
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	if hi == lo {
		hi = lo + 1
	}
	shades := []string{"17", "18", "19", "25", "31", "37", "43", "149", "185", "221", "220"}
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		for f := 0; f < 8; f++ {
			x := (v[r*8+f] - lo) / (hi - lo)
			if st.Color {
				c := shades[int(x*float64(len(shades)-1))]
				b.WriteString(st.r.NewStyle().Background(lipgloss.Color(c)).Render("  "))
			} else {
				b.WriteString(fmt.Sprintf("%d ", int(x*9.99)))
			}
		}
		b.WriteByte('\n')
	}
	b.WriteString(st.Dim.Render(fmt.Sprintf("%.3g … %.3g", lo, hi)))
	return b.String()
}

// lastValidation is the newest generation that played its validation
// games, or nil.
func lastValidation(history []ga.GenStats) *ga.GenStats {
	for i := len(history) - 1; i >= 0; i-- {
		if history[i].Validation != nil {
			return &history[i]
		}
	}
	return nil
}
