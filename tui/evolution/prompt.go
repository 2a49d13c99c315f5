package evolution

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/evochess/evochess/tui/components"
)

// promptKind is what the page's one-line prompt asks for.
type promptKind int

const (
	promptNone   promptKind = iota
	promptPath              // an engine's path (the chromosome row's "engine at a path…")
	promptEdit              // a gene's range and start, or a fixed option's value (the picker's e)
	promptKeep              // the name to keep the run's setting under (K)
	promptNumber            // a number of the form (enter on population, generations, seed)
)

// ask opens the prompt, label before value, for what kind says.
func (e *Page) ask(kind promptKind, label, value string) tea.Cmd {
	e.prompting = kind
	e.prompt = components.NewPrompt(e.St, label, "", 300)
	e.prompt.SetValue(value)
	e.prompt.CursorEnd()
	return e.prompt.Focus()
}

// promptKey takes every key while the prompt is open: enter gives what
// was typed to what asked (which may ask again, saying why), esc leaves.
func (e *Page) promptKey(msg tea.KeyMsg) tea.Cmd {
	switch msg.Type {
	case tea.KeyEsc:
		e.prompting = promptNone
		e.Status = ""
		return nil
	case tea.KeyEnter:
		text, kind := e.prompt.Value(), e.prompting
		e.prompting = promptNone
		e.Status = ""
		var err error
		switch kind {
		case promptPath:
			return e.namePath(text)
		case promptEdit:
			if c := e.engine(); c != nil && c.state == probeReady {
				err = c.edit(e.Env, e.editing, text)
			}
		case promptKeep:
			err = e.keep(text)
		case promptNumber:
			err = e.number.set(text)
		}
		if err != nil { // asked again, what was typed kept
			e.Status = err.Error()
			e.prompting = kind
			return e.prompt.Focus()
		}
		return nil
	}
	var cmd tea.Cmd
	e.prompt, cmd = e.prompt.Update(msg)
	return cmd
}
