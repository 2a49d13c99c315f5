package components

import (
	"github.com/charmbracelet/bubbles/textinput"

	"github.com/evochess/evochess/tui/common"
)

// NewPrompt is a one-line text input in the session's styles: prompt
// before what is typed, placeholder while nothing is, at most limit
// characters.
func NewPrompt(st *common.Styles, prompt, placeholder string, limit int) textinput.Model {
	ti := textinput.New()
	ti.PromptStyle, ti.TextStyle, ti.CompletionStyle = st.NewStyle(), st.NewStyle(), st.NewStyle()
	ti.PlaceholderStyle = st.NewStyle().Faint(true)
	ti.Cursor.Style, ti.Cursor.TextStyle = st.NewStyle().Reverse(true), st.NewStyle()
	ti.Prompt = prompt
	ti.CharLimit = limit
	ti.Placeholder = placeholder
	return ti
}
