package tournament

import (
	"fmt"
	"math"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/components"
)

// settingFields are the form's fields above the players.
func (t *Page) settingFields() []components.Field {
	return []components.Field{
		components.ChoiceField("format", tourFormats, &t.format),
		components.ChoiceField("time control", tourTCs, &t.tc),
		components.NumberField("rounds", &t.rounds, 1, 1, 50),
		components.WorkersField("concurrency", &t.workers, t.Env),
		components.NumberField("seed", &t.seed, 1, 1, math.MaxInt),
		{Label: "openings", Adjust: func(int) { t.noBook = !t.noBook }, Value: func() string {
			return map[bool]string{false: arena.BuiltinBook + " (colour-swapped pairs)", true: "start position"}[t.noBook]
		}},
	}
}

// playerField is entries[i]'s tick box: enter or a click ticks it.
func (t *Page) playerField(i int) components.Field {
	e := &t.entries[i]
	return components.Field{Toggle: func() { e.on = !e.on }, Value: func() string {
		box := "[ ]"
		if e.on {
			box = "[x]"
		}
		return box + " " + e.label
	}}
}

func (t *Page) setupView() string {
	st, f := t.St, &t.Form
	f.Begin()
	live := ""
	if others := t.Env.Hub.Others(common.LiveTournament, t.Env); len(others) > 0 {
		live = st.Header.Render(fmt.Sprintf("live in another session: %s — v watches it", others[0].Name))
	}
	f.Text(st.Title.Render("New tournament")+st.Dim.Render("   ↑↓ choose · ←→ change · enter toggles a player · s starts"), live)
	for i := range t.firstPlayer {
		f.Field(i)
	}
	f.Text("", st.Header.Render("Players"))
	// The players scroll to keep the focused one in view.
	first := t.firstPlayer + max(0, f.Focus-t.firstPlayer-(t.H-17))
	for i := first; i < len(f.Fields) && f.Height() < t.H-1; i++ {
		f.Field(i)
	}
	if t.Status != "" {
		f.Text(st.Err.Render(t.Status))
	}
	return f.View()
}
