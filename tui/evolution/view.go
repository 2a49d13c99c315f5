package evolution

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"

	"github.com/evochess/evochess/ga"
	"github.com/evochess/evochess/tui/components"
)

func (e *Page) View() string {
	switch e.mode {
	case evoSetup:
		return e.setupView()
	case evoGenes:
		return e.genesView()
	case evoDataset:
		return e.datasetView()
	}
	return e.runView()
}

func (e *Page) runView() string {
	st := e.St
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
		head.WriteString("\n" + st.Dim.Render(components.Truncate("playing now: "+strings.Join(now, "  "), e.W)))
	}
	if e.Status != "" {
		head.WriteString("\n" + st.Dim.Render(components.Truncate(e.Status, e.W)))
	}
	if e.prompting == promptKeep {
		head.WriteString("\n" + components.Truncate(e.prompt.View(), e.W))
	}
	head.WriteString(components.WorkersView(st, e.Env, e.W))
	lines := strings.Split(head.String(), "\n")
	for i, l := range lines { // the figures run long: each line fits the window
		lines[i] = components.Truncate(l, e.W)
	}
	head.Reset()
	head.WriteString(strings.Join(lines, "\n"))
	h := e.H - strings.Count(head.String(), "\n") - 2 // the head and a blank line
	switch e.view {
	case viewPath:
		if e.hasPath() {
			return head.String() + "\n\n" + e.pathView(e.W, h)
		}
	case viewMeans, viewStds:
		return head.String() + "\n\n" + e.genePlotView(e.W, h)
	}
	leftW := max(e.W/2, 40)
	rightW := e.W - leftW - 2
	left := e.fitnessView(leftW, h)
	right := e.geneView(rightW)
	return head.String() + "\n\n" + lipgloss.JoinHorizontal(lipgloss.Top, left, "  ", right)
}

// geneView shows the best genome's piece-square table as a heat map when
// the schema has tables, and the genes with the widest spread.
func (e *Page) geneView(w int) string {
	if len(e.history) == 0 {
		return ""
	}
	if e.hasPath() {
		return e.pathTable(w)
	}
	st := e.St
	schema := e.schema
	last := e.history[len(e.history)-1]
	bestVals := last.BestGenes
	var out strings.Builder
	tables := components.TableStarts(schema)
	if len(tables) > 0 && bestVals != nil {
		t := tables[e.table%len(tables)]
		name := strings.TrimSuffix(schema.Genes[t].Name, "_a1")
		out.WriteString(st.Header.Render(name) + st.Dim.Render(" (t: next table)") + "\n")
		out.WriteString(components.HeatMap(st, bestVals[t:t+64]) + "\n")
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
		out.WriteString(components.Truncate(fmt.Sprintf("%-22s %9.3f ± %.3f", components.Truncate(g.Name, 22), last.GeneMean[x.i], last.GeneStd[x.i]), w) + "\n")
	}
	return out.String()
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
