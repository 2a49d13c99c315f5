package evolution

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/evochess/evochess/tui/components"
)

// The gene picker: the chosen engine's options in a filterable list, each
// with its type, default and range, what the user makes of it, and why a
// server's session may not touch it.

// openGenes shows the picker of the chosen engine's options.
func (e *Page) openGenes() {
	c := e.engine()
	switch {
	case c == nil:
		e.Status = "genes are an engine's options: choose an engine on the chromosome row"
		return
	case c.state == probeAsking:
		e.Status = "the engine has not answered yet"
		return
	case c.state == probeFailed:
		e.Status = c.err.Error()
		return
	}
	items := make([]string, len(c.info.Options))
	for i, o := range c.info.Options {
		items[i] = o.Name + " " + o.Type
	}
	e.list = components.NewFilterList(e.St)
	e.list.SetItems(items)
	e.Status = ""
	e.to(evoGenes)
}

// genesKey takes the picker's keys.
func (e *Page) genesKey(msg tea.KeyMsg) tea.Cmd {
	c := e.engine()
	if c == nil || c.state != probeReady {
		e.to(evoSetup)
		return nil
	}
	if handled, cmd := e.list.Key(msg, e.Keys); handled {
		return cmd
	}
	i := e.list.Current()
	try := func(err error) {
		e.Status = ""
		if err != nil {
			e.Status = err.Error()
		}
	}
	switch msg.String() {
	case " ":
		if i >= 0 {
			try(c.toggleGene(e.Env, i))
		}
	case "f":
		if i >= 0 {
			try(c.toggleFixed(e.Env, i))
		}
	case "e":
		if i >= 0 && c.picks[i].use != useNone {
			e.editing = i
			return e.ask(promptEdit, c.editHint(i)+": ", c.editText(i))
		}
		try(fmt.Errorf("space makes it a gene, f fixes it: then e sets its range or value"))
	case "a":
		c.setShown(e.Env, e.list.Shown(), true)
	case "n":
		c.setShown(e.Env, e.list.Shown(), false)
	case "enter", "esc":
		e.to(evoSetup)
		e.Status = ""
	}
	return nil
}

// genesView is the picker.
func (e *Page) genesView() string {
	c := e.engine()
	if c == nil || c.state != probeReady {
		return ""
	}
	st := e.St
	genes, fixed := c.counts()
	head := components.Truncate(st.Title.Render("Genes of "+e.engineName(c))+st.Dim.Render(fmt.Sprintf("   %s · %d fixed · %d options", plural(genes, "gene"), fixed, len(c.info.Options))), e.W)
	foot := []string{st.Dim.Render(components.Truncate("space gene · f fixed · e range/value · a all shown · n none shown · / filter · enter done", e.W))}
	switch {
	case e.prompting == promptEdit:
		foot = append([]string{components.Truncate(e.prompt.View(), e.W)}, foot...)
	case e.Status != "":
		foot = append([]string{st.Err.Render(components.Truncate(e.Status, e.W))}, foot...)
	}
	nameW := 8
	for _, o := range c.info.Options {
		nameW = max(nameW, lipgloss.Width(o.Name))
	}
	nameW = min(nameW, max(e.W-64, 16))
	columns := fmt.Sprintf("  %-6s %-*s %-6s %-8s %-10s %s", "use", nameW, "option", "type", "default", "range", "as")
	rows := max(e.H-3-len(foot), 3)
	list := e.list.View(rows, st.Dim.Render(components.Truncate(columns, e.W)), func(i int, cursor bool) string {
		o, p := c.info.Options[i], c.picks[i]
		use := map[optionUse]string{useNone: "", useGene: "gene", useFixed: "fixed"}[p.use]
		line := fmt.Sprintf("%-6s %-*s %-6s %-8s %-10s ", use, nameW, components.Truncate(o.Name, nameW), o.Type,
			components.Truncate(o.Default, 8), components.Truncate(rangeText(o), 10))
		as := c.useText(i)
		if allowed := e.Env.OptionUse(o); p.use == useNone && !allowed.Gene {
			as = allowed.Why
		}
		line = components.Truncate(line+as, e.W-2)
		switch {
		case cursor:
			return st.Header.Render("› " + line)
		case p.use == useNone && !e.Env.OptionUse(o).Gene && !e.Env.OptionUse(o).Fixed:
			return st.Dim.Render("  " + line)
		}
		return "  " + line
	})
	return head + "\n" + list + "\n" + strings.Join(foot, "\n")
}

// plural is n things, "1 gene", "2 genes".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// engineName is an engine as the screens name it: its file and its own
// name.
func (e *Page) engineName(c *engineChoice) string {
	name := engineLabel(c.path)[len("engine "):]
	if c.info != nil && c.info.ID != "" {
		name += " (" + c.info.ID + ")"
	}
	return name
}
